#pragma once

#include "sim/schedule.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QSlider;
class QToolButton;

namespace gantry::ui {

class PlaybackController;

/// Play, pause, step back and forward, a time slider, a speed chooser and the counters (free
/// GPUs, queue, running) at the cursor. Follows and drives a PlaybackController.
class PlaybackBar : public QWidget
{
    Q_OBJECT

public:
    explicit PlaybackBar(PlaybackController* controller, QWidget* parent = nullptr);

    /// Counters shown at the cursor (empty hides them); totalGpus is what is free before the
    /// first event.
    void setCounters(std::vector<CounterSample> counters, int totalGpus);
    /// The text of the counters at the cursor, e.g. "free 4 · queue 2 · running 3".
    QString countersText() const;

private:
    // Sets the controller's speed from the chosen entry and explains it in the tooltip.
    void applySpeed();
    void updateFromCursor(double timeS);

    PlaybackController* m_controller;
    std::vector<CounterSample> m_counters;
    int m_totalGpus = 0;
    QToolButton* m_back;
    QToolButton* m_play;
    QToolButton* m_forward;
    QSlider* m_slider;
    QComboBox* m_speed;
    QLabel* m_time;
    QLabel* m_countersLabel;
    bool m_updating = false;
};

} // namespace gantry::ui
