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
        [this](quint64 ticket) {
            // One signal per imported trace, in order: taken even when abandoned, to free it here.
            std::optional<ImportWorker::Imported> done = m_worker->takeImported();
            if (done && ticket == m_ticket && done->ticket == ticket)
                emit imported(done->scenario, done->summary);
        },
        Qt::QueuedConnection);
    connect(
        m_worker, &ImportWorker::failed, this,
        [this](quint64 ticket, const QString& message) {
            if (ticket == m_ticket)
                emit failed(message);
        },
        Qt::QueuedConnection);
    connect(this, &ImportControl::requested, m_worker, &ImportWorker::importNext,
            Qt::QueuedConnection);
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
    m_worker->submit(++m_ticket, request);
    emit requested();
}

void ImportControl::abandon()
{
    m_worker->cancel(m_ticket);
    ++m_ticket;
}

} // namespace gantry::ui
