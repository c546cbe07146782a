#include "policies/preemptivepolicy.h"

#include <algorithm>
#include <limits>

namespace gantry::sim {

void PreemptivePolicy::jobArrived(const SimState& state, int j)
{
    m_waiting.insert(j, key(state, j), state.state(j).gpus);
}

void PreemptivePolicy::jobFinished(const SimState&, int j)
{
    if (std::size_t(j) < m_live.size() && m_live[std::size_t(j)]) {
        m_live[std::size_t(j)] = 0;
        m_removed = true;
    }
}

void PreemptivePolicy::refreshRunning(const SimState& state)
{
    // Drop jobs that finished or were preempted, add those started last time, re-key those
    // whose key may have changed, re-sort.
    if (m_removed) {
        std::size_t w = 0;
        for (std::size_t r = 0; r < m_run.size(); ++r)
            if (m_live[std::size_t(m_run[r].job)]) {
                if (w != r) {
                    m_run[w] = m_run[r];
                    m_keys[w] = m_keys[r];
                }
                ++w;
            }
        m_run.resize(w);
        m_keys.resize(w);
        m_removed = false;
    }
    for (int j : m_started)
        if (m_live[std::size_t(j)]) {
            const JobState& st = state.state(j);
            m_run.push_back({st.segmentStart - st.ranBefore, st.predictedProcessing, st.arrival,
                             st.gpus, j, std::numeric_limits<SimTime>::min()});
            m_keys.emplace_back();
        }
    m_started.clear();
    // Jobs before the first one re-keyed kept their keys and their order.
    const std::size_t rekeyed = keys(state.now(), m_run, m_keys);
    // Insertion sort: the order is nearly the previous one, so this is about one pass.
    for (std::size_t i = std::max<std::size_t>(1, rekeyed); i < m_run.size(); ++i) {
        if (!(m_keys[i] < m_keys[i - 1]))
            continue;
        const PriorityKey k = m_keys[i];
        const RunningJob r = m_run[i];
        std::size_t p = i;
        while (p > 0 && k < m_keys[p - 1]) {
            m_keys[p] = m_keys[p - 1];
            m_run[p] = m_run[p - 1];
            --p;
        }
        m_keys[p] = k;
        m_run[p] = r;
    }
}

void PreemptivePolicy::decide(const SimState& state, Decisions& out)
{
    if (m_waiting.empty())
        return; // nothing can change; the running order is refreshed when it matters
    refreshRunning(state);
    const std::size_t first = out.start.size();
    if (m_run.empty() || m_keys.back() < m_waiting.front().key) {
        // Every running job outranks every waiting one: all stay, the rest fills free GPUs.
        if (state.pool().freeTotal() > 0) {
            GpuPool& pool = scratchPool(state);
            m_waiting.admitSkip(state, pool, out);
        }
    } else {
        walk(state, out);
    }
    if (m_live.size() < std::size_t(state.jobCount()))
        m_live.resize(std::size_t(state.jobCount()), 0);
    for (std::size_t i = first; i < out.start.size(); ++i) {
        m_started.push_back(out.start[i].first);
        m_live[std::size_t(out.start[i].first)] = 1;
    }
    for (int j : out.preempt)
        m_live[std::size_t(j)] = 0;
    m_removed = m_removed || !out.preempt.empty();
    if (explaining()) {
        for (int j : out.preempt) {
            DecisionNote n;
            n.kind = DecisionNote::Kind::Preempted;
            n.job = j;
            n.value = m_waiting.keyOf(j).primary; // re-queued with its key now
            n.value2 = m_waiting.keyOf(j).secondary;
            note(state, n);
        }
        noteStarts(state, out, first, m_waiting, [&](int j) { return key(state, j); });
        noteWaiting(state, m_waiting);
    }
}

void PreemptivePolicy::walk(const SimState& state, Decisions& out)
{
    const std::size_t n = m_run.size();
    m_suffix.assign(n + 1, 0);
    for (std::size_t i = n; i-- > 0;)
        m_suffix[i] = m_suffix[i + 1] + m_run[i].gpus;
    m_keep.assign(n, 0);
    m_admitted.clear();
    const int minDemand = m_waiting.minGpus();
    int cap = state.cluster().totalGpus();
    std::size_t i = 0;

    // Admits running jobs [i, end) in order; slack = cap - suffix[i] says whether all fit.
    auto admitRunningUpTo = [&](std::size_t end) {
        while (i < end) {
            const int deficit = m_suffix[i] - cap; // > 0: some of the rest cannot stay
            if (deficit <= 0) {
                std::fill(m_keep.begin() + std::ptrdiff_t(i), m_keep.begin() + std::ptrdiff_t(end),
                          1);
                cap -= m_suffix[i] - m_suffix[end];
                i = end;
                return;
            }
            // First k in [i, end) with suffix[k + 1] < deficit is the first one that does not fit.
            std::size_t lo = i, hi = end;
            while (lo < hi) {
                const std::size_t mid = (lo + hi) / 2;
                if (m_suffix[mid + 1] < deficit)
                    hi = mid;
                else
                    lo = mid + 1;
            }
            std::fill(m_keep.begin() + std::ptrdiff_t(i), m_keep.begin() + std::ptrdiff_t(lo), 1);
            cap -= m_suffix[i] - m_suffix[lo];
            i = lo;
            if (i == end)
                return;
            const int g = m_run[i].gpus;
            if (g <= cap) { // cannot happen by construction, kept for safety
                m_keep[i] = 1;
                cap -= g;
            }
            ++i;
        }
    };

    auto wi = m_waiting.ordered().begin();
    const auto wend = m_waiting.ordered().end();
    while (wi != wend && cap >= minDemand) {
        // Running jobs ranked before this waiting job come first.
        const auto pos =
            std::lower_bound(m_keys.begin() + std::ptrdiff_t(i), m_keys.end(), wi->key);
        admitRunningUpTo(std::size_t(pos - m_keys.begin()));
        const int g = state.state(wi->job).gpus;
        if (g <= cap) {
            m_admitted.push_back(wi->job);
            cap -= g;
        }
        ++wi;
    }
    if (cap > 0)
        admitRunningUpTo(n);

    GpuPool& pool = scratchPool(state);
    for (std::size_t k = 0; k < n; ++k)
        if (!m_keep[k])
            pool.give(state.state(m_run[k].job).mapping);
    bool placedAll = true;
    for (int j : m_admitted)
        placedAll = m_waiting.tryStart(state, j, pool, out) && placedAll;
    if (!placedAll)
        continueWalk(state, pool, out);
    const std::size_t firstPreempt = out.preempt.size();
    for (std::size_t k = 0; k < n; ++k)
        if (!m_keep[k])
            out.preempt.push_back(m_run[k].job);
    // Preempted jobs wait with the key they have now (their run time stops growing).
    for (std::size_t p = firstPreempt; p < out.preempt.size(); ++p)
        m_waiting.insert(out.preempt[p], key(state, out.preempt[p]),
                         state.state(out.preempt[p]).gpus);
}

void PreemptivePolicy::continueWalk(const SimState& state, GpuPool& pool, Decisions& out)
{
    // An admitted job could not be placed: its GPUs are not held for it. Walk the jobs not
    // admitted in key order; a running one stays when its GPUs are still unclaimed, a waiting
    // one starts when it can be placed.
    auto wi = m_waiting.ordered().begin();
    const auto wend = m_waiting.ordered().end();
    for (std::size_t k = 0; k <= m_run.size() && pool.freeTotal() > 0; ++k) {
        const bool running = k < m_run.size();
        if (running && m_keep[k])
            continue;
        while (wi != wend && pool.freeTotal() > 0 && (!running || wi->key < m_keys[k])) {
            const int j = wi->job;
            ++wi; // advance before tryStart dequeues j
            if (!std::count(m_admitted.begin(), m_admitted.end(), j))
                m_waiting.tryStart(state, j, pool, out);
        }
        if (running && pool.allFree(state.state(m_run[k].job).mapping)) {
            pool.take(state.state(m_run[k].job).mapping);
            m_keep[k] = 1;
        }
    }
}

} // namespace gantry::sim
