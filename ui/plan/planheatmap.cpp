#include "planheatmap.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace gantry::ui {

namespace {
const QColor Paper(Qt::white);
const QColor Ink(0x21, 0x21, 0x21);
const QColor NoRun(0xd6, 0xd6, 0xd6);

// A sequential ramp (light yellow through green to dark blue) that stays readable in print;
// t = 0 is the best value, 1 the worst.
QColor ramp(double t)
{
    static const std::array<QColor, 5> stops{QColor(0xff, 0xff, 0xcc), QColor(0xa1, 0xda, 0xb4),
                                             QColor(0x41, 0xb6, 0xc4), QColor(0x22, 0x5e, 0xa8),
                                             QColor(0x0c, 0x2c, 0x84)};
    t = std::clamp(t, 0.0, 1.0) * double(stops.size() - 1);
    const int i = std::min(int(t), int(stops.size()) - 2);
    const double f = t - i;
    const QColor& a = stops[std::size_t(i)];
    const QColor& b = stops[std::size_t(i) + 1];
    return QColor::fromRgbF(float(a.redF() + f * (b.redF() - a.redF())),
                            float(a.greenF() + f * (b.greenF() - a.greenF())),
                            float(a.blueF() + f * (b.blueF() - a.blueF())));
}

QColor textOn(const QColor& c)
{
    const double luminance = 0.299 * c.redF() + 0.587 * c.greenF() + 0.114 * c.blueF();
    return luminance > 0.55 ? Ink : Qt::white;
}
} // namespace

PlanHeatmap::PlanHeatmap(QWidget* parent) : QWidget(parent)
{
    setMinimumSize(320, 240);
    setToolTip(tr("Double-click a cell to open its run in Results"));
}

void PlanHeatmap::setGrid(const PlanDigest* digest, PlanDigest::Grid grid)
{
    m_digest = digest;
    m_grid = std::move(grid);
    update();
}

QString PlanHeatmap::axisTitle(int axis) const
{
    const plan::SweepAxis& a = m_digest->session().spec().axes.at(std::size_t(axis));
    switch (a.kind) {
    case plan::SweepAxis::Kind::ServerCount:
        return tr("%1 servers").arg(a.server);
    case plan::SweepAxis::Kind::LoadScale:
        return tr("load growth (×)");
    default:
        return a.name;
    }
}

PlanHeatmap::Layout PlanHeatmap::layout() const
{
    Layout l;
    QFont axisFont = font();
    axisFont.setPointSizeF(axisFont.pointSizeF() * 1.15);
    const QFontMetricsF fm(axisFont);
    double labels = fm.horizontalAdvance(QStringLiteral("00"));
    if (m_digest && m_grid.yAxis >= 0)
        for (const QJsonValue& v :
             m_digest->session().spec().axes[std::size_t(m_grid.yAxis)].values)
            labels = std::max(labels, fm.horizontalAdvance(PlanDigest::valueText(v)));
    const double left = fm.height() * 1.8 + labels + 8.0;
    const double keyWidth = fm.horizontalAdvance(QStringLiteral("00.00 min")) + 28.0;
    const double top = fm.height() * 1.0 + 8.0;
    const double bottom = fm.height() * 2.6 + 8.0;
    const QRectF area(left, top, std::max(40.0, width() - left - keyWidth - 16.0),
                      std::max(40.0, height() - top - bottom));
    l.cells = area;
    if (!m_grid.cells.empty() && !m_grid.cells.front().empty()) {
        l.cellW = area.width() / double(m_grid.cells.size());
        l.cellH = area.height() / double(m_grid.cells.front().size());
    }
    l.key = QRectF(area.right() + 16.0, area.top(), 16.0, area.height());
    return l;
}

std::pair<int, int> PlanHeatmap::cellAt(const QPoint& pos) const
{
    const Layout l = layout();
    if (l.cellW <= 0 || !l.cells.contains(pos))
        return {-1, -1};
    const int x = std::min(int((pos.x() - l.cells.left()) / l.cellW), int(m_grid.cells.size()) - 1);
    // Row 0 of the y axis is at the bottom, as on a chart.
    const int ny = int(m_grid.cells.front().size());
    const int fromTop = std::min(int((pos.y() - l.cells.top()) / l.cellH), ny - 1);
    return {x, ny - 1 - fromTop};
}

QPoint PlanHeatmap::cellCentre(int x, int y) const
{
    const Layout l = layout();
    const int ny = m_grid.cells.empty() ? 0 : int(m_grid.cells.front().size());
    return QPointF(l.cells.left() + (x + 0.5) * l.cellW,
                   l.cells.top() + (ny - 1 - y + 0.5) * l.cellH)
        .toPoint();
}

void PlanHeatmap::mouseDoubleClickEvent(QMouseEvent* event)
{
    const auto [x, y] = cellAt(event->position().toPoint());
    if (x >= 0 && y >= 0)
        if (const auto& row = m_grid.cells[std::size_t(x)][std::size_t(y)].row)
            emit pointActivated(*row);
    QWidget::mouseDoubleClickEvent(event);
}

void PlanHeatmap::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), Paper);
    p.setPen(Ink);
    if (!m_digest || m_grid.cells.empty() || m_grid.cells.front().empty()) {
        p.drawText(rect(), Qt::AlignCenter,
                   m_digest ? tr("Pick two different axes") : tr("Run a sweep to see the heatmap"));
        return;
    }
    const plan::SweepSpec& spec = m_digest->session().spec();
    const QString metric = spec.target.metric;
    const bool lowerIsBetter = spec.target.max.has_value();
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const auto& column : m_grid.cells)
        for (const PlanDigest::Cell& c : column)
            if (c.feasible) {
                lo = std::min(lo, c.metric);
                hi = std::max(hi, c.metric);
            }
    const bool any = std::isfinite(lo);
    auto shade = [&](double v) {
        double t = hi > lo ? (v - lo) / (hi - lo) : 0.0;
        return ramp(lowerIsBetter ? t : 1.0 - t);
    };

    const Layout l = layout();
    const auto& xs = spec.axes[std::size_t(m_grid.xAxis)].values;
    const auto& ys = spec.axes[std::size_t(m_grid.yAxis)].values;
    // Every cell in one unit, named by the key; the largest font (up to 14 pt) at which every
    // cell's text fits its cell, else the short form (no tick, a cross for "cannot run").
    const PlanDigest::Unit unit =
        PlanDigest::unitFor(metric, any ? std::max(std::abs(lo), std::abs(hi)) : 0.0);
    auto cellText = [&](const PlanDigest::Cell& c, bool shortForm) {
        if (!c.row)
            return QString();
        if (!c.feasible)
            return shortForm ? QStringLiteral("✗") : tr("cannot run");
        return PlanDigest::shortNumber(c.metric * unit.scale) +
               (c.meets && !shortForm ? QStringLiteral(" ✓") : QString());
    };
    QFont cellFont = font();
    cellFont.setBold(true);
    bool shortForm = false;
    for (double size = 14.0;; size -= 0.5) {
        cellFont.setPointSizeF(size);
        const QFontMetricsF cm(cellFont);
        double widest = 0.0, widestShort = 0.0;
        for (const auto& column : m_grid.cells)
            for (const PlanDigest::Cell& c : column) {
                widest = std::max(widest, cm.horizontalAdvance(cellText(c, false)));
                widestShort = std::max(widestShort, cm.horizontalAdvance(cellText(c, true)));
            }
        const bool tall = cm.height() < l.cellH - 4.0;
        if (tall && widest < l.cellW - 8.0)
            break;
        if (tall && widestShort < l.cellW - 4.0) {
            shortForm = true;
            break;
        }
        if (size <= 7.0) {
            shortForm = true;
            break;
        }
    }
    for (std::size_t a = 0; a < xs.size(); ++a)
        for (std::size_t b = 0; b < ys.size(); ++b) {
            const PlanDigest::Cell& c = m_grid.cells[a][b];
            const QPoint centre = cellCentre(int(a), int(b));
            const QRectF r(centre.x() - l.cellW / 2.0, centre.y() - l.cellH / 2.0, l.cellW,
                           l.cellH);
            const QColor fill = c.feasible ? shade(c.metric) : NoRun;
            p.fillRect(r, fill);
            p.setPen(QPen(Paper, 1.0));
            p.drawRect(r);
            p.setFont(cellFont);
            p.setPen(textOn(fill));
            p.drawText(r, Qt::AlignCenter, cellText(c, shortForm));
        }
    if (m_grid.recommended) {
        const auto [a, b] = *m_grid.recommended;
        const QPoint centre = cellCentre(a, b);
        const QRectF r(centre.x() - l.cellW / 2.0 + 2.5, centre.y() - l.cellH / 2.0 + 2.5,
                       l.cellW - 5.0, l.cellH - 5.0);
        p.setPen(QPen(QColor(0xd5, 0x00, 0x00), 4.0));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r);
    }

    // Axis values and titles, a little larger than the window's text.
    QFont axisFont = font();
    axisFont.setPointSizeF(axisFont.pointSizeF() * 1.15);
    p.setFont(axisFont);
    p.setPen(Ink);
    const QFontMetricsF fm(axisFont);
    for (std::size_t a = 0; a < xs.size(); ++a) {
        const QPoint c = cellCentre(int(a), 0);
        p.drawText(QRectF(c.x() - l.cellW / 2.0, l.cells.bottom() + 2.0, l.cellW, fm.height()),
                   Qt::AlignCenter, PlanDigest::valueText(xs[a]));
    }
    for (std::size_t b = 0; b < ys.size(); ++b) {
        const QPoint c = cellCentre(0, int(b));
        p.drawText(QRectF(0, c.y() - l.cellH / 2.0, l.cells.left() - 6.0, l.cellH),
                   Qt::AlignRight | Qt::AlignVCenter, PlanDigest::valueText(ys[b]));
    }
    QFont bold = axisFont;
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(QRectF(l.cells.left(), l.cells.bottom() + fm.height() + 4.0, l.cells.width(),
                      fm.height() * 1.4),
               Qt::AlignCenter, axisTitle(m_grid.xAxis));
    p.save();
    p.translate(fm.height() * 0.9, l.cells.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-l.cells.height() / 2.0, -fm.height(), l.cells.height(), fm.height() * 1.4),
               Qt::AlignCenter, axisTitle(m_grid.yAxis));
    p.restore();
    p.setFont(axisFont);

    // The colour key: best at the top.
    if (any) {
        QLinearGradient g(l.key.topLeft(), l.key.bottomLeft());
        for (int i = 0; i <= 10; ++i)
            g.setColorAt(i / 10.0, ramp(i / 10.0));
        p.fillRect(l.key, g);
        p.setPen(Ink);
        p.drawRect(l.key);
        const double best = lowerIsBetter ? lo : hi;
        const double worst = lowerIsBetter ? hi : lo;
        const QString suffix = unit.name.isEmpty() ? QString() : QLatin1Char(' ') + unit.name;
        p.drawText(QPointF(l.key.right() + 4.0, l.key.top() + fm.ascent()),
                   PlanDigest::shortNumber(best * unit.scale) + suffix);
        p.drawText(QPointF(l.key.right() + 4.0, l.key.bottom()),
                   PlanDigest::shortNumber(worst * unit.scale) + suffix);
    }
}

} // namespace gantry::ui
