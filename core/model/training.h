#pragma once

namespace gantry {

/// Number format a job's matrix multiplies run in (docs/models.md, "Training settings").
enum class Precision
{
    Fp32, ///< plain single precision (CUDA cores)
    Tf32, ///< TensorFloat-32 tensor cores, fp32 storage
    Fp16, ///< half precision with loss scaling (fp16 gradients reduced)
    Bf16, ///< bfloat16 (fp32 main gradients reduced)
    Fp8,  ///< fp8 matrix multiplies, bf16 storage and fp32 main gradients
};
/// Number of Precision values (for arrays indexed by precision).
constexpr int kPrecisionCount = 5;

/// Which activations the backward pass computes again instead of keeping.
enum class Recompute
{
    None,      ///< every activation is kept
    Selective, ///< the attention core (scores, softmax, dropout) is recomputed
    Full,      ///< only each layer's input is kept; the whole forward pass runs again
};

/// How optimizer state (and, for zero3, parameters and gradients) is split over data parallelism.
enum class OptimizerSharding
{
    None,        ///< every replica holds everything
    Distributed, ///< optimizer state sharded (distributed optimizer, ZeRO-1)
    Zero3,       ///< parameters, gradients and optimizer state sharded (FSDP, ZeRO-3)
};

/// Which communication may hide behind compute.
enum class Overlap
{
    None, ///< every collective waits for compute and compute for it
    Dp,   ///< the data-parallel gradient reduction overlaps the backward pass
    DpTp, ///< and the tensor-parallel collectives overlap the matrix multiplies
};

/// How a model job trains: a scenario job's `training` object (all keys optional).
struct TrainingSettings
{
    Precision precision = Precision::Bf16;
    Recompute recompute = Recompute::None;
    bool sequenceParallel = false;
    OptimizerSharding optimizerSharding = OptimizerSharding::None;
    Overlap overlap = Overlap::Dp;

    bool operator==(const TrainingSettings&) const = default;
};

} // namespace gantry
