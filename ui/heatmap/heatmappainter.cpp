#include "heatmap/heatmappainter.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace gantry::ui {

namespace {

constexpr double kDecades = 4.0;
constexpr double kLegendWidth = 86.0;
constexpr double kLabelMargin = 64.0;
// Labels are drawn only when every cell gets at least this many pixels.
constexpr double kMinLabelCell = 9.0;
// Up to this many rows the cells are drawn as rectangles, above it as one image. A PDF stores
// images JPEG-compressed, and at one pixel per cell its chroma subsampling blends neighbouring
// cells into colours that are on no scale; rectangles keep the report's cells as on screen.
constexpr int kMaxVectorCells = 128;

// Scale position t in [0, 1] to a colour: pale yellow through orange to dark red.
QColor ramp(double t)
{
    t = std::clamp(t, 0.0, 1.0);
    const double hue = 55.0 * (1.0 - t);
    const double sat = 0.25 + 0.75 * std::min(1.0, t * 1.6);
    const double val = 1.0 - 0.45 * std::max(0.0, t - 0.5) * 2.0;
    return QColor::fromHsvF(float(hue / 360.0), float(sat), float(val));
}

} // namespace

HeatmapPainter::HeatmapPainter(const TrafficMatrix& matrix) : m_matrix(matrix), m_max(matrix.max())
{
    const int n = std::max(0, m_matrix.size);
    m_image = QImage(std::max(1, n), std::max(1, n), QImage::Format_RGB32);
    m_image.fill(Qt::white);
    for (int r = 0; r < n; ++r) {
        auto* line = reinterpret_cast<QRgb*>(m_image.scanLine(r));
        for (int c = 0; c < n; ++c)
            line[c] = colourFor(m_matrix.at(r, c)).rgb();
    }
}

QColor HeatmapPainter::colourFor(double bytes) const
{
    if (bytes <= 0.0 || m_max <= 0.0)
        return Qt::white;
    const double t = (std::log10(bytes) - std::log10(m_max)) / kDecades + 1.0;
    return ramp(t);
}

QString HeatmapPainter::formatBytes(double bytes)
{
    static const char* units[] = {"B", "KB", "MB", "GB", "TB", "PB", "EB"};
    int u = 0;
    while (bytes >= 1000.0 && u < 6) {
        bytes /= 1000.0;
        ++u;
    }
    return QStringLiteral("%1 %2").arg(bytes, 0, 'g', 3).arg(QLatin1String(units[u]));
}

QRectF HeatmapPainter::gridRect(const QRectF& area) const
{
    const int n = std::max(1, m_matrix.size);
    QRectF r = area.adjusted(6, 6, -kLegendWidth, -6);
    const double side0 = std::min(r.width(), r.height());
    const bool labels = m_matrix.size > 0 && side0 / n >= kMinLabelCell;
    if (labels)
        r.adjust(kLabelMargin, kLabelMargin, 0, 0);
    const double side = std::max(0.0, std::min(r.width(), r.height()));
    return QRectF(r.left(), r.top(), side, side);
}

QRectF HeatmapPainter::cellRect(const QRectF& area, int row, int column) const
{
    const QRectF g = gridRect(area);
    const double cell = g.width() / std::max(1, m_matrix.size);
    return QRectF(g.left() + column * cell, g.top() + row * cell, cell, cell);
}

std::pair<int, int> HeatmapPainter::cellAt(const QRectF& area, const QPointF& pos) const
{
    const QRectF g = gridRect(area);
    if (m_matrix.size <= 0 || !g.contains(pos) || g.width() <= 0)
        return {-1, -1};
    const double cell = g.width() / m_matrix.size;
    const int c = std::min(m_matrix.size - 1, int((pos.x() - g.left()) / cell));
    const int r = std::min(m_matrix.size - 1, int((pos.y() - g.top()) / cell));
    return {r, c};
}

void HeatmapPainter::paint(QPainter& p, const QRectF& area) const
{
    p.save();
    p.fillRect(area, Qt::white);
    if (m_max <= 0.0) {
        // An empty grid labelled "none" reads as a broken view: say what it means.
        QFont f = p.font();
        f.setPointSizeF(10.0);
        p.setFont(f);
        p.setPen(QColor(70, 70, 70));
        p.drawText(area.adjusted(24, 24, -24, -24), Qt::AlignCenter | Qt::TextWordWrap,
                   QCoreApplication::translate(
                       "gantry::ui::HeatmapPainter",
                       "No traffic between GPUs in this run: its jobs carry no communication "
                       "(duration jobs, as traces give) or each ran on a single GPU."));
        p.restore();
        return;
    }
    const QRectF g = gridRect(area);
    const int n = m_matrix.size;
    QFont f = p.font();
    f.setPointSizeF(7.5);
    p.setFont(f);
    const QFontMetricsF fm(f);
    if (n > 0 && g.width() > 0) {
        const double cell = g.width() / n;
        if (n <= kMaxVectorCells) {
            for (int r = 0; r < n; ++r)
                for (int c = 0; c < n; ++c)
                    p.fillRect(QRectF(g.left() + c * cell, g.top() + r * cell, cell, cell),
                               QColor::fromRgb(m_image.pixel(c, r)));
        } else {
            p.setRenderHint(QPainter::SmoothPixmapTransform, false);
            p.drawImage(g, m_image);
        }
        if (cell >= kMinLabelCell) {
            p.setPen(QColor(40, 40, 40));
            for (int i = 0; i < n; ++i) {
                const QString text =
                    fm.elidedText(m_matrix.labels[std::size_t(i)], Qt::ElideLeft, kLabelMargin - 4);
                p.drawText(
                    QRectF(g.left() - kLabelMargin, g.top() + i * cell, kLabelMargin - 4, cell),
                    Qt::AlignRight | Qt::AlignVCenter, text);
                p.save();
                p.translate(g.left() + i * cell, g.top() - 4);
                p.rotate(-90);
                p.drawText(QRectF(0, 0, kLabelMargin - 4, cell), Qt::AlignLeft | Qt::AlignVCenter,
                           text);
                p.restore();
            }
            if (cell >= 4.0) {
                p.setPen(QPen(QColor(230, 230, 230), 0.5));
                for (int i = 1; i < n; ++i) {
                    p.drawLine(QPointF(g.left() + i * cell, g.top()),
                               QPointF(g.left() + i * cell, g.bottom()));
                    p.drawLine(QPointF(g.left(), g.top() + i * cell),
                               QPointF(g.right(), g.top() + i * cell));
                }
            }
        }
        p.setPen(QPen(QColor(120, 120, 120), 1.0));
        p.setBrush(Qt::NoBrush);
        p.drawRect(g);
    }
    // Legend: the colour scale with its top, middle and bottom values.
    const QRectF bar(area.right() - kLegendWidth + 12, area.top() + 24, 14,
                     std::max(40.0, std::min(area.height() - 48, 260.0)));
    QLinearGradient grad(bar.bottomLeft(), bar.topLeft());
    for (int k = 0; k <= 10; ++k)
        grad.setColorAt(k / 10.0, ramp(k / 10.0));
    p.fillRect(bar, grad);
    p.setPen(QColor(60, 60, 60));
    p.drawRect(bar);
    p.drawText(QRectF(bar.left() - 10, area.top() + 4, kLegendWidth, 18), Qt::AlignLeft,
               QStringLiteral("bytes"));
    if (m_max > 0.0) {
        for (int k = 0; k <= 2; ++k) {
            const double t = k / 2.0;
            const double value = m_max * std::pow(10.0, -kDecades * (1.0 - t));
            const double y = bar.bottom() - t * bar.height();
            p.drawText(QRectF(bar.right() + 3, y - 8, kLegendWidth - 30, 16),
                       Qt::AlignLeft | Qt::AlignVCenter, formatBytes(value));
        }
    } else {
        p.drawText(QRectF(bar.right() + 3, bar.bottom() - 8, kLegendWidth - 30, 16),
                   Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("none"));
    }
    p.restore();
}

} // namespace gantry::ui
