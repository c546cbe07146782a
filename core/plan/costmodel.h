#pragma once

#include "model/cluster.h"
#include "plan/costparams.h"
#include "sim/schedule.h"
#include "util/result.h"

#include <QString>

#include <utility>
#include <vector>

namespace gantry::plan {

/// The cost of a cluster and a run (docs/planning.md, "Cost"), from the GPU catalogue's
/// prices and board power and a server entry's own price_usd.
class CostModel
{
public:
    /// GPU-seconds the run's jobs held GPUs, per GPU type name, in the cluster's type order
    /// (types without GPUs in the cluster left out). O(segments x workers).
    static std::vector<std::pair<QString, double>> busyGpuSeconds(const Cluster& cluster,
                                                                   const Schedule& schedule);
    /// Purchase of every server: its price_usd, else its GPUs times the catalogue's purchase
    /// price of its type. InvalidInput for a type the catalogue lacks. O(servers).
    static Result<double> capitalUsd(const Cluster& cluster);
    /// Energy over the horizon: per GPU type t with n_t GPUs, board power P_t and busy
    /// GPU-seconds b_t over a run of makespan m, sum of P_t / 1000 x (f x n_t + (1 - f) x b_t / m)
    /// kW, times PUE, times 8760 x horizon_years hours, times the price per kWh (f: idle
    /// fraction; b_t / m taken as 0 when m is 0). O(servers + types).
    static Result<double> energyUsd(const Cluster& cluster,
                                    const std::vector<std::pair<QString, double>>& busy,
                                    double makespanS, const CostParams& params);
    /// Renting instead: sum over types of b_t / 3600 GPU-hours times the cloud price per
    /// GPU-hour. O(types).
    static Result<double> cloudUsd(const std::vector<std::pair<QString, double>>& busy);
};

} // namespace gantry::plan
