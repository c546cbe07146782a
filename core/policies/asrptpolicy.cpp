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
        m_released.insert(j, PriorityKey{0.0, double(m_releaseSeq++), 0, j}, state.state(j).gpus,
                          state.state(j).predictedProcessing);
    }
}

void AsrptPolicy::jobArrived(const SimState& state, int j)
{
    if (!m_connected)
        connectObservers();
    m_released.reserve(state.jobCount());
    m_unreleased.reserve(state.jobCount());
    advance(state);
    const JobState& st = state.state(j);
    const long double w = (long double)st.gpus * (long double)st.predictedProcessing /
                          (long double)state.cluster().totalGpus();
    const SimTime work = std::max<SimTime>(1, SimTime(std::llround(w)));
    m_vsm.release(state.now(), j, work, j);
    if (explaining()) {
        // The completion quoted is what the machine holds now, not what later arrivals make it.
        DecisionNote n;
        n.kind = DecisionNote::Kind::Arrived;
        n.job = j;
        n.value = toSeconds(work);
        n.value2 = toSeconds(m_vsm.projectedEnd(j));
        note(state, n);
    }
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
    const std::size_t before = out.start.size();
    if ((m_released.empty() && m_unreleased.empty()) || state.pool().freeTotal() == 0) {
        if (explaining())
            noteDecision(state, out, before, before);
        return;
    }
    GpuPool& pool = scratchPool(state);
    m_released.admitStrict(state, pool, out);
    const std::size_t released = out.start.size();
    if (m_mode != Mode::Strict && !m_released.empty())
        m_ends.backfill(state, m_released.front().job, m_released, pool, out);
    const std::size_t backfilled = out.start.size();
    if (m_mode == Mode::WorkConserving && pool.freeTotal() > 0 && m_released.empty()) {
        // Idle GPUs and nothing released waits: start jobs still on the virtual machine.
        const std::size_t first = out.start.size();
        m_unreleased.admitSkip(state, pool, out);
        for (std::size_t i = first; i < out.start.size(); ++i)
            m_startedEarly[std::size_t(out.start[i].first)] = 1;
    }
    m_ends.recordStarts(state, out, before);
    if (explaining())
        noteDecision(state, out, released, backfilled);
}

void AsrptPolicy::noteDecision(const SimState& state, const Decisions& out, std::size_t released,
                               std::size_t backfilled) const
{
    const int head = m_released.empty() ? -1 : m_released.front().job;
    std::vector<int> startedNow;
    for (std::size_t i = 0; i < out.start.size(); ++i) {
        const int j = out.start[i].first;
        startedNow.push_back(j);
        DecisionNote n;
        n.kind = DecisionNote::Kind::Started;
        n.job = j;
        n.reason = i < released ? Released : i < backfilled ? Backfilled : Early;
        n.other = n.reason == Backfilled ? head : -1;
        n.value =
            n.reason == Early ? toSeconds(m_vsm.projectedEnd(j)) : toSeconds(virtualCompletion(j));
        note(state, n);
    }
    // Released jobs wait first (in release order), then those still on the virtual machine in
    // its SRPT order.
    int listed = 0;
    for (const WaitingQueue::Entry& e : m_released.ordered()) {
        if (listed == kNotedWaits)
            return;
        DecisionNote n;
        n.kind = DecisionNote::Kind::Waits;
        n.reason = BehindHead;
        n.job = e.job;
        n.other = head;
        note(state, n);
        ++listed;
    }
    m_vsm.visitInOrder([&](int j) {
        if (listed == kNotedWaits)
            return false;
        if (state.state(j).phase != JobPhase::Waiting ||
            std::find(startedNow.begin(), startedNow.end(), j) != startedNow.end())
            return true; // asrpt-wc started it early
        DecisionNote n;
        n.kind = DecisionNote::Kind::Waits;
        n.reason = OnVirtualMachine;
        n.job = j;
        n.value = toSeconds(m_vsm.projectedEnd(j));
        note(state, n);
        ++listed;
        return true;
    });
}

QString AsrptPolicy::explain(const DecisionNote& n, const NoteContext& ctx) const
{
    // Figures about the virtual machine's future are what it held at the decision: later
    // arrivals may push them back, so they are said as such.
    switch (n.kind) {
    case DecisionNote::Kind::Arrived:
        return QStringLiteral("it joins the virtual machine, which would complete it at %1 if no "
                              "other job arrived")
            .arg(NoteContext::seconds(n.value2));
    case DecisionNote::Kind::Started:
        if (n.reason == Backfilled && n.other >= 0)
            return QStringLiteral("it backfills ahead of %1 in the virtual machine's completion "
                                  "order without delaying it (%2)")
                .arg(ctx.name(n.other), ctx.blocked(n.other));
        if (n.reason == Early)
            return QStringLiteral("it is still on the virtual machine (which would release it "
                                  "at %1 if no other job arrived), but asrpt-wc gives idle GPUs "
                                  "to such jobs, smallest virtual size first,")
                .arg(NoteContext::seconds(n.value));
        return QStringLiteral("it is next in the virtual machine's completion order (released at "
                              "%1)")
            .arg(NoteContext::seconds(n.value));
    case DecisionNote::Kind::Preempted:
        break;
    case DecisionNote::Kind::Waits:
        if (n.reason == OnVirtualMachine)
            return QStringLiteral("it is still on the virtual machine, which would release it at "
                                  "%1 if no other job arrived")
                .arg(NoteContext::seconds(n.value));
        if (m_mode == Mode::Strict || ctx.demand(n.job) > ctx.freeGpus())
            return waitsBehindHead(n, ctx);
        if (n.other >= 0 && n.other != n.job)
            return QStringLiteral("%1, but starting it would delay %2")
                .arg(ctx.need(n.job), ctx.name(n.other));
        break;
    }
    return Policy::explain(n, ctx);
}

SimTime AsrptPolicy::nextWakeup(const SimState&) const
{
    return m_vsm.nextCompletion();
}

} // namespace gantry::sim
