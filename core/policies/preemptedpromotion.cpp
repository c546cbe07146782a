#include "policies/preemptedpromotion.h"

#include <algorithm>
#include <cmath>

namespace gantry::sim {

void PreemptedPromotion::grow(int j)
{
    if (std::size_t(j) >= m_at.size()) {
        const std::size_t n = std::max<std::size_t>(std::size_t(j) + 1, 2 * m_at.size());
        m_at.resize(n, -1);
        m_ran.resize(n, -1);
        m_promoted.resize(n, 0);
    }
}

void PreemptedPromotion::preempted(int j, SimTime now, SimTime ran)
{
    if (!enabled())
        return;
    grow(j);
    started(j); // a pending promotion of an earlier wait is void
    const SimTime at = now + std::max<SimTime>(1, SimTime(std::llround(m_factor * double(ran))));
    m_at[std::size_t(j)] = at;
    m_ran[std::size_t(j)] = ran;
    m_pending.insert({at, j});
}

void PreemptedPromotion::started(int j)
{
    if (std::size_t(j) >= m_at.size() || m_at[std::size_t(j)] < 0)
        return;
    if (!m_promoted[std::size_t(j)]) {
        // Through find(): one descent, where erase by key looks for a range (two).
        const auto it = m_pending.find({m_at[std::size_t(j)], j});
        if (it != m_pending.end())
            m_pending.erase(it);
    }
    m_promoted[std::size_t(j)] = 0;
    m_at[std::size_t(j)] = -1;
    m_ran[std::size_t(j)] = -1;
}

void PreemptedPromotion::advance(SimTime now, std::vector<int>& promotedNow)
{
    while (!m_pending.empty() && m_pending.begin()->first <= now) {
        const int j = m_pending.begin()->second;
        m_pending.erase(m_pending.begin());
        m_promoted[std::size_t(j)] = 1;
        promotedNow.push_back(j);
    }
}

SimTime PreemptedPromotion::nextWakeup() const
{
    return m_pending.empty() ? kNever : m_pending.begin()->first;
}

} // namespace gantry::sim
