#include "sensitivityworker.h"

#include "task/backgroundtask.h"

namespace gantry::ui {

SensitivityWorker::SensitivityWorker(QObject* parent)
    : QObject(parent), m_task(new BackgroundTask(this))
{
    connect(m_task, &BackgroundTask::progress, this, &SensitivityWorker::progress);
    connect(m_task, &BackgroundTask::finished, this, [this] {
        m_outcome = std::move(*std::exchange(m_produced, nullptr));
        emit finished();
    });
    connect(m_task, &BackgroundTask::cancelled, this, &SensitivityWorker::cancelled);
    connect(m_task, &BackgroundTask::failed, this, &SensitivityWorker::failed);
}

SensitivityWorker::~SensitivityWorker() = default;

bool SensitivityWorker::isRunning() const
{
    return m_task->isRunning();
}

bool SensitivityWorker::start(const PredictionSensitivity::Request& request, int threads)
{
    if (m_task->isRunning())
        return false;
    m_produced = std::make_shared<PredictionSensitivity::Outcome>();
    return m_task->start([request, threads, out = m_produced](Feedback& feedback) -> Status {
        auto r = PredictionSensitivity::run(request, threads, &feedback);
        if (!r)
            return r.error();
        *out = std::move(r).value();
        return {};
    });
}

void SensitivityWorker::cancel()
{
    m_task->cancel();
}

} // namespace gantry::ui
