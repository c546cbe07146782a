#include "animationworker.h"

#include "task/backgroundtask.h"

namespace gantry::ui {

AnimationWorker::AnimationWorker(QObject* parent)
    : QObject(parent), m_task(new BackgroundTask(this))
{
    connect(m_task, &BackgroundTask::progress, this, &AnimationWorker::progress);
    connect(m_task, &BackgroundTask::finished, this, [this] {
        const int frames = m_animation->frameCount();
        m_animation.reset();
        emit finished(m_path, frames);
    });
    connect(m_task, &BackgroundTask::cancelled, this, [this] {
        m_animation.reset();
        emit cancelled();
    });
    connect(m_task, &BackgroundTask::failed, this, [this](const QString& message) {
        m_animation.reset();
        emit failed(message);
    });
}

bool AnimationWorker::isRunning() const
{
    return m_task->isRunning() || m_refused;
}

bool AnimationWorker::start(const Scenario& scenario, const Schedule& schedule,
                            const RunResult& result, const PlaybackAnimation::Options& options,
                            const QString& path)
{
    if (isRunning())
        return false;
    m_path = path;
    if (Status s = PlaybackAnimation::check(options); !s) {
        // Report asynchronously, like every other ending.
        m_refused = true;
        QMetaObject::invokeMethod(
            this,
            [this, message = s.error().message] {
                m_refused = false;
                emit failed(message);
            },
            Qt::QueuedConnection);
        return true;
    }
    auto animation = std::make_shared<const PlaybackAnimation>(scenario, schedule, result, options);
    m_animation = animation;
    return m_task->start(
        [animation, path](Feedback& feedback) { return animation->write(path, &feedback); });
}

void AnimationWorker::cancel()
{
    m_task->cancel();
}

} // namespace gantry::ui
