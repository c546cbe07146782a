#include "policies/preemptivepolicy.h"

#include <algorithm>
#include <limits>

namespace gantry::sim {

void PreemptivePolicy::jobArrived(const SimState& state, int j)
{
    m_waiting.reserve(state.jobCount());
    m_waiting.insert(j, key(state, j), state.state(j).gpus);
}

void PreemptivePolicy::jobFinished(const SimState&, int j)
{
    if (std::size_t(j) < m_live.size() && m_live[std::size_t(j)]) {
        if (m_live[std::size_t(j)] == kInRun)
            m_stopped.push_back(j);
        m_live[std::size_t(j)] = kNotRunning;
    }
}

void PreemptivePolicy::dropStopped()
{
    if (m_stopped.size() > kEraseOneByOne) {
        std::size_t w = 0;
        for (std::size_t r = 0; r < m_run.size(); ++r)
            if (m_live[std::size_t(m_run[r].job)] == kInRun) {
                if (w != r) {
                    m_run[w] = m_run[r];
                    m_keys[w] = m_keys[r];
                }
                ++w;
            } else {
                m_runGpus -= m_run[r].gpus;
            }
        m_run.resize(w);
        m_keys.resize(w);
        return;
    }
    for (int j : m_stopped)
        eraseJob(j);
}

std::size_t PreemptivePolicy::indexOf(int j) const
{
    return std::size_t(
        std::find_if(m_run.begin(), m_run.end(), [j](const RunningJob& r) { return r.job == j; }) -
        m_run.begin());
}

void PreemptivePolicy::eraseJob(int j)
{
    const std::size_t at = indexOf(j);
    m_runGpus -= m_run[at].gpus;
    m_run.erase(m_run.begin() + std::ptrdiff_t(at));
    m_keys.erase(m_keys.begin() + std::ptrdiff_t(at));
}

void PreemptivePolicy::refreshRunning(const SimState& state)
{
    // Drop jobs that finished (walk() took out those it preempted), re-key those whose key may
    // have changed, re-sort, then add those started last time at their places.
    const SimTime now = state.now();
    const bool falling = keysFall(state);
    // With falling keys, the running jobs from `contested` on (ranked at or after the first
    // waiting job) are re-keyed at every decision.
    const auto contestedFrom = [&] {
        PriorityKey first;
        if (!falling || !firstWaitingKey(now, first))
            return m_run.size();
        return std::size_t(std::lower_bound(m_keys.begin(), m_keys.end(), first) - m_keys.begin());
    };
    if (now < m_nextRekey && m_stopped.size() <= kEraseOneByOne &&
        contestedFrom() == m_run.size()) {
        placeStarted(state);
        return;
    }
    dropStopped();
    m_stopped.clear();
    const std::size_t contested = contestedFrom();
    if (now >= m_nextRekey || contested < m_run.size()) {
        // The jobs keys() re-keys; when few, each is taken out and put back at its place. The
        // contested jobs are all re-keyed: when they alone are many, nothing is scanned.
        m_moved.clear();
        const bool many = m_run.size() - contested > kEraseOneByOne;
        for (std::size_t i = now >= m_nextRekey ? 0 : contested;
             !many && i < m_run.size() && m_moved.size() <= kEraseOneByOne; ++i)
            if (m_run[i].keyedUntil <= now || i >= contested)
                m_moved.push_back(i);
        const bool few = !many && m_moved.size() <= kEraseOneByOne;
        // Jobs before the first one re-keyed kept their keys and their order.
        const std::size_t rekeyed =
            keys(state, m_run.data(), m_keys.data(), m_run.size(), contested, m_nextRekey);
        if (few) {
            m_movedJobs.clear();
            for (std::size_t m = m_moved.size(); m-- > 0;) {
                const std::size_t i = m_moved[m];
                m_movedJobs.emplace_back(m_keys[i], m_run[i]);
                m_keys.erase(m_keys.begin() + std::ptrdiff_t(i));
                m_run.erase(m_run.begin() + std::ptrdiff_t(i));
            }
            for (const auto& [k, r] : m_movedJobs) {
                const auto pos = std::lower_bound(m_keys.begin(), m_keys.end(), k);
                m_run.insert(m_run.begin() + (pos - m_keys.begin()), r);
                m_keys.insert(pos, k);
            }
        }
        // Insertion sort: the order is nearly the previous one, so this is about one pass. A
        // job out of place is put at its place by binary search and one block move.
        for (std::size_t i = std::max<std::size_t>(1, rekeyed); !few && i < m_run.size(); ++i) {
            if (!(m_keys[i] < m_keys[i - 1]))
                continue;
            // Galloping back from i - 1 (most moves are short), then a binary search.
            const PriorityKey k = m_keys[i];
            std::size_t hi = i - 1, lo = 0; // k < m_keys[hi]; its place is in [lo, hi]
            for (std::size_t step = 1; step <= hi; step *= 2) {
                if (!(k < m_keys[hi - step])) {
                    lo = hi - step + 1;
                    break;
                }
                hi -= step;
            }
            const std::size_t p =
                std::size_t(std::upper_bound(m_keys.begin() + std::ptrdiff_t(lo),
                                             m_keys.begin() + std::ptrdiff_t(hi), k) -
                            m_keys.begin());
            moveWithin(i, p, k, RunningJob(m_run[i]));
        }
    }
    placeStarted(state);
}

void PreemptivePolicy::placeStarted(const SimState& state)
{
    // Each job still in m_stopped (no re-keying is due) is paired with a started job: one
    // block move between their two places instead of one per erase and per insert.
    std::size_t s = 0;
    for (int j : m_started)
        if (m_live[std::size_t(j)] == kStarted) {
            const JobState& st = state.state(j);
            RunningJob r{st.segmentStart - st.ranBefore,
                         st.predictedProcessing,
                         st.arrival,
                         st.gpus,
                         j,
                         kNotKeyed};
            PriorityKey k{0.0, 0.0, st.arrival, j};
            SimTime until = 0;
            keys(state, &r, &k, 1, 1, until);
            m_nextRekey = std::min(m_nextRekey, until);
            const std::size_t b =
                std::size_t(std::lower_bound(m_keys.begin(), m_keys.end(), k) - m_keys.begin());
            if (s < m_stopped.size()) {
                const std::size_t a = indexOf(m_stopped[s++]);
                m_runGpus -= m_run[a].gpus;
                moveWithin(a, b, k, r);
            } else {
                m_run.insert(m_run.begin() + std::ptrdiff_t(b), r);
                m_keys.insert(m_keys.begin() + std::ptrdiff_t(b), k);
            }
            m_runGpus += st.gpus;
            m_live[std::size_t(j)] = kInRun;
        }
    m_started.clear();
    if (s < m_stopped.size()) {
        m_stopped.erase(m_stopped.begin(), m_stopped.begin() + std::ptrdiff_t(s));
        dropStopped();
    }
    m_stopped.clear();
}

void PreemptivePolicy::requeue(const SimState& state, int j)
{
    if (!m_waiting.contains(j))
        return;
    m_waiting.erase(j);
    m_waiting.insert(j, key(state, j), state.state(j).gpus);
}

void PreemptivePolicy::restarted(int j)
{
    if (m_live.size() <= std::size_t(j))
        m_live.resize(std::size_t(j) + 1, 0);
    if (m_live[std::size_t(j)] == kStarted)
        return; // already to be placed as started
    if (m_live[std::size_t(j)] == kInRun)
        eraseJob(j);
    m_live[std::size_t(j)] = kStarted;
    m_started.push_back(j);
}

void PreemptivePolicy::moveWithin(std::size_t a, std::size_t b, const PriorityKey& k,
                                  const RunningJob& r)
{
    // b is k's place among the jobs with a still there; a's key differs from k.
    if (a < b) {
        std::copy(m_run.begin() + std::ptrdiff_t(a + 1), m_run.begin() + std::ptrdiff_t(b),
                  m_run.begin() + std::ptrdiff_t(a));
        std::copy(m_keys.begin() + std::ptrdiff_t(a + 1), m_keys.begin() + std::ptrdiff_t(b),
                  m_keys.begin() + std::ptrdiff_t(a));
        m_run[b - 1] = r;
        m_keys[b - 1] = k;
    } else {
        std::copy_backward(m_run.begin() + std::ptrdiff_t(b), m_run.begin() + std::ptrdiff_t(a),
                           m_run.begin() + std::ptrdiff_t(a + 1));
        std::copy_backward(m_keys.begin() + std::ptrdiff_t(b), m_keys.begin() + std::ptrdiff_t(a),
                           m_keys.begin() + std::ptrdiff_t(a + 1));
        m_run[b] = r;
        m_keys[b] = k;
    }
}

void PreemptivePolicy::decide(const SimState& state, Decisions& out)
{
    if (m_waiting.empty())
        return; // nothing can change; the running order is refreshed when it matters
    refreshRunning(state);
    const std::size_t first = out.start.size();
    if (m_run.empty() || m_keys.back() < runningKeyOf(m_waiting.front().key, state.now())) {
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
        m_live[std::size_t(out.start[i].first)] = kStarted;
    }
    for (int j : out.preempt)
        m_live[std::size_t(j)] = kNotRunning; // walk() took it out of m_run
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
    const SimTime now = state.now();
    const std::size_t n = m_run.size();
    // Running jobs ranked before the first waiting job all stay (together they fit): the walk
    // starts at the first running job ranked after it, with the GPUs the others leave.
    const std::size_t start = std::size_t(
        std::lower_bound(m_keys.begin(), m_keys.end(), runningKeyOf(m_waiting.front().key, now)) -
        m_keys.begin());
    // m_suffix[i - start] = GPUs of m_run[i..]; m_dropped: running jobs not admitted, in order.
    m_suffix.assign(n - start + 1, 0);
    for (std::size_t i = n; i-- > start;)
        m_suffix[i - start] = m_suffix[i - start + 1] + m_run[i].gpus;
    m_dropped.clear();
    m_walkStart = start;
    m_admitted.clear();
    const int minDemand = m_waiting.minGpus();
    int cap = state.cluster().totalGpus() - (m_runGpus - m_suffix[0]);
    std::size_t i = start;
    const auto suffix = [&](std::size_t k) { return m_suffix[k - start]; };

    // Admits running jobs [i, end) in order; slack = cap - suffix[i] says whether all fit.
    auto admitRunningUpTo = [&](std::size_t end) {
        while (i < end) {
            const int deficit = suffix(i) - cap; // > 0: some of the rest cannot stay
            if (deficit <= 0) {
                cap -= suffix(i) - suffix(end);
                i = end;
                return;
            }
            // First k in [i, end) with suffix[k + 1] < deficit is the first one that does not fit.
            std::size_t lo = i, hi = end;
            while (lo < hi) {
                const std::size_t mid = (lo + hi) / 2;
                if (suffix(mid + 1) < deficit)
                    hi = mid;
                else
                    lo = mid + 1;
            }
            cap -= suffix(i) - suffix(lo);
            i = lo;
            if (i == end)
                return;
            const int g = m_run[i].gpus;
            if (g <= cap) // cannot happen by construction, kept for safety
                cap -= g;
            else
                m_dropped.push_back(i);
            ++i;
        }
    };

    auto wi = m_waiting.ordered().begin();
    const auto wend = m_waiting.ordered().end();
    while (wi != wend && cap >= minDemand) {
        // Running jobs ranked before this waiting job come first.
        const auto pos = std::lower_bound(m_keys.begin() + std::ptrdiff_t(i), m_keys.end(),
                                          runningKeyOf(wi->key, now));
        admitRunningUpTo(std::size_t(pos - m_keys.begin()));
        const int g = m_waiting.gpusOf(wi->job);
        if (g <= cap) {
            m_admitted.push_back(wi->job);
            cap -= g;
        }
        ++wi;
    }
    if (cap > 0)
        admitRunningUpTo(n);
    for (; i < n; ++i) // no GPU left for the rest
        m_dropped.push_back(i);

    GpuPool& pool = scratchPool(state);
    for (const std::size_t k : m_dropped)
        pool.give(state.state(m_run[k].job).mapping);
    bool placedAll = true;
    for (int j : m_admitted)
        placedAll = m_waiting.tryStart(state, j, pool, out) && placedAll;
    const std::size_t firstPreempt = out.preempt.size();
    if (!placedAll) {
        m_keep.assign(n - start, 1);
        for (const std::size_t k : m_dropped)
            m_keep[k - start] = 0;
        continueWalk(state, pool, out);
        std::erase_if(m_dropped, [&](std::size_t k) { return m_keep[k - start] != 0; });
    }
    for (const std::size_t k : m_dropped)
        out.preempt.push_back(m_run[k].job);
    // Preempted jobs wait with the key they have now (their run time stops growing).
    for (std::size_t p = firstPreempt; p < out.preempt.size(); ++p)
        m_waiting.insert(out.preempt[p], key(state, out.preempt[p]),
                         state.state(out.preempt[p]).gpus);
    eraseRunning(m_dropped);
}

void PreemptivePolicy::eraseRunning(const std::vector<std::size_t>& at)
{
    // One block move per run of kept jobs between two erased ones.
    if (at.empty())
        return;
    std::size_t w = at.front();
    for (std::size_t t = 0; t < at.size(); ++t) {
        m_runGpus -= m_run[at[t]].gpus;
        const std::size_t from = at[t] + 1;
        const std::size_t to = t + 1 < at.size() ? at[t + 1] : m_run.size();
        std::copy(m_run.begin() + std::ptrdiff_t(from), m_run.begin() + std::ptrdiff_t(to),
                  m_run.begin() + std::ptrdiff_t(w));
        std::copy(m_keys.begin() + std::ptrdiff_t(from), m_keys.begin() + std::ptrdiff_t(to),
                  m_keys.begin() + std::ptrdiff_t(w));
        w += to - from;
    }
    m_run.resize(w);
    m_keys.resize(w);
}

void PreemptivePolicy::continueWalk(const SimState& state, GpuPool& pool, Decisions& out)
{
    // An admitted job could not be placed: its GPUs are not held for it. Walk the jobs not
    // admitted in key order; a running one stays when its GPUs are still unclaimed, a waiting
    // one starts when it can be placed. Running jobs before m_walkStart all stay.
    const SimTime now = state.now();
    auto wi = m_waiting.ordered().begin();
    const auto wend = m_waiting.ordered().end();
    for (std::size_t k = m_walkStart; k <= m_run.size() && pool.freeTotal() > 0; ++k) {
        const bool running = k < m_run.size();
        if (running && m_keep[k - m_walkStart])
            continue;
        while (wi != wend && pool.freeTotal() > 0 &&
               (!running || runningKeyOf(wi->key, now) < m_keys[k])) {
            const int j = wi->job;
            ++wi; // advance before tryStart dequeues j
            if (!std::count(m_admitted.begin(), m_admitted.end(), j))
                m_waiting.tryStart(state, j, pool, out);
        }
        if (running && pool.allFree(state.state(m_run[k].job).mapping)) {
            pool.take(state.state(m_run[k].job).mapping);
            m_keep[k - m_walkStart] = 1;
        }
    }
}

} // namespace gantry::sim
