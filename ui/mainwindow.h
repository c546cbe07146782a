#pragma once

#include "metatypes.h"
#include "model/scenario.h"
#include "sim/runconfig.h"
#include "sim/runresult.h"
#include "storage/projectchanges.h"

#include <QElapsedTimer>
#include <QList>
#include <QMainWindow>
#include <QString>
#include <QStringList>
#include <QThread>

class QAction;
class QComboBox;
class QMenu;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;

namespace gantry::ui {

class ComparisonChart;
class ComparisonModel;
class RunWorker;

/// The first desktop window: opens a project (`.gantry`) or a scenario (`.json`), runs the
/// checked policies on the chosen scenario in a worker thread with progress and cancel, and
/// shows the comparison as a table and a bar chart. Runs are recorded in the project (with
/// their jobs added to its history) when it is saved. Errors go to a message box (when
/// interactive) and the status bar; bad input never crashes it.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    /// How the last run ended.
    enum class Outcome
    {
        None,      ///< nothing has run yet
        Completed, ///< every policy finished
        Cancelled, ///< the user cancelled; finished policies keep their rows
        Failed,    ///< a run failed; see lastError()
    };
    Q_ENUM(Outcome)

    /// An empty window with its worker thread started.
    explicit MainWindow(QWidget* parent = nullptr);
    /// Cancels a run in progress and joins the worker thread.
    ~MainWindow() override;

    /// Reads and validates path; on success it replaces the scenario and clears the comparison,
    /// on failure it reports the error and keeps the previous scenario. Refused during a run.
    bool openScenario(const QString& path);
    /// Opens path as a project when it ends in .gantry, else as a scenario.
    bool openFile(const QString& path);
    /// Opens the project at path and shows its first scenario; on failure reports the error and
    /// keeps what was open. Refused during a run.
    bool openProject(const QString& path);
    /// Starts an empty, untitled project. Refused during a run.
    bool newProject();
    /// Saves scenarios and unsaved runs to the project's file in one transaction; an untitled
    /// project asks for a file (interactive) or fails.
    bool saveProject();
    /// Saves the whole project to path (replacing it atomically) and makes it the project's file.
    bool saveProjectAs(const QString& path);
    /// The project's file, empty while untitled.
    QString projectPath() const { return m_projectPath; }
    /// True when there are scenarios or runs not saved yet.
    bool isModified() const { return m_modified; }
    /// Scenarios of the project, in order.
    const std::vector<Scenario>& projectScenarios() const { return m_projectScenarios; }
    /// Shows scenario index of the project (clears the comparison); false if out of range.
    bool selectScenario(int index);
    /// Runs finished since the last save, per scenario.
    int unsavedRunCount() const;
    /// Recently opened or saved files, newest first (QSettings "recentFiles").
    QStringList recentFiles() const;

    /// True once a scenario was opened.
    bool hasScenario() const { return m_hasScenario; }
    /// The open scenario (empty before the first successful openScenario()).
    const Scenario& scenario() const { return m_scenario; }
    /// Path of the open scenario, empty if none.
    QString scenarioPath() const { return m_scenarioPath; }

    /// Checks exactly the named policies in the panel (unknown names are ignored).
    void setCheckedPolicies(const QStringList& policies);
    /// The checked policies, in panel (registry) order.
    QStringList checkedPolicies() const;
    /// Selects placement and predictor by name; false if either is unknown to the panel.
    bool setPlacementAndPredictor(const QString& placement, const QString& predictor);
    /// Sets the seed used by every run.
    void setSeed(int seed);
    /// One configuration per checked policy, from the panel's placement, predictor and seed.
    QList<RunConfig> runConfigs() const;

    /// Starts the checked policies on the open scenario in the worker thread and returns at once;
    /// false (error reported) without a scenario, without a checked policy or during a run.
    bool startRun();
    /// Asks the run in progress to stop; the window is idle again once runningChanged(false).
    void cancelRun();
    /// True from startRun() until the worker reports the end of the run.
    bool isRunning() const { return m_running; }
    /// How the last run ended.
    Outcome lastOutcome() const { return m_outcome; }

    /// false: errors go to the status bar and lastError() only, no modal box (for tests).
    void setInteractive(bool interactive) { m_interactive = interactive; }
    /// True when errors are also shown in a message box (the default).
    bool isInteractive() const { return m_interactive; }
    /// The last error reported, empty if none since the last successful open or run start.
    QString lastError() const { return m_lastError; }

    /// The comparison of the last run.
    ComparisonModel* comparisonModel() const { return m_model; }
    /// The bar chart of the comparison.
    ComparisonChart* comparisonChart() const { return m_chart; }

signals:
    /// A run started (true) or ended in any way (false).
    void runningChanged(bool running);
    /// A run ended; outcome is also lastOutcome().
    void runEnded(gantry::ui::MainWindow::Outcome outcome);
    /// Internal: carries a run to the worker thread (queued connection).
    void runRequested(const gantry::Scenario& scenario, const QList<gantry::RunConfig>& configs);

private:
    void buildActions();
    void buildWidgets();
    void showOpenDialog();
    void showSaveAsDialog();
    void addRecentFile(const QString& path);
    void rebuildRecentMenu();
    void showScenario(int index);
    void setModified(bool modified);
    void updateTitle();
    void reportError(const QString& message);
    void showErrorBox(const QString& message);
    void setRunning(bool running);
    void endRun(Outcome outcome, const QString& message);
    void updateActions();

    void onProgress(double fraction, const QString& step);
    void onRunFinished(const gantry::RunResult& result);

    QThread m_thread;
    RunWorker* m_worker = nullptr; // lives in m_thread, deleted after it stops

    Scenario m_scenario;
    QString m_scenarioPath;
    bool m_hasScenario = false;
    bool m_running = false;
    bool m_interactive = true;
    Outcome m_outcome = Outcome::None;
    QString m_lastError;
    QElapsedTimer m_runClock;

    ComparisonModel* m_model = nullptr;
    ComparisonChart* m_chart = nullptr;
    QString m_projectPath;
    std::vector<Scenario> m_projectScenarios;
    std::vector<storage::RecordedRuns> m_unsavedRuns;
    bool m_modified = false;

    QAction* m_openAction = nullptr;
    QAction* m_newAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QMenu* m_recentMenu = nullptr;
    QComboBox* m_scenarioCombo = nullptr;
    QListWidget* m_policyList = nullptr;
    QComboBox* m_placementCombo = nullptr;
    QComboBox* m_predictorCombo = nullptr;
    QSpinBox* m_seedSpin = nullptr;
    QPushButton* m_runButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QProgressBar* m_progressBar = nullptr;
    QTableView* m_table = nullptr;
};

} // namespace gantry::ui
