#pragma once

#include "metatypes.h"
#include "model/scenario.h"
#include "sim/runconfig.h"
#include "sim/runresult.h"
#include "sim/schedule.h"

#include <QList>
#include <QObject>
#include <QString>

#include <atomic>
#include <mutex>

namespace gantry {
class Feedback;
}

namespace gantry::ui {

/// Runs scheduling configurations one after another with gantry::Runner, recording each run's
/// Schedule. Meant to be moved to a
/// QThread and driven through queued connections; only cancel(), clearCancel() and
/// cancelRequested() may be called directly from another thread.
class RunWorker : public QObject
{
    Q_OBJECT

public:
    /// Smallest advance of the overall fraction that emits progress() again (1/200).
    static constexpr double ProgressStep = 1.0 / 200.0;

    /// A worker; give it no parent when it is to be moved to a thread.
    explicit RunWorker(QObject* parent = nullptr);

    /// Stops the run in progress at its next check and makes run() stop before the next
    /// configuration; stays in force until clearCancel(). Thread-safe, returns at once.
    void cancel();
    /// Forgets an earlier cancel(). Call it before queuing the next run(); thread-safe.
    void clearCancel();
    /// True from cancel() until clearCancel(); thread-safe.
    bool cancelRequested() const;

public slots:
    /// Runs every config on scenario in order. Emits runFinished() per complete run and ends
    /// with exactly one of allFinished(), cancelled() or failed(). Never throws.
    void run(const gantry::Scenario& scenario, const QList<gantry::RunConfig>& configs);

signals:
    /// Overall progress in [0, 1] across all configs, throttled to ProgressStep, and the step.
    void progress(double fraction, const QString& step);
    /// One complete result with its schedule (ScheduleRecorder); a cancelled run never
    /// produces one.
    void runFinished(const gantry::RunResult& result, const gantry::Schedule& schedule);
    /// Every config ran to completion.
    void allFinished();
    /// cancel() stopped the work; the config that was running has no result.
    void cancelled();
    /// A run failed (invalid configuration or internal error); the later configs did not run.
    void failed(const QString& message);

private:
    std::atomic<bool> m_cancel{false};
    std::mutex m_mutex;            // guards m_current
    Feedback* m_current = nullptr; // the Feedback of the run in progress, if any
};

} // namespace gantry::ui
