#pragma once

#include <cstdint>

namespace gantry {

/// Seeded pseudo-random generator (xoshiro256** seeded through SplitMix64).
/// The only source of randomness in Gantry: the same seed gives the same stream everywhere.
class Rng
{
public:
    /// A generator whose whole stream is determined by seed.
    explicit Rng(std::uint64_t seed = 0);

    /// Next 64 random bits.
    std::uint64_t next();
    /// Uniform double in [0, 1).
    double uniform();
    /// Uniform integer in [0, bound); bound must be > 0. Unbiased (rejection).
    std::uint64_t below(std::uint64_t bound);
    /// Standard normal deviate (Box-Muller, deterministic).
    double normal();

    /// SplitMix64 step: a good 64-bit mix, also used to derive sub-seeds.
    static std::uint64_t splitMix(std::uint64_t& state);

private:
    std::uint64_t m_s[4];
};

} // namespace gantry
