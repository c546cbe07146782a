#pragma once

#include <QString>

#include <cstddef>
#include <vector>

namespace gantry::ui {

/// One cluster of a sweep group: a combination of the server count axes, its points (one per
/// seed) and their figures averaged over the seeds, as the recommendation counts them.
struct PlanCluster
{
    std::vector<std::size_t> rows; ///< its points, one per seed, in point order
    std::vector<int> counts;       ///< server count per server count axis, in axis order
    QString label;                 ///< e.g. "h100 × 2, a100 × 4"
    bool feasible = false;         ///< every seed's point could run
    double costUsd = 0.0;          ///< mean cost_usd (feasible only)
    double capitalUsd = 0.0;       ///< mean capital cost
    double energyUsd = 0.0;        ///< mean energy cost over the horizon
    double cloudCostUsd = 0.0;     ///< mean cloud_cost_usd
    double metric = 0.0;           ///< mean target metric
    bool meetsTarget = false;      ///< the mean metric meets the target
};

} // namespace gantry::ui
