#pragma once

#include "model/jobgraph.h"
#include "model/modelcost.h"
#include "model/modelspec.h"
#include "model/parallelism.h"
#include "model/training.h"

#include <QString>

namespace gantry {

/// Expands a model job (ModelSpec + Parallelism + TrainingSettings) into its worker graph and
/// its ModelCost (docs/models.md). Workers: (a, c, p, t), a in [0,D) data-parallel replica,
/// c in [0,C) context rank, p in [0,P) stage, t in [0,T) tensor rank; id ((a*C + c)*P + p)*T + t.
/// Edges (undirected, bytes each way per iteration, coinciding pairs merged by adding their
/// bytes) carry the traffic of each kind: the tensor ring of each (a,c,p), the pipeline chain
/// (a,c,p,t)-(a,c,p+1,t), the context ring of each (a,p,t), the data-parallel ring of each (p,t)
/// over (a,c), and for MoE the expert all-to-all pairs and expert gradient rings. The edges feed
/// the mapping search, the traffic matrix and the network model; the time of an iteration comes
/// from the ModelCost (ModelIteration), which charges each collective once over its slowest
/// link rather than edge by edge.
class ModelGraphBuilder
{
public:
    /// Per-edge bytes of each traffic kind (0 where the kind has no edges).
    struct EdgeBytes
    {
        double tp = 0.0;       ///< TP ring edge
        double pp = 0.0;       ///< PP chain edge
        double dp = 0.0;       ///< DP ring edge
        double ep = 0.0;       ///< expert all-to-all pair
        double expertDp = 0.0; ///< expert gradient ring edge
        double cp = 0.0;       ///< context-parallel ring edge
    };

    /// The worker graph with its ModelCost; par must pass check(). O(D*C*P*T*ep).
    static JobGraph build(const ModelSpec& model, const Parallelism& par,
                          const TrainingSettings& training = {});
    /// Bytes per iteration on one edge of each kind. O(1).
    static EdgeBytes edgeBytes(const ModelSpec& model, const Parallelism& par,
                               const TrainingSettings& training = {});
    /// FLOPs one worker runs per iteration, recomputation and the pipeline bubble included
    /// (a lower bound on its time at the GPU's peak). O(1).
    static double flopsPerWorker(const ModelSpec& model, const Parallelism& par,
                                 const TrainingSettings& training = {});
    /// The same two figures from a cost ModelCostBuilder already built for the job. O(1).
    static EdgeBytes edgeBytes(const ModelCost& cost);
    static double flopsPerWorker(const ModelCost& cost);
    /// Memory per worker in GB (ModelCost::memoryGb). O(1).
    static double memoryPerWorkerGb(const ModelSpec& model, const Parallelism& par,
                                    const TrainingSettings& training = {});
    /// Empty when par suits model, else the problem; *key is set to "dp", "pp", "tp", "ep", "cp"
    /// or "vp".
    static QString check(const ModelSpec& model, const Parallelism& par, QString* key);
};

} // namespace gantry
