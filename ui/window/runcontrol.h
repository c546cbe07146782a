#pragma once

#include "metatypes.h"
#include "model/scenario.h"
#include "run/runconfig.h"
#include "run/runresult.h"
#include "sim/schedule.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QThread>

#include <memory>

namespace gantry::ui {

class RunWorker;

/// The window's side of RunWorker: owns the worker and its thread, sends it one request at a
/// time and passes on only the signals of the request in hand, so that a request abandoned for
/// the next one (a saved run shown again that the user's run replaces) is never heard from.
class RunControl : public QObject
{
    Q_OBJECT

public:
    /// A worker in a thread of its own, started.
    explicit RunControl(QObject* parent = nullptr);
    /// Cancels the request in hand and joins the thread.
    ~RunControl() override;

    /// Runs configs on scenario (shared with the worker, not copied) in the worker and returns
    /// at once; the previous request, if any, must have ended or been abandoned.
    void start(std::shared_ptr<const gantry::Scenario> scenario,
               const QList<gantry::RunConfig>& configs);
    /// Asks the request in hand to stop; it ends with cancelled() (or completed() if it got
    /// there first).
    void cancel();
    /// True once cancel() or abandon() was called for the request in hand.
    bool cancelRequested() const;
    /// Cancels the request in hand and drops whatever it still sends.
    void abandon();

signals:
    /// Progress in [0, 1) of the request in hand, and its step.
    void progress(double fraction, const QString& step);
    /// One configuration ran to its end (its result and schedule shared, not copied).
    void runFinished(const std::shared_ptr<const gantry::RunResult>& result,
                     const std::shared_ptr<const gantry::Schedule>& schedule);
    /// Every configuration ran.
    void completed();
    /// The request stopped on cancel().
    void cancelled();
    /// A configuration failed; the later ones did not run.
    void failed(const QString& message);
    /// Internal: tells the worker's thread (queued connection) that a request was submitted.
    void requested();

private:
    QThread m_thread;
    RunWorker* m_worker = nullptr; // lives in m_thread, deleted after it stops
    quint64 m_ticket = 0;          // the request in hand
};

} // namespace gantry::ui
