#include "playback/playbackbar.h"

#include "format/readabletext.h"
#include "playback/playbackcontroller.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
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
    // Speeds say what they do: how long the whole run takes to play. The simulated seconds
    // per second depend on the run and go in the tooltip (a "1x" that plays 93 s a second
    // read as real time).
    m_speed->setObjectName(QStringLiteral("speed"));
    for (double wallS : {240.0, 120.0, 60.0, 30.0, 15.0, 4.0, 1.0})
        m_speed->addItem(tr("whole run in %1").arg(ReadableText::duration(wallS)), 60.0 / wallS);
    m_speed->setCurrentIndex(2);
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
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this](int) { applySpeed(); });
    updateFromCursor(controller->cursor());
}

void PlaybackBar::setCounters(std::vector<CounterSample> counters, int totalGpus)
{
    m_counters = std::move(counters);
    m_totalGpus = totalGpus;
    applySpeed();
    updateFromCursor(m_controller->cursor());
}

void PlaybackBar::applySpeed()
{
    const double speed = m_controller->defaultSpeed() * m_speed->currentData().toDouble();
    m_controller->setSpeed(speed);
    m_speed->setToolTip(tr("Playback speed: %1 of the run per second of playback")
                            .arg(ReadableText::duration(speed)));
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
        return tr("%1 free · 0 jobs waiting · 0 running")
            .arg(ReadableText::count(m_totalGpus, tr("GPU"), tr("GPUs")));
    --it;
    return tr("%1 free · %2 waiting · %3 running")
        .arg(ReadableText::count(it->freeGpus, tr("GPU"), tr("GPUs")),
             ReadableText::count(it->queueLength, tr("job"), tr("jobs")),
             QLocale(QLocale::English).toString(it->running));
}

void PlaybackBar::updateFromCursor(double timeS)
{
    m_updating = true;
    const double end = m_controller->endS();
    m_slider->setValue(end > 0 ? int(timeS / end * kSliderSteps) : 0);
    m_updating = false;
    m_time->setText(tr("%1 of %2").arg(ReadableText::duration(timeS), ReadableText::duration(end)));
    m_countersLabel->setText(countersText());
}

} // namespace gantry::ui
