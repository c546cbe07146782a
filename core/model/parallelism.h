#pragma once

namespace gantry {

/// Parallel degrees of a model job (docs/models.md): data, pipeline, tensor, context and expert
/// parallelism, and the virtual pipeline stages of the interleaved schedule. Expert parallelism
/// splits the data-parallel replicas, so a job uses dp * pp * tp * cp GPUs; ep must divide dp.
struct Parallelism
{
    int dp = 1; ///< data-parallel replicas D
    int pp = 1; ///< pipeline stages P
    int tp = 1; ///< tensor-parallel ranks T per stage
    int ep = 1; ///< expert-parallel group size (divides dp; 1 without experts)
    int cp = 1; ///< context-parallel ranks C (each holds 1/C of every sequence)
    int vp = 1; ///< virtual pipeline stages per GPU v (interleaved 1F1B; 1: plain 1F1B)

    /// Number of GPU workers: dp * pp * tp * cp.
    long long workers() const { return (long long)dp * pp * tp * cp; }

    bool operator==(const Parallelism&) const = default;
};

} // namespace gantry
