#include "planreport/planheatmapfigure.h"

#include "plan/sweepspec.h"
#include "planreport/nicescale.h"
#include "planreport/plantext.h"
#include "report/reportlayout.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStringList>

#include <algorithm>
#include <array>
#include <cmath>

namespace gantry::ui {

namespace {
const QColor kInk(0x20, 0x20, 0x20);
const QColor kMuted(0x70, 0x70, 0x70);
const QColor kInfeasible(0xd4, 0xd4, 0xd4);
const QColor kTarget(0xc0, 0x39, 0x2b);
constexpr double kFontPt = 7.5;
constexpr double kCellFontPt = 8.0;
constexpr int kKeySteps = 32;

// A sequential scale that stays ordered in grey and for colour-blind readers: pale yellow
// (t = 0, good) through green and blue to dark purple (t = 1, bad).
QColor ramp(double t)
{
    static const std::array<QColor, 5> anchors = {
        QColor(0xfd, 0xe7, 0x25), QColor(0x5e, 0xc9, 0x62), QColor(0x21, 0x91, 0x8c),
        QColor(0x3b, 0x52, 0x8b), QColor(0x44, 0x01, 0x54)};
    t = std::clamp(t, 0.0, 1.0) * double(anchors.size() - 1);
    const std::size_t i = std::min(anchors.size() - 2, std::size_t(t));
    const double f = t - double(i);
    const QColor& a = anchors[i];
    const QColor& b = anchors[i + 1];
    return QColor(int(std::lround(a.red() + (b.red() - a.red()) * f)),
                  int(std::lround(a.green() + (b.green() - a.green()) * f)),
                  int(std::lround(a.blue() + (b.blue() - a.blue()) * f)));
}

bool dark(const QColor& c)
{
    return 0.299 * c.red() + 0.587 * c.green() + 0.114 * c.blue() < 140.0;
}

std::vector<int> counts(const plan::SweepAxis& axis)
{
    std::vector<int> out;
    for (const QJsonValue& v : axis.values)
        out.push_back(v.toInt());
    return out;
}
} // namespace

PlanHeatmapFigure::PlanHeatmapFigure(const plan::SweepSpec& spec, const PlanGroup& group)
    : m_group(group), m_metric(spec.target.metric)
{
    const plan::SweepTarget& target = spec.target;
    m_target = target.max ? *target.max : target.min.value_or(0.0);
    const std::vector<std::size_t>& axes = group.serverAxes();
    QStringList seeds;
    for (const plan::SweepAxis& a : spec.axes)
        if (a.kind == plan::SweepAxis::Kind::Seed)
            for (const QJsonValue& v : a.values)
                seeds << PlanText::value(v);
    m_seedText =
        seeds.isEmpty() ? QStringLiteral("of the run's one seed (%1)").arg(spec.run.seed)
        : seeds.size() == 1
            ? QStringLiteral("of the one seed (%1)").arg(seeds.front())
            : QStringLiteral("averaged over seeds %1 and %2 of each cluster")
                  .arg(seeds.mid(0, seeds.size() - 1).join(QStringLiteral(", ")), seeds.back());
    if (axes.empty())
        return;
    m_xValues = counts(spec.axes[axes[0]]);
    m_yValues = axes.size() > 1 ? counts(spec.axes[axes[1]]) : std::vector<int>{};
    m_xTitle =
        QStringLiteral("%1 servers (%2)").arg(spec.axes[axes[0]].server, spec.axes[axes[0]].name);
    if (axes.size() > 1)
        m_yTitle = QStringLiteral("%1 servers (%2)")
                       .arg(spec.axes[axes[1]].server, spec.axes[axes[1]].name);
    m_columns = int(m_xValues.size());
    m_rows = std::max<int>(1, int(m_yValues.size()));

    // Every further server axis at the recommended cluster's count (else its last value).
    std::vector<int> base(axes.size(), 0);
    QStringList fixed;
    for (std::size_t a = 2; a < axes.size(); ++a) {
        base[a] = group.recommended() ? group.clusters()[*group.recommended()].counts[a]
                                      : spec.axes[axes[a]].values.back().toInt();
        fixed << QStringLiteral("%1 \u00d7 %2").arg(spec.axes[axes[a]].server).arg(base[a]);
    }
    m_fixedText = fixed.join(QStringLiteral(", "));
    m_cells.assign(std::size_t(m_columns * m_rows), std::nullopt);
    bool any = false;
    m_lo = INFINITY;
    m_hi = -INFINITY;
    for (int c = 0; c < m_columns; ++c)
        for (int r = 0; r < m_rows; ++r) {
            std::vector<int> want = base;
            want[0] = m_xValues[std::size_t(c)];
            if (axes.size() > 1)
                want[1] = m_yValues[std::size_t(r)];
            const std::optional<std::size_t> k = group.find(want);
            m_cells[std::size_t(c * m_rows + r)] = k;
            if (k && group.clusters()[*k].feasible) {
                any = true;
                m_lo = std::min(m_lo, group.clusters()[*k].metric);
                m_hi = std::max(m_hi, group.clusters()[*k].metric);
            }
        }
    if (!any)
        m_lo = 0.0, m_hi = 1.0;
    m_higherIsBetter = !target.max;
}

std::optional<std::size_t> PlanHeatmapFigure::cluster(int column, int row) const
{
    if (column < 0 || row < 0 || column >= m_columns || row >= m_rows)
        return std::nullopt;
    return m_cells[std::size_t(column * m_rows + row)];
}

std::optional<double> PlanHeatmapFigure::value(int column, int row) const
{
    const std::optional<std::size_t> k = cluster(column, row);
    if (!k || !m_group.clusters()[*k].feasible)
        return std::nullopt;
    return m_group.clusters()[*k].metric;
}

QColor PlanHeatmapFigure::colourFor(double value) const
{
    const double t = m_hi > m_lo ? (value - m_lo) / (m_hi - m_lo) : 0.5;
    return ramp(m_higherIsBetter ? 1.0 - t : t);
}

double PlanHeatmapFigure::keyWidth(QPainter& painter) const
{
    const QFontMetricsF fm(ReportLayout::font(kFontPt), painter.device());
    const QString title = m_metric + QStringLiteral(" (mean)");
    double labels = std::max(fm.horizontalAdvance(PlanText::metric(m_hi)),
                             fm.horizontalAdvance(PlanText::metric(m_lo)));
    labels = std::max(labels,
                      fm.horizontalAdvance(QStringLiteral("target ") + PlanText::metric(m_target)));
    labels = std::max(labels, fm.horizontalAdvance(QStringLiteral("infeasible")));
    return std::max(fm.horizontalAdvance(title), fm.height() * 1.6 + labels) + fm.height();
}

QRectF PlanHeatmapFigure::grid(QPainter& painter, const QRectF& area) const
{
    const QFontMetricsF fm(ReportLayout::font(kFontPt), painter.device());
    const double line = fm.height();
    double yLabels = 0.0;
    for (int v : m_yValues)
        yLabels = std::max(yLabels, fm.horizontalAdvance(QString::number(v)));
    const double left = (m_yValues.empty() ? 0.0 : line * 1.6) + yLabels + line * 0.6;
    const QRectF room =
        area.adjusted(left, line * 0.4, -(keyWidth(painter) + line * 1.5), -(line * 2.8));
    if (m_columns == 0 || room.width() <= 0.0 || room.height() <= 0.0)
        return QRectF(room.topLeft(), QSizeF(0, 0));
    // Square cells, as large as fit but not wider than a few words.
    const double cell = std::min({room.width() / m_columns, room.height() / m_rows, line * 7.0});
    return QRectF(room.left(), room.top(), cell * m_columns, cell * m_rows);
}

double PlanHeatmapFigure::height(QPainter& painter, double width) const
{
    const double line = QFontMetricsF(ReportLayout::font(kFontPt), painter.device()).height();
    const QRectF g = grid(painter, QRectF(0.0, 0.0, width, 1e6));
    // The colour key needs a few lines even beside a single row of cells.
    return std::max(g.height(), line * 7.5) + line * 3.2;
}

QRectF PlanHeatmapFigure::cellRect(QPainter& painter, const QRectF& area, int column, int row) const
{
    const QRectF g = grid(painter, area);
    if (m_columns == 0)
        return {};
    const double w = g.width() / m_columns;
    const double h = g.height() / m_rows;
    return QRectF(g.left() + column * w, g.bottom() - (row + 1) * h, w, h);
}

void PlanHeatmapFigure::paint(QPainter& painter, const QRectF& area) const
{
    if (!valid())
        return;
    painter.save();
    const QFont font = ReportLayout::font(kFontPt);
    const QFont titleFont = ReportLayout::font(kFontPt + 0.5, true);
    const QFontMetricsF fm(font, painter.device());
    const double line = fm.height();
    const QRectF g = grid(painter, area);

    // Cells.
    const QFont cellFont = ReportLayout::font(kCellFontPt);
    const QFont cellBold = ReportLayout::font(kCellFontPt, true);
    const QFont smallFont = ReportLayout::font(kFontPt - 0.5);
    for (int c = 0; c < m_columns; ++c)
        for (int r = 0; r < m_rows; ++r) {
            const QRectF cell = cellRect(painter, area, c, r);
            const std::optional<std::size_t> k = cluster(c, r);
            const PlanCluster* cl = k ? &m_group.clusters()[*k] : nullptr;
            QColor fill = Qt::white;
            QString text = QStringLiteral("\u2013");
            QFont f = cellFont;
            if (cl && cl->feasible) {
                fill = colourFor(cl->metric);
                text = PlanText::metric(cl->metric);
                if (cl->meetsTarget)
                    f = cellBold;
            } else if (cl) {
                fill = kInfeasible;
                text = QStringLiteral("infeasible");
                f = smallFont;
            }
            painter.setPen(Qt::NoPen);
            painter.setBrush(fill);
            painter.drawRect(cell);
            const QFontMetricsF cm(f, painter.device());
            if (cm.horizontalAdvance(text) + 4.0 <= cell.width() && cm.height() <= cell.height()) {
                painter.setFont(f);
                painter.setPen(dark(fill) ? Qt::white : kInk);
                painter.drawText(cell, Qt::AlignCenter, text);
            }
        }
    // Thin white lines between the cells, the frame, then the recommended cell's outline.
    painter.setPen(QPen(Qt::white, line * 0.08));
    for (int c = 1; c < m_columns; ++c) {
        const double x = g.left() + g.width() * c / m_columns;
        painter.drawLine(QPointF(x, g.top()), QPointF(x, g.bottom()));
    }
    for (int r = 1; r < m_rows; ++r) {
        const double y = g.top() + g.height() * r / m_rows;
        painter.drawLine(QPointF(g.left(), y), QPointF(g.right(), y));
    }
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(kMuted, line * 0.06));
    painter.drawRect(g);
    if (m_group.recommended())
        for (int c = 0; c < m_columns; ++c)
            for (int r = 0; r < m_rows; ++r)
                if (cluster(c, r) == m_group.recommended()) {
                    const double w = line * 0.28;
                    painter.setPen(QPen(kTarget, w, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
                    painter.drawRect(
                        cellRect(painter, area, c, r).adjusted(w / 2, w / 2, -w / 2, -w / 2));
                }

    // Axis labels and titles.
    painter.setFont(font);
    painter.setPen(kInk);
    for (int c = 0; c < m_columns; ++c) {
        const QRectF cell = cellRect(painter, area, c, 0);
        painter.drawText(QRectF(cell.left(), g.bottom() + 2.0, cell.width(), line),
                         Qt::AlignHCenter | Qt::AlignTop,
                         QString::number(m_xValues[std::size_t(c)]));
    }
    for (int r = 0; r < int(m_yValues.size()); ++r) {
        const QRectF cell = cellRect(painter, area, 0, r);
        painter.drawText(
            QRectF(area.left(), cell.top(), g.left() - area.left() - line * 0.4, cell.height()),
            Qt::AlignRight | Qt::AlignVCenter, QString::number(m_yValues[std::size_t(r)]));
    }
    painter.setFont(titleFont);
    painter.drawText(
        QRectF(g.left() - line * 2.0, g.bottom() + line * 1.3, g.width() + line * 4.0, line * 1.3),
        Qt::AlignHCenter | Qt::AlignVCenter, m_xTitle);
    if (!m_yTitle.isEmpty()) {
        painter.save();
        painter.translate(area.left(), g.center().y());
        painter.rotate(-90.0);
        const double w =
            std::max(g.height() + line * 4.0,
                     QFontMetricsF(titleFont, painter.device()).horizontalAdvance(m_yTitle) + 4.0);
        painter.drawText(QRectF(-w / 2.0, 0.0, w, line * 1.3), Qt::AlignHCenter | Qt::AlignVCenter,
                         m_yTitle);
        painter.restore();
    }

    // The colour key: a strip from the lowest value (bottom) to the highest (top).
    const double kx = g.right() + line * 1.5;
    const double kw = line * 1.2;
    painter.setFont(font);
    painter.setPen(kInk);
    painter.drawText(QRectF(kx, g.top(), keyWidth(painter), line), Qt::AlignLeft | Qt::AlignVCenter,
                     m_metric + QStringLiteral(" (mean)"));
    const double infeasibleH = line * 1.2;
    // As tall as the cells, but never shorter than a few lines (a single row of cells).
    const double keyHeight = std::max(g.height(), line * 7.5);
    const QRectF strip(kx, g.top() + line * 1.4, kw, keyHeight - line * 1.4 - infeasibleH * 1.5);
    painter.setPen(Qt::NoPen);
    for (int i = 0; i < kKeySteps; ++i) {
        const double v = m_lo + (m_hi - m_lo) * (i + 0.5) / kKeySteps;
        painter.setBrush(colourFor(v));
        const double h = strip.height() / kKeySteps;
        painter.drawRect(QRectF(strip.left(), strip.bottom() - (i + 1) * h, kw, h + 0.3));
    }
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(kMuted, line * 0.06));
    painter.drawRect(strip);
    painter.setPen(kInk);
    const double lx = strip.right() + line * 0.4;
    painter.drawText(QRectF(lx, strip.top() - line / 2.0, keyWidth(painter), line),
                     Qt::AlignLeft | Qt::AlignVCenter, PlanText::metric(m_hi));
    painter.drawText(QRectF(lx, strip.bottom() - line / 2.0, keyWidth(painter), line),
                     Qt::AlignLeft | Qt::AlignVCenter, PlanText::metric(m_lo));
    if (m_hi > m_lo && m_target > m_lo && m_target < m_hi) {
        const double y = strip.bottom() - strip.height() * (m_target - m_lo) / (m_hi - m_lo);
        painter.setPen(QPen(kTarget, line * 0.12));
        painter.drawLine(QPointF(strip.left() - line * 0.2, y),
                         QPointF(strip.right() + line * 0.2, y));
        // Keep the target's label clear of the end labels.
        const double ly = std::clamp(y, strip.top() + line, strip.bottom() - line);
        painter.setPen(kTarget);
        painter.drawText(QRectF(lx, ly - line / 2.0, keyWidth(painter), line),
                         Qt::AlignLeft | Qt::AlignVCenter,
                         QStringLiteral("target ") + PlanText::metric(m_target));
    }
    const QRectF grey(kx, strip.bottom() + infeasibleH * 0.5, kw, infeasibleH * 0.8);
    painter.setPen(Qt::NoPen);
    painter.setBrush(kInfeasible);
    painter.drawRect(grey);
    painter.setPen(kInk);
    painter.drawText(QRectF(lx, grey.top(), keyWidth(painter), grey.height()),
                     Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("infeasible"));
    painter.restore();
}

QString PlanHeatmapFigure::caption() const
{
    const QString unit = PlanText::unit(m_metric);
    QString text = QStringLiteral("Colour and number: %1%2 %3")
                       .arg(m_metric,
                            unit.isEmpty() || unit == QLatin1String("fraction")
                                ? QString()
                                : QStringLiteral(" in ") + unit,
                            m_seedText);
    if (!m_group.values().empty())
        text += QStringLiteral(", at %1 (the recommendation's combination of the other axes)")
                    .arg(m_group.title());
    if (!m_fixedText.isEmpty())
        text += QStringLiteral(", with the other server counts as recommended: ") + m_fixedText;
    text += QStringLiteral(". Outlined: the recommended cluster. Bold: the mean meets the target. "
                           "Grey: infeasible (some job does not fit on the cluster).");
    return text;
}

} // namespace gantry::ui
