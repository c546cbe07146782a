#include "policies/asrptpolicy.h"

#include "mapping/iterationmodel.h"
#include "mapping/placement.h"
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

void AsrptPolicy::jobFinished(const SimState& state, int j)
{
    if (j < int(m_predictedEnd.size()))
        m_predictedEnds.erase({m_predictedEnd[std::size_t(j)], j});
}

SimTime AsrptPolicy::virtualCompletion(int j) const
{
    return j < int(m_virtualCompletion.size()) ? m_virtualCompletion[std::size_t(j)] : -1;
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
        backfill(state, pool, out);
    if (m_mode == Mode::WorkConserving && pool.freeTotal() > 0 && m_released.empty()) {
        // Idle GPUs and nothing released waits: start jobs still on the virtual machine.
        const std::size_t first = out.start.size();
        m_unreleased.admitSkip(state, pool, out);
        for (std::size_t i = first; i < out.start.size(); ++i)
            m_startedEarly[std::size_t(out.start[i].first)] = 1;
    }
    if (m_predictedEnd.size() < std::size_t(state.jobCount()))
        m_predictedEnd.resize(std::size_t(state.jobCount()), 0);
    for (std::size_t i = before; i < out.start.size(); ++i) {
        const auto& [j, mapping] = out.start[i];
        // Predicted end on its real mapping: S + K-hat x tau(x).
        const double tau = IterationModel::iterationTimeS(state.job(j), mapping, state.cluster());
        const SimTime end = state.now() + fromSeconds(state.state(j).predictedIterations * tau);
        m_predictedEnd[std::size_t(j)] = end;
        m_predictedEnds.insert({end, j});
    }
}

void AsrptPolicy::backfill(const SimState& state, GpuPool& pool, Decisions& out)
{
    const int head = m_released.front().job;
    const int need = state.state(head).gpus;
    // Shadow time: walk running jobs by predicted end until enough GPUs would be free.
    int freeAt = pool.freeTotal();
    SimTime shadow = kNever;
    for (const auto& [end, j] : m_predictedEnds) {
        freeAt += state.state(j).gpus;
        if (freeAt >= need) {
            shadow = std::max(end, state.now());
            break;
        }
    }
    int spare = shadow == kNever ? 0 : freeAt - need;
    // A later job may start now if it ends (by prediction) before the shadow time, or if it
    // only uses GPUs the head will not need then.
    auto endsBeforeShadow = [&](int k) {
        return shadow != kNever && state.now() + state.state(k).predictedProcessing <= shadow;
    };
    m_released.admitSkipIf(
        state, pool, out,
        [&](int k) { return k != head && (endsBeforeShadow(k) || state.state(k).gpus <= spare); },
        [&](int k) {
            if (!endsBeforeShadow(k))
                spare -= state.state(k).gpus;
        });
}

SimTime AsrptPolicy::nextWakeup(const SimState&) const
{
    return m_vsm.nextCompletion();
}

} // namespace gantry::sim
