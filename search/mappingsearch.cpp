#include "search/mappingsearch.h"

#include "search/annealchain.h"
#ifdef GANTRY_WITH_CUDA
#include "search/cudasearch.h"
#endif

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <thread>

namespace gantry::mapping {

namespace {

// Chains [first, last) on this thread, each from the start, bests written chain-major.
void runChains(const ProblemView& p, const std::vector<int>& start, const ChainParams& cp,
               int first, int last, std::vector<ChainOutcome>& outcomes, std::vector<int>& bests)
{
    const std::size_t W = std::size_t(p.workers);
    const std::size_t U = std::size_t(AnnealChain::maxUndo(p));
    std::vector<int> assign(W);
    std::vector<double> time(W);
    std::vector<int> load(std::size_t(p.servers));
    std::vector<int> undoWorker(U);
    std::vector<double> undoTime(U);
    for (int c = first; c < last; ++c) {
        std::copy(start.begin(), start.end(), assign.begin());
        AnnealChain::State st{assign.data(),
                              bests.data() + std::size_t(c) * W,
                              time.data(),
                              load.data(),
                              undoWorker.data(),
                              undoTime.data(),
                              1};
        outcomes[std::size_t(c)] = AnnealChain::run(p, cp, std::uint32_t(c), st);
    }
}

void runCpu(const ProblemView& p, const std::vector<int>& start, const ChainParams& cp, int chains,
            int threads, std::vector<ChainOutcome>& outcomes, std::vector<int>& bests)
{
    outcomes.assign(std::size_t(chains), ChainOutcome{});
    bests.assign(std::size_t(chains) * std::size_t(p.workers), 0);
    const int n = std::max(1, std::min(threads, chains));
    if (n == 1) {
        runChains(p, start, cp, 0, chains, outcomes, bests);
        return;
    }
    // Static split: which thread runs a chain never changes what the chain computes.
    std::vector<std::thread> pool;
    pool.reserve(std::size_t(n));
    for (int k = 0; k < n; ++k) {
        const int first = int(std::int64_t(chains) * k / n);
        const int last = int(std::int64_t(chains) * (k + 1) / n);
        pool.emplace_back(
            [&, first, last] { runChains(p, start, cp, first, last, outcomes, bests); });
    }
    for (std::thread& t : pool)
        t.join();
}

} // namespace

int MappingSearch::hardwareThreads()
{
    return std::max(1u, std::thread::hardware_concurrency());
}

bool MappingSearch::cudaUsable(std::string* why)
{
#ifdef GANTRY_WITH_CUDA
    static std::once_flag once;
    static bool ok = false;
    static std::string reason;
    std::call_once(once, [] { ok = CudaSearch::usable(&reason); });
    if (why)
        *why = reason;
    return ok;
#else
    if (why)
        *why = "built without CUDA";
    return false;
#endif
}

SearchResult MappingSearch::run(const MappingProblem& problem, const std::vector<int>& start,
                                const SearchParams& params)
{
    SearchResult r;
    r.assign = start;
    r.backendUsed = SearchBackend::Cpu;
    const std::string invalid = problem.validate();
    if (!invalid.empty() || int(start.size()) != problem.workers()) {
        r.status = invalid.empty() ? "start has the wrong size" : invalid;
        return r;
    }
    const ProblemView p = problem.view();
    r.startCost = p.cost(start.data(), 1);
    r.cost = r.startCost;
    const int chains = std::max(0, params.chains);
    if (chains == 0 || params.steps <= 0 || problem.servers() < 2)
        return r;

    ChainParams cp;
    cp.seed = params.seed;
    cp.steps = params.steps;
    cp.swapShare = params.swapShare;
    cp.temperatureLevels = std::clamp(params.temperatureLevels, 1, 31);
    // The schedule is computed once here, so both back ends multiply by the same factor.
    cp.startTemperature = params.startTemperature * r.startCost;
    const double ratio = params.endTemperature / params.startTemperature;
    cp.cooling =
        params.steps > 1 && ratio > 0.0 ? std::pow(ratio, 1.0 / double(params.steps - 1)) : 1.0;

    std::vector<ChainOutcome> outcomes;
    std::vector<int> bests;
    const auto t0 = std::chrono::steady_clock::now();
    bool done = false;
    if (params.backend != SearchBackend::Cpu) {
        std::string why;
        if (cudaUsable(&why)) {
#ifdef GANTRY_WITH_CUDA
            std::string error;
            done = CudaSearch::run(p, start, cp, chains, outcomes, bests, &error);
            if (done)
                r.backendUsed = SearchBackend::Cuda;
            else
                r.status = "CUDA failed, ran on the CPU: " + error;
#endif
        } else if (params.backend == SearchBackend::Cuda) {
            r.status = "cuda requested but no usable CUDA device (" + why + "); ran on the CPU";
        }
    }
    if (!done) {
        const int threads = params.threads > 0 ? params.threads : hardwareThreads();
        runCpu(p, start, cp, chains, threads, outcomes, bests);
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    // Best over chains, lowest chain index on ties; every chain's best is at most the start.
    const std::size_t W = std::size_t(problem.workers());
    for (int c = 0; c < chains; ++c) {
        const ChainOutcome& o = outcomes[std::size_t(c)];
        r.evaluations += o.evaluations;
        if (r.bestChain < 0 || o.bestCost < r.cost) {
            r.bestChain = c;
            r.cost = o.bestCost;
        }
    }
    if (r.bestChain >= 0 && r.cost < r.startCost)
        r.assign.assign(bests.begin() + std::ptrdiff_t(std::size_t(r.bestChain) * W),
                        bests.begin() + std::ptrdiff_t(std::size_t(r.bestChain + 1) * W));
    else
        r.cost = r.startCost;
    return r;
}

} // namespace gantry::mapping
