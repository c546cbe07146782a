#pragma once

#include "report/reportbuilder.h"
#include "util/feedback.h"
#include "util/result.h"

#include <QDateTime>
#include <QString>

namespace gantry::plan {
class SweepSession;
}

namespace gantry::ui {

/// Writes the capacity-plan report of a finished sweep (docs/planning.md, "The report"): a
/// vector PDF with the question in words (sweep, base scenario, axes, target, cost
/// parameters), the recommendation of every group with its cost and metric, the marginal gain
/// of one more server of each type, per group a Pareto chart and a two-axis heatmap, the table
/// of all points and the method notes. Paints with ReportLayout like the schedule report, from
/// any thread (no Qt Charts).
class CapacityPlanReport
{
public:
    /// How the report looks.
    struct Options
    {
        ReportBuilder::PageSize pageSize = ReportBuilder::PageSize::A4; ///< paper size
        QDateTime date; ///< date on the first page (invalid: now)
    };

    /// Checks that session can make a report: every point finished and finish() called.
    static Status check(const plan::SweepSession& session);
    /// Writes the report to path atomically (a cancelled or failed report leaves no file and an
    /// existing file untouched); returns the number of pages. Progress goes from 0 to 1.
    /// InvalidInput when path cannot be written, Cancelled when feedback is cancelled.
    static Result<int> write(const plan::SweepSession& session, const Options& options,
                             const QString& path, Feedback* feedback = nullptr);
};

} // namespace gantry::ui
