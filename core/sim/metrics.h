#pragma once

#include "sim/jobrecord.h"
#include "sim/runsummary.h"

#include <vector>

namespace gantry {

/// The metric definitions of docs/architecture.md, "Engine semantics", in one place.
class Metrics
{
public:
    /// Percentile p in [0, 1] of values by linear interpolation between order statistics;
    /// 0 for no values. O(n).
    static double percentile(std::vector<double> values, double p);
    /// Summary over finished jobs on a cluster of totalGpus GPUs (names and wall time are left
    /// for the caller), with the prediction quality of each job's predicted iterations at
    /// arrival against its true iterations: MAE, MAPE (jobs with true iterations > 0 only) and
    /// R^2 = 1 - SSE/SST (0 when SST = 0, all true iterations equal). O(n log n).
    static RunSummary summarize(const std::vector<JobRecord>& jobs, int totalGpus);
};

} // namespace gantry
