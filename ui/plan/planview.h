#pragma once

#include "model/scenario.h"
#include "plan/sweepsession.h"
#include "planreport/capacityplanreport.h"
#include "planrequest.h"
#include "util/result.h"

#include <QJsonObject>
#include <QString>
#include <QWidget>

#include <cstddef>
#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;

namespace gantry::ui {

class PlanForm;
class PlanHeatmap;
class PlanPointsModel;
class PlanReportWorker;
class PlanResults;
class PlanScatter;
class PlanWorker;

/// The Plan view (docs/planning.md, "In the window"): a form (PlanForm) that asks which server
/// entries of the current scenario to vary and over which counts, the load growth, the
/// policies, the seeds, the target and the cost parameters, and runs that sweep on the scenario
/// in memory (or a sweep file, or a sweep stored in the project) in a worker thread on every
/// core, with progress and cancel, and writes its capacity-plan PDF. A finished sweep shows in
/// PlanResults: a one-line answer with the marginal gain per server type, a scatter of cost
/// against the target metric with the Pareto front and the recommendation, a two-axis heatmap
/// and a sortable table of points. Double-clicking a point anywhere asks for its run
/// (pointOpened). The finished plan::SweepSession is the view's model (session()).
class PlanView : public QWidget
{
    Q_OBJECT

public:
    /// How the last sweep ended.
    enum class Outcome
    {
        None,      ///< nothing has run yet
        Completed, ///< every point ran
        Cancelled, ///< the user cancelled; nothing is shown
        Failed,    ///< the sweep could not be read or a run failed; see lastError()
    };
    Q_ENUM(Outcome)

    /// Where the sweep last started came from.
    enum class Source
    {
        None,    ///< nothing has started yet
        Form,    ///< the form, on the current scenario
        File,    ///< a sweep file (sweepFile())
        Project, ///< a sweep stored in the project, run again (openStoredSweep())
    };
    Q_ENUM(Source)

    /// An empty view; setBaseScenario() gives it a scenario to plan for.
    explicit PlanView(QWidget* parent = nullptr);
    ~PlanView() override;

    /// The scenario the form's sweep varies and the run settings (placement, predictor,
    /// contention) of its points. The form's server rows follow the scenario's entries.
    void setBaseScenario(const Scenario& scenario, const RunConfig& run);
    /// Forgets the scenario, the form and the sweep shown, as for a new project: a sweep in
    /// progress is cancelled and shows nothing even when it finishes before the cancel reaches
    /// it; a report being written is cancelled.
    void reset();
    /// True once a scenario with servers was given.
    bool hasBaseScenario() const;
    /// What the form says now.
    PlanRequest request() const;
    /// Fills the form from request (server entries not in the scenario are ignored).
    void setRequest(const PlanRequest& request);
    /// The sweep the form describes, on the base scenario.
    Result<plan::SweepSpec> buildSpec() const;

    /// Starts the form's sweep in the background; false (lastError() says why) when the form
    /// is not valid or a sweep runs.
    bool startSweep();
    /// Starts the sweep file path in the background; false while a sweep runs. When it has
    /// run, the form shows its request (PlanSpecBuilder::requestOf; the status says what the
    /// form cannot say).
    bool openSweepFile(const QString& path);
    /// Runs spec, a sweep stored in the project (named label), again in the background and
    /// shows it, its request in the form (the status says what the form cannot say); when it
    /// ends the status says whether its points equal storedResult's (the stored sweep.json).
    /// False while a sweep or a report runs.
    bool openStoredSweep(plan::SweepSpec spec, const QJsonObject& storedResult,
                         const QString& label);
    /// Stops the sweep in progress (it ends with Outcome::Cancelled and shows nothing) or the
    /// report being written (no file is left).
    void cancel();
    /// True from a start until sweepEnded().
    bool isRunning() const;
    /// The sweep file of the last sweep started, empty when it came from the form.
    QString sweepFile() const { return m_file; }
    /// Where the last sweep started came from.
    Source source() const { return m_source; }
    /// Writes the capacity-plan PDF of the sweep shown to path in the background (the Export
    /// PDF button asks for the path); false (lastError() says why) when no finished sweep is
    /// shown or a sweep or a report is in progress. Ends with reportEnded().
    bool exportReport(const QString& path, const CapacityPlanReport::Options& options = {});
    /// True from exportReport() until reportEnded().
    bool isExporting() const;
    /// How the last sweep ended.
    Outcome lastOutcome() const { return m_outcome; }
    /// Why the last start or sweep failed.
    QString lastError() const { return m_lastError; }

    /// The finished sweep shown (null while none): for the capacity-plan export.
    std::shared_ptr<const plan::SweepSession> session() const;
    /// The group (recommendation) shown, -1 when none.
    int currentGroup() const;
    /// Shows group g.
    void setCurrentGroup(int g);
    /// The one-line answer shown.
    QString summaryText() const;
    /// Emits pointOpened(row) when row is a feasible point of the sweep shown; false otherwise.
    bool openPoint(std::size_t row);

    /// The table's model (rows in point order).
    PlanPointsModel* pointsModel() const;
    /// The table (sorted through a proxy).
    QTableView* table() const;
    /// The scatter.
    PlanScatter* scatter() const;
    /// The heatmap.
    PlanHeatmap* heatmap() const;
    /// The results' tabs: the scatter, the heatmap, the table.
    QTabWidget* viewTabs() const;

signals:
    /// A sweep ended in any way; outcome is also lastOutcome().
    void sweepEnded(gantry::ui::PlanView::Outcome outcome);
    /// The user asked for point row's run (double-click in the table, scatter or heatmap).
    void pointOpened(std::size_t row);
    /// A sweep started (true) or ended (false).
    void runningChanged(bool running);
    /// A report ended: written to path with pages pages (ok), or not written (message says
    /// why, or that it was cancelled).
    void reportEnded(bool ok, const QString& path, int pages, const QString& message);

private:
    QWidget* buildColumn();
    bool begin();
    void end(Outcome outcome, const QString& message);
    void setStatus(const QString& text);
    void updateButtons();
    bool busy(); // true (lastError() says why) while a sweep or a report runs
    void askExportPath();
    void endReport(bool ok, const QString& path, int pages, const QString& message);
    QString storedComparison() const;
    // Fills the form with spec's request; what the form cannot say, as a sentence to add to the
    // status (empty when it says all).
    QString takeInRequest(const plan::SweepSpec& spec);

    PlanWorker* m_worker = nullptr;
    PlanReportWorker* m_report = nullptr;
    Outcome m_outcome = Outcome::None;
    QString m_lastError;
    QString m_file;
    Source m_source = Source::None;
    QJsonObject m_storedResult; // the stored sweep.json of a Source::Project sweep
    QString m_storedLabel;
    QString m_unsaid;       // what the form cannot say of the stored sweep running
    bool m_discard = false; // reset() during a sweep: its end shows nothing

    PlanForm* m_form = nullptr;
    PlanResults* m_results = nullptr;
    QPushButton* m_runButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QPushButton* m_openButton = nullptr;
    QPushButton* m_exportButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace gantry::ui
