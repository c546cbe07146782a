#pragma once

#include "sim/jobrecord.h"
#include "sim/runsummary.h"

#include <vector>

namespace gantry {

/// The metric definitions of DESIGN.md 3.1, in one place.
class Metrics
{
public:
    /// Percentile p in [0, 1] of values by linear interpolation between order statistics;
    /// 0 for no values. O(n log n).
    static double percentile(std::vector<double> values, double p);
    /// Summary over finished jobs on a cluster of totalGpus GPUs (names and wall time are left
    /// for the caller). O(n log n).
    static RunSummary summarize(const std::vector<JobRecord>& jobs, int totalGpus);
};

} // namespace gantry
