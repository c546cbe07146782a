#pragma once

#include "report/reportcontext.h"

#include <QCoreApplication>

namespace gantry::ui {

/// The cluster section of the schedule report: counts, the tables of racks, GPU types and
/// servers (consecutive identical servers of a rack in one row) and the drawing of the racks.
class ReportClusterSection
{
    Q_DECLARE_TR_FUNCTIONS(gantry::ui::ReportBuilder)

public:
    /// Writes the section from a new page.
    static void write(const ReportContext& report);
};

} // namespace gantry::ui
