#pragma once

#include "report/reportbuilder.h"
#include "util/feedback.h"

class QPainter;

namespace gantry::ui {

class ReportLayout;

/// What every section of the schedule report writes from and onto: the report's input, its
/// pre-rendered charts and options, the painter and page flow of the PDF, the feedback of the
/// write and the index of the baseline run. One per report, made by ReportBuilder::write().
struct ReportContext
{
    const ReportBuilder::Input& input;     ///< scenario, runs and schedules
    const ReportBuilder::Charts& charts;   ///< the Qt Charts figures as pictures
    const ReportBuilder::Options& options; ///< page size, baseline, date, sections
    QPainter& painter;                     ///< begun on the PDF
    ReportLayout& layout;                  ///< flows the content down the pages
    Feedback* feedback = nullptr;          ///< progress and cancel (may be null)
    int baseline = 0;                      ///< index of the baseline in input.runs

    /// The baseline run.
    const RunResult& baselineRun() const { return input.runs[std::size_t(baseline)]; }
    /// True when the write was cancelled.
    bool cancelled() const { return feedback && feedback->cancelled(); }
};

} // namespace gantry::ui
