#pragma once

#include "export/playbackanimation.h"

#include <QObject>
#include <QString>

#include <memory>

namespace gantry::ui {

class BackgroundTask;

/// Writes a PlaybackAnimation to a GIF off the GUI thread: the frames are rendered and encoded
/// in a BackgroundTask, progress comes back as signals, cancel() stops it at the next frame.
/// Every start() ends with exactly one of finished(), cancelled() or failed(); a cancelled or
/// failed animation leaves no file and an existing file untouched.
class AnimationWorker : public QObject
{
    Q_OBJECT

public:
    explicit AnimationWorker(QObject* parent = nullptr);

    /// Starts writing the animation of schedule (a run of scenario with result) with options to
    /// path. False (and nothing starts) while an animation is in progress.
    bool start(const Scenario& scenario, const Schedule& schedule, const RunResult& result,
               const PlaybackAnimation::Options& options, const QString& path);
    /// True from start() until its final signal.
    bool isRunning() const;

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
    BackgroundTask* m_task; // owned as a child: cancels and joins its thread when destroyed
    std::shared_ptr<const PlaybackAnimation> m_animation;
    QString m_path;
    bool m_refused = false; // the options were refused: failed() without a thread
};

} // namespace gantry::ui
