#include "planreport/planreportworker.h"

#include "plan/sweepsession.h"
#include "task/backgroundtask.h"
#include "util/feedback.h"

namespace gantry::ui {

PlanReportWorker::PlanReportWorker(QObject* parent)
    : QObject(parent), m_task(new BackgroundTask(this))
{
    connect(m_task, &BackgroundTask::progress, this, &PlanReportWorker::progress);
    connect(m_task, &BackgroundTask::finished, this,
            [this] { emit finished(m_path, *std::exchange(m_pages, nullptr)); });
    connect(m_task, &BackgroundTask::cancelled, this, &PlanReportWorker::cancelled);
    connect(m_task, &BackgroundTask::failed, this, &PlanReportWorker::failed);
}

PlanReportWorker::~PlanReportWorker() = default;

bool PlanReportWorker::isRunning() const
{
    return m_task->isRunning();
}

bool PlanReportWorker::start(std::shared_ptr<const plan::SweepSession> session,
                             const CapacityPlanReport::Options& options, const QString& path)
{
    if (m_task->isRunning() || !session)
        return false;
    m_path = path;
    m_pages = std::make_shared<int>(0);
    return m_task->start([session = std::move(session), options, path,
                          pages = m_pages](Feedback& feedback) -> Status {
        const Result<int> written = CapacityPlanReport::write(*session, options, path, &feedback);
        if (!written)
            return written.error();
        if (feedback.cancelled())
            return Error::cancelled();
        *pages = written.value();
        return {};
    });
}

void PlanReportWorker::cancel()
{
    m_task->cancel();
}

} // namespace gantry::ui
