#pragma once

#include "metatypes.h"
#include "model/scenario.h"
#include "run/runconfig.h"
#include "run/runresult.h"
#include "sim/schedule.h"
#include "task/handoff.h"

#include <QList>
#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

namespace gantry {
class Feedback;
}

namespace gantry::ui {

/// Runs scheduling configurations with gantry::BatchRunner on every core, recording each run's
/// Schedule; results are handed on in the order of the configurations. Meant to be moved to a
/// QThread: submit(), takeFinished(), cancel() and cancelRequested() may be called from any
/// thread, runNext() runs in the worker's. Requests and results cross the threads through
/// Handoff queues, not as arguments of queued signals.
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

    /// Queues a request: every config on scenario (shared with the caller: no copy crosses the
    /// threads). Thread-safe; one runNext() in the worker's thread runs it.
    void submit(quint64 ticket, std::shared_ptr<const gantry::Scenario> scenario,
                QList<gantry::RunConfig> configs);

    /// One complete run, waiting for its caller.
    struct Finished
    {
        quint64 ticket = 0;
        std::shared_ptr<const gantry::RunResult> result;
        std::shared_ptr<const gantry::Schedule> schedule;
    };
    /// The oldest complete run not yet taken (one per runFinished() signal, in their order), or
    /// nothing. Thread-safe.
    std::optional<Finished> takeFinished();

public slots:
    /// Runs the oldest submitted request: every config (several at once, handed on in order).
    /// Emits runFinished() per complete run, in the order of configs, and ends with exactly one
    /// of allFinished(), cancelled() or failed(), each with the request's ticket. Does nothing
    /// when no request waits. Never throws.
    void runNext();

signals:
    /// Overall progress in [0, 1) across all configs, throttled to ProgressStep, and the step;
    /// 1 only together with the end of the request.
    void progress(quint64 ticket, double fraction, const QString& step);
    /// One complete result with its schedule (ScheduleRecorder, notes kept) waits in
    /// takeFinished(), both shared so that they reach the views without a copy; a cancelled run
    /// never produces one.
    void runFinished(quint64 ticket);
    /// Every config ran to completion.
    void allFinished(quint64 ticket);
    /// cancel() stopped the work; the config that was running has no result.
    void cancelled(quint64 ticket);
    /// A run failed (invalid configuration or internal error); the later configs have no
    /// result.
    void failed(quint64 ticket, const QString& message);

private:
    struct Request
    {
        quint64 ticket = 0;
        std::shared_ptr<const gantry::Scenario> scenario;
        QList<gantry::RunConfig> configs;
    };
    void run(const Request& request);

    std::atomic<std::uint64_t> m_cancelUpTo{0}; // requests with a ticket <= this are cancelled
    std::mutex m_mutex;                         // guards m_current and m_currentTicket
    Feedback* m_current = nullptr;              // the Feedback of the run in progress, if any
    std::uint64_t m_currentTicket = 0;
    Handoff<Request> m_requests;  // submitted, not yet started
    Handoff<Finished> m_finished; // complete, not yet taken
};

} // namespace gantry::ui
