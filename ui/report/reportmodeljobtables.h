#pragma once

#include "report/reportcontext.h"

#include <QCoreApplication>

namespace gantry::ui {

/// The model jobs' tables of the schedule report: per model job and GPU type of the cluster,
/// the time of one iteration and its parts (IterationBreakdown, as the property panel shows
/// it), then each job's memory per GPU by part and the types it does not fit.
class ReportModelJobTables
{
    Q_DECLARE_TR_FUNCTIONS(gantry::ui::ReportBuilder)

public:
    /// Writes the tables, or nothing when no job is a model job.
    static void write(const ReportContext& report);
};

} // namespace gantry::ui
