#pragma once

#include <QString>

#include <cstddef>

namespace gantry::plan {

/// What the next value of one server count axis buys from a recommended point: the point with
/// that axis one step further and every other axis the same (seeds averaged as for the target).
struct MarginalGain
{
    QString axis;              ///< e.g. "servers.h100.count"
    int from = 0;              ///< the recommendation's count
    int to = 0;                ///< the next count on the axis
    std::size_t point = 0;     ///< row of the first seed's point with count `to`
    bool feasible = false;     ///< false when that cluster cannot hold some job
    double deltaCostUsd = 0.0; ///< mean cost_usd there minus the recommendation's
    double deltaMetric = 0.0;  ///< mean target metric there minus the recommendation's

    bool operator==(const MarginalGain&) const = default;
};

} // namespace gantry::plan
