#pragma once

#include "util/feedback.h"
#include "util/result.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>

class QThread;

namespace gantry::ui {

/// One piece of long work at a time in a thread of its own, with progress and cancel
/// (docs/architecture.md, "Long work off the GUI thread"): the sweep, the two reports and the
/// prediction-sensitivity runs of the window each hold one. The work is a function of the
/// task's Feedback that returns a Status; every start() ends with exactly one of finished()
/// (an ok Status), cancelled() (a Cancelled error) or failed() (any other error, its message),
/// emitted in the task object's thread once the work's thread has ended.
class BackgroundTask : public QObject
{
    Q_OBJECT

public:
    /// The work: runs in the task's thread, reports through feedback and stops early once it is
    /// cancelled (then returning Error::cancelled()).
    using Work = std::function<Status(Feedback& feedback)>;

    /// An idle task; create it in the thread its signals are to arrive in.
    explicit BackgroundTask(QObject* parent = nullptr);
    /// Cancels work in progress and waits for its thread.
    ~BackgroundTask() override;

    /// Starts work in a new thread; false (and nothing starts) while work is in progress.
    bool start(Work work);
    /// True from start() until its final signal.
    bool isRunning() const { return m_running; }
    /// True once cancel() was called for the work in progress.
    bool cancelRequested() const;

public slots:
    /// Asks the work to stop at its next check; it then ends with cancelled(). Returns at once.
    void cancel();

signals:
    /// Progress in [0, 1] and the current step (emitted from the work's threads).
    void progress(double fraction, const QString& step);
    /// The work returned an ok Status.
    void finished();
    /// The work stopped on a cancel.
    void cancelled();
    /// The work failed; message names the problem.
    void failed(const QString& message);

private:
    void done();

    struct Job;
    std::shared_ptr<Job> m_job;
    QThread* m_thread = nullptr;
    bool m_running = false;
};

} // namespace gantry::ui
