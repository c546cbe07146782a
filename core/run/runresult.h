#pragma once

#include "run/runconfig.h"
#include "sim/jobrecord.h"
#include "sim/runsummary.h"

#include <vector>

namespace gantry {

/// The complete outcome of one run: configuration, one record per job (scenario order), summary.
struct RunResult
{
    RunConfig config;            ///< what was run
    std::vector<JobRecord> jobs; ///< per job, in scenario order
    RunSummary summary;          ///< aggregate metrics
};

} // namespace gantry
