#pragma once

#include "report/reportcontext.h"

#include <QCoreApplication>

namespace gantry::ui {

/// The first page of the schedule report: its title, the scenario, the run configuration
/// (date, version, policies, baseline, placement, predictor, seed, contention) and a summary
/// paragraph naming the policy with the lowest average JCT against the baseline.
class ReportCoverSection
{
    Q_DECLARE_TR_FUNCTIONS(gantry::ui::ReportBuilder)

public:
    /// Writes the cover at the top of the first page.
    static void write(const ReportContext& report);

private:
    static const RunResult* winner(const ReportContext& report);
    static QString summaryParagraph(const ReportContext& report);
};

} // namespace gantry::ui
