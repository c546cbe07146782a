#pragma once

#include <QObject>

class QAction;
class QMenu;

namespace gantry::ui {

/// The Run menu: Run, Show Saved Runs, Prediction Sensitivity, Plan Capacity and Cancel. It says
/// what the user asked for; the window does it.
class RunMenu : public QObject
{
    Q_OBJECT

public:
    /// Fills menu.
    RunMenu(QMenu* menu, QObject* parent);

    /// Enables Run (canRun: idle, a scenario without problems) and Show Saved Runs
    /// (canShowSaved: idle, and the scenario has saved runs).
    void setStates(bool canRun, bool canShowSaved);
    /// Enables Cancel (a run or an import in progress that can still stop).
    void setCancellable(bool cancellable);
    /// Run (also on the toolbar).
    QAction* runAction() const { return m_run; }
    /// Plan Capacity (also on the toolbar).
    QAction* planAction() const { return m_plan; }
    /// Cancel (also on the toolbar).
    QAction* cancelAction() const { return m_cancel; }

signals:
    /// Run.
    void runRequested();
    /// Show Saved Runs.
    void showSavedRequested();
    /// Prediction Sensitivity.
    void sensitivityRequested();
    /// Plan Capacity.
    void planRequested();
    /// Cancel.
    void cancelRequested();

private:
    QAction* m_run = nullptr;
    QAction* m_showSaved = nullptr;
    QAction* m_plan = nullptr;
    QAction* m_cancel = nullptr;
};

} // namespace gantry::ui
