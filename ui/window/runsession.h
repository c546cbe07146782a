#pragma once

#include "document/documentrun.h"
#include "metatypes.h"
#include "window/runrequest.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace gantry::ui {

class RunControl;

/// The window's runs, without the window: one request at a time (the user's run, saved runs
/// shown again or a Plan point, RunRequest) in a RunControl, the runs it has made so far (the
/// batch) and how it ended, with the status text to show. A test drives it without a window.
///
/// A request that is not the user's gives way to anything the user asks for: abandon() drops
/// it at once, and nothing it still sends is heard.
class RunSession : public QObject
{
    Q_OBJECT

public:
    /// How the last request ended.
    enum class Outcome
    {
        None,      ///< nothing has run yet
        Completed, ///< every policy finished
        Cancelled, ///< the user cancelled; finished policies keep their rows
        Failed,    ///< a run failed; see ended()'s text
    };
    Q_ENUM(Outcome)

    /// A session with its worker thread started.
    explicit RunSession(QObject* parent = nullptr);
    /// Cancels the request in progress and joins the worker thread.
    ~RunSession() override;

    /// Starts request in the worker and returns at once, dropping the runs of the last one; a
    /// request in progress that is not the user's is abandoned for it. False (nothing started)
    /// during the user's request, without a scenario or without a configuration.
    bool start(RunRequest request);
    /// Asks the request in progress to stop: it ends with ended(Cancelled), or Completed if it
    /// got there first; the runs it finished stay in batch().
    void cancel();
    /// True once cancel() was called for the request in progress.
    bool cancelRequested() const;
    /// Drops the request in progress at once, without ended(): it is cancelled, its runs are
    /// forgotten, nothing it still sends is heard and lastOutcome() is Cancelled.
    void abandon();
    /// Forgets the runs of the last request and its outcome (None); when idle.
    void clear();

    /// True from start() until the request ends or is abandoned.
    bool isRunning() const { return m_running; }
    /// True while the request in progress is not the user's (saved runs or a Plan point): it
    /// adds nothing to the project and gives way to the user's.
    bool isReplaying() const { return m_running && m_origin != RunRequest::Origin::User; }
    /// Where the last request came from.
    RunRequest::Origin origin() const { return m_origin; }
    /// The runs of the last request, in the order of its configurations.
    const std::vector<DocumentRun>& batch() const { return m_batch; }
    /// The scenario of the last request (null before the first).
    const std::shared_ptr<const Scenario>& scenario() const { return m_scenario; }
    /// The project index of the last request's scenario; -1 outside the project or before the
    /// first.
    int scenarioIndex() const { return m_scenarioIndex; }
    /// How the last request ended.
    Outcome lastOutcome() const { return m_outcome; }

signals:
    /// Progress in [0, 1) of the request in progress, and its step.
    void progress(double fraction, const QString& step);
    /// A run of the request in progress arrived; it is the last of batch().
    void runAdded(const gantry::ui::DocumentRun& run);
    /// The request ended and batch() holds every run it made; ended() follows. What is done
    /// here (showing the runs) counts in the time ended()'s text gives.
    void ending(gantry::ui::RunSession::Outcome outcome);
    /// The request ended; statusText says how ("Finished 2 runs in 0.12 s", "Cancelled", "Run
    /// failed: ...").
    void ended(gantry::ui::RunSession::Outcome outcome, const QString& statusText);

private:
    void onRunFinished(const std::shared_ptr<const gantry::RunResult>& result,
                       const std::shared_ptr<const gantry::Schedule>& schedule);
    void finish(Outcome outcome, const QString& message);
    QString completedText() const;

    RunControl* m_runs = nullptr; // the run worker and its thread
    bool m_running = false;
    RunRequest::Origin m_origin = RunRequest::Origin::User;
    QString m_label;                            // the Plan point in words
    std::shared_ptr<const Scenario> m_scenario; // what the last request runs
    int m_scenarioIndex = -1;
    std::vector<DocumentRun> m_batch; // the runs of the last request
    Outcome m_outcome = Outcome::None;
    QElapsedTimer m_clock; // since start()
};

} // namespace gantry::ui
