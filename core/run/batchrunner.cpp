#include "run/batchrunner.h"

#include "run/runner.h"
#include "util/error.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

namespace gantry {

namespace {

// One item, run to the end or to a cancel; exceptions become internal errors.
Result<BatchRun> runOne(std::size_t index, const BatchItem& item,
                        const BatchRunner::Options& options, Feedback& feedback)
{
    try {
        std::optional<ScheduleRecorder> recorder;
        std::vector<sim::SimObserver*> observers;
        if (options.schedules) {
            recorder.emplace(*item.scenario, options.notes);
            observers.push_back(&*recorder);
        }
        Result<RunResult> r = Runner::run(*item.scenario, item.config, &feedback, observers);
        if (!r)
            return r.error();
        // A run that reached its end while a cancel was on its way still counts as cancelled,
        // so that a caller never sees a result of an item it cancelled.
        if (feedback.cancelled())
            return Error::cancelled();
        BatchRun run;
        run.result = std::move(r).value();
        if (recorder)
            run.schedule = recorder->take();
        if (options.settle)
            options.settle(index, run);
        return run;
    } catch (const std::exception& e) {
        return Error::internal(QString::fromLocal8Bit(e.what()));
    } catch (...) {
        return Error::internal(QStringLiteral("unknown exception"));
    }
}

} // namespace

std::vector<Result<BatchRun>> BatchRunner::runEach(const std::vector<BatchItem>& items,
                                                   const Options& options, Feedback* feedback)
{
    const std::size_t n = items.size();
    std::vector<std::optional<Result<BatchRun>>> outcomes(n);
    std::atomic<std::size_t> next{0};
    // The lowest item that failed (n: none). With stopOnError every later item ends as
    // cancelled, whether or not a thread had already started or even finished it, so that the
    // outcome does not depend on the thread count; earlier items run to their end.
    std::atomic<std::size_t> failedAt{n};

    // Progress: finished items plus the fractions of the items under way, never decreasing.
    std::mutex state; // guards everything below up to `delivered`
    std::vector<double> partial(n, 0.0);
    std::vector<Feedback*> running(n, nullptr); // the Feedback of each item under way
    double partialSum = 0.0;
    std::size_t done = 0;
    double reported = 0.0;
    std::vector<char> complete(n, 0);
    std::size_t delivered = 0;
    std::mutex delivering; // serialises options.finished, in index order

    const auto fraction = [&] {
        reported = std::clamp((double(done) + partialSum) / double(std::max<std::size_t>(n, 1)),
                              reported, 1.0);
        return reported;
    };
    const auto label = [&](std::size_t i) {
        return QStringLiteral("%1 (%2 of %3)").arg(items[i].config.policy).arg(i + 1).arg(n);
    };
    const auto stoppedBefore = [&](std::size_t i) { return failedAt.load() < i; };

    // Hands on, in order, every completed item whose predecessors were handed on.
    const auto deliver = [&] {
        std::lock_guard order(delivering);
        for (;;) {
            std::size_t k = 0;
            {
                std::lock_guard lock(state);
                if (delivered == n || !complete[delivered])
                    return;
                k = delivered++;
            }
            if (options.finished && !stoppedBefore(k) && outcomes[k]->ok())
                options.finished(k, outcomes[k]->value());
        }
    };

    const auto work = [&] {
        for (std::size_t i = next++; i < n; i = next++) {
            if (stoppedBefore(i) || (feedback && feedback->cancelled())) {
                next = n;
                break;
            }
            // Sees the caller's cancel at once through its parent, a stop through `running`.
            Feedback own(
                [&, i](double runFraction, const QString&) {
                    if (!feedback)
                        return;
                    std::lock_guard lock(state);
                    if (feedback->cancelled())
                        return; // nothing more after a cancel but what is on its way
                    partialSum += runFraction - partial[i];
                    partial[i] = runFraction;
                    feedback->progress(fraction(), label(i));
                },
                feedback);
            {
                std::lock_guard lock(state);
                running[i] = &own;
                if (stoppedBefore(i))
                    own.cancel();
                if (feedback && !feedback->cancelled())
                    feedback->progress(fraction(), label(i));
            }
            Result<BatchRun> r = runOne(i, items[i], options, own);
            {
                std::lock_guard lock(state);
                running[i] = nullptr;
                const bool stopping = options.stopOnError && !r &&
                                      r.error().kind != ErrorKind::Cancelled && i < failedAt.load();
                if (stopping) {
                    failedAt = i;
                    for (std::size_t k = i + 1; k < n; ++k)
                        if (running[k])
                            running[k]->cancel();
                }
                outcomes[i] = std::move(r);
                partialSum -= partial[i];
                partial[i] = 0.0;
                ++done;
                complete[i] = 1;
                if (feedback && !feedback->cancelled())
                    feedback->progress(done == n ? 1.0 : fraction(), label(i));
            }
            deliver();
        }
    };

    const int threads = std::clamp<int>(options.threads, 1, int(std::max<std::size_t>(n, 1)));
    std::vector<std::thread> pool;
    pool.reserve(std::size_t(threads - 1));
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread& t : pool)
        t.join();

    // Items never started (a stop or a cancel) and items after a failure end as cancelled; the
    // runs finished after a gap are handed on now.
    {
        std::lock_guard lock(state);
        for (std::size_t i = 0; i < n; ++i)
            if (!outcomes[i] || stoppedBefore(i)) {
                outcomes[i] = Error::cancelled();
                complete[i] = 1;
            }
    }
    deliver();
    if (n == 0 && feedback && !feedback->cancelled())
        feedback->progress(1.0);

    std::vector<Result<BatchRun>> out;
    out.reserve(n);
    for (auto& s : outcomes)
        out.push_back(std::move(*s));
    return out;
}

Result<std::vector<BatchRun>> BatchRunner::run(const std::vector<BatchItem>& items,
                                               const Options& options, Feedback* feedback)
{
    std::vector<Result<BatchRun>> each = runEach(items, options, feedback);
    if (feedback && feedback->cancelled())
        return Error::cancelled();
    // The first real failure explains the stop better than the cancels it caused.
    for (const auto& r : each)
        if (!r && r.error().kind != ErrorKind::Cancelled)
            return r.error();
    std::vector<BatchRun> out;
    out.reserve(each.size());
    for (auto& r : each) {
        if (!r)
            return r.error();
        out.push_back(std::move(r).value());
    }
    return out;
}

std::vector<BatchItem> BatchRunner::items(const Scenario& scenario,
                                          const std::vector<RunConfig>& configs)
{
    // Not owned: the caller's scenario outlives the batch, and copying a trace costs.
    const std::shared_ptr<const Scenario> shared(std::shared_ptr<const Scenario>(), &scenario);
    std::vector<BatchItem> out;
    out.reserve(configs.size());
    for (const RunConfig& c : configs)
        out.push_back({shared, c});
    return out;
}

int BatchRunner::hardwareThreads()
{
    return std::max(1, int(std::thread::hardware_concurrency()));
}

} // namespace gantry
