#pragma once

#include "run/runconfig.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace gantry::ui {

/// The window's Run dock: which scenario, the policies to compare, placement, predictor, seed
/// and contention, the problems that block a run, Run and Cancel, and the progress of the work
/// in progress (a run or an import). It holds no state of its own beyond its fields: the window
/// says what is enabled and how far the work is.
class RunPanel : public QWidget
{
    Q_OBJECT

public:
    /// Steps of the progress bar.
    static constexpr int ProgressRange = 1000;

    /// Every registered policy checked; placement and predictor at the product defaults.
    explicit RunPanel(QWidget* parent = nullptr);

    /// Checks exactly the named policies (unknown names are ignored).
    void setCheckedPolicies(const QStringList& policies);
    /// The checked policies, in registry order.
    QStringList checkedPolicies() const;
    /// Selects placement and predictor by name; false if either is unknown.
    bool setPlacementAndPredictor(const QString& placement, const QString& predictor);
    /// Sets the seed used by every run.
    void setSeed(int seed);
    /// One configuration per checked policy, from placement, predictor, seed and contention.
    QList<RunConfig> runConfigs() const;

    /// Lists the scenarios by name and shows current (-1: none) without emitting anything.
    void setScenarios(const QStringList& names, int current);
    /// Enables the fields (idle) and Run (canRun).
    void setStates(bool idle, bool canRun);
    /// Enables Cancel.
    void setCancellable(bool cancellable);
    /// Shows how many problems block the run (hidden at 0).
    void setProblemCount(int problems);
    /// Sets the progress bar to fraction of its range, for work in progress (it reads "42%").
    void setProgress(double fraction);
    /// Shows that no work is in progress: the bar is full when the last work finished, empty
    /// otherwise, and reads state (for example "Finished" or "Cancelled") rather than a
    /// percentage, so that an idle bar never looks like work at 0% or 100%.
    void setIdle(bool finished, const QString& state);
    /// The Run button (the first-run guide gives it the focus).
    QPushButton* runButton() const { return m_runButton; }

signals:
    /// The user picked scenario index in the list.
    void scenarioActivated(int index);
    /// Run was clicked.
    void runClicked();
    /// Cancel was clicked.
    void cancelClicked();

private:
    QComboBox* m_scenarioCombo = nullptr;
    QListWidget* m_policyList = nullptr;
    QComboBox* m_placementCombo = nullptr;
    QComboBox* m_predictorCombo = nullptr;
    QComboBox* m_contentionCombo = nullptr;
    QSpinBox* m_seedSpin = nullptr;
    QPushButton* m_runButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QProgressBar* m_progressBar = nullptr;
    QLabel* m_problemLabel = nullptr;
};

} // namespace gantry::ui
