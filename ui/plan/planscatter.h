#pragma once

#include <QChartView>
#include <QPointF>

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

class QScatterSeries;

namespace gantry::ui {

class PlanDigest;

/// The Plan view's chart: cost over the horizon (x) against the target metric (y) for the
/// feasible clusters of one group (seed-averaged), those meeting the target apart from the
/// others, the Pareto front as a line, the recommendation as a labelled star and the target as
/// a dashed line. Double-clicking a point asks for its run.
class PlanScatter : public QChartView
{
    Q_OBJECT

public:
    /// An empty chart.
    explicit PlanScatter(QWidget* parent = nullptr);

    /// Draws group g of digest (null: empty chart). digest must outlive the next call.
    void setGroup(const PlanDigest* digest, int g);
    /// The row of the point marked as recommended, if any.
    std::optional<std::size_t> markedRow() const { return m_marked; }
    /// The rows of the plotted clusters (first seed's points), in plotting order.
    std::vector<std::size_t> plottedRows() const;
    /// The rows of the Pareto line's points, cheapest first.
    const std::vector<std::size_t>& paretoRows() const { return m_pareto; }
    /// The row of the plotted point nearest to value (chart coordinates), if any.
    std::optional<std::size_t> rowNear(const QPointF& value) const;
    /// The chart's key as rich text (a coloured mark and the name of each drawn series), for a
    /// label that wraps where the chart's own legend would cut the names short.
    QString legendText() const { return m_legend; }

signals:
    /// A point was double-clicked: row is its first seed's point.
    void pointActivated(std::size_t row);

private:
    void connectSeries(QScatterSeries* series);

    std::vector<std::pair<QPointF, std::size_t>> m_points; // plotted (scaled) point, row
    std::vector<std::size_t> m_pareto;
    std::optional<std::size_t> m_marked;
    QString m_legend;
};

} // namespace gantry::ui
