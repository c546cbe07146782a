#include "policies/fastermove.h"

#include "mapping/iterationmodel.h"
#include "mapping/placement.h"

#include <algorithm>
#include <limits>
#include <optional>

namespace gantry::sim {

namespace {

// Least (or most) memory per GPU among the servers of mapping m.
double memoryOf(const Cluster& cluster, const Mapping& m, bool most)
{
    double v = most ? 0.0 : std::numeric_limits<double>::infinity();
    for (int g : m.gpus) {
        const double gb = cluster.memoryOfServer(cluster.serverOfGpu(g));
        v = most ? std::max(v, gb) : std::min(v, gb);
    }
    return v;
}

} // namespace

const std::vector<FasterMove::Move>& FasterMove::find(const SimState& state, const Decisions& out,
                                                      const WaitingMemory& waitingMemory)
{
    m_moves.clear();
    const Cluster& cluster = state.cluster();
    if (m_cluster != &cluster) {
        m_cluster = &cluster;
        m_oneSpeed = true;
        for (int s = 1; s < int(cluster.servers.size()); ++s)
            m_oneSpeed = m_oneSpeed && cluster.speedOfServer(s) == cluster.speedOfServer(0);
    }
    if (m_oneSpeed)
        return m_moves; // no GPU is faster than another
    int freeAfter = state.pool().freeTotal();
    for (int j : out.preempt)
        freeAfter += state.state(j).gpus;
    for (const auto& s : out.start)
        freeAfter -= int(s.second.gpus.size());
    if (freeAfter <= 0 || state.running().empty())
        return m_moves;
    // The pool once the decision is applied (its buffers reused from call to call), and the
    // fastest speed among its free GPUs.
    if (m_pool)
        *m_pool = state.pool();
    else
        m_pool.emplace(state.pool());
    GpuPool& pool = *m_pool;
    for (int j : out.preempt)
        pool.give(state.state(j).mapping);
    for (const auto& s : out.start)
        pool.take(s.second);
    double fastestFree = 0.0;
    for (int s = 0; s < int(cluster.servers.size()); ++s)
        if (pool.freeOn(s) > 0)
            fastestFree = std::max(fastestFree, cluster.speedOfServer(s));
    if (m_stopping.size() < std::size_t(state.jobCount()))
        m_stopping.resize(std::size_t(state.jobCount()), 0);
    for (int j : out.preempt)
        m_stopping[std::size_t(j)] = 1;
    m_candidates.clear();
    for (int j : state.running()) {
        const JobState& st = state.state(j);
        if (m_stopping[std::size_t(j)] || st.progressSince > state.now() || m_pinned(j))
            continue;
        double slowest = fastestFree;
        for (int g : st.mapping.gpus)
            slowest = std::min(slowest, cluster.speedOfServer(cluster.serverOfGpu(g)));
        if (slowest < fastestFree)
            m_candidates.emplace_back(slowest, j);
    }
    for (int j : out.preempt)
        m_stopping[std::size_t(j)] = 0;
    if (m_candidates.empty())
        return m_moves;
    std::sort(m_candidates.begin(), m_candidates.end());
    m_waitingMemory.clear();
    waitingMemory(m_waitingMemory);
    const double overheadS = toSeconds(state.restartOverhead());
    for (const auto& candidate : m_candidates) {
        const int j = candidate.second;
        const JobState& st = state.state(j);
        const Job& job = state.job(j);
        pool.give(st.mapping);
        std::optional<Mapping> m = state.placement().place(job, pool);
        if (m) {
            const double fromS = IterationModel::iterationTimeS(job, st.mapping, cluster);
            const double toS = IterationModel::iterationTimeS(job, *m, cluster);
            const double done = st.iterationsDoneAt(state.now());
            const double end = m_likelyEnd(state, j, done);
            const double left = end > done ? end - done : std::max(done, 1.0);
            // A waiting job that fits the offer's GPUs but not the job's own would lose them.
            const double hasNow = memoryOf(cluster, st.mapping, false);
            const double offered = memoryOf(cluster, *m, true);
            const bool guarded =
                std::any_of(m_waitingMemory.begin(), m_waitingMemory.end(),
                            [&](double gb) { return gb > hasNow && gb <= offered; });
            if (!guarded && toS * kSpeedup <= fromS &&
                left * (fromS - toS) > kOverheads * overheadS) {
                pool.take(*m);
                m_moves.push_back({j, std::move(*m), fromS, toS});
                continue;
            }
        }
        pool.take(st.mapping);
    }
    return m_moves;
}

} // namespace gantry::sim
