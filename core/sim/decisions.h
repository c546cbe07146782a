#pragma once

#include "mapping/mapping.h"

#include <utility>
#include <vector>

namespace gantry::sim {

/// A policy's answer at one decision point: preemptions are applied first, then starts.
struct Decisions
{
    std::vector<int> preempt;                   ///< running jobs to stop (progress kept)
    std::vector<std::pair<int, Mapping>> start; ///< waiting jobs to start, with their GPUs

    /// Empties both lists.
    void clear()
    {
        preempt.clear();
        start.clear();
    }
};

} // namespace gantry::sim
