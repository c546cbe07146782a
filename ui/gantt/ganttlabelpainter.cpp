#include "gantt/ganttlabelpainter.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace gantry::ui {

namespace {

// A round step for about `pixels` between ticks.
double tickStep(double span, double width, double pixels)
{
    const double raw = span * pixels / std::max(1.0, width);
    static const double steps[] = {1,       2,       5,       10,      15,     30,     60,
                                   120,     300,     600,     900,     1800,   3600,   7200,
                                   10800,   21600,   43200,   86400,   172800, 432000, 604800,
                                   1209600, 2592000, 7776000, 31536000};
    for (double s : steps)
        if (s >= raw)
            return s;
    return std::pow(10.0, std::ceil(std::log10(raw)));
}

QString timeLabel(double s, double step)
{
    if (step >= 86400.0)
        return QStringLiteral("%1 d").arg(s / 86400.0, 0, 'g', 6);
    if (step >= 3600.0)
        return QStringLiteral("%1 h").arg(s / 3600.0, 0, 'g', 6);
    if (step >= 60.0)
        return QStringLiteral("%1 min").arg(s / 60.0, 0, 'g', 6);
    return QStringLiteral("%1 s").arg(s, 0, 'g', 6);
}

} // namespace

QString GanttLabelPainter::fitLabel(const QString& text, const QFontMetricsF& fm, double width)
{
    return fm.elidedText(text, Qt::ElideLeft, width);
}

void GanttLabelPainter::paint(QPainter& p, const QRectF& area, const GanttLayout& l,
                              const GanttLanes& lanes, const Cluster& c)
{
    QFont f = p.font();
    f.setPointSizeF(GanttLanes::kLabelPointSize);
    p.setFont(f);
    const QFontMetricsF fm(f);
    const double textH = fm.height();
    p.setPen(QColor(40, 40, 40));
    const double left = area.left() + 4.0;
    const double w = l.chart.left() - area.left() - 8.0;
    auto label = [&](double y0, double y1, const QString& text) {
        if (y1 - y0 < textH * 0.9)
            return;
        p.drawText(QRectF(left, y0, w, y1 - y0), Qt::AlignVCenter | Qt::AlignLeft,
                   fitLabel(text, fm, w));
    };
    const double laneH = l.laneHeight;
    // The finest level of detail that fits: lanes, else servers, else racks.
    const int level = laneH >= textH * 0.9 ? 0 : laneH * 8.0 >= textH ? 1 : 2;
    auto group = [&](int lane) {
        return level == 0 ? lane : level == 1 ? lanes.server(lane) : lanes.rack(lane);
    };
    int runStart = l.first;
    for (int lane = l.first + 1; lane <= l.first + l.count; ++lane) {
        if (lane < l.first + l.count && group(lane) == group(runStart))
            continue;
        const double y0 = l.chart.top() + (runStart - l.first) * laneH;
        const double y1 = l.chart.top() + (lane - l.first) * laneH;
        const int s = lanes.server(runStart);
        const QString rack =
            c.racks.empty() ? QString() : c.racks[std::size_t(lanes.rack(runStart))].name;
        if (level == 0)
            label(y0, y1, lanes.label(c, runStart));
        else if (level == 1)
            label(y0, y1, QStringLiteral("%1/%2").arg(rack, c.servers[std::size_t(s)].name));
        else
            label(y0, y1, rack);
        runStart = lane;
    }
    if (!l.band.isEmpty())
        label(l.band.top(), l.band.bottom(), QStringLiteral("virtual machine"));
    paintAxis(p, l);
}

void GanttLabelPainter::paintAxis(QPainter& p, const GanttLayout& l)
{
    if (l.to <= l.from)
        return;
    const double step = tickStep(l.to - l.from, l.chart.width(), 90.0);
    const double axisY = (l.band.isEmpty() ? l.chart.bottom() : l.band.bottom());
    p.setPen(QColor(80, 80, 80));
    for (double t = std::ceil(l.from / step) * step; t <= l.to; t += step) {
        const double x = l.chart.left() + (t - l.from) / (l.to - l.from) * l.chart.width();
        p.drawLine(QPointF(x, axisY), QPointF(x, axisY + 4));
        p.drawText(QRectF(x - 45, axisY + 4, 90, GanttLayout::kAxisHeight - 4),
                   Qt::AlignHCenter | Qt::AlignTop, timeLabel(t, step));
    }
}

} // namespace gantry::ui
