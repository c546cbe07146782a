#pragma once

#include "analysis/predictionsensitivity.h"

#include <QObject>
#include <QString>

#include <memory>

namespace gantry::ui {

class BackgroundTask;

/// Runs a PredictionSensitivity request in a thread of its own (its runs on several threads),
/// with progress and cancel. Every start() ends with exactly one of finished(), cancelled() or
/// failed(), emitted in the worker object's thread.
class SensitivityWorker : public QObject
{
    Q_OBJECT

public:
    /// An idle worker.
    explicit SensitivityWorker(QObject* parent = nullptr);
    /// Cancels work in progress and waits for its thread.
    ~SensitivityWorker() override;

    /// Starts request on threads threads; false (and nothing starts) while one runs.
    bool start(const PredictionSensitivity::Request& request, int threads);
    /// True from start() until its final signal.
    bool isRunning() const;
    /// The outcome of the last request that finished.
    const PredictionSensitivity::Outcome& outcome() const { return m_outcome; }

public slots:
    /// Stops the work at its next check; it ends with cancelled(). Returns at once.
    void cancel();

signals:
    /// Overall progress in [0, 1] and the current step (emitted from the work's threads).
    void progress(double fraction, const QString& step);
    /// Every run finished; outcome() holds the figures.
    void finished();
    /// cancel() stopped the work.
    void cancelled();
    /// A run failed; message names the policy, S and the problem.
    void failed(const QString& message);

private:
    BackgroundTask* m_task;
    // The running request's outcome, read once it has finished.
    std::shared_ptr<PredictionSensitivity::Outcome> m_produced;
    PredictionSensitivity::Outcome m_outcome;
};

} // namespace gantry::ui
