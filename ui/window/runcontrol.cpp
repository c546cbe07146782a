#include "runcontrol.h"

#include "runworker.h"

namespace gantry::ui {

RunControl::RunControl(QObject* parent) : QObject(parent)
{
    registerMetaTypes();
    m_worker = new RunWorker; // no parent: it moves to m_thread
    m_worker->moveToThread(&m_thread);
    m_thread.setObjectName(QStringLiteral("gantry-run-worker"));
    connect(this, &RunControl::requested, m_worker, &RunWorker::runNext, Qt::QueuedConnection);
    // Signals of a request that is no longer in hand (abandoned) are dropped: each names its
    // ticket.
    connect(
        m_worker, &RunWorker::progress, this,
        [this](quint64 ticket, double fraction, const QString& step) {
            if (ticket == m_ticket)
                emit progress(fraction, step);
        },
        Qt::QueuedConnection);
    connect(
        m_worker, &RunWorker::runFinished, this,
        [this](quint64 ticket) {
            // One signal per result, in order: take it even when it belongs to an abandoned
            // request, so that it is freed here.
            std::optional<RunWorker::Finished> finished = m_worker->takeFinished();
            if (finished && ticket == m_ticket && finished->ticket == ticket)
                emit runFinished(finished->result, finished->schedule);
        },
        Qt::QueuedConnection);
    connect(
        m_worker, &RunWorker::allFinished, this,
        [this](quint64 ticket) {
            if (ticket == m_ticket)
                emit completed();
        },
        Qt::QueuedConnection);
    connect(
        m_worker, &RunWorker::cancelled, this,
        [this](quint64 ticket) {
            if (ticket == m_ticket)
                emit cancelled();
        },
        Qt::QueuedConnection);
    connect(
        m_worker, &RunWorker::failed, this,
        [this](quint64 ticket, const QString& message) {
            if (ticket == m_ticket)
                emit failed(message);
        },
        Qt::QueuedConnection);
    m_thread.start();
}

RunControl::~RunControl()
{
    m_worker->cancel(m_ticket);
    m_thread.quit();
    m_thread.wait();
    delete m_worker; // its thread has stopped, so deleting it here is safe
}

void RunControl::start(std::shared_ptr<const Scenario> scenario, const QList<RunConfig>& configs)
{
    m_worker->submit(++m_ticket, std::move(scenario), configs);
    emit requested();
}

void RunControl::cancel()
{
    m_worker->cancel(m_ticket);
}

bool RunControl::cancelRequested() const
{
    return m_worker->cancelRequested(m_ticket);
}

void RunControl::abandon()
{
    m_worker->cancel(m_ticket);
    ++m_ticket;
}

} // namespace gantry::ui
