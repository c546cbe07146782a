#include "policies/virtualguard.h"

#include <algorithm>
#include <cmath>

namespace gantry::sim {

double VirtualGuard::calibration() const
{
    return m_calibration.factor();
}

void VirtualGuard::arrived(const SimState& state, int j)
{
    if (!m_connected) {
        m_connected = true;
        const std::size_t n = std::size_t(state.jobCount());
        m_scaled.assign(n, 0);
        m_segmentEnd.assign(n, 0);
        m_completion.assign(n, -1);
        m_due.assign(n, 0);
        m_finished.assign(n, 0);
        m_vsm.setSegmentCallback([this](SimTime from, SimTime to, int job) {
            m_segmentEnd[std::size_t(job)] = to;
            if (m_forward)
                m_forward(from, to, job);
        });
    }
    recordCompletions(state.now());
    const JobState& st = state.state(j);
    const long double c = calibration();
    const long double scaled = c * (long double)st.predictedProcessing;
    m_scaled[std::size_t(j)] = std::max<SimTime>(1, SimTime(std::llround(scaled)));
    const long double w =
        scaled * (long double)st.gpus / (long double)std::max(1, state.cluster().totalGpus());
    const SimTime work = std::max<SimTime>(1, SimTime(std::llround(w)));
    m_vsm.release(state.now(), j, work, j);
    m_onMachine.insert(m_scaled[std::size_t(j)]);
}

void VirtualGuard::finished(const SimState& state, int j)
{
    const JobState& st = state.state(j);
    m_calibration.finished(st);
    m_finished[std::size_t(j)] = 1;
    m_due[std::size_t(j)] = 0;
    if (m_completion[std::size_t(j)] >= 0) {
        // Through find(): one descent, where erase by key looks for a range (two).
        const auto it = m_pending.find({dueAt(j), j});
        if (it != m_pending.end())
            m_pending.erase(it);
    }
}

void VirtualGuard::recordCompletions(SimTime now)
{
    // The jobs these completions make due are handed out by advance().
    m_completed.clear();
    m_vsm.advanceTo(now, m_completed);
    for (int k : m_completed) {
        m_completion[std::size_t(k)] = m_segmentEnd[std::size_t(k)];
        m_onMachine.erase(m_onMachine.find(m_scaled[std::size_t(k)]));
        if (!m_finished[std::size_t(k)])
            m_pending.insert({dueAt(k), k});
    }
}

SimTime VirtualGuard::dueAt(int j) const
{
    const SimTime cv = m_completion[std::size_t(j)];
    if (cv < 0)
        return -1;
    return cv + SimTime(std::llround(m_stretch * double(m_scaled[std::size_t(j)])));
}

void VirtualGuard::advance(const SimState& state, std::vector<int>& becameDue)
{
    if (!m_connected)
        return;
    recordCompletions(state.now());
    while (!m_pending.empty() && m_pending.begin()->first <= state.now()) {
        const int k = m_pending.begin()->second;
        m_pending.erase(m_pending.begin());
        m_due[std::size_t(k)] = 1;
        becameDue.push_back(k);
    }
}

SimTime VirtualGuard::nextWakeup() const
{
    SimTime next = m_pending.empty() ? kNever : m_pending.begin()->first;
    const SimTime completion = m_vsm.nextCompletion();
    if (completion != kNever && !m_onMachine.empty())
        next = std::min(next, completion +
                                  SimTime(std::llround(m_stretch * double(*m_onMachine.begin()))));
    return next;
}

} // namespace gantry::sim
