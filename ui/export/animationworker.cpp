#include "animationworker.h"

#include <QThread>

#include <optional>

namespace gantry::ui {

// What one animation needs; the worker thread writes error while it runs, the object's thread
// reads it after the thread has finished.
struct AnimationWorker::Job
{
    std::unique_ptr<PlaybackAnimation> animation;
    QString path;
    Feedback feedback;
    std::optional<Error> error;

    // Progress comes from the worker thread; the signal is queued to the receivers.
    explicit Job(AnimationWorker* worker)
        : feedback([worker](double f, const QString& step) { emit worker->progress(f, step); })
    {}
};

AnimationWorker::AnimationWorker(QObject* parent) : QObject(parent) {}

AnimationWorker::~AnimationWorker()
{
    if (m_job)
        m_job->feedback.cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

bool AnimationWorker::start(const Scenario& scenario, const Schedule& schedule,
                            const RunResult& result, const PlaybackAnimation::Options& options,
                            const QString& path)
{
    if (m_running)
        return false;
    m_running = true;
    auto job = std::make_shared<Job>(this);
    job->path = path;
    m_job = job;
    if (Status s = PlaybackAnimation::check(options); !s) {
        job->error = s.error();
        // Report asynchronously, like every other ending.
        QMetaObject::invokeMethod(this, &AnimationWorker::done, Qt::QueuedConnection);
        return true;
    }
    job->animation = std::make_unique<PlaybackAnimation>(scenario, schedule, result, options);
    m_thread = QThread::create([job] {
        if (Status s = job->animation->write(job->path, &job->feedback); !s)
            job->error = s.error();
    });
    connect(
        m_thread, &QThread::finished, this,
        [this] {
            m_thread->wait();
            delete m_thread;
            m_thread = nullptr;
            done();
        },
        Qt::QueuedConnection);
    m_thread->start();
    return true;
}

void AnimationWorker::cancel()
{
    if (m_job)
        m_job->feedback.cancel();
}

void AnimationWorker::done()
{
    std::shared_ptr<Job> job = std::move(m_job);
    m_running = false;
    const int frames = job->animation ? job->animation->frameCount() : 0;
    // The write's own outcome decides: a cancel that came after the file was committed is late.
    if (!job->error)
        emit finished(job->path, frames);
    else if (job->error->kind == ErrorKind::Cancelled)
        emit cancelled();
    else
        emit failed(job->error->message);
}

} // namespace gantry::ui
