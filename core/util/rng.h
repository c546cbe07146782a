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

    /// Next 64 random bits (inline: hot loops draw millions).
    std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
        const std::uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }
    /// Uniform double in [0, 1): the top 53 bits of next() over 2^53.
    double uniform() { return double(next() >> 11) * 0x1.0p-53; }
    /// Uniform integer in [0, bound); bound must be > 0. Unbiased (rejection).
    std::uint64_t below(std::uint64_t bound);
    /// Standard normal deviate (Box-Muller, deterministic).
    double normal();

    /// SplitMix64 step: a good 64-bit mix, also used to derive sub-seeds.
    static std::uint64_t splitMix(std::uint64_t& state);

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

    std::uint64_t m_s[4];
};

} // namespace gantry
