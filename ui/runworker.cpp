#include "runworker.h"

#include "run/batchrunner.h"
#include "sim/schedulerecorder.h"
#include "util/error.h"
#include "util/feedback.h"
#include "util/result.h"

#include <QSet>

#include <algorithm>
#include <exception>
#include <vector>

namespace gantry::ui {

RunWorker::RunWorker(QObject* parent) : QObject(parent)
{
    registerMetaTypes();
}

void RunWorker::cancel(std::uint64_t ticket)
{
    // Raise the bound first: a run that publishes its Feedback after this sees it, and one
    // that published it before is reached through m_current.
    std::uint64_t seen = m_cancelUpTo.load();
    while (seen < ticket && !m_cancelUpTo.compare_exchange_weak(seen, ticket)) {
    }
    std::lock_guard lock(m_mutex);
    if (m_current && m_currentTicket <= ticket)
        m_current->cancel();
}

bool RunWorker::cancelRequested(std::uint64_t ticket) const
{
    return ticket <= m_cancelUpTo.load();
}

void RunWorker::submit(quint64 ticket, std::shared_ptr<const gantry::Scenario> scenario,
                       QList<gantry::RunConfig> configs)
{
    m_requests.put({ticket, std::move(scenario), std::move(configs)});
}

std::optional<RunWorker::Finished> RunWorker::takeFinished()
{
    return m_finished.take();
}

void RunWorker::runNext()
{
    if (std::optional<Request> request = m_requests.take())
        run(*request);
}

void RunWorker::run(const Request& request)
{
    const quint64 ticket = request.ticket;
    double lastFraction = -1.0;
    QSet<QString> shown;
    // The batch forwards up to a thousand updates per run; the GUI needs far fewer, and one
    // whenever a configuration starts.
    Feedback feedback([&](double fraction, const QString& step) {
        fraction = std::clamp(fraction, 0.0, AlmostDone);
        const bool started = !step.isEmpty() && !shown.contains(step);
        if (!started && fraction - lastFraction < ProgressStep)
            return;
        shown.insert(step);
        lastFraction = std::max(lastFraction, fraction);
        emit progress(ticket, lastFraction, step);
    });
    {
        std::lock_guard lock(m_mutex);
        m_current = &feedback;
        m_currentTicket = ticket;
        if (cancelRequested(ticket))
            feedback.cancel();
    }

    std::size_t handedOn = 0;
    BatchRunner::Options options;
    options.threads = BatchRunner::hardwareThreads();
    options.schedules = true;
    options.notes = ScheduleRecorder::Notes::Record;
    options.stopOnError = true;
    // A run that completed while cancel() was on its way still counts as cancelled, so that
    // the caller never sees a result for a configuration it cancelled.
    options.finished = [&](std::size_t, BatchRun& run) {
        if (cancelRequested(ticket) || feedback.cancelled())
            return;
        ++handedOn;
        m_finished.put({ticket, std::make_shared<const RunResult>(std::move(run.result)),
                        std::make_shared<const Schedule>(std::move(*run.schedule))});
        emit runFinished(ticket);
    };
    const std::vector<RunConfig> list(request.configs.cbegin(), request.configs.cend());
    std::vector<Result<BatchRun>> each;
    QString crash;
    try {
        each =
            BatchRunner::runEach(BatchRunner::items(*request.scenario, list), options, &feedback);
    } catch (const std::exception& e) {
        crash = QString::fromLocal8Bit(e.what());
    } catch (...) {
        crash = tr("unknown exception");
    }
    {
        std::lock_guard lock(m_mutex);
        m_current = nullptr;
    }

    // Every result handed on is a complete request, even when cancel() came after the last.
    if (crash.isEmpty() && handedOn == list.size()) {
        emit allFinished(ticket);
        return;
    }
    if (cancelRequested(ticket)) {
        emit cancelled(ticket);
        return;
    }
    if (!crash.isEmpty()) {
        emit failed(ticket, crash);
        return;
    }
    for (std::size_t i = 0; i < each.size(); ++i)
        if (!each[i].ok() && each[i].error().kind != ErrorKind::Cancelled) {
            emit failed(ticket, tr("%1: %2").arg(list[i].policy, each[i].error().message));
            return;
        }
    emit cancelled(ticket);
}

} // namespace gantry::ui
