#pragma once

#include "export/playbackanimation.h"

#include <QObject>
#include <QString>

#include <memory>

class QThread;

namespace gantry::ui {

/// Writes a PlaybackAnimation to a GIF off the GUI thread: the frames are rendered and encoded
/// in a thread of its own, progress comes back as signals, cancel() stops it at the next frame.
/// Every start() ends with exactly one of finished(), cancelled() or failed(); a cancelled or
/// failed animation leaves no file and an existing file untouched.
class AnimationWorker : public QObject
{
    Q_OBJECT

public:
    explicit AnimationWorker(QObject* parent = nullptr);
    /// Cancels an animation in progress and waits for its thread (no file is left behind).
    ~AnimationWorker() override;

    /// Starts writing the animation of schedule (a run of scenario with result) with options to
    /// path. False (and nothing starts) while an animation is in progress.
    bool start(const Scenario& scenario, const Schedule& schedule, const RunResult& result,
               const PlaybackAnimation::Options& options, const QString& path);
    /// True from start() until its final signal.
    bool isRunning() const { return m_running; }

public Q_SLOTS:
    /// Stops the animation at its next frame; it ends with cancelled(). Returns at once.
    void cancel();

Q_SIGNALS:
    /// Progress in [0, 1] and the current step ("frame 3 of 20").
    void progress(double fraction, const QString& step);
    /// The animation is written to path, with frames frames.
    void finished(const QString& path, int frames);
    /// cancel() stopped the animation; no file was written.
    void cancelled();
    /// The animation failed (message names the file and the problem); no file was written.
    void failed(const QString& message);

private:
    void done();

    struct Job;
    std::shared_ptr<Job> m_job;
    QThread* m_thread = nullptr;
    bool m_running = false;
};

} // namespace gantry::ui
