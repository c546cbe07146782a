#include "reportworker.h"

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

    // Progress comes from the worker thread; the signal is queued to the receivers.
    explicit Job(ReportWorker* worker)
        : feedback([this, worker](double f, const QString& step) {
              emit worker->progress(from.load() + span.load() * f, step);
          })
    {}
};

ReportWorker::ReportWorker(QObject* parent) : QObject(parent) {}

ReportWorker::~ReportWorker()
{
    if (m_job)
        m_job->feedback.cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
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
    if (Status s = ReportBuilder::check(probe, options); !s) {
        m_job->error = s.error();
        // Report asynchronously, like every other ending.
        QMetaObject::invokeMethod(this, &ReportWorker::afterWrite, Qt::QueuedConnection);
        return true;
    }
    if (input.schedules.empty()) {
        m_job->span = 0.4;
        launch(&ReportWorker::rebuildSchedules, &ReportWorker::afterSchedules);
    } else {
        m_job->span = 1.0;
        QMetaObject::invokeMethod(this, &ReportWorker::afterSchedules, Qt::QueuedConnection);
    }
    return true;
}

void ReportWorker::cancel()
{
    if (m_job)
        m_job->feedback.cancel();
}

void ReportWorker::launch(void (ReportWorker::*work)(), void (ReportWorker::*then)())
{
    m_thread = QThread::create([this, work] { (this->*work)(); });
    connect(
        m_thread, &QThread::finished, this,
        [this, then] {
            m_thread->wait();
            delete m_thread;
            m_thread = nullptr;
            (this->*then)();
        },
        Qt::QueuedConnection);
    m_thread->start();
}

// Worker thread: the runs again, with a recorder (the first 40% of the progress).
void ReportWorker::rebuildSchedules()
{
    auto s = ReportBuilder::schedules(m_job->input.scenario, m_job->input.runs, &m_job->feedback);
    if (!s)
        m_job->error = s.error();
    else
        m_job->input.schedules = std::move(s).value();
}

// Object's thread: the charts, then the PDF in a thread again.
void ReportWorker::afterSchedules()
{
    if (m_job->error || m_job->feedback.cancelled()) {
        afterWrite();
        return;
    }
    const double from = m_job->span < 1.0 ? 0.4 : 0.0;
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
