#include "sensitivityworker.h"

#include <QThread>

#include <optional>

namespace gantry::ui {

// One request's state: written by the thread while it runs, read here after it has finished.
struct SensitivityWorker::Job
{
    PredictionSensitivity::Request request;
    int threads = 1;
    Feedback feedback;
    std::optional<Result<PredictionSensitivity::Outcome>> result;

    // Progress comes from the run threads; the signal is queued to the receivers.
    explicit Job(SensitivityWorker* worker)
        : feedback([worker](double f, const QString& step) { emit worker->progress(f, step); })
    {}
};

SensitivityWorker::SensitivityWorker(QObject* parent) : QObject(parent) {}

SensitivityWorker::~SensitivityWorker()
{
    if (m_job)
        m_job->feedback.cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

bool SensitivityWorker::start(const PredictionSensitivity::Request& request, int threads)
{
    if (m_running)
        return false;
    m_running = true;
    m_job = std::make_shared<Job>(this);
    m_job->request = request;
    m_job->threads = threads;
    std::shared_ptr<Job> job = m_job;
    m_thread = QThread::create([job] {
        job->result = PredictionSensitivity::run(job->request, job->threads, &job->feedback);
    });
    connect(m_thread, &QThread::finished, this, &SensitivityWorker::done, Qt::QueuedConnection);
    m_thread->start();
    return true;
}

void SensitivityWorker::cancel()
{
    if (m_job)
        m_job->feedback.cancel();
}

void SensitivityWorker::done()
{
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    std::shared_ptr<Job> job = std::move(m_job);
    m_running = false;
    const Result<PredictionSensitivity::Outcome>& r = *job->result;
    if (r.ok()) {
        m_outcome = r.value();
        emit finished();
    } else if (r.error().kind == ErrorKind::Cancelled) {
        emit cancelled();
    } else {
        emit failed(r.error().message);
    }
}

} // namespace gantry::ui
