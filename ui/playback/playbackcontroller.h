#pragma once

#include <QObject>
#include <QTimer>

#include <vector>

namespace gantry::ui {

/// The playback cursor shared by the result views: a time in seconds that plays forward at a
/// speed (simulated seconds per wall second), pauses, and steps from event time to event time.
class PlaybackController : public QObject
{
    Q_OBJECT

public:
    explicit PlaybackController(QObject* parent = nullptr);

    /// The schedule's event times (any order, duplicates allowed) and its end.
    void setTimeline(std::vector<double> eventTimes, double endS);
    /// Cursor time, seconds.
    double cursor() const { return m_cursor; }
    /// End of the timeline, seconds.
    double endS() const { return m_end; }
    /// Distinct event times, ascending.
    const std::vector<double>& eventTimes() const { return m_times; }
    /// Simulated seconds per wall-clock second while playing.
    double speed() const { return m_speed; }
    /// Speed at which the whole timeline plays in one minute.
    double defaultSpeed() const;
    /// True while playing.
    bool isPlaying() const { return m_timer.isActive(); }

public Q_SLOTS:
    /// Moves the cursor (clamped to [0, end]).
    void setCursor(double timeS);
    /// Sets the playing speed (simulated seconds per wall second, > 0).
    void setSpeed(double simulatedSecondsPerSecond);
    void play();
    void pause();
    /// Play when paused, pause when playing.
    void togglePlay();
    /// Moves to the first event time after the cursor (the end when none).
    void stepForward();
    /// Moves to the last event time before the cursor (0 when none).
    void stepBack();
    /// Advances as if wallSeconds had passed while playing (the timer calls it).
    void advance(double wallSeconds);

Q_SIGNALS:
    void cursorChanged(double timeS);
    void playingChanged(bool playing);

private:
    QTimer m_timer;
    std::vector<double> m_times;
    double m_end = 0.0;
    double m_cursor = 0.0;
    double m_speed = 1.0;
};

} // namespace gantry::ui
