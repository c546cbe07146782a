#pragma once

#include "report/reportcontext.h"

#include <QCoreApplication>

namespace gantry::ui {

/// The appendix of the schedule report: one row per job in scenario order with its arrival,
/// GPUs and size, then each policy's JCT (and queue delay for up to four policies).
class ReportAppendixSection
{
    Q_DECLARE_TR_FUNCTIONS(gantry::ui::ReportBuilder)

public:
    /// Writes the appendix from a new page, reporting progress over its rows; false when
    /// cancelled.
    static bool write(const ReportContext& report);
};

} // namespace gantry::ui
