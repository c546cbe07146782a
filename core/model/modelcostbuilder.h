#pragma once

#include "model/modelcost.h"
#include "model/modelspec.h"

namespace gantry {

/// Derives a model job's ModelCost from its model, parallelism and training settings: the work
/// of one micro-batch, the bytes of each collective and the memory per GPU by part. Every formula
/// is written out, with its sources, in docs/models.md ("The performance model"). O(1).
class ModelCostBuilder
{
public:
    static ModelCost build(const ModelSpec& model, const Parallelism& par,
                           const TrainingSettings& training);

    /// Bytes of one stored weight or activation element in precision p (4 for fp32 and tf32,
    /// else 2: fp8 training keeps bf16 copies).
    static double elementBytes(Precision p);
    /// Bytes of one gradient element as kept and reduced (2 for fp16, else 4: bf16 and fp8
    /// accumulate fp32 main gradients).
    static double gradientBytes(Precision p);
    /// Whether the attention core runs as one fused kernel (no sequence-squared tensors): true
    /// for fp8 or tensor-parallel overlap, which both need a fused-kernel library.
    static bool fusedAttention(const TrainingSettings& training);
    /// Weights of the dense matrix multiplies of one transformer layer that one token meets
    /// (attention and feed-forward, the top_k experts for MoE).
    static double layerMatmulParameters(const ModelSpec& model);
    /// Weights of one layer's attention projections (Q and output h x h, K and V h x h_kv).
    static double attentionParameters(const ModelSpec& model);
    /// Feed-forward matrices per layer: 3 where ffn_hidden is given and the stated parameter
    /// count matches a gated (SwiGLU) block better, else 2.
    static double ffnMatrices(const ModelSpec& model);
};

} // namespace gantry
