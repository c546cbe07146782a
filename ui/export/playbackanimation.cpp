#include "playbackanimation.h"

#include "animatedgifwriter.h"
#include "format/readabletext.h"
#include "gantt/ganttpainter.h"
#include "sim/notecontext.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QSaveFile>

#include <algorithm>
#include <cmath>

namespace gantry::ui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("gantry::ui::PlaybackAnimation", text);
}

struct Theme
{
    QColor background, strip, text, muted;
};

Theme theme(bool dark)
{
    if (dark)
        return {QColor(32, 34, 40), QColor(44, 47, 56), QColor(240, 240, 240),
                QColor(175, 180, 190)};
    return {QColor(255, 255, 255), QColor(244, 245, 248), QColor(25, 25, 25), QColor(90, 90, 90)};
}

// Text drawn in rect at the largest pixel size from size down to minSize at which it fits;
// at minSize what does not fit is cut at the rect's bottom.
void fitText(QPainter& p, const QRectF& rect, const QString& text, double size, double minSize,
             int flags)
{
    QFont f = p.font();
    for (; size > minSize; size -= 1.0) {
        f.setPixelSize(int(size));
        const QRectF need = QFontMetricsF(f).boundingRect(rect, flags, text);
        if (need.height() <= rect.height())
            break;
    }
    f.setPixelSize(int(std::max(size, minSize)));
    p.setFont(f);
    p.save();
    p.setClipRect(rect);
    p.drawText(rect, flags, text);
    p.restore();
}

} // namespace

PlaybackAnimation::PlaybackAnimation(const Scenario& scenario, const Schedule& schedule,
                                     const RunResult& result, const Options& options)
    : m_scenario(scenario), m_schedule(schedule), m_result(result), m_options(options)
{
    m_scenario.cluster.finalize();
    m_explainer =
        std::make_unique<DecisionExplainer>(m_scenario, m_schedule, m_result.config, m_result.jobs);
    m_endS = GanttPainter(m_scenario, m_schedule).endS();
    if (m_options.frames > 0) {
        const int n = std::min(m_options.frames, MaxFrames);
        for (int i = 0; i < n; ++i)
            m_times.push_back(n == 1 ? m_endS : m_endS * double(i) / double(n - 1));
    } else {
        const int steps = std::min(m_explainer->stepCount(), MaxFrames);
        for (int i = 0; i < steps; ++i)
            m_times.push_back(m_explainer->stepTime(i));
    }
    if (m_times.empty())
        m_times.push_back(m_endS);
}

PlaybackAnimation::~PlaybackAnimation() = default;

Status PlaybackAnimation::check(const Options& o)
{
    if (o.size.width() < MinSide || o.size.height() < MinSide * 9 / 16 ||
        o.size.width() > MaxSide || o.size.height() > MaxSide)
        return Error::invalid(
            QStringLiteral("size %1x%2: the width must be %3 to %5 pixels and the height %4 to %5")
                .arg(o.size.width())
                .arg(o.size.height())
                .arg(MinSide)
                .arg(MinSide * 9 / 16)
                .arg(MaxSide));
    if (o.frames < 0 || o.frames > MaxFrames)
        return Error::invalid(
            QStringLiteral("frames %1: give 1 to %2 (or 0: one per decision step)")
                .arg(o.frames)
                .arg(MaxFrames));
    if (o.delayMs < MinDelayMs || o.delayMs > MaxDelayMs)
        return Error::invalid(QStringLiteral("delay %1 ms: give %2 to %3 ms")
                                  .arg(o.delayMs)
                                  .arg(MinDelayMs)
                                  .arg(MaxDelayMs));
    return {};
}

int PlaybackAnimation::frameDelayMs(int i) const
{
    // The finished chart stays a little longer before the animation starts again.
    return i == frameCount() - 1 ? 3 * m_options.delayMs : m_options.delayMs;
}

double PlaybackAnimation::visibleUntil(double timeS) const
{
    // The axis grows with the cursor, a quarter ahead of it, so that the first decisions of a
    // long run are not a sliver at the left edge; never less than a twentieth of the run.
    if (!(m_endS > 0.0))
        return 1.0;
    return std::min(m_endS, std::max(1.25 * timeS, m_endS / 20.0));
}

int PlaybackAnimation::frameStep(int i) const
{
    return m_explainer->stepAt(frameTime(i));
}

Schedule PlaybackAnimation::scheduleAt(const Schedule& schedule, double timeS)
{
    Schedule s;
    s.totalGpus = schedule.totalGpus;
    for (const ScheduleSegment& seg : schedule.segments) {
        if (seg.startS > timeS)
            continue;
        ScheduleSegment cut = seg;
        if (cut.endS > timeS) {
            const double done =
                seg.endS > seg.startS ? (timeS - seg.startS) / (seg.endS - seg.startS) : 1.0;
            cut.endS = timeS;
            cut.iterations = seg.iterations * done;
            cut.end = ScheduleSegment::End::Cut;
        }
        s.addSegment(cut.job, cut.startS, cut.endS, schedule.gpusOf(seg), cut.iterations, cut.end);
    }
    for (const VirtualSlice& v : schedule.virtualSlices)
        if (v.fromS <= timeS)
            s.virtualSlices.push_back({v.job, v.fromS, std::min(v.toS, timeS)});
    // Before the virtual machine's first slice the band is there, empty: the chart keeps its
    // layout from frame to frame.
    if (s.virtualSlices.empty() && !schedule.virtualSlices.empty()) {
        const VirtualSlice& first = schedule.virtualSlices.front();
        s.virtualSlices.push_back({first.job, first.fromS, first.fromS});
    }
    for (const CounterSample& c : schedule.counters)
        if (c.timeS <= timeS)
            s.counters.push_back(c);
    for (const ScheduleEvent& e : schedule.events)
        if (e.timeS <= timeS)
            s.events.push_back(e);
    s.eventGpus = schedule.eventGpus; // the events kept index it
    for (const DecisionNote& n : schedule.notes)
        if (n.timeS <= timeS)
            s.notes.push_back(n);
    return s;
}

QImage PlaybackAnimation::frame(int i) const
{
    const QSize size = m_options.size;
    const double scale = size.height() / 720.0; // sizes below are for 720 pixels high
    const Theme t = theme(m_options.dark);
    QImage image(size, QImage::Format_RGB32);
    image.fill(t.background);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    const double w = size.width(), h = size.height();
    const double margin = 12.0 * scale;
    const double titleH = 44.0 * scale;
    const double captionH = m_options.captions ? std::round(h * 0.27) : 0.0;
    const double timeS = frameTime(i);

    // Title line: the scenario and policy on the left, the moment on the right.
    QFont f = p.font();
    f.setBold(true);
    f.setPixelSize(int(22 * scale));
    p.setFont(f);
    p.setPen(t.text);
    const QRectF titleRect(margin, 0, w - 2 * margin, titleH);
    const QString moment =
        tr("t = %1 of %2").arg(ReadableText::duration(timeS), ReadableText::duration(m_endS));
    const double momentW = QFontMetricsF(f).horizontalAdvance(moment) + margin;
    p.drawText(titleRect, Qt::AlignRight | Qt::AlignVCenter, moment);
    const QString title = tr("%1 · %2").arg(
        m_scenario.name.isEmpty() ? tr("Scenario") : m_scenario.name, m_result.config.policy);
    p.drawText(titleRect.adjusted(0, 0, -momentW, 0), Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetricsF(f).elidedText(title, Qt::ElideMiddle, titleRect.width() - momentW));

    // The chart as it stood at timeS, on the time axis of the whole run.
    const Schedule at = scheduleAt(m_schedule, timeS);
    GanttPainter gantt(m_scenario, at);
    GanttPainter::Options o;
    o.fromS = 0.0;
    o.toS = visibleUntil(timeS);
    o.cursorS = timeS;
    o.reuseFrame = false;
    f.setBold(false);
    f.setPixelSize(int(std::max(11.0, 13 * scale)));
    p.setFont(f);
    const QRectF chart(margin, titleH, w - 2 * margin, h - titleH - captionH - margin);
    gantt.paint(p, chart, o);

    if (m_options.captions)
        paintCaption(p, QRectF(0, h - captionH, w, captionH), caption(i), m_options.dark);
    p.end();
    return image;
}

PlaybackAnimation::Caption PlaybackAnimation::caption(int i) const
{
    const int step = frameStep(i);
    const int steps = m_explainer->stepCount();
    Caption c;
    if (step < 0) {
        c.heading = steps > 0 ? tr("Before the first decision") : tr("No decisions to explain");
        c.body = tr("No job has arrived yet.");
        return c;
    }
    const DecisionStep s = m_explainer->step(step);
    c.heading = tr("Decision %1 of %2 at %3 · %4 free after it")
                    .arg(step + 1)
                    .arg(steps)
                    .arg(NoteContext::seconds(s.timeS),
                         ReadableText::count(s.freeGpusAfter, tr("GPU"), tr("GPUs")));
    QStringList lines;
    for (const QString& sentence : s.sentences)
        lines << QStringLiteral("• ") + sentence;
    c.body = lines.join(QLatin1Char('\n'));
    return c;
}

void PlaybackAnimation::paintCaption(QPainter& p, const QRectF& area, const Caption& caption,
                                     bool dark) const
{
    const Theme t = theme(dark);
    const double scale = m_options.size.height() / 720.0;
    const double margin = 14.0 * scale;
    p.fillRect(area, t.strip);
    p.setPen(QPen(t.muted, std::max(1.0, scale)));
    p.drawLine(area.topLeft(), area.topRight());
    QFont f = p.font();
    f.setBold(true);
    f.setPixelSize(int(21 * scale));
    p.setFont(f);
    p.setPen(t.text);
    const double headH = 32.0 * scale;
    const QRectF inner = area.adjusted(margin, margin * 0.6, -margin, -margin * 0.6);
    p.drawText(QRectF(inner.left(), inner.top(), inner.width(), headH),
               Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetricsF(f).elidedText(caption.heading, Qt::ElideRight, inner.width()));
    f.setBold(false);
    p.setFont(f);
    fitText(p, inner.adjusted(0, headH, 0, 0), caption.body, 20 * scale, 14 * scale,
            Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap);
}

Status PlaybackAnimation::write(const QString& path, Feedback* feedback) const
{
    if (Status s = check(m_options); !s)
        return s;
    auto cannotWrite = [&path](const QString& why) {
        return Error::internal(QStringLiteral("%1: cannot write: %2").arg(path, why));
    };
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return cannotWrite(file.errorString());
    // One colour table for every frame: the finished chart's colours (every job's bars, the
    // band) and the first frame's (the captions), then a colour cube.
    const int n = frameCount();
    std::vector<QImage> samples{frame(n - 1)};
    if (n > 1)
        samples.push_back(frame(0));
    QList<QRgb> required;
    for (bool dark : {false, true}) {
        const Theme t = theme(dark);
        required << t.background.rgb() << t.strip.rgb() << t.text.rgb() << t.muted.rgb();
    }
    required << qRgb(200, 30, 30); // the time cursor
    AnimatedGifWriter gif;
    if (!gif.open(&file, m_options.size, AnimatedGifWriter::palette(samples, required)))
        return cannotWrite(gif.error());
    for (int i = 0; i < n; ++i) {
        if (feedback && feedback->cancelled())
            return Error::cancelled();
        const QImage image = i == n - 1 ? samples.front() : i == 0 ? samples.back() : frame(i);
        if (!gif.addFrame(image, frameDelayMs(i)))
            return cannotWrite(gif.error());
        if (feedback)
            feedback->progress(double(i + 1) / n, tr("frame %1 of %2").arg(i + 1).arg(n));
    }
    if (!gif.close())
        return cannotWrite(gif.error());
    if (feedback && feedback->cancelled())
        return Error::cancelled();
    if (!file.commit())
        return cannotWrite(file.errorString());
    return {};
}

} // namespace gantry::ui
