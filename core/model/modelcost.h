#pragma once

#include "model/parallelism.h"
#include "model/training.h"

namespace gantry {

/// What one iteration of a model job costs, before it meets GPUs and links (docs/models.md,
/// "The performance model"). ModelCostBuilder derives it from the model, the parallelism and
/// the training settings; ModelIteration turns it into seconds on a mapping. All figures are
/// per GPU of the job's slowest pipeline stage unless they say otherwise.
struct ModelCost
{
    Parallelism par;           ///< the job's degrees (groups follow the worker ids)
    TrainingSettings training; ///< how it trains
    bool cnn = false;          ///< a data-parallel CNN (no layers split)
    int microBatches = 1;      ///< m: micro-batches per iteration and replica

    // One micro-batch on one GPU of the slowest stage (forward + backward).
    double matmulFlops = 0.0;        ///< dense matrix-multiply FLOPs at the job's precision
    double attentionFlops = 0.0;     ///< attention score and value FLOPs (batched, fused kernels)
    double memoryBytes = 0.0;        ///< bytes moved by memory-bound operations
    double forwardShare = 1.0 / 3.0; ///< the forward pass's share of the above
    // The extra work of recomputation per micro-batch (already a forward's worth of the parts).
    double recomputeFlops = 0.0;          ///< matrix-multiply FLOPs recomputed
    double recomputeAttentionFlops = 0.0; ///< attention FLOPs recomputed
    double recomputeBytes = 0.0;          ///< memory-bound bytes recomputed
    /// Width of the GPU's matrix multiplies (the smaller of tokens and hidden / tp): below about
    /// a thousand they reach less of the peak (ModelIteration::gemmEfficiency).
    double gemmWidth = 1e9;
    bool fusedAttention = false; ///< attention core as one fused kernel (else batched products)
    double headWidth = 128.0;    ///< channels per attention head (hidden / heads)

    // Communication per micro-batch on one GPU.
    double tpBytes = 0.0;       ///< one tensor-parallel collective's buffer
    double tpCollectives = 0.0; ///< tensor-parallel collectives per micro-batch (all-reduce, or
                                ///< reduce-scatter + all-gather pairs counted as one)
    double ppBytes = 0.0;       ///< one point-to-point activation (or its gradient) message
    double cpBytes = 0.0;       ///< key/value bytes one context-parallel rank sends per step
    double cpSteps = 0.0;       ///< ring steps per micro-batch (forward and backward)
    double epBytes = 0.0;       ///< all-to-all bytes one GPU sends to its expert group
    // Per iteration on one GPU.
    double dpBytes = 0.0;        ///< gradient buffer reduced over data (and context) parallelism
    double expertDpBytes = 0.0;  ///< expert gradients reduced over the expert replicas
    double optimizerBytes = 0.0; ///< bytes the optimizer step reads and writes (memory-bound)

    // Memory per GPU in GB (1e9 bytes), by part.
    double weightsGb = 0.0;
    double gradientsGb = 0.0;
    double optimizerGb = 0.0;
    double activationsGb = 0.0;

    /// Memory per GPU in GB: the sum of the parts.
    double memoryGb() const { return weightsGb + gradientsGb + optimizerGb + activationsGb; }

    bool operator==(const ModelCost&) const = default;
};

} // namespace gantry
