#pragma once

namespace gantry {

/// Parallel degrees of a model job (ASRPT.md 2.2): data, pipeline, tensor and expert
/// parallelism. Expert parallelism splits the data-parallel replicas, so a job uses
/// dp * pp * tp GPUs; ep must divide dp (docs/models.md).
struct Parallelism
{
    int dp = 1; ///< data-parallel replicas D
    int pp = 1; ///< pipeline stages P
    int tp = 1; ///< tensor-parallel ranks T per stage
    int ep = 1; ///< expert-parallel group size (divides dp; 1 without experts)

    /// Number of GPU workers: dp * pp * tp.
    long long workers() const { return (long long)dp * pp * tp; }

    bool operator==(const Parallelism&) const = default;
};

} // namespace gantry
