#pragma once

#include "search/counterrng.h"
#include "search/mappingproblem.h"

#include <cstdint>
#include <vector>

namespace gantry::mapping {

/// Seeded random problems for the Qt-free test and benchmark (CounterRng, so every platform
/// builds the same instances).
class RandomInstance
{
public:
    /// A random problem: servers with free GPUs, two GPU speeds, optional memory limits, a
    /// random traffic graph; every worker fits on at least one server with enough capacity.
    /// O(W S + S^2 + E).
    static MappingProblem make(std::uint64_t seed, int workers, int servers)
    {
        Draws d{seed};
        MappingProblem p(workers, servers);
        int total = 0;
        for (int s = 0; s < servers; ++s) {
            const int cap = 1 + d.below(8);
            p.setCapacity(s, cap);
            total += cap;
        }
        for (int s = 0; total < workers; s = (s + 1) % servers, ++total)
            p.setCapacity(s, p.capacity(s) + 1);
        std::vector<double> speed(static_cast<std::size_t>(servers));
        for (int s = 0; s < servers; ++s)
            speed[std::size_t(s)] = d.below(2) == 0 ? 1.0 : 2.5;
        for (int v = 0; v < workers; ++v) {
            const double c = 0.1 + d.unit();
            for (int s = 0; s < servers; ++s)
                p.setCompute(v, s, c / speed[std::size_t(s)]);
        }
        for (int a = 0; a < servers; ++a)
            for (int b = 0; b < servers; ++b)
                p.setBandwidth(a, b, a == b ? 300e9 : ((a % 2) == (b % 2) ? 25e9 : 12.5e9));
        const int edges = workers + d.below(2 * workers + 1);
        for (int e = 0; e < edges; ++e) {
            const int a = d.below(workers);
            const int b = d.below(workers);
            p.addEdge(a, b, d.unit() * 4e9);
        }
        return p;
    }

    /// The 64-worker (dp 4, pp 2, tp 8) benchmark job on 16 servers with 4..8 free GPUs each,
    /// two GPU speeds and two racks. O(W S + S^2 + E).
    static MappingProblem bench64(std::uint64_t seed)
    {
        Draws d{seed};
        const int D = 4, P = 2, T = 8, W = D * P * T, S = 16;
        MappingProblem p(W, S);
        for (int s = 0; s < S; ++s)
            p.setCapacity(s, 4 + d.below(5));
        for (int v = 0; v < W; ++v)
            for (int s = 0; s < S; ++s)
                p.setCompute(v, s, (0.2 + 0.01 * (v % 5)) / (s < S / 2 ? 1.0 : 2.0));
        for (int a = 0; a < S; ++a)
            for (int b = 0; b < S; ++b)
                p.setBandwidth(a, b, a == b ? 450e9 : ((a < S / 2) == (b < S / 2) ? 50e9 : 25e9));
        auto id = [&](int a, int pp, int t) { return (a * P + pp) * T + t; };
        for (int a = 0; a < D; ++a)
            for (int pp = 0; pp < P; ++pp)
                for (int t = 0; t < T; ++t) {
                    p.addEdge(id(a, pp, t), id(a, pp, (t + 1) % T), 6e9);
                    if (pp + 1 < P)
                        p.addEdge(id(a, pp, t), id(a, pp + 1, t), 0.5e9);
                    p.addEdge(id(a, pp, t), id((a + 1) % D, pp, t), 1.5e9);
                }
        return p;
    }

    /// A valid start: workers in id order fill the servers in index order (feasibility
    /// respected where possible). O(W S).
    static std::vector<int> fillStart(const MappingProblem& p)
    {
        std::vector<int> used(std::size_t(p.servers()), 0);
        std::vector<int> assign(std::size_t(p.workers()), 0);
        for (int v = 0; v < p.workers(); ++v)
            for (int s = 0; s < p.servers(); ++s)
                if (used[std::size_t(s)] < p.capacity(s) && p.feasible(v, s)) {
                    assign[std::size_t(v)] = s;
                    ++used[std::size_t(s)];
                    break;
                }
        return assign;
    }

private:
    struct Draws
    {
        std::uint64_t seed;
        std::uint32_t n = 0;
        std::uint64_t next() { return CounterRng::draw(CounterRng::chainKey(seed, 0x5eed), n++); }
        int below(int k) { return CounterRng::below(next(), k); }
        double unit() { return CounterRng::unit(next()); }
    };
};

} // namespace gantry::mapping
