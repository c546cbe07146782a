#pragma once

#include "report/reportcontext.h"

#include <QCoreApplication>

namespace gantry::ui {

/// The charts page of the schedule report: the key of policy colours over the JCT CDF, the
/// busy GPUs over time and the average and p99 JCT per policy.
class ReportChartsSection
{
    Q_DECLARE_TR_FUNCTIONS(gantry::ui::ReportBuilder)

public:
    /// Writes the page.
    static void write(const ReportContext& report);
};

} // namespace gantry::ui
