#pragma once

#include "report/reportcontext.h"

#include <QCoreApplication>

namespace gantry::ui {

/// A policy's page of the schedule report: its Gantt chart over the whole run (with A-SRPT's
/// virtual machine), what the chart drew, and the heatmap of bytes exchanged between servers.
class ReportPolicySection
{
    Q_DECLARE_TR_FUNCTIONS(gantry::ui::ReportBuilder)

public:
    /// Writes the page of run i of the input.
    static void write(const ReportContext& report, std::size_t i);
};

} // namespace gantry::ui
