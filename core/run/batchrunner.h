#pragma once

#include "run/batchitem.h"
#include "run/batchrun.h"
#include "sim/schedulerecorder.h"
#include "util/feedback.h"
#include "util/result.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace gantry {

/// The one way to run several configurations (the command line's compare, the window, the
/// report, sweeps): runs a list of items on a number of threads with one progress bar and one
/// cancel. Every item writes only its own slot and items are handed on in index order, so the
/// outcome is the same on every thread count.
class BatchRunner
{
public:
    /// Receives item index's run on the caller's terms: called once per item that ran to its end,
    /// in index order, serialised (never two at once), as soon as every earlier item has been
    /// handed on. It may move from run; what it leaves is what the batch returns.
    using FinishedFn = std::function<void(std::size_t index, BatchRun& run)>;
    /// Reshapes item index's run on the worker thread that ran it, right after it ran to its
    /// end and before it is handed on: items in parallel, each once, each touching only its own
    /// run (for work that would otherwise wait in FinishedFn's line, e.g. serialising).
    using SettleFn = std::function<void(std::size_t index, BatchRun& run)>;

    /// How a batch runs.
    struct Options
    {
        int threads = 1;        ///< worker threads (at least 1; more than items is wasted)
        bool schedules = false; ///< record each run's Schedule
        ScheduleRecorder::Notes notes = ScheduleRecorder::Notes::Skip; ///< with schedules
        bool stopOnError = true; ///< a failed item cancels every later item (runs earlier ones)
        FinishedFn finished;     ///< optional, see FinishedFn
        SettleFn settle;         ///< optional, see SettleFn
    };

    /// Runs every item; slot i holds item i's run or its error (Cancelled for items cancelled,
    /// and with stopOnError for every item after the first that failed, on any thread count).
    /// Progress counts items equally, names the running policy and ends at 1 when every item
    /// ran. O(sum of the runs / threads).
    static std::vector<Result<BatchRun>> runEach(const std::vector<BatchItem>& items,
                                                 const Options& options,
                                                 Feedback* feedback = nullptr);
    /// Every item's run, or the error of the lowest-numbered item that failed (Cancelled when
    /// feedback was cancelled).
    static Result<std::vector<BatchRun>> run(const std::vector<BatchItem>& items,
                                             const Options& options, Feedback* feedback = nullptr);
    /// Items for each config on one scenario, which they refer to without owning: it must
    /// outlive the batch.
    static std::vector<BatchItem> items(const Scenario& scenario,
                                        const std::vector<RunConfig>& configs);
    /// Threads to use for "all cores": the hardware's count, at least 1.
    static int hardwareThreads();
};

} // namespace gantry
