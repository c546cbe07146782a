#pragma once

#include "model/cluster.h"

#include <QString>

#include <vector>

namespace gantry::ui {

/// The lanes of the Gantt chart: one per GPU of a cluster, rack by rack and servers in file
/// order inside a rack, each with its GPU, server and rack; their labels ("rack/server/gN")
/// and the width of the label column that the longest label needs.
class GanttLanes
{
public:
    /// Point size of the lane labels.
    static constexpr double kLabelPointSize = 8.0;

    GanttLanes() = default;
    /// The lanes of cluster (finalized).
    explicit GanttLanes(const Cluster& cluster);

    /// Number of lanes.
    int count() const { return int(m_gpuOfLane.size()); }
    /// The lane of GPU gpu (0 <= gpu < count()).
    int laneOfGpu(int gpu) const { return m_laneOfGpu[std::size_t(gpu)]; }
    /// The GPU of lane.
    int gpu(int lane) const { return m_gpuOfLane[std::size_t(lane)]; }
    /// The server of lane, an index into Cluster::servers.
    int server(int lane) const { return m_serverOfLane[std::size_t(lane)]; }
    /// The rack of lane, an index into Cluster::racks.
    int rack(int lane) const { return m_rackOfLane[std::size_t(lane)]; }
    /// Label of lane in cluster (the one the lanes were made of), e.g. "r0/s1/g2".
    QString label(const Cluster& cluster, int lane) const;
    /// Width of the lane-label column: the longest label's, within bounds.
    double labelWidth() const { return m_labelWidth; }

private:
    std::vector<int> m_gpuOfLane;
    std::vector<int> m_laneOfGpu;
    std::vector<int> m_rackOfLane;   // index into Cluster::racks
    std::vector<int> m_serverOfLane; // index into Cluster::servers
    double m_labelWidth = 110.0;
};

} // namespace gantry::ui
