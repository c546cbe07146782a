#include "policies/preemptivepolicy.h"

#include "mapping/placement.h"

#include <algorithm>

namespace gantry::sim {

void PreemptivePolicy::jobArrived(const SimState& state, int j)
{
    m_waiting.insert(j, key(state, j), state.state(j).gpus);
}

void PreemptivePolicy::decide(const SimState& state, Decisions& out)
{
    if (m_waiting.empty())
        return;
    m_running.clear();
    for (int j : state.running())
        m_running.emplace_back(key(state, j), j);
    const auto worst = std::max_element(m_running.begin(), m_running.end());
    if (worst == m_running.end() || worst->first < m_waiting.front().key) {
        // Every running job outranks every waiting one: all stay, the rest fills free GPUs.
        if (state.pool().freeTotal() == 0)
            return;
        GpuPool pool = state.pool();
        m_waiting.admitSkip(state, pool, out);
        return;
    }

    std::sort(m_running.begin(), m_running.end());
    int capacity = state.cluster().totalGpus();
    int minRunning = capacity;
    for (const auto& r : m_running)
        minRunning = std::min(minRunning, state.state(r.second).gpus);
    const int minDemand = std::min(minRunning, m_waiting.minGpus());
    std::vector<char> keep(m_running.size(), 0);
    m_admitted.clear();
    std::size_t ri = 0;
    auto wi = m_waiting.ordered().begin();
    const auto wend = m_waiting.ordered().end();
    while (capacity >= minDemand && (ri < m_running.size() || wi != wend)) {
        const bool takeRunning = wi == wend || (ri < m_running.size() && m_running[ri].first < wi->key);
        if (takeRunning) {
            const int g = state.state(m_running[ri].second).gpus;
            if (g <= capacity) {
                keep[ri] = 1;
                capacity -= g;
            }
            ++ri;
        } else {
            const int g = state.state(wi->job).gpus;
            if (g <= capacity) {
                m_admitted.push_back(wi->job);
                capacity -= g;
            }
            ++wi;
        }
    }
    GpuPool pool = state.pool();
    for (std::size_t i = 0; i < m_running.size(); ++i) {
        if (keep[i])
            continue;
        const int j = m_running[i].second;
        out.preempt.push_back(j);
        pool.give(state.state(j).mapping);
    }
    for (int j : m_admitted)
        m_waiting.tryStart(state, j, pool, out);
    // Preempted jobs wait with the key they have now (their run time stops growing).
    for (int j : out.preempt)
        m_waiting.insert(j, key(state, j), state.state(j).gpus);
}

} // namespace gantry::sim
