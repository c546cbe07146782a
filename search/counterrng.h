#pragma once

#include "search/hostdevice.h"

#include <cstdint>

namespace gantry::mapping {

/// Counter-based random numbers: every draw is a pure hash of (seed, chain, step, draw index),
/// so the CPU threads and the CUDA kernel draw exactly the same numbers in any order.
/// SplitMix64 finalisers; integer arithmetic only.
class CounterRng
{
public:
    /// SplitMix64 finaliser of z (a bijection on 64 bits). O(1).
    GANTRY_HD static std::uint64_t mix(std::uint64_t z)
    {
        z += 0x9e3779b97f4a7c15ull;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    /// Key of one chain of a run seeded with seed. O(1).
    GANTRY_HD static std::uint64_t chainKey(std::uint64_t seed, std::uint32_t chain)
    {
        return mix(mix(seed) ^ (0xd1b54a32d192ed03ull * (std::uint64_t(chain) + 1)));
    }
    /// Key of one step of a chain. O(1).
    GANTRY_HD static std::uint64_t stepKey(std::uint64_t chainKey, std::uint32_t step)
    {
        return mix(chainKey + 0x632be59bd9b4e019ull * (std::uint64_t(step) + 1));
    }
    /// Draw number k of a step (64 random bits). O(1).
    GANTRY_HD static std::uint64_t draw(std::uint64_t stepKey, std::uint32_t k)
    {
        return mix(stepKey ^ (0x8cb92ba72f3d8dd7ull * (std::uint64_t(k) + 1)));
    }
    /// Maps 64 random bits to an integer in [0, n), n >= 1 (multiply-shift). O(1).
    GANTRY_HD static int below(std::uint64_t bits, int n)
    {
        return int(((bits >> 32) * std::uint64_t(std::uint32_t(n))) >> 32);
    }
    /// Maps 64 random bits to a double in [0, 1) with 53 random bits (exact). O(1).
    GANTRY_HD static double unit(std::uint64_t bits)
    {
        return double(bits >> 11) * (1.0 / 9007199254740992.0);
    }
};

} // namespace gantry::mapping
