#pragma once

#include "document/documentchange.h"
#include "document/documentrun.h"
#include "document/projectdocument.h"
#include "metatypes.h"
#include "model/scenario.h"
#include "run/runconfig.h"
#include "window/centraltabs.h"
#include "window/editcommands.h"
#include "window/importsession.h"
#include "window/projectsession.h"
#include "window/projecttree.h"
#include "window/recentfiles.h"
#include "window/resultstab.h"
#include "window/runpanel.h"
#include "window/runsession.h"
#include "window/windowlayout.h"

#include <QList>
#include <QMainWindow>
#include <QString>
#include <QStringList>

#include <vector>

class QMenu;
class QTreeWidget;

namespace gantry::ui {

class ClusterEditor;
class ComparisonChart;
class ComparisonModel;
class EditMenu;
class FileMenu;
class JobsEditor;
class PlanLink;
class PlanView;
class ProblemsList;
class PropertyPanel;
class ResultsPanel;
class RunMenu;
struct RunOrder;
class WelcomeBanner;

/// The desktop planner's window (docs/architecture.md, "The desktop application"). A
/// ProjectDocument holds the project; the window shows it in a project tree (scenarios and their
/// runs), a cluster editor, a job editor, a property panel with inline validation and a problems
/// list, and a run panel that runs the checked policies on the current scenario in a worker thread
/// with progress and cancel. Results go to the comparison table and chart and the ResultsPanel
/// (Gantt, heatmap, charts, teaching), and into the project when it is saved. Window layout and
/// recent files persist in QSettings. Errors go to a message box (when interactive) and the status
/// bar; bad input never crashes it. A trace import also runs in a worker thread, with progress and
/// cancel in the run panel.
///
/// The window composes its parts (ui/window/), which WindowBuilder builds and connects to it,
/// and wires them to the document: the menus (FileMenu, EditMenu, RunMenu, HelpMenu), RunPanel,
/// ProjectTree, CentralTabs (the guide and the tabs, with ResultsTab), TraceImportDialog,
/// ReportCoverage, WindowLayout, ProjectSession (the file life cycle), EditCommands (the Edit
/// menu's commands), RunSession (the runs, in a worker thread) with RunOrder (what they run),
/// ImportSession (trace imports, in a worker thread) and PlanLink (the Plan view and the project).
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    /// How the last run ended (RunSession::Outcome); Failed: see lastError().
    using Outcome = RunSession::Outcome;

    /// The central tabs, left to right (CentralTabs::Tab).
    using Tab = CentralTabs::Tab;

    /// An empty window with its worker thread started; restores the saved layout.
    explicit MainWindow(QWidget* parent = nullptr);
    /// Cancels a run in progress, joins the worker thread and saves the layout.
    ~MainWindow() override;

    /// Reads and validates path; on success it replaces the project by an untitled one holding
    /// the scenario, on failure it reports the error and keeps what was open. Refused during a
    /// run.
    bool openScenario(const QString& path) { return m_project->openScenario(path); }
    /// Opens path as a project when it ends in .gantry, else as a scenario.
    bool openFile(const QString& path) { return m_project->openFile(path); }
    /// Opens the project at path and shows its first scenario; on failure reports the error and
    /// keeps what was open. Refused during a run.
    bool openProject(const QString& path) { return m_project->openProject(path); }
    /// Starts an empty, untitled project. Refused during a run. Like every open, it first asks
    /// whether to save a modified project (interactive) and does nothing when the user cancels.
    bool newProject() { return m_project->newProject(); }
    /// Saves scenarios and unsaved runs to the project's file in one transaction; an untitled
    /// project asks for a file (interactive) or fails.
    bool saveProject() { return m_project->saveProject(); }
    /// Saves the whole project to path (replacing it atomically) and makes it the project's file.
    bool saveProjectAs(const QString& path) { return m_project->saveProjectAs(path); }
    /// Starts importing a trace of format (TraceImporterRegistry) in the import worker and
    /// returns at once; when it is read it becomes a new scenario on the current scenario's
    /// cluster (formats that bring their own cluster need none), undoably, and importEnded()
    /// tells how it went. False (error reported) during a run or another import.
    bool startImport(const QString& format, const QString& path, int limit = 0);
    /// startImport() and waits for the import to end (the event loop runs meanwhile); true when
    /// it added a scenario.
    bool importTrace(const QString& format, const QString& path, int limit = 0);
    /// Stops the import in progress: the project stays as it was, and the window is idle again
    /// at once (importEnded(false)).
    void cancelImport() { m_imports->cancel(); }
    /// True from startImport() until the import ends.
    bool isImporting() const { return m_imports->isImporting(); }
    /// The project's file, empty while untitled.
    QString projectPath() const { return m_document->path(); }
    /// True when there are edits, scenarios or runs not saved yet.
    bool isModified() const { return m_document->isModified(); }
    /// Scenarios of the project, in order.
    std::vector<Scenario> projectScenarios() const { return m_document->scenarios(); }
    /// Shows scenario index of the project (clears the comparison); false if out of range.
    bool selectScenario(int index);
    /// Runs finished since the last save, over all scenarios.
    int unsavedRunCount() const { return m_document->unsavedRunCount(); }
    /// Recently opened or saved files, newest first (QSettings "recentFiles").
    QStringList recentFiles() const { return RecentFiles::files(); }

    /// True when a scenario is current.
    bool hasScenario() const { return m_document->hasCurrent(); }
    /// The current scenario (empty when there is none).
    const Scenario& scenario() const { return m_document->current(); }
    /// File the current scenario came from (the scenario file or the project), empty if none.
    QString scenarioPath() const { return m_project->scenarioPath(); }

    /// Checks exactly the named policies in the panel (unknown names are ignored).
    void setCheckedPolicies(const QStringList& policies)
    {
        m_runPanel->setCheckedPolicies(policies);
    }
    /// The checked policies, in panel (registry) order.
    QStringList checkedPolicies() const { return m_runPanel->checkedPolicies(); }
    /// Selects placement and predictor by name; false if either is unknown to the panel.
    bool setPlacementAndPredictor(const QString& placement, const QString& predictor)
    {
        return m_runPanel->setPlacementAndPredictor(placement, predictor);
    }
    /// Sets the seed used by every run.
    void setSeed(int seed) { m_runPanel->setSeed(seed); }
    /// One configuration per checked policy, from the panel's placement, predictor, seed and
    /// contention.
    QList<RunConfig> runConfigs() const { return m_runPanel->runConfigs(); }

    /// Starts the checked policies on the current scenario in the worker thread and returns at
    /// once; false (error reported) without a scenario, while it has validation problems,
    /// without a checked policy or during a run.
    bool startRun();
    /// Runs saved run `stored` of scenario `scenarioIndex` (ProjectDocument::storedRuns) again
    /// from its stored configuration, in the worker thread, to show its Gantt chart, heatmap
    /// and timeline (runs are deterministic, so this is the schedule that was saved). The
    /// replay is not recorded again. False (error reported) during a run, when the scenario has
    /// changed since the run, or when the run's predictor was trained on a history.
    bool replayStoredRun(int scenarioIndex, int stored);
    /// Shows every saved run of scenario scenarioIndex that can be shown exactly (it ran this
    /// version of the scenario and its predictor trained on no history) in Results, as one
    /// comparison, by running them again in the worker; also done on opening a project and
    /// on changing scenario. Returns how many it started (0: none to show, or a run of the
    /// user's is in progress). Anything the user starts meanwhile takes over.
    int showSavedRuns(int scenarioIndex);
    /// True while the worker shows saved runs again (showSavedRuns, replayStoredRun).
    bool isShowingSavedRuns() const { return m_session->isReplaying(); }
    /// What File > Export Report covers, as its dialog says: the runs shown in Results, and how
    /// many other runs of their scenario (saved or not) it leaves out.
    QString reportCoverage() const;
    /// Asks the run in progress to stop; the window is idle again once runningChanged(false).
    /// During an import it cancels the import (Run > Cancel, the Cancel button).
    void cancelRun();
    /// True from startRun() until the worker reports the end of the run.
    bool isRunning() const { return m_session->isRunning(); }
    /// How the last run ended.
    Outcome lastOutcome() const { return m_session->lastOutcome(); }

    /// false: errors go to the status bar and lastError() only, no modal box (for tests).
    void setInteractive(bool interactive);
    /// The last error reported, empty if none since the last successful open or run start.
    QString lastError() const { return m_lastError; }

    /// The comparison of the last run.
    ComparisonModel* comparisonModel() const { return m_results->comparisonModel(); }
    /// The bar chart of the comparison.
    ComparisonChart* comparisonChart() const { return m_results->comparisonChart(); }
    /// The document behind the window.
    ProjectDocument* document() const { return m_document; }
    /// The cluster editor.
    ClusterEditor* clusterEditor() const { return m_central->clusterEditor(); }
    /// The job editor.
    JobsEditor* jobsEditor() const { return m_central->jobsEditor(); }
    /// The property panel.
    PropertyPanel* propertyPanel() const { return m_properties; }
    /// The problems list.
    ProblemsList* problemsList() const { return m_problems; }
    /// The results views of the last run.
    ResultsPanel* resultsPanel() const { return m_results->resultsPanel(); }
    /// The first-run guide above the central tabs.
    WelcomeBanner* welcomeBanner() const { return m_central->welcomeBanner(); }
    /// The project tree.
    QTreeWidget* projectTree() const { return m_tree; }
    /// Shows a central tab.
    void showTab(Tab tab) { m_central->showTab(tab); }
    /// The Plan view (capacity sweeps).
    PlanView* planView() const { return m_central->planView(); }
    /// Opens the Plan view on the current scenario (Run > Plan Capacity...).
    void showPlan();
    /// Runs point row of the Plan view's sweep (its derived scenario and configuration) in the
    /// worker and shows it in Results (Gantt, heatmap, charts), as a saved run is shown: it is
    /// not recorded in the project, and the current scenario stays as it is. False (error
    /// reported) during the user's run or an import, or when there is no such feasible point.
    bool openPlanPoint(std::size_t row);
    /// Runs sweep stored (ProjectDocument::storedSweeps(scenario)) again in the Plan view and
    /// shows it; false (error reported) when it cannot be read or the Plan view is busy.
    bool openStoredSweep(int scenario, int stored);
    /// Runs and schedules of the last comparison, in panel order.
    const std::vector<DocumentRun>& lastRuns() const { return m_session->batch(); }
    /// Writes the window layout to QSettings (also done on close and destruction).
    void saveLayout() const { WindowLayout::save(*this); }

public slots:
    /// Edit > Undo.
    void undo() { m_edits->undo(); }
    /// Edit > Redo.
    void redo() { m_edits->redo(); }
    /// Edit > Copy: the selected racks, servers or jobs to the clipboard.
    void copy() { m_edits->copy(); }
    /// Edit > Cut.
    void cut() { m_edits->cut(); }
    /// Edit > Paste: what copy() put on the clipboard, into the current scenario.
    bool paste() { return m_edits->paste(); }
    /// Edit > Delete: removes the selected items.
    void deleteSelection() { m_edits->deleteSelection(); }
    /// Edit > Select All: every server (cluster tab) or job (job tab).
    void selectAll();

signals:
    /// A run started (true) or ended in any way (false).
    void runningChanged(bool running);
    /// A run ended; outcome is also lastOutcome().
    void runEnded(gantry::ui::MainWindow::Outcome outcome);
    /// An import ended: added is true when it added a scenario (false: failed or cancelled).
    void importEnded(bool added);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    friend class WindowBuilder; // builds the parts below and connects them to the window

    void showImportDialog();
    // The import's trace is read and being added: it can no longer be cancelled.
    void onImportAdding(const QString& status);
    void onImportEnded(gantry::ui::ImportSession::Outcome outcome, const QString& message);
    // Starts order's request in the session and says so; false when it does not start.
    bool beginRun(RunOrder order);
    // Gives the Plan view the current scenario and the run panel's run settings.
    void updatePlanBase();
    void updateTitle();
    void rebuildScenarioCombo();
    void onTreeItemChosen(int scenario, int sessionRun, const QString& text);
    void onDocumentChanged(const gantry::ui::DocumentChange& change);
    void clearComparison();
    void reportError(const QString& message);
    void showErrorBox(const QString& message);
    // The session started or stopped a request: the actions follow, runningChanged() tells.
    void setRunning(bool running);
    void updateActions();
    // Double-click on saved run `stored`: selects it in Results when shown, else replays it.
    void showStoredRun(int scenarioIndex, int stored);
    // True when the worker is free for a new request: idle, or showing saved runs, which is
    // then cancelled. False during a run the user started or an import.
    bool yieldReplay();
    // True while the user's own run holds the window (editing and opening wait for it).
    bool busy() const
    {
        return (m_session->isRunning() && !m_session->isReplaying()) || isImporting();
    }
    // What busy() waits for, in words ("a run", "an import").
    QString busyWith() const;

    void onProgress(double fraction, const QString& step);
    void onRunAdded(const gantry::ui::DocumentRun& run);
    void onRunEnding(gantry::ui::RunSession::Outcome outcome);
    void onRunEnded(gantry::ui::RunSession::Outcome outcome, const QString& text);

    RunSession* m_session = nullptr;    // the runs, their worker and its thread
    ImportSession* m_imports = nullptr; // trace imports, their worker and its thread

    ProjectDocument* m_document = nullptr;
    ProjectSession* m_project = nullptr; // the project's file life cycle
    EditCommands* m_edits = nullptr;     // the Edit menu's commands
    bool m_interactive = true;
    bool m_sizeDocks = true; // on the first show: no layout was kept
    QString m_lastError;

    CentralTabs* m_central = nullptr;
    ResultsTab* m_results = nullptr; // the Results tab of m_central
    PlanLink* m_planLink = nullptr;
    PropertyPanel* m_properties = nullptr;
    ProblemsList* m_problems = nullptr;
    ProjectTree* m_tree = nullptr;
    RunPanel* m_runPanel = nullptr;

    FileMenu* m_fileMenu = nullptr;
    EditMenu* m_editMenu = nullptr;
    RunMenu* m_runMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
};

} // namespace gantry::ui
