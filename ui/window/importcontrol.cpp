#include "importcontrol.h"

namespace gantry::ui {

ImportControl::ImportControl(QObject* parent) : QObject(parent)
{
    m_worker = new ImportWorker; // no parent: it moves to m_thread
    m_worker->moveToThread(&m_thread);
    m_thread.setObjectName(QStringLiteral("gantry-import-worker"));
    // Signals of an abandoned import name an old ticket and are dropped.
    connect(
        m_worker, &ImportWorker::progress, this,
        [this](quint64 ticket, double fraction, const QString& step) {
            if (ticket == m_ticket)
                emit progress(fraction, step);
        },
        Qt::QueuedConnection);
    connect(
        m_worker, &ImportWorker::imported, this,
        [this](quint64 ticket, const gantry::Scenario& scenario, const QStringList& summary) {
            if (ticket == m_ticket)
                emit imported(scenario, summary);
        },
        Qt::QueuedConnection);
    connect(
        m_worker, &ImportWorker::failed, this,
        [this](quint64 ticket, const QString& message) {
            if (ticket == m_ticket)
                emit failed(message);
        },
        Qt::QueuedConnection);
    connect(this, &ImportControl::requested, m_worker, &ImportWorker::import, Qt::QueuedConnection);
    m_thread.start();
}

ImportControl::~ImportControl()
{
    m_worker->cancel(m_ticket);
    m_thread.quit();
    m_thread.wait();
    delete m_worker; // its thread has stopped, so deleting it here is safe
}

void ImportControl::start(const ImportWorker::Request& request)
{
    const quint64 ticket = ++m_ticket;
    emit requested(ticket, request);
}

void ImportControl::abandon()
{
    m_worker->cancel(m_ticket);
    ++m_ticket;
}

} // namespace gantry::ui
