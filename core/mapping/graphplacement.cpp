#include "mapping/graphplacement.h"

#include "mapping/consolidateplacement.h"
#include "mapping/iterationmodel.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <unordered_map>

namespace gantry {

namespace {

// Undirected weighted adjacency of a job graph; parallel edges are merged by summing bytes.
struct Adjacency
{
    std::vector<std::vector<std::pair<int, double>>> nbr;
    std::vector<double> dense; // V x V when V is small, else empty
    std::unordered_map<long long, double> sparse;
    int n = 0;
    double total = 0.0;

    // n workers (a duration job has workers but no graph, so no edges).
    explicit Adjacency(const Job& job)
        : nbr(static_cast<std::size_t>(job.gpuCount())), n(job.gpuCount())
    {
        const JobGraph& g = job.graph;
        const bool useDense = n <= 1024;
        if (useDense)
            dense.assign(std::size_t(n) * std::size_t(n), 0.0);
        std::unordered_map<long long, double> merged;
        for (const auto& e : g.edges) {
            if (e.bytes <= 0.0)
                continue;
            const int a = std::min(e.a, e.b), b = std::max(e.a, e.b);
            merged[(long long)a * n + b] += e.bytes;
            total += e.bytes;
        }
        std::vector<std::pair<long long, double>> sorted(merged.begin(), merged.end());
        std::sort(sorted.begin(), sorted.end()); // deterministic adjacency order
        for (auto [key, bytes] : sorted) {
            const int a = int(key / n), b = int(key % n);
            nbr[std::size_t(a)].emplace_back(b, bytes);
            nbr[std::size_t(b)].emplace_back(a, bytes);
            if (useDense) {
                dense[std::size_t(a) * std::size_t(n) + std::size_t(b)] = bytes;
                dense[std::size_t(b) * std::size_t(n) + std::size_t(a)] = bytes;
            } else {
                sparse[key] = bytes;
            }
        }
    }

    double weight(int a, int b) const
    {
        if (!dense.empty())
            return dense[std::size_t(a) * std::size_t(n) + std::size_t(b)];
        const auto it = sparse.find((long long)std::min(a, b) * n + std::max(a, b));
        return it == sparse.end() ? 0.0 : it->second;
    }
};

// W_cross of an assignment of workers to parts (or servers).
double crossBytes(const Adjacency& adj, const std::vector<int>& partOf)
{
    double w = 0.0;
    for (int v = 0; v < adj.n; ++v)
        for (auto [u, d] : adj.nbr[std::size_t(v)])
            if (u > v && partOf[std::size_t(u)] != partOf[std::size_t(v)])
                w += d;
    return w;
}

// GREEDY_GROW (docs/asrpt.md, "GPU mapping"): parts filled in quota order; returns the part
// index of each worker.
std::vector<int> greedyGrow(const Adjacency& adj, const std::vector<int>& quota)
{
    const int n = adj.n;
    std::vector<int> partOf(std::size_t(n), -1);
    std::vector<double> weightToFree(static_cast<std::size_t>(n)),
        conn(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < quota.size(); ++i) {
        // W(v): traffic towards still unassigned workers.
        for (int v = 0; v < n; ++v) {
            double w = 0.0;
            if (partOf[std::size_t(v)] < 0)
                for (auto [u, d] : adj.nbr[std::size_t(v)])
                    if (partOf[std::size_t(u)] < 0)
                        w += d;
            weightToFree[std::size_t(v)] = w;
            conn[std::size_t(v)] = 0.0;
        }
        for (int filled = 0; filled < quota[i]; ++filled) {
            int best = -1;
            for (int v = 0; v < n; ++v) {
                if (partOf[std::size_t(v)] >= 0)
                    continue;
                // argmax (conn, W, -id): the seed is the same with conn all zero.
                if (best < 0 || conn[std::size_t(v)] > conn[std::size_t(best)] ||
                    (conn[std::size_t(v)] == conn[std::size_t(best)] &&
                     weightToFree[std::size_t(v)] > weightToFree[std::size_t(best)]))
                    best = v;
            }
            partOf[std::size_t(best)] = int(i);
            for (auto [u, d] : adj.nbr[std::size_t(best)])
                conn[std::size_t(u)] += d;
        }
    }
    return partOf;
}

// KL_REFINE (docs/asrpt.md, "GPU mapping"): best pairwise swap (ties: smallest (u, v)) until
// no positive gain, at most 10 |V| swaps. w[z][part] tables make each gain O(1); a pass is O(V^2).
int klRefine(const Adjacency& adj, std::vector<int>& partOf)
{
    const int n = adj.n;
    int parts = 0;
    for (int p : partOf)
        parts = std::max(parts, p + 1);
    if (parts < 2 || adj.total <= 0.0)
        return 0;
    std::vector<double> w(std::size_t(n) * std::size_t(parts), 0.0);
    auto at = [&](int z, int p) -> double& {
        return w[std::size_t(z) * std::size_t(parts) + std::size_t(p)];
    };
    for (int v = 0; v < n; ++v)
        for (auto [u, d] : adj.nbr[std::size_t(v)])
            at(v, partOf[std::size_t(u)]) += d;
    const double eps = 1e-12 * adj.total;
    int swaps = 0;
    for (; swaps < 10 * n; ++swaps) {
        double bestGain = -std::numeric_limits<double>::infinity();
        int bu = -1, bv = -1;
        for (int u = 0; u < n; ++u) {
            const int a = partOf[std::size_t(u)];
            for (int v = u + 1; v < n; ++v) {
                const int b = partOf[std::size_t(v)];
                if (a == b)
                    continue;
                const double gain =
                    (at(u, b) - at(u, a)) + (at(v, a) - at(v, b)) - 2.0 * adj.weight(u, v);
                if (gain > bestGain) {
                    bestGain = gain;
                    bu = u;
                    bv = v;
                }
            }
        }
        if (bu < 0 || bestGain <= eps)
            break;
        const int a = partOf[std::size_t(bu)], b = partOf[std::size_t(bv)];
        for (auto [y, d] : adj.nbr[std::size_t(bu)]) {
            at(y, a) -= d;
            at(y, b) += d;
        }
        for (auto [y, d] : adj.nbr[std::size_t(bv)]) {
            at(y, b) -= d;
            at(y, a) += d;
        }
        partOf[std::size_t(bu)] = b;
        partOf[std::size_t(bv)] = a;
    }
    return swaps;
}

// Parts from cutting a linear order of the workers into consecutive chunks of the quotas.
std::vector<int> cutOrder(const std::vector<int>& order, const std::vector<int>& quota)
{
    std::vector<int> partOf(order.size(), -1);
    std::size_t k = 0;
    for (std::size_t i = 0; i < quota.size(); ++i)
        for (int c = 0; c < quota[i]; ++c)
            partOf[std::size_t(order[k++])] = int(i);
    return partOf;
}

Mapping toMapping(const std::vector<int>& serverOf, const GpuPool& pool)
{
    const Cluster& c = pool.cluster();
    Mapping m;
    m.gpus.assign(serverOf.size(), -1);
    std::vector<int> next(c.servers.size(), -1);
    // Inside each server, workers in ascending id take free GPUs in ascending index.
    for (std::size_t v = 0; v < serverOf.size(); ++v) {
        const int s = serverOf[v];
        int& g = next[std::size_t(s)];
        if (g < 0)
            g = c.firstGpu(s);
        while (!pool.isFree(g))
            ++g;
        m.gpus[v] = g++;
    }
    return m;
}

// Servers of the same GPU type and fabric give a single-server job the same iteration time.
double singleServerTime(const Job& job, int s, const Cluster& c)
{
    Mapping m;
    m.gpus.assign(std::size_t(job.gpuCount()), c.firstGpu(s));
    for (std::size_t v = 0; v < m.gpus.size(); ++v)
        m.gpus[v] = c.firstGpu(s) + int(v);
    return IterationModel::iterationTimeS(job, m, c);
}

} // namespace

std::vector<std::vector<int>> GraphPlacement::structuredOrders(const Job& job)
{
    if (job.kind != JobKind::Model)
        return {};
    const int D = job.parallelism.dp, P = job.parallelism.pp, T = job.parallelism.tp;
    if ((long long)D * P * T != job.gpuCount() || D < 2 || P < 2)
        return {}; // with dp or pp 1 the (p, a, t) order equals the id order (a, p, t)
    std::vector<int> order;
    order.reserve(std::size_t(job.gpuCount()));
    for (int p = 0; p < P; ++p)
        for (int a = 0; a < D; ++a)
            for (int t = 0; t < T; ++t)
                order.push_back((a * P + p) * T + t);
    return {order};
}

std::vector<int> GraphPlacement::partition(const Job& job,
                                           const std::vector<std::pair<int, int>>& quotas)
{
    const Adjacency adj(job);
    std::vector<int> q;
    for (auto [s, n] : quotas)
        q.push_back(n);
    std::vector<int> partOf = greedyGrow(adj, q);
    klRefine(adj, partOf);
    std::vector<int> serverOf(partOf.size());
    for (std::size_t v = 0; v < partOf.size(); ++v)
        serverOf[v] = quotas[std::size_t(partOf[v])].first;
    return serverOf;
}

int GraphPlacement::refine(const Job& job, std::vector<int>& serverOf)
{
    return klRefine(Adjacency(job), serverOf);
}

std::optional<Mapping> GraphPlacement::place(const Job& job, const GpuPool& pool)
{
    const Cluster& c = pool.cluster();
    const int n = job.gpuCount();
    const double mem = job.memoryPerGpuGb();
    const int servers = int(c.servers.size());
    std::vector<int> eligible;
    int freeEligible = 0;
    for (int s = 0; s < servers; ++s)
        if (pool.freeOn(s) > 0 && (mem <= 0.0 || c.memoryOfServer(s) >= mem)) {
            eligible.push_back(s);
            freeEligible += pool.freeOn(s);
        }
    if (freeEligible < n)
        return std::nullopt;
    auto speed = [&](int s) { return c.speedOfServer(s); };

    // Case 1: one server. No traffic leaves it; the fastest iteration wins, then best fit.
    {
        int best = -1;
        double bestTau = 0.0;
        std::unordered_map<long long, double> tauOfKind; // (gpu type, fabric) -> tau
        for (int s : eligible) {
            if (pool.freeOn(s) < n)
                continue;
            const Server& sv = c.servers[std::size_t(s)];
            const long long kind =
                (long long)sv.gpuType * 1000003LL + (long long)(sv.intraGBps * 1000.0);
            auto it = tauOfKind.find(kind);
            const double tau =
                it != tauOfKind.end() ? it->second : tauOfKind[kind] = singleServerTime(job, s, c);
            if (best < 0 || tau < bestTau ||
                (tau == bestTau && pool.freeOn(s) < pool.freeOn(best))) {
                best = s;
                bestTau = tau;
            }
        }
        if (best >= 0)
            return toMapping(std::vector<int>(std::size_t(n), best), pool);
    }

    // Case 2: the fewest servers, fullest first (faster GPUs first on ties), best fit last.
    std::vector<int> order = eligible;
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        if (pool.freeOn(a) != pool.freeOn(b))
            return pool.freeOn(a) > pool.freeOn(b);
        if (speed(a) != speed(b))
            return speed(a) > speed(b);
        return a < b;
    });
    int sum = 0;
    std::size_t k = 0;
    while (sum + pool.freeOn(order[k]) < n)
        sum += pool.freeOn(order[k++]);
    const int q = n - sum;
    int last = -1;
    for (std::size_t i = k; i < order.size(); ++i) {
        const int s = order[i];
        if (pool.freeOn(s) < q)
            continue;
        if (last < 0 || pool.freeOn(s) < pool.freeOn(last) ||
            (pool.freeOn(s) == pool.freeOn(last) &&
             (speed(s) > speed(last) || (speed(s) == speed(last) && s < last))))
            last = s;
    }
    std::vector<std::pair<int, int>> quotas;
    for (std::size_t i = 0; i < k; ++i)
        quotas.emplace_back(order[i], pool.freeOn(order[i]));
    quotas.emplace_back(last, q);
    std::vector<int> quota;
    for (auto [s, cnt] : quotas)
        quota.push_back(cnt);

    const Adjacency adj(job);
    auto toServers = [&](const std::vector<int>& partOf) {
        std::vector<int> serverOf(partOf.size());
        for (std::size_t v = 0; v < partOf.size(); ++v)
            serverOf[v] = quotas[std::size_t(partOf[v])].first;
        return serverOf;
    };
    // Candidates: greedy growth, the TP-innermost linear orders of (dp, pp, tp) jobs, and the
    // consolidate mapping, so that graph never sends more bytes across servers than it.
    std::vector<std::vector<int>> candidates;
    candidates.push_back(toServers(greedyGrow(adj, quota)));
    std::vector<int> identity(static_cast<std::size_t>(n));
    std::iota(identity.begin(), identity.end(), 0);
    candidates.push_back(toServers(cutOrder(identity, quota)));
    for (const std::vector<int>& structured : structuredOrders(job))
        candidates.push_back(toServers(cutOrder(structured, quota)));
    if (auto cm = ConsolidatePlacement().place(job, pool)) {
        std::vector<int> serverOf(static_cast<std::size_t>(n));
        for (int v = 0; v < n; ++v)
            serverOf[std::size_t(v)] = c.serverOfGpu(cm->gpus[std::size_t(v)]);
        candidates.push_back(std::move(serverOf));
    }
    std::size_t bestIdx = 0;
    double bestCross = std::numeric_limits<double>::infinity(), bestTau = 0.0;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const double cross = crossBytes(adj, candidates[i]);
        if (cross > bestCross)
            continue;
        const double tau = IterationModel::iterationTimeS(job, toMapping(candidates[i], pool), c);
        if (cross < bestCross || tau < bestTau) {
            bestIdx = i;
            bestCross = cross;
            bestTau = tau;
        }
    }
    std::vector<int> serverOf = std::move(candidates[bestIdx]);
    klRefine(adj, serverOf);
    return toMapping(serverOf, pool);
}

} // namespace gantry
