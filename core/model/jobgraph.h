#pragma once

#include "model/modelcost.h"
#include "util/heapoptional.h"

#include <optional>
#include <vector>

namespace gantry {

/// A training job as a graph: one vertex per GPU worker, edges carry per-iteration traffic.
struct JobGraph
{
    /// One GPU worker.
    struct Worker
    {
        double computeS = 0.0; ///< compute seconds per iteration on a GPU of speed 1.0
        double flops = 0.0;    ///< graph jobs: effective FLOPs per iteration at the
                               ///< GPU type's peak; model jobs: the FLOPs they run
                               ///< (their time comes from JobGraph::model)
        double memoryGb = 0.0; ///< device memory the worker needs

        bool operator==(const Worker&) const = default;
    };
    /// Undirected traffic between two workers.
    struct Edge
    {
        int a = 0;          ///< first worker index
        int b = 0;          ///< second worker index
        double bytes = 0.0; ///< bytes sent each way per iteration

        bool operator==(const Edge&) const = default;
    };

    std::vector<Worker> workers; ///< the workers, in id order
    std::vector<Edge> edges;     ///< the communication edges
    /// Model jobs: what an iteration costs (its time comes from here, not from the edges).
    HeapOptional<ModelCost> model;

    /// Largest memory any worker needs.
    double maxWorkerMemoryGb() const;

    bool operator==(const JobGraph&) const = default;
};

} // namespace gantry
