#include "planreport/planreportworker.h"

#include "plan/sweepsession.h"
#include "util/feedback.h"

#include <QThread>

namespace gantry::ui {

// One report's state: written by the thread while it runs, read here after it has finished.
struct PlanReportWorker::Job
{
    std::shared_ptr<const plan::SweepSession> session;
    CapacityPlanReport::Options options;
    QString path;
    Feedback feedback;
    Result<int> pages = 0;

    explicit Job(PlanReportWorker* worker)
        : feedback([worker](double f, const QString& step) { emit worker->progress(f, step); })
    {}

    void run()
    {
        pages = CapacityPlanReport::write(*session, options, path, &feedback);
        if (pages && feedback.cancelled())
            pages = Error::cancelled();
    }
};

PlanReportWorker::PlanReportWorker(QObject* parent) : QObject(parent) {}

PlanReportWorker::~PlanReportWorker()
{
    if (m_job)
        m_job->feedback.cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

bool PlanReportWorker::start(std::shared_ptr<const plan::SweepSession> session,
                             const CapacityPlanReport::Options& options, const QString& path)
{
    if (m_running || !session)
        return false;
    m_job = std::make_shared<Job>(this);
    m_job->session = std::move(session);
    m_job->options = options;
    m_job->path = path;
    m_running = true;
    std::shared_ptr<Job> job = m_job;
    m_thread = QThread::create([job] { job->run(); });
    connect(m_thread, &QThread::finished, this, &PlanReportWorker::done, Qt::QueuedConnection);
    m_thread->start();
    return true;
}

void PlanReportWorker::cancel()
{
    if (m_job)
        m_job->feedback.cancel();
}

void PlanReportWorker::done()
{
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    std::shared_ptr<Job> job = std::move(m_job);
    m_running = false;
    if (job->pages)
        emit finished(job->path, job->pages.value());
    else if (job->pages.error().kind == ErrorKind::Cancelled)
        emit cancelled();
    else
        emit failed(job->pages.error().message);
}

} // namespace gantry::ui
