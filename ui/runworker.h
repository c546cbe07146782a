#pragma once

#include "metatypes.h"
#include "model/scenario.h"
#include "run/runconfig.h"
#include "run/runresult.h"
#include "sim/schedule.h"

#include <QList>
#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>

namespace gantry {
class Feedback;
}

namespace gantry::ui {

/// Runs scheduling configurations with gantry::BatchRunner on every core, recording each run's
/// Schedule; results are handed on in the order of the configurations. Meant to be moved to a
/// QThread and driven through queued connections; only cancel() and cancelRequested() may be called
/// directly from another thread.
///
/// Every request carries a ticket (increasing, chosen by the caller) and every signal names
/// the ticket it belongs to, so that a caller can cancel one request and queue the next at
/// once without a late signal of the first being taken for the second.
class RunWorker : public QObject
{
    Q_OBJECT

public:
    /// Smallest advance of the overall fraction that emits progress() again (1/200).
    static constexpr double ProgressStep = 1.0 / 200.0;
    /// The most progress() reports before the end of the request: a configuration's share of
    /// the progress is full only once its result is complete, and 1 comes with the end.
    static constexpr double AlmostDone = 1.0 - ProgressStep;

    /// A worker; give it no parent when it is to be moved to a thread.
    explicit RunWorker(QObject* parent = nullptr);

    /// Stops every request whose ticket is at most ticket: the one in progress at its next
    /// check, queued ones before they start. Thread-safe, returns at once.
    void cancel(std::uint64_t ticket);
    /// True once cancel() covered ticket; thread-safe.
    bool cancelRequested(std::uint64_t ticket) const;

public slots:
    /// Runs every config on scenario (shared with the caller: no copy crosses the threads;
    /// several at once, handed on in order). Emits
    /// runFinished() per complete run, in the order of configs, and ends
    /// with exactly one of allFinished(), cancelled() or failed(), each with ticket. Never
    /// throws.
    void run(quint64 ticket, const std::shared_ptr<const gantry::Scenario>& scenario,
             const QList<gantry::RunConfig>& configs);

signals:
    /// Overall progress in [0, 1) across all configs, throttled to ProgressStep, and the step;
    /// 1 only together with the end of the request.
    void progress(quint64 ticket, double fraction, const QString& step);
    /// One complete result with its schedule (ScheduleRecorder, notes kept), both shared so
    /// that they reach the views without a copy; a cancelled run never produces one.
    void runFinished(quint64 ticket, const std::shared_ptr<const gantry::RunResult>& result,
                     const std::shared_ptr<const gantry::Schedule>& schedule);
    /// Every config ran to completion.
    void allFinished(quint64 ticket);
    /// cancel() stopped the work; the config that was running has no result.
    void cancelled(quint64 ticket);
    /// A run failed (invalid configuration or internal error); the later configs have no
    /// result.
    void failed(quint64 ticket, const QString& message);

private:
    std::atomic<std::uint64_t> m_cancelUpTo{0}; // requests with a ticket <= this are cancelled
    std::mutex m_mutex;                         // guards m_current and m_currentTicket
    Feedback* m_current = nullptr;              // the Feedback of the run in progress, if any
    std::uint64_t m_currentTicket = 0;
};

} // namespace gantry::ui
