#pragma once

#include "analysis/predictionsensitivity.h"
#include "model/scenario.h"
#include "run/runresult.h"
#include "sim/schedule.h"

#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class QChart;
class QPainter;

namespace gantry::ui {

/// Builders of the charts the window, the report and the image export share. Every builder
/// returns a new QChart the caller owns, with animations off and a light theme that reads in
/// print. Charts with no data still come back (titled, without series).
class ChartFactory
{
public:
    /// Seconds shown in a unit that keeps axis labels short.
    struct TimeUnit
    {
        double seconds; ///< seconds in one unit
        QString name;   ///< "s", "min", "h" or "days"
    };
    /// The unit for times up to spanS seconds: the largest that keeps spanS at 3 or more.
    static TimeUnit timeUnit(double spanS);

    /// Runs a chart reads without a copy (none null; they outlive the call).
    using RunViews = std::vector<const RunResult*>;
    /// Views of every run of runs.
    static RunViews viewsOf(const std::vector<RunResult>& runs);

    /// Empirical CDF of the job completion time, one line per run (legend: the policy).
    static QChart* jctCdf(const RunViews& runs);
    static QChart* jctCdf(const std::vector<RunResult>& runs) { return jctCdf(viewsOf(runs)); }
    /// Busy GPUs as a fraction of the cluster over time, one step line per run; schedules[i]
    /// belongs to runs[i] (its counters give the free GPUs after every event).
    static QChart* utilisationOverTime(const std::vector<RunResult>& runs,
                                       const std::vector<Schedule>& schedules);
    /// The same for schedules the caller shares (a null one draws no line).
    static QChart*
    utilisationOverTime(const RunViews& runs,
                        const std::vector<std::shared_ptr<const Schedule>>& schedules);
    /// Average and p99 JCT per policy as grouped bars (seconds).
    static QChart* policyBars(const RunViews& runs);
    static QChart* policyBars(const std::vector<RunResult>& runs)
    {
        return policyBars(viewsOf(runs));
    }
    /// How many jobs ask for 1, 2, 4, ... GPUs (bars per distinct GPU count).
    static QChart* gpusPerJobHistogram(const Scenario& scenario);
    /// Distribution of the job durations (true iterations, seconds for duration jobs) on
    /// logarithmic bins.
    static QChart* durationHistogram(const Scenario& scenario);
    /// Job arrivals per hour (or per bin of a shorter span) over the submission period.
    static QChart* arrivalRate(const Scenario& scenario);

    /// Mean total JCT of each policy against the prediction error S (PredictionSensitivity),
    /// one line with markers per policy in its colour, in a readable time unit.
    static QChart* sensitivityTotalJct(const PredictionSensitivity::Outcome& outcome);
    /// Mean p99 JCT of each policy against the prediction error S, as sensitivityTotalJct().
    static QChart* sensitivityP99Jct(const PredictionSensitivity::Outcome& outcome);

    /// The key of charts shown without their legend (the Charts tab shows one for its three):
    /// each policy of runs once, in run order, a square in its colour before its name (with
    /// non-breaking hyphens), as rich text that a word-wrapped label flows over as many lines
    /// as its width needs.
    static QString policyKey(const std::vector<RunResult>& runs);
    /// The same key for policies, in order (duplicates once).
    static QString policyKey(const QStringList& policies);

    /// Paints chart into target of painter at its full resolution (vector on a PDF or SVG
    /// device). The chart is laid out at target's size; its scene is the caller's business:
    /// a chart not yet in a scene is put into a private one for the call.
    static void render(QChart* chart, QPainter& painter, const QRectF& target);
};

} // namespace gantry::ui
