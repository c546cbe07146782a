#include "runworker.h"

#include "run/runner.h"
#include "sim/schedulerecorder.h"
#include "util/error.h"
#include "util/feedback.h"
#include "util/result.h"

#include <algorithm>
#include <exception>

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

void RunWorker::run(quint64 ticket, const gantry::Scenario& scenario,
                    const QList<gantry::RunConfig>& configs)
{
    const qsizetype count = configs.size();
    double lastFraction = -1.0;
    QString lastLabel;
    // Feedback forwards up to a thousand updates per run; the GUI needs far fewer.
    auto report = [&](double fraction, const QString& label, const QString& detail) {
        fraction = std::clamp(fraction, 0.0, 1.0);
        if (label == lastLabel && fraction < 1.0 && fraction - lastFraction < ProgressStep)
            return;
        lastFraction = fraction;
        lastLabel = label;
        emit progress(ticket, fraction,
                      detail.isEmpty() ? label : label + QStringLiteral(": ") + detail);
    };

    for (qsizetype i = 0; i < count; ++i) {
        if (cancelRequested(ticket)) {
            emit cancelled(ticket);
            return;
        }
        const RunConfig& config = configs[i];
        const QString label = tr("%1 (%2 of %3)").arg(config.policy).arg(i + 1).arg(count);
        report(double(i) / double(count), label, {});

        Feedback feedback([&](double fraction, const QString& step) {
            const double share = SimulationShare * std::clamp(fraction, 0.0, 1.0);
            report((double(i) + share) / double(count), label, step);
        });
        {
            std::lock_guard lock(m_mutex);
            m_current = &feedback;
            m_currentTicket = ticket;
            if (cancelRequested(ticket))
                feedback.cancel();
        }

        Result<RunResult> result = Error::internal(QString());
        // The recorder lives only for this run: a cancelled or failed run leaves nothing.
        ScheduleRecorder recorder(scenario);
        try {
            result = Runner::run(scenario, config, &feedback, {&recorder});
        } catch (const std::exception& e) {
            result = Error::internal(QString::fromLocal8Bit(e.what()));
        } catch (...) {
            result = Error::internal(tr("unknown exception"));
        }

        {
            std::lock_guard lock(m_mutex);
            m_current = nullptr;
        }

        // A run that completed while cancel() was on its way still counts as cancelled, so that
        // the caller never sees a result for the configuration it cancelled.
        if (cancelRequested(ticket) ||
            (!result.ok() && result.error().kind == ErrorKind::Cancelled)) {
            emit cancelled(ticket);
            return;
        }
        if (!result.ok()) {
            emit failed(ticket, tr("%1: %2").arg(config.policy, result.error().message));
            return;
        }
        emit runFinished(ticket, result.value(), recorder.take());
    }
    emit allFinished(ticket);
}

} // namespace gantry::ui
