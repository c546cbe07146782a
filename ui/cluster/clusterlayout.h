#pragma once

#include "model/cluster.h"

#include <QRectF>

#include <vector>

namespace gantry::ui {

/// Where the cluster editor draws each rack, server and GPU cell: racks side by side, each
/// rack's servers stacked in cluster order, a server's GPUs in rows of CellsPerRow cells.
struct ClusterLayout
{
    static constexpr double Cell = 14.0;        ///< side of a GPU cell
    static constexpr int CellsPerRow = 8;       ///< GPU cells per row
    static constexpr double Pad = 6.0;          ///< inner padding
    static constexpr double ServerTitle = 16;   ///< height of a server's name line
    static constexpr double RackTitle = 22;     ///< height of a rack's name line
    static constexpr double RackGap = 28;       ///< space between racks
    static constexpr double MinRackHeight = 80; ///< height of an empty rack

    std::vector<QRectF> racks;   ///< scene rectangle per rack
    std::vector<QRectF> servers; ///< scene rectangle per server

    /// Lays cluster out. O(servers).
    static ClusterLayout of(const Cluster& cluster);
    /// Width of a server box.
    static double serverWidth() { return CellsPerRow * Cell + 2 * Pad; }
    /// Height of a server box with gpus GPUs.
    static double serverHeight(int gpus);
    /// Rectangle of GPU cell k inside a server box whose top-left is at the origin.
    static QRectF cell(int k);
};

} // namespace gantry::ui
