#pragma once

#include "planreport/plangroup.h"

#include <QColor>
#include <QRectF>
#include <QString>

#include <optional>
#include <vector>

class QPainter;

namespace gantry::plan {
struct SweepSpec;
}

namespace gantry::ui {

/// The two-axis heatmap of one sweep group: the first server count axis across, the second up
/// (a single row when the sweep has one), each cell a cluster coloured and labelled by its
/// target metric averaged over the seeds; any further server count axes stay at the
/// recommended cluster's counts (the last value of each when nothing is recommended). Cells
/// are vector rectangles, so the PDF keeps their colours exactly; the recommended cell is
/// outlined, infeasible cells are grey, values that meet the target are bold.
class PlanHeatmapFigure
{
public:
    /// The heatmap of group of the sweep spec (group must outlive it).
    PlanHeatmapFigure(const plan::SweepSpec& spec, const PlanGroup& group);

    /// False when the sweep has no server count axis (nothing to draw).
    bool valid() const { return m_columns > 0; }
    /// Number of cells across (values of the first server count axis).
    int columns() const { return m_columns; }
    /// Number of cells up (values of the second server count axis, or 1).
    int rows() const { return m_rows; }
    /// The cluster of cell (column, row), row 0 at the bottom, if the sweep has it.
    std::optional<std::size_t> cluster(int column, int row) const;
    /// The metric of cell (column, row), if its cluster is feasible.
    std::optional<double> value(int column, int row) const;
    /// The colour of a metric value on the key's scale.
    QColor colourFor(double value) const;
    /// Where cell (column, row) is drawn when the heatmap is painted into area.
    QRectF cellRect(QPainter& painter, const QRectF& area, int column, int row) const;
    /// The height the heatmap needs at width (square cells of at most a few words).
    double height(QPainter& painter, double width) const;
    /// Paints cells, labels, axis titles and the colour key into area.
    void paint(QPainter& painter, const QRectF& area) const;
    /// The caption: what the colour and numbers are and which values the other axes take.
    QString caption() const;

private:
    QRectF grid(QPainter& painter, const QRectF& area) const;
    double keyWidth(QPainter& painter) const;

    const PlanGroup& m_group;
    QString m_metric;
    QString m_xTitle;
    QString m_yTitle;
    std::vector<int> m_xValues;
    std::vector<int> m_yValues;
    std::vector<std::optional<std::size_t>> m_cells; // column-major: column * rows + row
    QString m_fixedText;
    QString m_seedText;
    double m_lo = 0.0;
    double m_hi = 1.0;
    double m_target = 0.0;
    bool m_higherIsBetter = false;
    int m_columns = 0;
    int m_rows = 0;
};

} // namespace gantry::ui
