#pragma once

#include "run/runconfig.h"
#include "sim/jobrecord.h"
#include "sim/runsummary.h"

#include <QString>

#include <utility>
#include <vector>

namespace gantry {

/// The complete outcome of one run: configuration, one record per job (scenario order), summary.
struct RunResult
{
    RunConfig config;            ///< what was run
    std::vector<JobRecord> jobs; ///< per job, in scenario order
    RunSummary summary;          ///< aggregate metrics
    /// GPU-seconds the jobs held GPUs, per GPU type present in the cluster, in the cluster's type
    /// order; counted during the run, equal to CostModel::busyGpuSeconds on its Schedule.
    std::vector<std::pair<QString, double>> busyGpuSeconds;
};

} // namespace gantry
