#pragma once

#include "mapping/mapping.h"
#include "model/cluster.h"
#include "model/job.h"

namespace gantry {

/// Per-iteration cost of a mapped job (ASRPT.md 2.2, bulk-synchronous bottleneck model).
class IterationModel
{
public:
    /// Seconds per iteration: duration jobs run at the slowest GPU's speed (1 s / speed);
    /// graph jobs take max over workers of compute / speed + sum over its edges of
    /// bytes / bandwidth (intra fabric, else smaller NIC, across racks also the uplinks).
    /// O(|V| + |E|).
    static double iterationTimeS(const Job& job, const Mapping& m, const Cluster& c);
    /// Bytes per iteration that cross servers: the sum of d_e over edges whose ends sit on
    /// different servers (W_cross). O(|E|).
    static double crossServerBytes(const Job& job, const Mapping& m, const Cluster& c);
    /// Number of distinct servers m uses. O(|V| log |V|).
    static int serverCount(const Mapping& m, const Cluster& c);
};

} // namespace gantry
