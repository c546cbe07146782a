#include "planworker.h"

#include "task/backgroundtask.h"
#include "util/feedback.h"

namespace gantry::ui {

namespace {

// Reads or takes the sweep, runs every point and finishes it; the session goes to out.
Status runSweep(std::optional<plan::SweepSpec> spec, const QString& file, int threads,
                Feedback& feedback, std::shared_ptr<plan::SweepSession>& out)
{
    feedback.progress(0.0, QObject::tr("Preparing the points..."));
    Result<plan::SweepSession> s = spec ? plan::SweepSession::open(std::move(*spec), {}, false)
                                        : plan::SweepSession::open(file, {}, false);
    if (!s)
        return s.error();
    out = std::make_shared<plan::SweepSession>(std::move(s).value());
    if (feedback.cancelled())
        return Error::cancelled();
    Status status = out->runAll(threads, &feedback);
    if (status && feedback.cancelled())
        return Error::cancelled();
    if (status)
        status = out->finish();
    return status;
}

} // namespace

PlanWorker::PlanWorker(QObject* parent) : QObject(parent), m_task(new BackgroundTask(this))
{
    connect(m_task, &BackgroundTask::progress, this, &PlanWorker::progress);
    connect(m_task, &BackgroundTask::finished, this, [this] {
        m_session = std::move(*m_produced);
        m_produced.reset();
        emit finished();
    });
    connect(m_task, &BackgroundTask::cancelled, this, [this] {
        m_produced.reset();
        emit cancelled();
    });
    connect(m_task, &BackgroundTask::failed, this, [this](const QString& message) {
        m_produced.reset();
        emit failed(message);
    });
}

PlanWorker::~PlanWorker() = default;

bool PlanWorker::isRunning() const
{
    return m_task->isRunning();
}

bool PlanWorker::start(plan::SweepSpec spec, int threads)
{
    return launch(std::move(spec), QString(), threads);
}

bool PlanWorker::startFile(const QString& path, int threads)
{
    return launch(std::nullopt, path, threads);
}

bool PlanWorker::launch(std::optional<plan::SweepSpec> spec, const QString& file, int threads)
{
    if (m_task->isRunning())
        return false;
    m_session.reset(); // nothing of an earlier sweep outlives a new start
    m_produced = std::make_shared<std::shared_ptr<plan::SweepSession>>();
    auto work = [spec = std::make_shared<std::optional<plan::SweepSpec>>(std::move(spec)), file,
                 threads, out = m_produced](Feedback& feedback) {
        return runSweep(std::move(*spec), file, threads, feedback, *out);
    };
    return m_task->start(std::move(work));
}

void PlanWorker::cancel()
{
    m_task->cancel();
}

} // namespace gantry::ui
