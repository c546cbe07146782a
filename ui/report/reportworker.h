#pragma once

#include "report/reportbuilder.h"

#include <QObject>
#include <QString>

#include <memory>

namespace gantry::ui {

class BackgroundTask;

/// Writes a report off the GUI thread: the schedules (rebuilt by running again when the input
/// has none), the prediction-sensitivity runs (when the options ask for the section and the
/// input has no figures) and the PDF in a worker thread, the Qt Charts figures in between in the
/// worker object's own thread, which must be the application's. Progress and cancel through signals
/// and cancel(); every start() ends with exactly one of finished(), cancelled() or failed().
class ReportWorker : public QObject
{
    Q_OBJECT

public:
    /// An idle worker; create it in the application's thread.
    explicit ReportWorker(QObject* parent = nullptr);
    /// Cancels a report in progress and waits for its thread (no file is left behind).
    ~ReportWorker() override;

    /// Starts writing the report of input with options to path. input.schedules may be empty:
    /// they are then rebuilt from the runs' configurations. False (and nothing starts) while
    /// a report is in progress.
    bool start(const ReportBuilder::Input& input, const ReportBuilder::Options& options,
               const QString& path);
    /// True from start() until its final signal.
    bool isRunning() const { return m_running; }

public slots:
    /// Stops the report at its next check; it ends with cancelled(). Returns at once.
    void cancel();

signals:
    /// Overall progress in [0, 1] and the current step.
    void progress(double fraction, const QString& step);
    /// The report is written to path, with pages pages.
    void finished(const QString& path, int pages);
    /// cancel() stopped the report; no file was written.
    void cancelled();
    /// The report failed (message names the file and the problem); no file was written.
    void failed(const QString& message);

private:
    void launch(void (ReportWorker::*work)(), void (ReportWorker::*then)());
    void prepare();
    void afterSchedules();
    void writePdf();
    void afterWrite();

    struct Job;
    std::shared_ptr<Job> m_job;
    BackgroundTask* m_task;                   // runs each step that leaves this thread
    void (ReportWorker::*m_then)() = nullptr; // what follows the step in hand, in this thread
    bool m_running = false;
};

} // namespace gantry::ui
