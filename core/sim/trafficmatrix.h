#pragma once

#include <QString>

#include <vector>

namespace gantry {

struct Scenario;
struct Schedule;

/// Bytes exchanged between pairs of endpoints (GPUs or servers) over a time window: a square,
/// symmetric matrix for the communication heatmap.
struct TrafficMatrix
{
    int size = 0;                ///< number of endpoints
    std::vector<double> bytes;   ///< size x size, row-major: bytes sent from row to column
    std::vector<QString> labels; ///< one label per endpoint, e.g. "s0/g3" or "s0"

    /// Bytes between endpoints a and b.
    double at(int a, int b) const { return bytes[std::size_t(a) * std::size_t(size) + b]; }
    /// Largest cell (0 when empty).
    double max() const;
    /// Sum of every cell: all bytes sent.
    double total() const;
    /// Row-major index of the largest cell, -1 when every cell is 0.
    int argmax() const;

    /// GPU x GPU bytes in [fromS, toS]: each segment's iterations x per-iteration edge bytes
    /// between the GPUs its workers run on, pro-rated by the segment's overlap with the window.
    /// An edge sends its bytes each way, so cells (a, b) and (b, a) both get them. toS <= fromS
    /// means the whole run. O(segments x edges + G^2).
    static TrafficMatrix byGpu(const Scenario& scenario, const Schedule& schedule, double fromS,
                               double toS);
    /// Server x server bytes in [fromS, toS], the same traffic summed by server. O(segments x
    /// edges + S^2).
    static TrafficMatrix byServer(const Scenario& scenario, const Schedule& schedule, double fromS,
                                  double toS);
};

} // namespace gantry
