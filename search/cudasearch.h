#pragma once

#include "search/annealchain.h"
#include "search/problemview.h"

#include <string>
#include <vector>

namespace gantry::mapping {

/// The CUDA back end: one GPU thread per chain, chain state interleaved in device memory.
/// Built only with GANTRY_WITH_CUDA; free of Qt and Eigen.
class CudaSearch
{
public:
    /// True when a CUDA device is present and answers; why gets the reason when not.
    /// A missing driver or device is an error of cudaGetDeviceCount: cleared and reported. O(1).
    static bool usable(std::string* why);
    /// Runs chains AnnealChain chains of p from start; fills outcomes (one per chain) and
    /// bests (chain c's best assignment at bests[c * W .. c * W + W)). False with error set on
    /// any CUDA failure. O(chains x steps x (W + E_v)) on the device.
    static bool run(const ProblemView& p, const std::vector<int>& start, const ChainParams& cp,
                    int chains, std::vector<ChainOutcome>& outcomes, std::vector<int>& bests,
                    std::string* error);
};

} // namespace gantry::mapping
