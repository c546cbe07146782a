#pragma once

#include "search/mappingproblem.h"
#include "search/searchbackend.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gantry::mapping {

/// Knobs of one search. The result is a pure function of (problem, start, seed, chains,
/// steps, temperatures, levels, swapShare): neither the back end nor the thread count changes it.
struct SearchParams
{
    std::uint64_t seed = 0;         ///< seeds every chain
    int chains = 256;               ///< independent annealing chains (same on every back end)
    int steps = 4000;               ///< proposals per chain
    double startTemperature = 0.64; ///< hottest first temperature, share of start cost
    int temperatureLevels = 6;      ///< chain c starts at startTemperature / 2^(c mod levels)
    double endTemperature = 1e-4;   ///< last temperature, as a share of the start cost
    double swapShare = 0.5;         ///< share of swap proposals (the rest are moves)
    SearchBackend backend = SearchBackend::Auto; ///< where to run
    int threads = 0;                             ///< CPU threads, 0 for all cores
};

/// What a search found.
struct SearchResult
{
    std::vector<int> assign;       ///< server of each worker, the best over chains
    double cost = 0.0;             ///< its iteration time
    double startCost = 0.0;        ///< the start's iteration time (cost <= startCost)
    int bestChain = -1;            ///< chain that found it (lowest index on ties)
    std::uint64_t evaluations = 0; ///< evaluated proposals over all chains
    SearchBackend backendUsed = SearchBackend::Cpu; ///< Cpu or Cuda: where it actually ran
    std::string status;   ///< empty, or a note (e.g. why CUDA was not used)
    double seconds = 0.0; ///< wall time of the chains
};

/// Parallel stochastic search over worker -> server assignments: many annealing chains from
/// different seeds, all started from the given assignment, minimising the iteration time.
class MappingSearch
{
public:
    /// Best assignment found from start (which must be a valid assignment; it is a candidate,
    /// so the result is never worse). Falls back to the CPU when CUDA is asked for but not
    /// usable (status says so). O(chains x steps x (W + E_v)) work split over the back end.
    static SearchResult run(const MappingProblem& problem, const std::vector<int>& start,
                            const SearchParams& params);
    /// True when a CUDA device is usable (built with CUDA, a device is present and answers);
    /// why, when given, gets the reason when not. Cached after the first call.
    static bool cudaUsable(std::string* why = nullptr);
    /// Hardware threads of this machine (at least 1).
    static int hardwareThreads();
};

} // namespace gantry::mapping
