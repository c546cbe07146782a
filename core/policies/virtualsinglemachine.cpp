#include "policies/virtualsinglemachine.h"

namespace gantry::sim {

void VirtualSingleMachine::emitSegment(SimTime to)
{
    if (m_segment && to > m_segmentStart)
        m_segment(m_segmentStart, to, m_current);
}

void VirtualSingleMachine::advanceTo(SimTime t, std::vector<int>& completed)
{
    while (m_current >= 0 && m_clock + m_remaining <= t) {
        m_clock += m_remaining;
        emitSegment(m_clock);
        completed.push_back(m_current);
        m_current = -1;
        if (!m_active.empty()) {
            const Item next = *m_active.begin();
            m_active.erase(m_active.begin());
            m_current = next.job;
            m_remaining = next.remaining;
            m_currentRelease = next.release;
            m_currentOrder = next.order;
            m_segmentStart = m_clock;
        }
    }
    if (m_current >= 0)
        m_remaining -= t - m_clock;
    m_clock = t;
}

void VirtualSingleMachine::release(SimTime t, int job, SimTime work, int order)
{
    m_clock = t;
    if (m_current < 0) {
        m_current = job;
        m_remaining = work;
        m_currentRelease = t;
        m_currentOrder = order;
        m_segmentStart = t;
        return;
    }
    if (work < m_remaining) {
        emitSegment(t);
        m_active.insert({m_remaining, m_currentRelease, m_currentOrder, m_current});
        m_current = job;
        m_remaining = work;
        m_currentRelease = t;
        m_currentOrder = order;
        m_segmentStart = t;
        return;
    }
    m_active.insert({work, t, order, job});
}

} // namespace gantry::sim
