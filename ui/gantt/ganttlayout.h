#pragma once

#include "gantt/lanepixelwriter.h"

#include <QRectF>

namespace gantry::ui {

/// Where one paint of the Gantt chart puts things: the lanes drawn and their rectangle, the
/// time range and, under the lanes, the virtual-machine band (empty when not drawn). The lane
/// labels sit left of the chart and the time axis, kAxisHeight tall, under it.
struct GanttLayout : LanePixelWriter::View
{
    /// Height of the time axis under the chart (and band).
    static constexpr double kAxisHeight = 22.0;
    /// Gap between the lanes and the virtual-machine band.
    static constexpr double kBandGap = 6.0;

    QRectF band; ///< virtual-machine band (empty when not drawn)
};

} // namespace gantry::ui
