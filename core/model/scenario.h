#pragma once

#include "model/cluster.h"
#include "model/job.h"
#include "model/modelspec.h"

#include <QString>

#include <vector>

namespace gantry {

/// How the network is shared between running jobs.
enum class Contention
{
    None, ///< every edge gets its link's full bandwidth
    Fair, ///< NICs and uplinks shared max-min fairly (mapping issue)
};

/// Engine options a scenario may carry.
struct ScenarioOptions
{
    Contention contention = Contention::None; ///< network sharing model
    double restartOverheadS = 0.0;            ///< seconds added to the remaining time on resume

    bool operator==(const ScenarioOptions&) const = default;
};

/// A complete input: cluster, jobs and options.
struct Scenario
{
    QString name;                  ///< display name
    Cluster cluster;               ///< the machines
    std::vector<Job> jobs;         ///< jobs in file order
    std::vector<ModelSpec> models; ///< the scenario's own models (shadow the zoo), file order
    ScenarioOptions options;       ///< engine options

    bool operator==(const Scenario&) const = default;
};

} // namespace gantry
