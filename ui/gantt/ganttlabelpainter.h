#pragma once

#include "gantt/ganttlanes.h"
#include "gantt/ganttlayout.h"
#include "model/cluster.h"

#include <QFontMetricsF>
#include <QRectF>
#include <QString>

class QPainter;

namespace gantry::ui {

/// Draws the Gantt chart's labels: the lane labels on the left at the finest level that fits
/// (GPU lanes, else servers, else racks), the virtual-machine band's name and the time axis
/// under the chart with round ticks in seconds, minutes, hours or days.
class GanttLabelPainter
{
public:
    /// Draws the labels of the lanes of cluster laid out by l in area.
    static void paint(QPainter& p, const QRectF& area, const GanttLayout& l,
                      const GanttLanes& lanes, const Cluster& cluster);
    /// A lane, server or rack label cut to width for fm: its end (the server and GPU, which
    /// tell lanes apart) is kept and its start elided ("…/a100-0/g0").
    static QString fitLabel(const QString& text, const QFontMetricsF& fm, double width);

private:
    static void paintAxis(QPainter& p, const GanttLayout& l);
};

} // namespace gantry::ui
