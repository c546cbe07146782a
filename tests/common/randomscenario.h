#pragma once

#include "model/scenario.h"

#include <cstdint>

namespace gantry::test {

/// Seeded random scenarios for property tests: a few racks and servers of mixed sizes and GPU
/// speeds, duration jobs and graph jobs with traffic.
class RandomScenario
{
public:
    /// Shape of the generated scenario.
    struct Shape
    {
        int jobs = 40;              ///< number of jobs
        bool identicalGpus = false; ///< all GPUs speed 1.0 (docs/asrpt.md, "Guarantees")
        bool durationOnly = false;  ///< no graph jobs
        bool singleServer = false;  ///< one server only
    };
    /// The scenario for seed.
    static Scenario make(std::uint64_t seed, const Shape& shape);
};

} // namespace gantry::test
