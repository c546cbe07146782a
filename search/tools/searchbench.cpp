// Mapping-search throughput (evaluations per second) for the 64-worker benchmark job on
// 1 CPU thread, all CPU threads and CUDA when usable.
// Usage: gantry-search-bench [--json] [--chains N] [--steps K] [--cuda-chains M]
#include "search/mappingsearch.h"
#include "search/tools/randominstance.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace gantry::mapping;

namespace {

struct Row
{
    std::string name;
    int threads = 0;
    int chains = 0;
    SearchResult result;
    double rate() const
    {
        return result.seconds > 0 ? double(result.evaluations) / result.seconds : 0;
    }
};

} // namespace

int main(int argc, char** argv)
{
    bool json = false;
    int chains = 2048;
    int steps = 4000;
    int cudaChains = 65536;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--json") == 0)
            json = true;
        else if (std::strcmp(argv[i], "--chains") == 0 && i + 1 < argc)
            chains = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--steps") == 0 && i + 1 < argc)
            steps = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--cuda-chains") == 0 && i + 1 < argc)
            cudaChains = std::atoi(argv[++i]);
        else {
            std::fprintf(stderr, "usage: %s [--json] [--chains N] [--steps K] [--cuda-chains M]\n",
                         argv[0]);
            return 2;
        }
    }
    const MappingProblem p = RandomInstance::bench64(42);
    const std::vector<int> start = RandomInstance::fillStart(p);
    SearchParams sp;
    sp.seed = 7;
    sp.chains = chains;
    sp.steps = steps;
    sp.backend = SearchBackend::Cpu;

    std::vector<Row> rows;
    const int hw = MappingSearch::hardwareThreads();
    for (int threads : {1, hw}) {
        sp.threads = threads;
        rows.push_back({threads == 1 ? "cpu-1" : "cpu-all", threads, chains,
                        MappingSearch::run(p, start, sp)});
    }
    std::string why;
    const bool cuda = MappingSearch::cudaUsable(&why);
    bool equal = true;
    if (cuda) {
        sp.backend = SearchBackend::Cuda;
        rows.push_back({"cuda", 0, chains, MappingSearch::run(p, start, sp)});
        const SearchResult& c = rows.back().result;
        const SearchResult& r = rows.front().result;
        equal = c.backendUsed == SearchBackend::Cuda && c.assign == r.assign && c.cost == r.cost &&
                c.evaluations == r.evaluations;
        sp.chains = cudaChains;
        rows.push_back({"cuda-wide", 0, cudaChains, MappingSearch::run(p, start, sp)});
    }
    const double cpuAll = rows[1].rate();
    const double cpuOne = rows[0].rate();
    const double cudaBest = cuda ? std::max(rows[2].rate(), rows[3].rate()) : 0.0;
    if (json) {
        std::printf(
            "{\n  \"workers\": %d, \"servers\": %d, \"steps\": %d, \"hardware_threads\": %d,\n",
            p.workers(), p.servers(), steps, hw);
        std::printf("  \"cuda_usable\": %s, \"cuda_note\": \"%s\", \"cuda_equal_cpu\": %s,\n",
                    cuda ? "true" : "false", cuda ? "" : why.c_str(), equal ? "true" : "false");
        std::printf("  \"start_cost\": %.9g, \"best_cost\": %.9g,\n", rows[0].result.startCost,
                    rows[0].result.cost);
        std::printf("  \"speedup_cuda_vs_cpu_all\": %.3f, \"speedup_cuda_vs_cpu_1\": %.3f,\n",
                    cpuAll > 0 ? cudaBest / cpuAll : 0.0, cpuOne > 0 ? cudaBest / cpuOne : 0.0);
        std::printf("  \"rows\": [\n");
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const Row& r = rows[i];
            std::printf(
                "    {\"name\": \"%s\", \"threads\": %d, \"chains\": %d, \"evaluations\": %llu, "
                "\"seconds\": %.6f, \"evals_per_s\": %.0f, \"cost\": %.9g}%s\n",
                r.name.c_str(), r.threads, r.chains,
                static_cast<unsigned long long>(r.result.evaluations), r.result.seconds, r.rate(),
                r.result.cost, i + 1 < rows.size() ? "," : "");
        }
        std::printf("  ]\n}\n");
    } else {
        std::printf("64-worker job, %d servers, %d steps per chain\n", p.servers(), steps);
        std::printf("%-10s %8s %8s %14s %10s %14s\n", "backend", "threads", "chains", "evaluations",
                    "seconds", "evals/s");
        for (const Row& r : rows)
            std::printf("%-10s %8d %8d %14llu %10.3f %14.0f\n", r.name.c_str(), r.threads, r.chains,
                        static_cast<unsigned long long>(r.result.evaluations), r.result.seconds,
                        r.rate());
        if (cuda)
            std::printf("cuda speedup: %.1fx over cpu-all, %.1fx over cpu-1; equal to cpu: %s\n",
                        cpuAll > 0 ? cudaBest / cpuAll : 0.0, cpuOne > 0 ? cudaBest / cpuOne : 0.0,
                        equal ? "yes" : "NO");
        else
            std::printf("cuda: not measured (%s)\n", why.c_str());
    }
    return equal ? 0 : 1;
}
