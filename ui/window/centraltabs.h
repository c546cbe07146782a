#pragma once

#include <QList>
#include <QWidget>

class QAction;
class QTabWidget;

namespace gantry::ui {

class ClusterEditor;
class JobsEditor;
class PlanView;
class ProjectDocument;
class ResultsTab;
class RunSession;
class WelcomeBanner;

/// The window's central area: the first-run guide (WelcomeBanner) above the tabs Cluster
/// (ClusterEditor), Jobs (JobsEditor), Results (ResultsTab) and Plan (PlanView). A step of the
/// guide opens its tab; the Run step is the window's, whose run panel is a dock.
class CentralTabs : public QWidget
{
    Q_OBJECT

public:
    /// The tabs, left to right.
    enum class Tab
    {
        Cluster, ///< the cluster editor
        Jobs,    ///< the job editor
        Results, ///< results of the last run and the comparison
        Plan,    ///< the Plan view: capacity sweeps on the current scenario
    };

    /// The editors edit document; Results shows the runs of session.
    CentralTabs(ProjectDocument* document, const RunSession* session, QWidget* parent = nullptr);

    /// Shows tab.
    void showTab(Tab tab);
    /// The tab shown.
    Tab currentTab() const;
    /// Gives the tabs actions that belong where the editors are (Cut, Copy, Paste, Delete,
    /// Select All).
    void addEditorActions(const QList<QAction*>& actions);

    /// The cluster editor.
    ClusterEditor* clusterEditor() const { return m_clusterEditor; }
    /// The job editor.
    JobsEditor* jobsEditor() const { return m_jobsEditor; }
    /// The Results tab.
    ResultsTab* results() const { return m_results; }
    /// The Plan view.
    PlanView* planView() const { return m_plan; }
    /// The first-run guide.
    WelcomeBanner* welcomeBanner() const { return m_welcome; }

signals:
    /// The guide's Run step was followed.
    void runStepRequested();
    /// The Plan tab was shown.
    void planShown();

private:
    QTabWidget* m_tabs = nullptr;
    ClusterEditor* m_clusterEditor = nullptr;
    JobsEditor* m_jobsEditor = nullptr;
    ResultsTab* m_results = nullptr;
    PlanView* m_plan = nullptr;
    WelcomeBanner* m_welcome = nullptr;
};

} // namespace gantry::ui
