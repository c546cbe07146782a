#pragma once

#include "report/reportcontext.h"

#include <QCoreApplication>

namespace gantry::ui {

/// The comparison section of the schedule report: one row of metrics per policy, the same
/// metrics as changes in percent against the baseline, and the jobs and events of each run.
class ReportComparisonSection
{
    Q_DECLARE_TR_FUNCTIONS(gantry::ui::ReportBuilder)

public:
    /// Writes the section from a new page.
    static void write(const ReportContext& report);

private:
    // The metrics of the comparison table: header, value text, raw value for the change column.
    struct Metric
    {
        QString header;
        QString (*text)(const RunSummary&);
        double (*value)(const RunSummary&);
    };
    static const std::vector<Metric>& metrics();
};

} // namespace gantry::ui
