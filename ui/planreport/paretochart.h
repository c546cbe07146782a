#pragma once

#include "planreport/nicescale.h"
#include "planreport/plangroup.h"

#include <QColor>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <optional>
#include <vector>

class QPainter;

namespace gantry::plan {
class SweepSession;
}

namespace gantry::ui {

/// The Pareto chart of one sweep group, painted as vector graphics: cost against the target
/// metric, every feasible point (one per seed) and every cluster's mean over the seeds, the
/// Pareto front as a line, the recommended cluster marked, the target as a dashed line and
/// axis titles with units.
class ParetoChart
{
public:
    /// The chart of group (collected from session, which must outlive the chart).
    ParetoChart(const plan::SweepSession& session, const PlanGroup& group);

    /// Paints the chart, legend and axes included, into area.
    void paint(QPainter& painter, const QRectF& area) const;
    /// The rectangle of area the data is plotted in (inside axes and legend).
    QRectF plotArea(QPainter& painter, const QRectF& area) const;
    /// Where (cost, metric) lands in plot (from plotArea()).
    QPointF map(const QRectF& plot, double costUsd, double metric) const;
    /// Number of feasible points drawn.
    int pointCount() const { return int(m_points.size()); }

private:
    const PlanGroup& m_group;
    std::vector<QPointF> m_points; // (cost, metric) of every feasible point
    QString m_metric;
    QString m_targetText;
    double m_target = 0.0;
    QString m_xTitle;
    QString m_yTitle;
    double m_costDivisor = 1.0;
    QColor m_colour;
    NiceScale::Range m_x;
    NiceScale::Range m_y;
};

} // namespace gantry::ui
