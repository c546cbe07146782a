#pragma once

#include "plan/sweepsession.h"
#include "plan/sweepspec.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace gantry::ui {

class BackgroundTask;

/// Runs a sweep (plan::SweepSession, in memory) in a thread of its own, its points on several
/// threads, with progress and cancel. Every start() ends with exactly one of finished(),
/// cancelled() or failed(), emitted in the worker object's thread; a cancelled or failed sweep
/// leaves session() empty.
class PlanWorker : public QObject
{
    Q_OBJECT

public:
    /// An idle worker.
    explicit PlanWorker(QObject* parent = nullptr);
    /// Cancels work in progress and waits for its thread.
    ~PlanWorker() override;

    /// Starts the sweep spec on threads threads; false (and nothing starts) while one runs.
    bool start(plan::SweepSpec spec, int threads);
    /// Reads the sweep file path and starts it; false while one runs. A bad file ends with
    /// failed() naming the file, the JSON path and the problem.
    bool startFile(const QString& path, int threads);
    /// True from start() until its final signal.
    bool isRunning() const;
    /// The finished sweep of the last request that finished (null after a cancel or a failure).
    std::shared_ptr<const plan::SweepSession> session() const { return m_session; }

public slots:
    /// Stops the work at its next check; it ends with cancelled(). Returns at once.
    void cancel();

signals:
    /// Overall progress in [0, 1] and the current step (emitted from the work's threads).
    void progress(double fraction, const QString& step);
    /// Every point finished; session() holds the sweep.
    void finished();
    /// cancel() stopped the work.
    void cancelled();
    /// The sweep could not be read or a run failed.
    void failed(const QString& message);

private:
    using Produced = std::shared_ptr<std::shared_ptr<plan::SweepSession>>;
    bool launch(std::optional<plan::SweepSpec> spec, const QString& file, int threads);

    BackgroundTask* m_task;
    Produced m_produced; // the sweep the running work makes, read once it has finished
    std::shared_ptr<const plan::SweepSession> m_session;
};

} // namespace gantry::ui
