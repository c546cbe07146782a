#pragma once

#include <QString>

#include <atomic>
#include <functional>
#include <mutex>

namespace gantry {

/// Progress reporting and cooperative cancellation for long work in core.
/// Core code calls progress() and cancelled(); the caller (a GUI worker, the CLI) decides what
/// they mean. Thread-safe: cancel() and progress() may be called from any thread.
///
/// A Feedback may hand a sub-task a part of its range: Feedback(parent, from, span) maps the
/// sub-task's [0, 1] onto [from, from + span] of parent and is cancelled whenever parent is.
class Feedback
{
public:
    /// Receives a fraction in [0, 1] and a short description of the current step.
    using ProgressFn = std::function<void(double fraction, const QString& step)>;

    Feedback() = default;
    /// Feedback that forwards progress to fn.
    explicit Feedback(ProgressFn fn) : m_progress(std::move(fn)) {}
    /// Feedback that forwards progress to fn and is cancelled whenever cancelParent (may be
    /// null) is; cancelParent must outlive it.
    Feedback(ProgressFn fn, const Feedback* cancelParent)
        : m_progress(std::move(fn)), m_parent(cancelParent)
    {}
    /// A sub-range [from, from + span] of parent (may be null: then progress goes nowhere);
    /// step, when given, replaces the sub-task's own step text. parent must outlive it.
    Feedback(Feedback* parent, double from, double span, QString step = {});
    Feedback(const Feedback&) = delete;
    Feedback& operator=(const Feedback&) = delete;

    /// Reports progress; cheap to call often (forwards at most every 1/1000th of the range).
    void progress(double fraction, const QString& step = {});
    /// Asks the work to stop at the next check.
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    /// True once cancel() was called on this Feedback or on its parent.
    bool cancelled() const
    {
        return m_cancelled.load(std::memory_order_relaxed) || (m_parent && m_parent->cancelled());
    }

private:
    ProgressFn m_progress;
    std::atomic<bool> m_cancelled{false};
    std::mutex m_mutex;                 // guards m_lastReported and the call of m_progress
    double m_lastReported = -1.0;       // last fraction forwarded
    const Feedback* m_parent = nullptr; // cancels this one; a sub-range forwards to it
    Feedback* m_forward = nullptr;      // the parent of a sub-range, which progress goes to
    double m_from = 0.0;
    double m_span = 1.0;
    QString m_step;
};

} // namespace gantry
