#include "util/rng.h"

#include <cmath>

namespace gantry {

namespace {
std::uint64_t rotl(std::uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}
} // namespace

std::uint64_t Rng::splitMix(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

Rng::Rng(std::uint64_t seed)
{
    std::uint64_t state = seed;
    for (auto& s : m_s)
        s = splitMix(state);
}

std::uint64_t Rng::next()
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

double Rng::uniform()
{
    return double(next() >> 11) * 0x1.0p-53;
}

std::uint64_t Rng::below(std::uint64_t bound)
{
    // Lemire-style rejection keeps the draw unbiased.
    const std::uint64_t limit = (~std::uint64_t(0)) - (~std::uint64_t(0)) % bound;
    std::uint64_t x;
    do {
        x = next();
    } while (x >= limit);
    return x % bound;
}

double Rng::normal()
{
    double u1 = uniform();
    while (u1 <= 0.0)
        u1 = uniform();
    const double u2 = uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

} // namespace gantry
