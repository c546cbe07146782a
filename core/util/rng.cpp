#include "util/rng.h"

#include <cmath>

namespace gantry {

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
