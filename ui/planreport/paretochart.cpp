#include "planreport/paretochart.h"

#include "charts/policycolours.h"
#include "plan/sweepsession.h"
#include "planreport/plantext.h"
#include "report/reportlayout.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace gantry::ui {

namespace {
const QColor kInk(0x20, 0x20, 0x20);
const QColor kMuted(0x70, 0x70, 0x70);
const QColor kGrid(0xe2, 0xe2, 0xe2);
const QColor kTarget(0xc0, 0x39, 0x2b);
constexpr double kFontPt = 7.5;
} // namespace

ParetoChart::ParetoChart(const plan::SweepSession& session, const PlanGroup& group)
    : m_group(group), m_metric(session.spec().target.metric),
      m_targetText(PlanText::target(session.spec().target)),
      m_colour(PolicyColours::of(group.policy()))
{
    const plan::SweepTarget& target = session.spec().target;
    m_target = target.max ? *target.max : target.min.value_or(0.0);
    double xlo = INFINITY, xhi = -INFINITY, ylo = 0.0, yhi = m_target;
    for (const PlanCluster& c : group.clusters())
        for (std::size_t row : c.rows) {
            const std::optional<plan::PointResult>& r = session.result(row);
            if (!r || !r->feasible)
                continue;
            const QPointF p(r->costUsd, r->metric(m_metric));
            m_points.push_back(p);
            xlo = std::min(xlo, p.x());
            xhi = std::max(xhi, p.x());
            ylo = std::min(ylo, p.y());
            yhi = std::max(yhi, p.y());
        }
    if (m_points.empty())
        xlo = 0.0, xhi = 1.0;
    // Room on both sides so that no marker sits on the frame.
    const double xpad = (xhi - xlo) * 0.04;
    m_x = NiceScale::of(xlo - xpad, xhi + xpad, 7);
    m_y = NiceScale::of(ylo, yhi * 1.04, 6);
    const double top = std::max(std::abs(m_x.lo), std::abs(m_x.hi));
    QString unit = QStringLiteral("USD");
    if (top >= 1e6)
        m_costDivisor = 1e6, unit = QStringLiteral("million USD");
    else if (top >= 1e4)
        m_costDivisor = 1e3, unit = QStringLiteral("thousand USD");
    m_xTitle = QStringLiteral("cost_usd: capital + energy over %1 years (%2)")
                   .arg(session.spec().cost.horizonYears)
                   .arg(unit);
    const QString metricUnit = PlanText::unit(m_metric);
    m_yTitle =
        metricUnit.isEmpty() ? m_metric : QStringLiteral("%1 (%2)").arg(m_metric, metricUnit);
}

QRectF ParetoChart::plotArea(QPainter& painter, const QRectF& area) const
{
    const QFontMetricsF fm(ReportLayout::font(kFontPt), painter.device());
    const double line = fm.height();
    double labelWidth = 0.0;
    for (double t : m_y.ticks)
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(NiceScale::label(t, m_y.step)));
    const double lastX =
        fm.horizontalAdvance(NiceScale::label(m_x.hi / m_costDivisor, m_x.step / m_costDivisor));
    return area.adjusted(line * 1.6 + labelWidth + 6.0, line * 2.0, -(lastX / 2.0 + 4.0),
                         -(line * 2.8));
}

QPointF ParetoChart::map(const QRectF& plot, double costUsd, double metric) const
{
    const double fx = (costUsd - m_x.lo) / (m_x.hi - m_x.lo);
    const double fy = (metric - m_y.lo) / (m_y.hi - m_y.lo);
    return QPointF(plot.left() + fx * plot.width(), plot.bottom() - fy * plot.height());
}

void ParetoChart::paint(QPainter& painter, const QRectF& area) const
{
    painter.save();
    const QFont font = ReportLayout::font(kFontPt);
    const QFont titleFont = ReportLayout::font(kFontPt + 0.5, true);
    const QFontMetricsF fm(font, painter.device());
    const double line = fm.height();
    const double unit = line / 10.0; // marker and pen sizes follow the text size
    const QRectF plot = plotArea(painter, area);

    // Grid, ticks and labels.
    painter.setFont(font);
    for (double t : m_x.ticks) {
        const double x = map(plot, t, m_y.lo).x();
        painter.setPen(QPen(kGrid, unit * 0.6));
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        painter.setPen(kInk);
        painter.drawText(QRectF(x - 60.0 * unit, plot.bottom() + 2.0, 120.0 * unit, line),
                         Qt::AlignHCenter | Qt::AlignTop,
                         NiceScale::label(t / m_costDivisor, m_x.step / m_costDivisor));
    }
    for (double t : m_y.ticks) {
        const double y = map(plot, m_x.lo, t).y();
        painter.setPen(QPen(kGrid, unit * 0.6));
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        painter.setPen(kInk);
        painter.drawText(QRectF(area.left(), y - line / 2.0, plot.left() - area.left() - 4.0, line),
                         Qt::AlignRight | Qt::AlignVCenter, NiceScale::label(t, m_y.step));
    }
    painter.setPen(QPen(kMuted, unit * 0.8));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(plot);

    // Axis titles.
    painter.setFont(titleFont);
    painter.setPen(kInk);
    painter.drawText(QRectF(plot.left(), plot.bottom() + line * 1.35, plot.width(), line * 1.3),
                     Qt::AlignHCenter | Qt::AlignVCenter, m_xTitle);
    painter.save();
    painter.translate(area.left(), plot.center().y());
    painter.rotate(-90.0);
    painter.drawText(QRectF(-plot.height() / 2.0, 0.0, plot.height(), line * 1.3),
                     Qt::AlignHCenter | Qt::AlignVCenter, m_yTitle);
    painter.restore();

    // Data, clipped to the plot.
    painter.save();
    painter.setClipRect(plot.adjusted(-1, -1, 1, 1));
    QPen dashed(kTarget, unit * 1.2, Qt::DashLine);
    painter.setPen(dashed);
    const double ty = map(plot, m_x.lo, m_target).y();
    painter.drawLine(QPointF(plot.left(), ty), QPointF(plot.right(), ty));
    QColor faint = m_colour;
    faint.setAlphaF(0.8f);
    painter.setPen(QPen(faint, unit * 0.9));
    painter.setBrush(Qt::NoBrush);
    for (const QPointF& p : m_points)
        painter.drawEllipse(map(plot, p.x(), p.y()), unit * 2.6, unit * 2.6);
    const std::vector<PlanCluster>& clusters = m_group.clusters();
    if (!m_group.front().empty()) {
        QPainterPath path;
        for (std::size_t k = 0; k < m_group.front().size(); ++k) {
            const PlanCluster& c = clusters[m_group.front()[k]];
            const QPointF p = map(plot, c.costUsd, c.metric);
            if (k == 0)
                path.moveTo(p);
            else
                path.lineTo(p);
        }
        painter.setPen(QPen(m_colour.darker(130), unit * 1.6));
        painter.drawPath(path);
    }
    painter.setPen(QPen(m_colour.darker(150), unit * 0.6));
    painter.setBrush(m_colour);
    for (const PlanCluster& c : clusters)
        if (c.feasible)
            painter.drawEllipse(map(plot, c.costUsd, c.metric), unit * 3.0, unit * 3.0);
    painter.restore();

    // The recommendation: a ring and its cluster, on the side with room.
    if (m_group.recommended()) {
        const PlanCluster& c = clusters[*m_group.recommended()];
        const QPointF p = map(plot, c.costUsd, c.metric);
        painter.setPen(QPen(kInk, unit * 1.6));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(p, unit * 6.0, unit * 6.0);
        painter.setFont(titleFont);
        const QString text = QStringLiteral("recommended: ") + c.label;
        const double w = QFontMetricsF(titleFont, painter.device()).horizontalAdvance(text) + 4.0;
        double x = p.x() + unit * 8.0;
        if (x + w > plot.right())
            x = p.x() - unit * 8.0 - w;
        x = std::max(x, plot.left() + 2.0);
        double y = p.y() - unit * 6.0 - line;
        if (y < plot.top() + 2.0)
            y = p.y() + unit * 6.0;
        const QRectF box(x, y, w, line);
        painter.fillRect(box, QColor(255, 255, 255, 220));
        painter.drawText(box, Qt::AlignLeft | Qt::AlignVCenter, text);
    }

    // Legend above the plot.
    painter.setFont(font);
    double x = plot.left();
    const double cy = area.top() + line * 0.8;
    const double gap = unit * 10.0;
    auto label = [&](const QString& text) {
        painter.setPen(kInk);
        const double w = fm.horizontalAdvance(text);
        painter.drawText(QRectF(x, cy - line / 2.0, w + 2.0, line),
                         Qt::AlignLeft | Qt::AlignVCenter, text);
        x += w + gap;
    };
    painter.setPen(QPen(faint, unit * 0.9));
    painter.setBrush(Qt::NoBrush);
    painter.drawEllipse(QPointF(x + unit * 3.0, cy), unit * 2.6, unit * 2.6);
    x += unit * 8.0;
    label(QStringLiteral("point (one seed)"));
    painter.setPen(QPen(m_colour.darker(150), unit * 0.6));
    painter.setBrush(m_colour);
    painter.drawEllipse(QPointF(x + unit * 3.0, cy), unit * 3.0, unit * 3.0);
    x += unit * 8.0;
    label(QStringLiteral("cluster (mean of seeds)"));
    painter.setPen(QPen(m_colour.darker(130), unit * 1.6));
    painter.drawLine(QPointF(x, cy), QPointF(x + unit * 14.0, cy));
    x += unit * 18.0;
    label(QStringLiteral("Pareto front"));
    painter.setPen(QPen(kInk, unit * 1.6));
    painter.setBrush(Qt::NoBrush);
    painter.drawEllipse(QPointF(x + unit * 6.0, cy), unit * 5.0, unit * 5.0);
    x += unit * 14.0;
    label(QStringLiteral("recommended"));
    painter.setPen(dashed);
    painter.drawLine(QPointF(x, cy), QPointF(x + unit * 16.0, cy));
    x += unit * 20.0;
    label(QStringLiteral("target: ") + m_targetText);
    painter.restore();
}

} // namespace gantry::ui
