#pragma once

#include <QString>

#include <utility>
#include <vector>

namespace gantry::plan {

/// What one point gave: its run metrics (none when infeasible) and its costs.
struct PointResult
{
    bool feasible = false;                             ///< false: not run
    std::vector<std::pair<QString, double>> metrics;   ///< points.csv metric columns, in order
    double costUsd = 0.0;                              ///< capital plus energy over the horizon
    double capitalUsd = 0.0;                           ///< purchase of the servers
    double energyUsd = 0.0;                            ///< energy over the horizon
    double cloudCostUsd = 0.0;                         ///< GPU-hours used times cloud prices
    std::vector<std::pair<QString, double>> busyGpuSeconds; ///< GPU-seconds used per GPU type
    QString infeasibleReason;                          ///< why the point was not run

    /// The metric called name, or 0 when absent.
    double metric(const QString& name) const
    {
        for (const auto& [k, v] : metrics)
            if (k == name)
                return v;
        return 0.0;
    }

    bool operator==(const PointResult&) const = default;
};

} // namespace gantry::plan
