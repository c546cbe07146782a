// Qt-free checks of gantry_search: cost model, determinism across thread counts, optimality on
// small instances, and CPU-versus-CUDA equality (skipped, and said so, without a usable GPU).
// Usage: gantry_search_test [--require-cuda]. Exit code 0 on success.
#include "search/annealchain.h"
#include "search/mappingsearch.h"
#include "search/tools/randominstance.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace gantry::mapping;

namespace {

int g_failures = 0;

void check(bool ok, const std::string& what)
{
    if (!ok) {
        ++g_failures;
        std::printf("FAIL: %s\n", what.c_str());
    }
}

// IterationModel::breakdown's loop, written independently: compute + intra + inter, where each
// edge adds its time to both ends.
double referenceCost(const MappingProblem& p, const std::vector<int>& assign)
{
    const std::size_t n = std::size_t(p.workers());
    std::vector<double> intra(n, 0.0), inter(n, 0.0);
    for (const MappingProblem::Edge& e : p.edges()) {
        const int sa = assign[std::size_t(e.a)];
        const int sb = assign[std::size_t(e.b)];
        const double dt = e.bytes / p.bandwidth(sa, sb);
        std::vector<double>& sum = sa == sb ? intra : inter;
        sum[std::size_t(e.a)] += dt;
        sum[std::size_t(e.b)] += dt;
    }
    double worst = 0.0;
    for (std::size_t v = 0; v < n; ++v)
        worst = std::max(worst, p.compute(int(v), assign[v]) + intra[v] + inter[v]);
    return worst;
}

double bruteForce(const MappingProblem& p)
{
    std::vector<int> assign(std::size_t(p.workers()), 0);
    std::vector<int> used(std::size_t(p.servers()), 0);
    double best = -1.0;
    std::function<void(int)> rec = [&](int v) {
        if (v == p.workers()) {
            const double c = p.cost(assign);
            if (best < 0.0 || c < best)
                best = c;
            return;
        }
        for (int s = 0; s < p.servers(); ++s)
            if (p.feasible(v, s) && used[std::size_t(s)] < p.capacity(s)) {
                ++used[std::size_t(s)];
                assign[std::size_t(v)] = s;
                rec(v + 1);
                --used[std::size_t(s)];
            }
    };
    rec(0);
    return best;
}

bool sameResult(const SearchResult& a, const SearchResult& b)
{
    return a.assign == b.assign && a.cost == b.cost && a.bestChain == b.bestChain &&
           a.evaluations == b.evaluations;
}

void testCostModel()
{
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
        const MappingProblem p = RandomInstance::make(seed, 1 + int(seed % 12), 1 + int(seed % 5));
        const std::vector<int> start = RandomInstance::fillStart(p);
        check(p.cost(start) == referenceCost(p, start),
              "cost matches reference, seed " + std::to_string(seed));
        check(p.lowerBound() <= p.cost(start), "lower bound, seed " + std::to_string(seed));
    }
    for (double x = 0.0; x < 39.0; x += 0.37) {
        const double ref = std::exp(-x);
        check(std::fabs(AnnealChain::expNeg(x) - ref) <= 1e-9 * ref,
              "expNeg(" + std::to_string(x) + ")");
    }
    check(AnnealChain::expNeg(50.0) == 0.0, "expNeg cut-off");
}

void testThreads()
{
    const int hw = MappingSearch::hardwareThreads();
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const MappingProblem p = seed == 6 ? RandomInstance::bench64(seed)
                                           : RandomInstance::make(seed, 6 + int(seed) * 3, 4);
        const std::vector<int> start = RandomInstance::fillStart(p);
        SearchParams sp;
        sp.seed = seed;
        sp.chains = 37;
        sp.steps = 1500;
        sp.backend = SearchBackend::Cpu;
        sp.threads = 1;
        const SearchResult one = MappingSearch::run(p, start, sp);
        check(one.backendUsed == SearchBackend::Cpu, "cpu back end used");
        check(p.isValidAssignment(one.assign), "valid result, seed " + std::to_string(seed));
        check(one.cost <= one.startCost, "never worse than the start");
        check(one.cost == p.cost(one.assign), "reported cost is the cost of the assignment");
        for (int threads : {2, 3, hw, 64}) {
            sp.threads = threads;
            check(sameResult(one, MappingSearch::run(p, start, sp)),
                  "threads " + std::to_string(threads) + " same as 1, seed " +
                      std::to_string(seed));
        }
        sp.seed = seed + 1000;
        sp.threads = 0;
        const SearchResult other = MappingSearch::run(p, start, sp);
        check(p.isValidAssignment(other.assign), "valid result for another seed");
    }
}

void testOptimality()
{
    int total = 0;
    int close = 0;
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
        const MappingProblem p =
            RandomInstance::make(seed * 7919, 2 + int(seed % 7), 2 + int(seed % 3));
        const std::vector<int> start = RandomInstance::fillStart(p);
        if (!p.isValidAssignment(start))
            continue;
        SearchParams sp;
        sp.seed = seed;
        sp.chains = 64;
        sp.steps = 2000;
        sp.backend = SearchBackend::Cpu;
        const SearchResult r = MappingSearch::run(p, start, sp);
        const double opt = bruteForce(p);
        ++total;
        close += r.cost <= opt * 1.01 ? 1 : 0;
        check(r.cost >= opt, "not below the optimum");
        check(r.cost <= r.startCost, "never worse than the start");
    }
    std::printf("optimality: %d of %d within 1%% of brute force\n", close, total);
    check(total > 0 && close * 100 >= total * 95, "at least 95% within 1% of the optimum");
}

bool testCuda(bool require)
{
    std::string why;
    if (!MappingSearch::cudaUsable(&why)) {
        std::printf("SKIP: no usable CUDA device (%s); CPU-versus-CUDA equality not checked\n",
                    why.c_str());
        check(!require, "--require-cuda given but CUDA is not usable");
        return false;
    }
    int compared = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const MappingProblem p =
            seed >= 11 ? RandomInstance::bench64(seed)
                       : RandomInstance::make(seed, 3 + int(seed) * 4, 2 + int(seed % 4));
        const std::vector<int> start = RandomInstance::fillStart(p);
        SearchParams sp;
        sp.seed = seed * 31;
        sp.chains = seed == 12 ? 1000 : 256;
        sp.steps = 3000;
        sp.backend = SearchBackend::Cpu;
        const SearchResult cpu = MappingSearch::run(p, start, sp);
        sp.backend = SearchBackend::Cuda;
        const SearchResult gpu = MappingSearch::run(p, start, sp);
        check(gpu.backendUsed == SearchBackend::Cuda, "cuda back end used: " + gpu.status);
        check(sameResult(cpu, gpu), "CPU and CUDA agree, seed " + std::to_string(seed));
        ++compared;
    }
    std::printf("cuda: %d instances compared with the CPU\n", compared);
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    bool requireCuda = false;
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--require-cuda") == 0)
            requireCuda = true;
    testCostModel();
    testThreads();
    testOptimality();
    const bool cudaRan = testCuda(requireCuda);
    std::printf("%s (%d failures)%s\n", g_failures == 0 ? "PASS" : "FAIL", g_failures,
                cudaRan ? ", CPU-versus-CUDA equality checked" : "");
    return g_failures == 0 ? 0 : 1;
}
