#include "reportworker.h"

#include "task/backgroundtask.h"

#include <QThread>

#include <atomic>

#include <optional>

namespace gantry::ui {

// What one report needs across its steps. Written by one thread at a time: the worker thread
// while it runs, the object's thread after the thread has finished.
struct ReportWorker::Job
{
    ReportBuilder::Input input;
    ReportBuilder::Options options;
    QString path;
    ReportBuilder::Charts charts;
    Feedback feedback;
    std::optional<Error> error;
    int pages = 0;
    std::atomic<double> from{0.0}; // this step's progress starts here ...
    std::atomic<double> span{1.0}; // ... and covers this much of the whole
    double writeFrom = 0.0;        // where the charts and the PDF start

    // Progress comes from the worker thread; the signal is queued to the receivers.
    explicit Job(ReportWorker* worker)
        : feedback([this, worker](double f, const QString& step) {
              emit worker->progress(from.load() + span.load() * f, step);
          })
    {}
};

ReportWorker::ReportWorker(QObject* parent) : QObject(parent), m_task(new BackgroundTask(this))
{
    // A step always returns an ok Status: what went wrong is in the job, read by the next step.
    connect(m_task, &BackgroundTask::finished, this, [this] {
        if (const auto then = m_then) // none before the first step is started
            (this->*then)();
    });
}

ReportWorker::~ReportWorker()
{
    if (m_job)
        m_job->feedback.cancel();
    delete m_task; // waits for a step in progress, which uses this worker's job
}

bool ReportWorker::start(const ReportBuilder::Input& input, const ReportBuilder::Options& options,
                         const QString& path)
{
    if (m_running)
        return false;
    m_running = true;
    m_job = std::make_shared<Job>(this);
    m_job->input = input;
    m_job->options = options;
    m_job->path = path;
    ReportBuilder::Input probe;
    probe.runs = input.runs;
    probe.schedules =
        input.schedules.empty() ? std::vector<Schedule>(input.runs.size()) : input.schedules;
    const bool needSensitivity = options.sensitivity && !input.sensitivity;
    if (options.sensitivity)
        probe.sensitivity = PredictionSensitivity::Outcome{};
    if (Status s = ReportBuilder::check(probe, options); !s) {
        m_job->error = s.error();
        // Report asynchronously, like every other ending.
        QMetaObject::invokeMethod(this, &ReportWorker::afterWrite, Qt::QueuedConnection);
        return true;
    }
    // Each step done in the thread takes a share of the progress before the PDF.
    const int steps = int(input.schedules.empty()) + int(needSensitivity);
    m_job->writeFrom = steps == 2 ? 0.6 : steps == 1 ? 0.4 : 0.0;
    if (steps > 0)
        launch(&ReportWorker::prepare, &ReportWorker::afterSchedules);
    else
        QMetaObject::invokeMethod(this, &ReportWorker::afterSchedules, Qt::QueuedConnection);
    return true;
}

void ReportWorker::cancel()
{
    if (m_job)
        m_job->feedback.cancel();
}

void ReportWorker::launch(void (ReportWorker::*work)(), void (ReportWorker::*then)())
{
    m_then = then;
    m_task->start([this, work](Feedback&) {
        (this->*work)();
        return Status();
    });
}

// Worker thread: the runs again with a recorder when the input has no schedules, then the
// prediction-sensitivity runs when asked for; each takes an equal share before writeFrom.
void ReportWorker::prepare()
{
    ReportBuilder::Input& in = m_job->input;
    const bool needSensitivity = m_job->options.sensitivity && !in.sensitivity;
    const double share = m_job->writeFrom / (int(in.schedules.empty()) + int(needSensitivity));
    m_job->from = 0.0;
    m_job->span = share;
    if (in.schedules.empty()) {
        auto s = ReportBuilder::schedules(in.scenario, in.runs, &m_job->feedback);
        if (!s) {
            m_job->error = s.error();
            return;
        }
        in.schedules = std::move(s).value();
        m_job->from = share;
    }
    if (needSensitivity) {
        auto o = PredictionSensitivity::run(ReportBuilder::sensitivityRequest(in),
                                            QThread::idealThreadCount(), &m_job->feedback);
        if (!o)
            m_job->error = o.error();
        else
            in.sensitivity = std::move(o).value();
    }
}

// Object's thread: the charts, then the PDF in a thread again.
void ReportWorker::afterSchedules()
{
    if (m_job->error || m_job->feedback.cancelled()) {
        afterWrite();
        return;
    }
    const double from = m_job->writeFrom;
    emit progress(from, tr("charts"));
    m_job->charts = ReportBuilder::charts(m_job->input, m_job->options.pageSize);
    m_job->from = from;
    m_job->span = 1.0 - from;
    launch(&ReportWorker::writePdf, &ReportWorker::afterWrite);
}

void ReportWorker::writePdf()
{
    auto r = ReportBuilder::write(m_job->input, m_job->charts, m_job->options, m_job->path,
                                  &m_job->feedback);
    if (!r)
        m_job->error = r.error();
    else
        m_job->pages = r.value();
}

void ReportWorker::afterWrite()
{
    std::shared_ptr<Job> job = std::move(m_job);
    m_running = false;
    if (job->feedback.cancelled() || (job->error && job->error->kind == ErrorKind::Cancelled))
        emit cancelled();
    else if (job->error)
        emit failed(job->error->message);
    else
        emit finished(job->path, job->pages);
}

} // namespace gantry::ui
