#pragma once

#include "mapping/mapping.h"
#include "mapping/modeliteration.h"
#include "model/cluster.h"
#include "model/job.h"

namespace gantry {

/// Per-iteration cost of a mapped job (bulk-synchronous bottleneck model: docs/asrpt.md,
/// "Problem model").
class IterationModel
{
public:
    /// One iteration of a mapped job, split at its slowest worker (the bottleneck).
    struct Breakdown
    {
        double iterationS = 0.0; ///< seconds per iteration
        double computeS = 0.0;   ///< compute seconds of the bottleneck worker
        double intraCommS = 0.0; ///< its communication over intra-server fabrics
        double interCommS = 0.0; ///< its communication across servers (NICs, uplinks)
        int worker = -1;         ///< the bottleneck worker (-1 for duration jobs)
        /// Model jobs: the parts (computeS above holds compute, recomputation and bubble,
        /// interCommS every exposed collective); all zero for other jobs.
        ModelIterationParts parts;
    };
    /// The iteration of job under m with cross-server edges at crossShare of their bandwidth
    /// (network contention; 1 without). O(|V| + |E|).
    static Breakdown breakdown(const Job& job, const Mapping& m, const Cluster& c,
                               double crossShare = 1.0);
    /// Compute seconds of worker v of job on a GPU of type t: computeTimeS for graph jobs; for
    /// model jobs every micro-batch step, recomputation and the bubble (ModelIteration).
    static double workerComputeS(const Job& job, int v, const GpuType& t);
    /// Seconds per iteration: model jobs by ModelIteration (docs/models.md); duration jobs run at
    /// the slowest GPU's speed (1 s / speed); graph and model jobs take max over workers of
    /// computeTimeS + sum over its edges of bytes / bandwidth (intra fabric, else smaller NIC,
    /// across racks also the uplinks). O(|V| + |E|).
    static double iterationTimeS(const Job& job, const Mapping& m, const Cluster& c,
                                 double crossShare = 1.0)
    {
        return breakdown(job, m, c, crossShare).iterationS;
    }
    /// Compute seconds of one iteration of w on a GPU of type t:
    /// computeS / speed + flops / (tflops * 1e12). O(1).
    static double computeTimeS(const JobGraph::Worker& w, const GpuType& t);
    /// Bytes per iteration that cross servers: the sum of d_e over edges whose ends sit on
    /// different servers (W_cross). O(|E|).
    static double crossServerBytes(const Job& job, const Mapping& m, const Cluster& c);
    /// Number of distinct servers m uses. O(|V| log |V|).
    static int serverCount(const Mapping& m, const Cluster& c);
};

} // namespace gantry
