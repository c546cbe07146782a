#pragma once

#include "mapping/mapping.h"
#include "model/cluster.h"
#include "model/modelcost.h"

namespace gantry {

/// One iteration of a model job on a mapping, split into the parts a planner asks about
/// (docs/models.md, "The performance model"): compute, recomputation, the pipeline bubble and
/// the communication of each kind that compute does not hide.
struct ModelIterationParts
{
    double iterationS = 0.0; ///< seconds per iteration, the sum of the parts below
    double computeS = 0.0;   ///< forward and backward passes and the optimizer step
    double recomputeS = 0.0; ///< the forward work done again (recomputation)
    double bubbleS = 0.0;    ///< pipeline fill and drain: (P - 1) / v micro-batch steps
    double dataS = 0.0;      ///< exposed data-parallel gradient (and parameter) collectives
    double tensorS = 0.0;    ///< exposed tensor-parallel collectives
    double pipelineS = 0.0;  ///< point-to-point transfers between stages on the critical path
    double contextS = 0.0;   ///< exposed context-parallel key/value exchange
    double expertS = 0.0;    ///< expert all-to-all
    int gpuType = -1;        ///< the cluster's GPU type that sets the pace (the slowest)
};

/// Evaluates a ModelCost on a mapping. Worker w of the job is (a, c, p, t) with
/// w = ((a * cp + c) * pp + p) * tp + t, as ModelGraphBuilder numbers them. O(W log W).
class ModelIteration
{
public:
    /// cost's iteration under mapping m on cluster c; cross-server links run at crossShare of
    /// their rate (network contention between jobs; 1 without).
    static ModelIterationParts evaluate(const ModelCost& cost, const Mapping& m, const Cluster& c,
                                        double crossShare = 1.0);
    /// The same job alone on GPUs of type t, every group inside one server when it fits
    /// (gpusPerServer GPUs joined at intraGBps, servers at nicGbps): what the job's panel shows
    /// for each GPU type of a cluster. O(W log W).
    static ModelIterationParts onType(const ModelCost& cost, const GpuType& t, int gpusPerServer,
                                      double intraGBps, double nicGbps);
    /// Achieved fraction of peak of a matrix multiply whose smaller side is width.
    static double gemmEfficiency(double width);
    /// Seconds of one micro-batch's forward and backward work on a GPU of type t.
    static double microBatchS(const ModelCost& cost, const GpuType& t);
    /// Seconds of one micro-batch's recomputed work on a GPU of type t.
    static double recomputeS(const ModelCost& cost, const GpuType& t);
};

} // namespace gantry
