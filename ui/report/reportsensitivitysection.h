#pragma once

#include "report/reportcontext.h"

#include <QCoreApplication>

namespace gantry::ui {

/// The prediction-sensitivity section of the schedule report: what the study ran, its two
/// charts (total and p99 JCT against the prediction error) and their table per policy and S.
class ReportSensitivitySection
{
    Q_DECLARE_TR_FUNCTIONS(gantry::ui::ReportBuilder)

public:
    /// Writes the section from a new page; needs report.input.sensitivity.
    static void write(const ReportContext& report);
};

} // namespace gantry::ui
