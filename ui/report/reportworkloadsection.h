#pragma once

#include "report/reportcontext.h"

#include <QCoreApplication>

namespace gantry::ui {

/// The workload section of the schedule report: job counts by kind, GPUs requested, the
/// arrival span, the workload histograms, the models used and the model jobs' tables.
class ReportWorkloadSection
{
    Q_DECLARE_TR_FUNCTIONS(gantry::ui::ReportBuilder)

public:
    /// Writes the section from a new page.
    static void write(const ReportContext& report);
};

} // namespace gantry::ui
