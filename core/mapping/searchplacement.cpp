#include "mapping/searchplacement.h"

#include "mapping/consolidateplacement.h"
#include "mapping/graphplacement.h"
#include "mapping/iterationmodel.h"
#include "search/mappingsearch.h"

#include <algorithm>

namespace gantry {

namespace {

// The servers a job may use now: a free GPU and memory for at least one worker.
std::vector<int> candidateServers(const Job& job, const GpuPool& pool)
{
    const Cluster& c = pool.cluster();
    std::vector<int> out;
    for (int s = 0; s < int(c.servers.size()); ++s) {
        if (pool.freeOn(s) <= 0)
            continue;
        bool any = job.kind == JobKind::Duration;
        for (const auto& w : job.graph.workers)
            any = any || w.memoryGb <= c.memoryOfServer(s);
        if (any)
            out.push_back(s);
    }
    return out;
}

mapping::MappingProblem buildProblem(const Job& job, const GpuPool& pool,
                                     const std::vector<int>& servers)
{
    const Cluster& c = pool.cluster();
    const int n = job.gpuCount();
    const int S = int(servers.size());
    mapping::MappingProblem p(n, S);
    for (int k = 0; k < S; ++k) {
        const int s = servers[std::size_t(k)];
        const GpuType& type = c.gpuTypes[std::size_t(c.servers[std::size_t(s)].gpuType)];
        p.setCapacity(k, pool.freeOn(s));
        for (int l = 0; l < S; ++l)
            p.setBandwidth(k, l, c.bytesPerSecond(s, servers[std::size_t(l)]));
        for (int v = 0; v < n; ++v) {
            if (job.kind == JobKind::Duration) {
                // 1 / slowest speed = max over workers of 1 / speed: IterationModel's value.
                p.setCompute(v, k, 1.0 / type.speed);
            } else {
                const auto& w = job.graph.workers[std::size_t(v)];
                p.setCompute(v, k, IterationModel::workerComputeS(job, v, type));
                p.setFeasible(v, k, w.memoryGb <= type.memoryGb);
            }
        }
    }
    if (job.kind != JobKind::Duration)
        for (const auto& e : job.graph.edges)
            p.addEdge(e.a, e.b, e.bytes);
    return p;
}

// Inside each server, workers in ascending id onto its lowest-index free GPUs.
Mapping toMapping(const std::vector<int>& assign, const std::vector<int>& servers,
                  const GpuPool& pool)
{
    const Cluster& c = pool.cluster();
    Mapping m;
    m.gpus.assign(assign.size(), -1);
    std::vector<int> nextGpu(servers.size());
    for (std::size_t k = 0; k < servers.size(); ++k)
        nextGpu[k] = c.firstGpu(servers[k]);
    for (std::size_t v = 0; v < assign.size(); ++v) {
        int& g = nextGpu[std::size_t(assign[v])];
        while (!pool.isFree(g))
            ++g;
        m.gpus[v] = g++;
    }
    return m;
}

} // namespace

SearchPlacement::SearchPlacement(std::uint64_t seed, const QString& backend, int threads)
    : m_seed(seed), m_backend(backend), m_threads(threads)
{}

int SearchPlacement::defaultSteps(int workers)
{
    return std::clamp(200 * workers, 2000, 20000);
}

std::optional<Mapping> SearchPlacement::place(const Job& job, const GpuPool& pool)
{
    m_lastBackend = QStringLiteral("none");
    m_lastStatus.clear();
    std::optional<Mapping> graph = GraphPlacement().place(job, pool);
    if (!graph)
        graph = ConsolidatePlacement().place(job, pool);
    const int n = job.gpuCount();
    if (!graph || n <= 0)
        return graph;

    const Cluster& c = pool.cluster();
    const std::vector<int> servers = candidateServers(job, pool);
    std::vector<int> indexOf(c.servers.size(), -1);
    for (std::size_t k = 0; k < servers.size(); ++k)
        indexOf[std::size_t(servers[k])] = int(k);
    std::vector<int> start(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v) {
        start[std::size_t(v)] = indexOf[std::size_t(c.serverOfGpu(graph->gpus[std::size_t(v)]))];
        if (start[std::size_t(v)] < 0)
            return graph; // graph used a server we do not model; keep its answer
    }
    const mapping::MappingProblem problem = buildProblem(job, pool, servers);
    if (!problem.isValidAssignment(start))
        return graph;

    // A faster single server that holds the whole job beats graph's best fit on time.
    double startCost = problem.cost(start);
    bool startIsGraph = true;
    for (int k = 0; k < problem.servers(); ++k) {
        const std::vector<int> one(std::size_t(n), k);
        if (problem.capacity(k) < n || !problem.isValidAssignment(one))
            continue;
        const double cost = problem.cost(one);
        if (cost < startCost) {
            startCost = cost;
            start = one;
            startIsGraph = false;
        }
    }
    Mapping best = startIsGraph ? *graph : toMapping(start, servers, pool);
    if (startCost <= problem.lowerBound())
        return best; // nothing can be faster

    mapping::SearchParams params;
    params.seed = m_seed;
    params.chains = m_chains;
    params.steps = m_steps > 0 ? m_steps : defaultSteps(n);
    params.threads = m_threads;
    params.backend =
        mapping::parseBackend(m_backend.toStdString()).value_or(mapping::SearchBackend::Auto);
    const mapping::SearchResult r = mapping::MappingSearch::run(problem, start, params);
    m_lastBackend = QLatin1String(mapping::backendName(r.backendUsed));
    m_lastStatus = QString::fromStdString(r.status);
    if (r.cost < startCost)
        best = toMapping(r.assign, servers, pool);
    return best;
}

} // namespace gantry
