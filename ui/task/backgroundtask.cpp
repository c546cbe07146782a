#include "backgroundtask.h"

#include <QThread>

namespace gantry::ui {

// One start's state: written by the work's thread while it runs, read here after it has ended.
struct BackgroundTask::Job
{
    Work work;
    Feedback feedback;
    Status status;

    // Progress comes from the work's threads; the signal is queued to the receivers.
    explicit Job(BackgroundTask* task)
        : feedback([task](double f, const QString& step) { emit task->progress(f, step); })
    {}
};

BackgroundTask::BackgroundTask(QObject* parent) : QObject(parent) {}

BackgroundTask::~BackgroundTask()
{
    if (m_job)
        m_job->feedback.cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

bool BackgroundTask::start(Work work)
{
    if (m_running)
        return false;
    m_running = true;
    m_job = std::make_shared<Job>(this);
    m_job->work = std::move(work);
    std::shared_ptr<Job> job = m_job;
    m_thread = QThread::create([job] { job->status = job->work(job->feedback); });
    connect(m_thread, &QThread::finished, this, &BackgroundTask::done, Qt::QueuedConnection);
    m_thread->start();
    return true;
}

bool BackgroundTask::cancelRequested() const
{
    return m_job && m_job->feedback.cancelled();
}

void BackgroundTask::cancel()
{
    if (m_job)
        m_job->feedback.cancel();
}

void BackgroundTask::done()
{
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    std::shared_ptr<Job> job = std::move(m_job);
    m_running = false;
    if (job->status)
        emit finished();
    else if (job->status.error().kind == ErrorKind::Cancelled)
        emit cancelled();
    else
        emit failed(job->status.error().message);
}

} // namespace gantry::ui
