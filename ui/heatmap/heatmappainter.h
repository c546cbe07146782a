#pragma once

#include "sim/trafficmatrix.h"

#include <QColor>
#include <QImage>
#include <QPointF>
#include <QRectF>

class QPainter;

namespace gantry::ui {

/// Draws a TrafficMatrix as a heatmap (cells coloured on a logarithmic scale from the largest
/// cell) with a colour-scale legend on the right. Keeps the matrix by value.
class HeatmapPainter
{
public:
    explicit HeatmapPainter(const TrafficMatrix& matrix);

    void paint(QPainter& p, const QRectF& area) const;

    /// The matrix drawn.
    const TrafficMatrix& matrix() const { return m_matrix; }
    /// Rectangle of the cell grid inside area (without the legend and labels).
    QRectF gridRect(const QRectF& area) const;
    /// Cell (row, column) under pos in area, or (-1, -1) outside the grid.
    std::pair<int, int> cellAt(const QRectF& area, const QPointF& pos) const;
    /// Rectangle of cell (row, column) inside area.
    QRectF cellRect(const QRectF& area, int row, int column) const;
    /// Colour of a cell holding bytes: white for 0, then a logarithmic scale over four
    /// decades up to the matrix's max.
    QColor colourFor(double bytes) const;
    /// Human-readable bytes, e.g. "1.5 GB".
    static QString formatBytes(double bytes);

private:
    TrafficMatrix m_matrix;
    double m_max = 0.0;
    QImage m_image; // one pixel per cell
};

} // namespace gantry::ui
