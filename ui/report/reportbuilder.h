#pragma once

#include "analysis/predictionsensitivity.h"
#include "model/scenario.h"
#include "run/runconfig.h"
#include "run/runresult.h"
#include "sim/schedule.h"
#include "util/feedback.h"
#include "util/result.h"

#include <QDateTime>
#include <QPicture>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gantry::ui {

/// Writes the schedule report: a vector PDF (QPdfWriter, text as text, fonts embedded) with a
/// cover and run configuration, the cluster, the workload, the comparison table against a
/// baseline, the charts, each policy's Gantt chart and communication heatmap (and asrpt's
/// virtual machine), a per-job appendix and method notes. docs/report.md lists the content.
///
/// The work is in three steps so that a GUI can keep the slow ones off its thread:
/// schedules() (runs again; any thread), charts() (Qt Charts; the thread of the application
/// object) and write() (any thread). build() does all three in the calling thread.
class ReportBuilder
{
public:
    /// Page size of the PDF.
    enum class PageSize
    {
        A4,     ///< 210 x 297 mm
        Letter, ///< 8.5 x 11 in
    };

    /// What the report is about: a scenario, its runs and (same order) their schedules.
    struct Input
    {
        Scenario scenario;               ///< the scenario every run ran on
        std::vector<RunResult> runs;     ///< one per policy, in report order
        std::vector<Schedule> schedules; ///< schedules[i] of runs[i]
        /// Figures of the prediction-sensitivity section (sensitivityRequest()), when asked for.
        std::optional<PredictionSensitivity::Outcome> sensitivity;
    };

    /// How the report looks.
    struct Options
    {
        PageSize pageSize = PageSize::A4; ///< paper size
        QString baseline;                 ///< policy compared against (empty: the first run)
        QDateTime date;                   ///< date on the cover (invalid: now)
        bool sensitivity = false; ///< a prediction-sensitivity section (needs input.sensitivity)
    };

    /// The Qt Charts figures, pre-rendered as vector pictures of the size the page gives them.
    struct Charts
    {
        QPicture jctCdf;           ///< JCT CDF of every run
        QPicture utilisation;      ///< busy GPUs over time of every run
        QPicture policyBars;       ///< average and p99 JCT per policy
        QPicture gpusPerJob;       ///< GPUs-per-job histogram
        QPicture durations;        ///< job size histogram
        QPicture arrivals;         ///< arrivals over time
        QPicture sensitivityTotal; ///< total JCT against the prediction error (if any)
        QPicture sensitivityP99;   ///< p99 JCT against the prediction error (if any)
    };

    /// Seeds averaged per point of the prediction-sensitivity section.
    static constexpr int kSensitivitySeeds = 3;

    /// Runs every policy of policies over base (Runner + ScheduleRecorder) and returns the
    /// input of a report. Invalid names give ErrorKind::InvalidInput, cancelling through
    /// feedback ErrorKind::Cancelled. Progress goes from 0 to 1 over the runs.
    static Result<Input> run(const Scenario& scenario, const RunConfig& base,
                             const QStringList& policies, Feedback* feedback = nullptr);
    /// The schedules of runs, rebuilt by running each configuration again (runs are
    /// deterministic). Same errors as run().
    static Result<std::vector<Schedule>> schedules(const Scenario& scenario,
                                                   const std::vector<RunResult>& runs,
                                                   Feedback* feedback = nullptr);
    /// The prediction-sensitivity request of a report: its scenario and policies, the runs'
    /// placement, S = 0 to 2 and seeds 1 to kSensitivitySeeds.
    static PredictionSensitivity::Request sensitivityRequest(const Input& input);
    /// Checks that input can make a report with options (runs present, one schedule per run,
    /// the baseline among the policies, the sensitivity figures when options ask for them).
    static Status check(const Input& input, const Options& options);
    /// Renders the charts for pages of pageSize. Must run in the thread of the application
    /// object (Qt Charts is a Widgets module).
    static Charts charts(const Input& input, PageSize pageSize);
    /// Writes the report to path atomically (a cancelled or failed report leaves no file and an
    /// existing file untouched); returns the number of pages. Progress goes from 0 to 1.
    static Result<int> write(const Input& input, const Charts& charts, const Options& options,
                             const QString& path, Feedback* feedback = nullptr);
    /// charts() then write(), in the calling thread.
    static Result<int> build(const Input& input, const Options& options, const QString& path,
                             Feedback* feedback = nullptr);

    /// Name of a page size ("A4", "Letter").
    static QString pageSizeName(PageSize size);
    /// The page size named name (case-insensitive "a4" or "letter"), if any.
    static Result<PageSize> pageSizeFromName(const QString& name);
    /// Device units per inch of the PDF (text and charts are laid out at this resolution).
    static constexpr int kDpi = 96;
};

} // namespace gantry::ui
