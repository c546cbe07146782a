#pragma once

#include "document/documentrun.h"
#include "export/playbackanimation.h"
#include "model/scenario.h"
#include "run/runconfig.h"

#include <QString>
#include <QWidget>

class QTableView;

namespace gantry::ui {

class AnimationWorker;
class ComparisonChart;
class ComparisonModel;
class ResultsPanel;
class RunSession;

/// The window's Results tab: the runs of its RunSession in a ResultsPanel (Gantt, heatmap,
/// charts, teaching) above their comparison (a table and a bar chart of a ComparisonModel),
/// and their export (File > Export Report, Export Image, Export Animation). The window says when to
/// show what; errors go to failed(), files written to status().
class ResultsTab : public QWidget
{
    Q_OBJECT

public:
    /// Shows the runs of session, which must outlive it.
    explicit ResultsTab(const RunSession* session, QWidget* parent = nullptr);

    /// The comparison of the last run.
    ComparisonModel* comparisonModel() const { return m_model; }
    /// The bar chart of the comparison.
    ComparisonChart* comparisonChart() const { return m_chart; }
    /// The results views of the last run.
    ResultsPanel* resultsPanel() const { return m_results; }

    /// Empties the comparison; the results views keep what they show.
    void clearComparison();
    /// Shows nothing: an empty comparison and no runs of scenario.
    void clear(const Scenario& scenario);
    /// Adds run (the session's newest) to the comparison.
    void addRun(const DocumentRun& run);
    /// Shows every run of the session's batch in the results views, on the session's scenario
    /// (fallback before the first request); openOnVirtualMachine: on the first run with a
    /// virtual machine (A-SRPT's), the teaching point of a comparison.
    void showRuns(const Scenario& fallback, bool openOnVirtualMachine);
    /// The index in the session's batch of the first run with config (of the saved ones only
    /// when savedOnly), -1 if none.
    int runIndex(const RunConfig& config, bool savedOnly) const;
    /// Shows run index of the session's batch in the results views.
    void selectRun(int index);

    /// File > Export Report: the report dialog on the session's runs, saying what it covers
    /// (coverage); fallback is their scenario when the runs do not name it.
    void exportReport(const Scenario& fallback, const QString& coverage);
    /// File > Export Image: asks for a view and a file and writes the view there.
    void exportImage();
    /// File > Export Animation: asks for the animation's options and a file, then writes the
    /// playback of the run shown as an animated GIF with a progress dialog and Cancel.
    void exportAnimation();
    /// Starts writing the playback of the run shown to path with options in the background
    /// (animationWorker() says how far it is and cancels it); animationEnded() follows. False,
    /// with failed(), when there is no run or an animation is in progress.
    bool startAnimationExport(const QString& path, const PlaybackAnimation::Options& options);
    /// The worker of Export Animation.
    AnimationWorker* animationWorker() const { return m_animation; }

signals:
    /// An export could not start or failed; message says why.
    void failed(const QString& message);
    /// A file was written ("Wrote ...").
    void status(const QString& message);
    /// The animation started by startAnimationExport() ended: written (ok), cancelled or
    /// failed; message says which.
    void animationEnded(bool ok, const QString& message);

private:
    const RunSession* m_session;
    ComparisonModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    ComparisonChart* m_chart = nullptr;
    ResultsPanel* m_results = nullptr;
    AnimationWorker* m_animation = nullptr;
};

} // namespace gantry::ui
