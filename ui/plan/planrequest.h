#pragma once

#include "plan/costparams.h"
#include "run/runconfig.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace gantry::ui {

/// What the Plan view's form asks for: the server entries to vary and their count ranges, the
/// load growth, the policies, the seeds, the target and the cost parameters. PlanSpecBuilder
/// turns it into a sweep on the current scenario.
struct PlanRequest
{
    /// One server entry of the base cluster and the counts it takes: min, min + step, ... up to
    /// max (max itself included even when the steps skip it).
    struct ServerRange
    {
        QString server; ///< the entry's name in the scenario
        int min = 0;    ///< smallest count (0 removes the entry)
        int max = 0;    ///< largest count
        int step = 1;   ///< distance between counts (at least 1)

        bool operator==(const ServerRange&) const = default;
    };

    QString name = QStringLiteral("plan");                ///< the sweep's display name
    std::vector<ServerRange> servers;                     ///< the server count axes, in this order
    std::vector<double> loadScales{1.0};                  ///< the load_scale axis
    QStringList policies;                                 ///< the policy axis (registry names)
    std::vector<std::uint64_t> seeds{0};                  ///< the seed axis
    QString metric = QStringLiteral("p99_queue_delay_s"); ///< the target metric
    bool atLeast = false;  ///< true: the metric must be >= bound (utilisation)
    double bound = 3600.0; ///< the target's bound
    plan::CostParams cost; ///< horizon, price of energy, PUE
    RunConfig run;         ///< placement, predictor and contention of every run

    bool operator==(const PlanRequest&) const = default;
};

} // namespace gantry::ui
