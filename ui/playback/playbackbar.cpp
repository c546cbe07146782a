#include "playback/playbackbar.h"

#include "playback/playbackcontroller.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QStyle>
#include <QToolButton>

#include <algorithm>

namespace gantry::ui {

namespace {
constexpr int kSliderSteps = 10000;
}

PlaybackBar::PlaybackBar(PlaybackController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller)
{
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(4, 2, 4, 2);
    auto button = [&](QStyle::StandardPixmap icon, const QString& tip) {
        auto* b = new QToolButton(this);
        b->setIcon(style()->standardIcon(icon));
        b->setToolTip(tip);
        row->addWidget(b);
        return b;
    };
    m_back = button(QStyle::SP_MediaSeekBackward, tr("Step back to the previous event"));
    m_play = button(QStyle::SP_MediaPlay, tr("Play or pause"));
    m_forward = button(QStyle::SP_MediaSeekForward, tr("Step to the next event"));
    m_back->setObjectName(QStringLiteral("stepBack"));
    m_play->setObjectName(QStringLiteral("play"));
    m_forward->setObjectName(QStringLiteral("stepForward"));
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setRange(0, kSliderSteps);
    row->addWidget(m_slider, 1);
    m_time = new QLabel(this);
    m_time->setMinimumWidth(110);
    row->addWidget(m_time);
    m_speed = new QComboBox(this);
    for (double f : {0.25, 0.5, 1.0, 2.0, 4.0, 16.0, 64.0})
        m_speed->addItem(QStringLiteral("%1x").arg(f), f);
    m_speed->setCurrentIndex(2);
    m_speed->setToolTip(tr("Speed (1x plays the whole run in a minute)"));
    row->addWidget(m_speed);
    m_countersLabel = new QLabel(this);
    m_countersLabel->setObjectName(QStringLiteral("counters"));
    row->addWidget(m_countersLabel);

    connect(m_back, &QToolButton::clicked, controller, &PlaybackController::stepBack);
    connect(m_forward, &QToolButton::clicked, controller, &PlaybackController::stepForward);
    connect(m_play, &QToolButton::clicked, controller, &PlaybackController::togglePlay);
    connect(controller, &PlaybackController::playingChanged, this, [this](bool playing) {
        m_play->setIcon(
            style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    });
    connect(controller, &PlaybackController::cursorChanged, this, &PlaybackBar::updateFromCursor);
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) {
        if (!m_updating)
            m_controller->setCursor(m_controller->endS() * v / kSliderSteps);
    });
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this](int) {
        m_controller->setSpeed(m_controller->defaultSpeed() * m_speed->currentData().toDouble());
    });
    updateFromCursor(controller->cursor());
}

void PlaybackBar::setCounters(std::vector<CounterSample> counters, int totalGpus)
{
    m_counters = std::move(counters);
    m_totalGpus = totalGpus;
    m_controller->setSpeed(m_controller->defaultSpeed() * m_speed->currentData().toDouble());
    updateFromCursor(m_controller->cursor());
}

QString PlaybackBar::countersText() const
{
    if (m_counters.empty())
        return QString();
    const double t = m_controller->cursor();
    // The last sample at or before the cursor; before the first event nothing runs.
    auto it = std::upper_bound(m_counters.begin(), m_counters.end(), t,
                               [](double x, const CounterSample& c) { return x < c.timeS; });
    if (it == m_counters.begin())
        return tr("free %1 · queue 0 · running 0").arg(m_totalGpus);
    --it;
    return tr("free %1 · queue %2 · running %3")
        .arg(it->freeGpus)
        .arg(it->queueLength)
        .arg(it->running);
}

void PlaybackBar::updateFromCursor(double timeS)
{
    m_updating = true;
    const double end = m_controller->endS();
    m_slider->setValue(end > 0 ? int(timeS / end * kSliderSteps) : 0);
    m_updating = false;
    m_time->setText(tr("%1 s / %2 s").arg(timeS, 0, 'f', 1).arg(end, 0, 'f', 0));
    m_countersLabel->setText(countersText());
}

} // namespace gantry::ui
