#include "planworker.h"

#include "util/feedback.h"

#include <QThread>

#include <optional>

namespace gantry::ui {

// One request's state: written by the thread while it runs, read here after it has finished.
struct PlanWorker::Job
{
    std::optional<plan::SweepSpec> spec; // the sweep to run, or
    QString file;                        // the sweep file to read
    int threads = 1;
    Feedback feedback;
    std::shared_ptr<plan::SweepSession> session;
    Status status;

    explicit Job(PlanWorker* worker)
        : feedback([worker](double f, const QString& step) { emit worker->progress(f, step); })
    {}

    void run()
    {
        feedback.progress(0.0, QObject::tr("Preparing the points..."));
        Result<plan::SweepSession> s = spec ? plan::SweepSession::open(std::move(*spec), {}, false)
                                            : plan::SweepSession::open(file, {}, false);
        if (!s) {
            status = s.error();
            return;
        }
        session = std::make_shared<plan::SweepSession>(std::move(s).value());
        if (feedback.cancelled()) {
            status = Error::cancelled();
            return;
        }
        status = session->runAll(threads, &feedback);
        if (status && feedback.cancelled())
            status = Error::cancelled();
        if (status)
            status = session->finish();
    }
};

PlanWorker::PlanWorker(QObject* parent) : QObject(parent) {}

PlanWorker::~PlanWorker()
{
    if (m_job)
        m_job->feedback.cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

bool PlanWorker::start(plan::SweepSpec spec, int threads)
{
    if (m_running)
        return false;
    m_job = std::make_shared<Job>(this);
    m_job->spec = std::move(spec);
    m_job->threads = threads;
    return launch();
}

bool PlanWorker::startFile(const QString& path, int threads)
{
    if (m_running)
        return false;
    m_job = std::make_shared<Job>(this);
    m_job->file = path;
    m_job->threads = threads;
    return launch();
}

bool PlanWorker::launch()
{
    m_running = true;
    m_session.reset(); // nothing of an earlier sweep outlives a new start
    std::shared_ptr<Job> job = m_job;
    m_thread = QThread::create([job] { job->run(); });
    connect(m_thread, &QThread::finished, this, &PlanWorker::done, Qt::QueuedConnection);
    m_thread->start();
    return true;
}

void PlanWorker::cancel()
{
    if (m_job)
        m_job->feedback.cancel();
}

void PlanWorker::done()
{
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    std::shared_ptr<Job> job = std::move(m_job);
    m_running = false;
    if (job->status) {
        m_session = std::move(job->session);
        emit finished();
    } else if (job->status.error().kind == ErrorKind::Cancelled) {
        emit cancelled();
    } else {
        emit failed(job->status.error().message);
    }
}

} // namespace gantry::ui
