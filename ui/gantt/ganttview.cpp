#include "gantt/ganttview.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace gantry::ui {

namespace {
constexpr int kScrollSteps = 10000;
constexpr double kMinSpanS = 1.0;
} // namespace

GanttView::GanttView(QWidget* parent) : QAbstractScrollArea(parent)
{
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    viewport()->setMouseTracking(false);
    viewport()->setCursor(Qt::OpenHandCursor);
    // Two of them share the Compare tab of a window on a 1280x800 screen.
    setMinimumSize(320, 120);
}

void GanttView::setSchedule(const Scenario& scenario, const Schedule& schedule)
{
    m_painter = std::make_unique<GanttPainter>(scenario, schedule);
    resetView();
}

void GanttView::setSchedule(std::shared_ptr<const Scenario> scenario,
                            std::shared_ptr<const Schedule> schedule)
{
    m_painter = std::make_unique<GanttPainter>(std::move(scenario), std::move(schedule));
    resetView();
}

void GanttView::resetView()
{
    m_extent = 0.0;
    m_highlight = -1;
    zoomToFit();
}

void GanttView::clear()
{
    m_painter.reset();
    viewport()->update();
}

double GanttView::extent() const
{
    if (m_extent > 0.0)
        return m_extent;
    return m_painter ? m_painter->endS() : 1.0;
}

void GanttView::setTimeExtent(double endS)
{
    m_extent = endS;
    updateScrollBars();
}

GanttPainter::Options GanttView::options() const
{
    GanttPainter::Options o;
    o.fromS = m_from;
    o.toS = m_from + m_span;
    o.firstLane = m_firstLane;
    o.laneCount = m_lanes;
    o.highlightJob = m_highlight;
    o.cursorS = m_cursor;
    return o;
}

void GanttView::setVisibleRange(double fromS, double toS)
{
    const double ext = extent();
    double span = std::clamp(toS - fromS, std::min(kMinSpanS, ext), std::max(ext, kMinSpanS));
    double from = std::clamp(fromS, 0.0, std::max(0.0, ext - span));
    if (from == m_from && span == m_span)
        return;
    m_from = from;
    m_span = span;
    updateScrollBars();
    viewport()->update();
    Q_EMIT visibleRangeChanged(m_from, m_from + m_span);
}

void GanttView::setLaneRange(int first, int count)
{
    const int total = m_painter ? m_painter->laneCount() : 0;
    m_lanes = count < 0 ? total : std::clamp(count, std::min(1, total), total);
    m_firstLane = std::clamp(first, 0, std::max(0, total - m_lanes));
    updateScrollBars();
    viewport()->update();
}

void GanttView::zoomToFit()
{
    m_from = -1.0; // forces the signal
    setVisibleRange(0.0, extent());
    setLaneRange(0, -1);
}

void GanttView::setHighlightedJob(int job)
{
    if (job == m_highlight)
        return;
    m_highlight = job;
    viewport()->update();
}

void GanttView::setCursorTime(double timeS)
{
    m_cursor = timeS;
    viewport()->update();
}

void GanttView::updateScrollBars()
{
    m_syncingBars = true;
    const double ext = extent();
    QScrollBar* h = horizontalScrollBar();
    const int page = ext > 0 ? std::max(1, int(m_span / ext * kScrollSteps)) : kScrollSteps;
    h->setRange(0, std::max(0, kScrollSteps - page));
    h->setPageStep(page);
    h->setSingleStep(std::max(1, page / 10));
    h->setValue(ext > 0 ? int(m_from / ext * kScrollSteps) : 0);
    const int total = m_painter ? m_painter->laneCount() : 0;
    QScrollBar* v = verticalScrollBar();
    v->setRange(0, std::max(0, total - m_lanes));
    v->setPageStep(std::max(1, m_lanes));
    v->setValue(m_firstLane);
    m_syncingBars = false;
}

void GanttView::scrollContentsBy(int, int)
{
    if (m_syncingBars)
        return;
    const double ext = extent();
    const double from = double(horizontalScrollBar()->value()) / kScrollSteps * ext;
    m_firstLane = verticalScrollBar()->value();
    m_syncingBars = true;
    setVisibleRange(from, from + m_span);
    m_syncingBars = false;
    viewport()->update();
}

void GanttView::resizeEvent(QResizeEvent* event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBars();
}

void GanttView::paintEvent(QPaintEvent*)
{
    QPainter p(viewport());
    if (!m_painter) {
        p.fillRect(viewport()->rect(), palette().base());
        p.drawText(viewport()->rect(), Qt::AlignCenter, tr("No run to show"));
        return;
    }
    m_painter->paint(p, QRectF(viewport()->rect()), options());
}

void GanttView::wheelEvent(QWheelEvent* event)
{
    if (!m_painter)
        return;
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0)
        return;
    const double factor = std::pow(0.8, steps);
    const QRectF chart = m_painter->chartRect(QRectF(viewport()->rect()), options());
    if (event->modifiers() & Qt::ControlModifier) {
        // Lanes around the one under the mouse.
        const double frac =
            std::clamp((event->position().y() - chart.top()) / chart.height(), 0.0, 1.0);
        const int count = std::max(1, int(std::lround(m_lanes * factor)));
        const int anchor = m_firstLane + int(frac * m_lanes);
        setLaneRange(anchor - int(frac * count), count);
    } else {
        const double frac =
            std::clamp((event->position().x() - chart.left()) / chart.width(), 0.0, 1.0);
        const double at = m_from + frac * m_span;
        const double span = m_span * factor;
        setVisibleRange(at - frac * span, at - frac * span + span);
    }
    event->accept();
}

void GanttView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    m_dragging = true;
    m_moved = false;
    m_pressPos = event->position().toPoint();
    m_pressFrom = m_from;
    m_pressLane = m_firstLane;
    viewport()->setCursor(Qt::ClosedHandCursor);
}

void GanttView::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_dragging || !m_painter)
        return;
    const QPoint d = event->position().toPoint() - m_pressPos;
    if (d.manhattanLength() > 3)
        m_moved = true;
    if (!m_moved)
        return;
    const QRectF chart = m_painter->chartRect(QRectF(viewport()->rect()), options());
    const double from = m_pressFrom - d.x() / std::max(1.0, chart.width()) * m_span;
    const double laneH = chart.height() / std::max(1, m_lanes);
    setLaneRange(m_pressLane - int(d.y() / std::max(1e-3, laneH)), m_lanes);
    setVisibleRange(from, from + m_span);
}

void GanttView::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !m_dragging)
        return;
    m_dragging = false;
    viewport()->setCursor(Qt::OpenHandCursor);
    if (m_moved || !m_painter)
        return;
    const GanttPainter::Hit hit =
        m_painter->hitTest(QRectF(viewport()->rect()), options(), event->position());
    setHighlightedJob(hit.job);
    Q_EMIT jobSelected(hit.job);
}

QString GanttView::describe(int job, int segment) const
{
    if (!m_painter || job < 0 || std::size_t(job) >= m_painter->scenario().jobs.size())
        return QString();
    const Scenario& sc = m_painter->scenario();
    const Job& j = sc.jobs[std::size_t(job)];
    QString text =
        tr("<b>%1</b><br>arrival %2 s · %3 GPUs · %4")
            .arg(j.id.toHtmlEscaped())
            .arg(j.arrivalS, 0, 'f', 1)
            .arg(j.gpuCount())
            .arg(j.kind == JobKind::Duration ? tr("duration %1 s").arg(j.durationS, 0, 'g', 6)
                                             : tr("%1 iterations").arg(j.iterations, 0, 'g', 6));
    const Schedule& s = m_painter->schedule();
    if (segment >= 0 && std::size_t(segment) < s.segments.size()) {
        const ScheduleSegment& g = s.segments[std::size_t(segment)];
        const char* end = g.end == ScheduleSegment::End::Finished    ? "finished"
                          : g.end == ScheduleSegment::End::Preempted ? "preempted"
                                                                     : "cut";
        QStringList servers;
        for (int gpu : s.gpusOf(g)) {
            const QString n = sc.cluster.servers[std::size_t(sc.cluster.serverOfGpu(gpu))].name;
            if (!servers.contains(n))
                servers << n;
        }
        text += tr("<br>segment %1 s to %2 s, %3<br>%4 iterations done<br>on %5")
                    .arg(g.startS, 0, 'f', 1)
                    .arg(g.endS, 0, 'f', 1)
                    .arg(QLatin1String(end))
                    .arg(g.iterations, 0, 'g', 6)
                    .arg(servers.join(QStringLiteral(", ")).toHtmlEscaped());
    } else if (segment == -2) {
        text += tr("<br>on the virtual machine");
    }
    return text;
}

bool GanttView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip && m_painter) {
        auto* help = static_cast<QHelpEvent*>(event);
        const GanttPainter::Hit hit =
            m_painter->hitTest(QRectF(viewport()->rect()), options(), help->pos());
        const QString text = describe(hit.job, hit.segment);
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace gantry::ui
