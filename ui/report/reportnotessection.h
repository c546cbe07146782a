#pragma once

#include "report/reportcontext.h"

#include <QCoreApplication>

namespace gantry::ui {

/// The method notes that close the schedule report: how the simulation, the cost model,
/// preemption, A-SRPT and prediction work, the units and metrics and the assumptions.
class ReportNotesSection
{
    Q_DECLARE_TR_FUNCTIONS(gantry::ui::ReportBuilder)

public:
    /// Writes the notes from a new page.
    static void write(const ReportContext& report);
};

} // namespace gantry::ui
