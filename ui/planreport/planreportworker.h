#pragma once

#include "planreport/capacityplanreport.h"

#include <QObject>
#include <QString>

#include <memory>

namespace gantry::plan {
class SweepSession;
}

namespace gantry::ui {

class BackgroundTask;

/// Writes the capacity-plan report of a finished sweep off the GUI thread (the Plan view's
/// Export PDF), with progress and cancel. Every start() ends with exactly one of finished(),
/// cancelled() or failed(), emitted in the worker object's thread; a cancelled or failed report
/// leaves no file and an existing file untouched.
class PlanReportWorker : public QObject
{
    Q_OBJECT

public:
    /// An idle worker.
    explicit PlanReportWorker(QObject* parent = nullptr);
    /// Cancels a report in progress and waits for its thread (no file is left behind).
    ~PlanReportWorker() override;

    /// Starts writing the report of session with options to path; false (and nothing starts)
    /// while a report is in progress or session is null.
    bool start(std::shared_ptr<const plan::SweepSession> session,
               const CapacityPlanReport::Options& options, const QString& path);
    /// True from start() until its final signal.
    bool isRunning() const;

public slots:
    /// Stops the report at its next check; it ends with cancelled(). Returns at once.
    void cancel();

signals:
    /// Overall progress in [0, 1] and the current step (emitted from the work's thread).
    void progress(double fraction, const QString& step);
    /// The report is written to path, with pages pages.
    void finished(const QString& path, int pages);
    /// cancel() stopped the report; no file was written.
    void cancelled();
    /// The report failed (message names the file and the problem); no file was written.
    void failed(const QString& message);

private:
    BackgroundTask* m_task;
    std::shared_ptr<int> m_pages; // the running report's page count, read once it has finished
    QString m_path;
};

} // namespace gantry::ui
