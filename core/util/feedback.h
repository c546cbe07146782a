#pragma once

#include <QString>

#include <atomic>
#include <functional>

namespace gantry {

/// Progress reporting and cooperative cancellation for long work in core.
/// Core code calls progress() and cancelled(); the caller (a GUI worker, the CLI) decides what
/// they mean. Thread-safe: cancel() may be called from any thread.
class Feedback
{
public:
    /// Receives a fraction in [0, 1] and a short description of the current step.
    using ProgressFn = std::function<void(double fraction, const QString& step)>;

    Feedback() = default;
    /// Feedback that forwards progress to fn.
    explicit Feedback(ProgressFn fn) : m_progress(std::move(fn)) {}

    /// Reports progress; cheap to call often (forwards at most every 1/1000th of the range).
    void progress(double fraction, const QString& step = {});
    /// Asks the work to stop at the next check.
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    /// True once cancel() was called.
    bool cancelled() const { return m_cancelled.load(std::memory_order_relaxed); }

private:
    ProgressFn m_progress;
    std::atomic<bool> m_cancelled{false};
    double m_lastReported = -1.0;
};

} // namespace gantry
