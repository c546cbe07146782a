#include "policies/asrptpolicy.h"

#include "sim/simobserver.h"

#include <algorithm>
#include <cmath>

namespace gantry::sim {

QString AsrptPolicy::name() const
{
    switch (m_mode) {
    case Mode::Strict:
        return QStringLiteral("asrpt");
    case Mode::Backfill:
        return QStringLiteral("asrpt-backfill");
    case Mode::WorkConserving:
        break;
    }
    return QStringLiteral("asrpt-wc");
}

void AsrptPolicy::connectObservers()
{
    m_connected = true;
    if (!m_observers || m_observers->empty())
        return;
    m_vsm.setSegmentCallback([this](SimTime from, SimTime to, int j) {
        for (SimObserver* o : *m_observers)
            o->virtualSegment(from, to, j);
    });
}

void AsrptPolicy::advance(const SimState& state)
{
    m_completed.clear();
    m_vsm.advanceTo(state.now(), m_completed);
    for (int j : m_completed) {
        if (j >= int(m_virtualCompletion.size()))
            m_virtualCompletion.resize(std::size_t(state.jobCount()), -1);
        m_virtualCompletion[std::size_t(j)] = state.now();
        if (m_mode == Mode::WorkConserving) {
            m_unreleased.erase(j);
            if (m_startedEarly[std::size_t(j)])
                continue; // already running (or done) on the real cluster
        }
        // Released in virtual-completion order: the queue is a FIFO in that order.
        m_released.insert(j, PriorityKey{0.0, double(m_releaseSeq++), 0, j}, state.state(j).gpus);
    }
}

void AsrptPolicy::jobArrived(const SimState& state, int j)
{
    if (!m_connected)
        connectObservers();
    advance(state);
    const JobState& st = state.state(j);
    const long double w = (long double)st.gpus * (long double)st.predictedProcessing /
                          (long double)state.cluster().totalGpus();
    const SimTime work = std::max<SimTime>(1, SimTime(std::llround(w)));
    m_vsm.release(state.now(), j, work, j);
    if (m_mode == Mode::WorkConserving) {
        m_startedEarly.resize(std::size_t(state.jobCount()), 0);
        m_unreleased.insert(j, PriorityKey{double(work), 0.0, st.arrival, j}, st.gpus);
    }
}

void AsrptPolicy::jobFinished(const SimState&, int j)
{
    m_ends.finished(j);
}

SimTime AsrptPolicy::virtualCompletion(int j) const
{
    return j < int(m_virtualCompletion.size()) ? m_virtualCompletion[std::size_t(j)] : -1;
}

double AsrptPolicy::virtualWaitS(const SimState& state) const
{
    double sum = 0.0;
    for (int j = 0; j < state.jobCount(); ++j) {
        const JobState& st = state.state(j);
        SimTime release = virtualCompletion(j);
        if (release < 0 || (st.firstStart >= 0 && st.firstStart < release))
            release = st.firstStart; // asrpt-wc started it early
        if (release >= st.arrival)
            sum += toSeconds(release - st.arrival);
    }
    return sum;
}

void AsrptPolicy::decide(const SimState& state, Decisions& out)
{
    advance(state);
    if ((m_released.empty() && m_unreleased.empty()) || state.pool().freeTotal() == 0)
        return;
    GpuPool pool = state.pool();
    const std::size_t before = out.start.size();
    m_released.admitStrict(state, pool, out);
    if (m_mode != Mode::Strict && !m_released.empty())
        m_ends.backfill(state, m_released.front().job, m_released, pool, out);
    if (m_mode == Mode::WorkConserving && pool.freeTotal() > 0 && m_released.empty()) {
        // Idle GPUs and nothing released waits: start jobs still on the virtual machine.
        const std::size_t first = out.start.size();
        m_unreleased.admitSkip(state, pool, out);
        for (std::size_t i = first; i < out.start.size(); ++i)
            m_startedEarly[std::size_t(out.start[i].first)] = 1;
    }
    m_ends.recordStarts(state, out, before);
}

SimTime AsrptPolicy::nextWakeup(const SimState&) const
{
    return m_vsm.nextCompletion();
}

} // namespace gantry::sim
