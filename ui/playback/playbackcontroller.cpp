#include "playback/playbackcontroller.h"

#include <algorithm>

namespace gantry::ui {

namespace {
constexpr int kTickMs = 33;
}

PlaybackController::PlaybackController(QObject* parent) : QObject(parent)
{
    m_timer.setInterval(kTickMs);
    connect(&m_timer, &QTimer::timeout, this, [this] { advance(kTickMs / 1000.0); });
}

void PlaybackController::setTimeline(std::vector<double> eventTimes, double endS)
{
    pause();
    std::sort(eventTimes.begin(), eventTimes.end());
    eventTimes.erase(std::unique(eventTimes.begin(), eventTimes.end()), eventTimes.end());
    m_times = std::move(eventTimes);
    m_end = std::max({endS, m_times.empty() ? 0.0 : m_times.back(), 0.0});
    m_speed = defaultSpeed();
    setCursor(0.0);
    Q_EMIT cursorChanged(m_cursor);
}

double PlaybackController::defaultSpeed() const
{
    return m_end > 0.0 ? m_end / 60.0 : 1.0;
}

void PlaybackController::setCursor(double timeS)
{
    const double t = std::clamp(timeS, 0.0, m_end);
    if (t == m_cursor)
        return;
    m_cursor = t;
    Q_EMIT cursorChanged(m_cursor);
}

void PlaybackController::setSpeed(double simulatedSecondsPerSecond)
{
    if (simulatedSecondsPerSecond > 0.0)
        m_speed = simulatedSecondsPerSecond;
}

void PlaybackController::play()
{
    if (m_timer.isActive())
        return;
    if (m_cursor >= m_end)
        setCursor(0.0);
    m_timer.start();
    Q_EMIT playingChanged(true);
}

void PlaybackController::pause()
{
    if (!m_timer.isActive())
        return;
    m_timer.stop();
    Q_EMIT playingChanged(false);
}

void PlaybackController::togglePlay()
{
    if (isPlaying())
        pause();
    else
        play();
}

void PlaybackController::stepForward()
{
    const auto it = std::upper_bound(m_times.begin(), m_times.end(), m_cursor);
    setCursor(it == m_times.end() ? m_end : *it);
}

void PlaybackController::stepBack()
{
    const auto it = std::lower_bound(m_times.begin(), m_times.end(), m_cursor);
    setCursor(it == m_times.begin() ? 0.0 : *(it - 1));
}

void PlaybackController::advance(double wallSeconds)
{
    setCursor(m_cursor + wallSeconds * m_speed);
    if (m_cursor >= m_end)
        pause();
}

} // namespace gantry::ui
