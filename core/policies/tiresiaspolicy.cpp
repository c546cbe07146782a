#include "policies/tiresiaspolicy.h"

#include <cmath>

namespace gantry::sim {

PriorityKey TiresiasPolicy::key(const SimState& s, int j) const
{
    const JobState& st = s.state(j);
    const double attained = double(st.gpus) * toSeconds(st.ranTime(s.now()));
    return {double(queueOf(attained)), 0.0, st.arrival, j};
}

SimTime TiresiasPolicy::crossing(const SimState& s, int j) const
{
    const JobState& st = s.state(j);
    const SimTime ran = st.ranTime(s.now());
    const int q = queueOf(double(st.gpus) * toSeconds(ran));
    if (q >= int(m_thresholds.size()))
        return kNever;
    // Run time (microseconds) at which gpus x run time reaches the next threshold.
    const SimTime cross = SimTime(std::ceil(m_thresholds[std::size_t(q)] * 1e6 / double(st.gpus)));
    return s.now() + std::max<SimTime>(1, cross - ran);
}

SimTime TiresiasPolicy::keyedUntil(const RunningJob& r, SimTime now) const
{
    // attained(x) = gpus x seconds(x) does not decrease with run time x, so the queue index
    // runningKey computes stays the same for every run time below the first x whose attained
    // service reaches the next threshold; find that x exactly, in runningKey's arithmetic.
    const auto attained = [&](SimTime x) { return double(r.gpus) * toSeconds(x); };
    const SimTime ran = now - r.base;
    const int q = queueOf(attained(ran));
    if (q >= int(m_thresholds.size()))
        return kNever;
    const double next = m_thresholds[std::size_t(q)];
    SimTime x = std::max(ran + 1, SimTime(std::ceil(next * 1e6 / double(r.gpus))));
    while (x - 1 > ran && attained(x - 1) >= next)
        --x;
    while (attained(x) < next)
        ++x;
    return r.base + x;
}

void TiresiasPolicy::schedule(int j, SimTime t)
{
    if (m_scheduled.size() <= std::size_t(j))
        m_scheduled.resize(std::size_t(j) * 2 + 16, kNever);
    m_scheduled[std::size_t(j)] = t;
    if (t != kNever)
        m_crossings.push({t, j});
}

void TiresiasPolicy::decide(const SimState& state, Decisions& out)
{
    if (m_scheduled.size() < std::size_t(state.jobCount()))
        m_scheduled.resize(std::size_t(state.jobCount()), kNever); // once, not by doubling
    // Jobs that crossed a threshold now move on to their next one.
    while (!m_crossings.empty() && m_crossings.top().first <= state.now()) {
        const auto [t, j] = m_crossings.top();
        m_crossings.pop();
        if (m_scheduled[std::size_t(j)] == t && state.state(j).phase == JobPhase::Running)
            schedule(j, crossing(state, j));
    }
    KeyedPreemptivePolicy<TiresiasPolicy>::decide(state, out);
    for (int j : out.preempt)
        schedule(j, kNever);
    for (const auto& [j, mapping] : out.start)
        schedule(j, crossing(state, j)); // a waiting job's run time is frozen until it starts now
}

void TiresiasPolicy::jobFinished(const SimState& state, int j)
{
    KeyedPreemptivePolicy<TiresiasPolicy>::jobFinished(state, j);
    schedule(j, kNever);
}

SimTime TiresiasPolicy::nextWakeup(const SimState&) const
{
    while (!m_crossings.empty() &&
           m_scheduled[std::size_t(m_crossings.top().second)] != m_crossings.top().first)
        m_crossings.pop();
    return m_crossings.empty() ? kNever : m_crossings.top().first;
}

void TiresiasPolicy::annotate(const SimState& s, DecisionNote& n) const
{
    const JobState& st = s.state(n.job);
    n.value2 = double(st.gpus) * toSeconds(st.ranTime(s.now())); // attained GPU-seconds
}

QString TiresiasPolicy::explain(const DecisionNote& n, const NoteContext& ctx) const
{
    if (n.kind == DecisionNote::Kind::Started) {
        const QString what = QStringLiteral("queue %1 of the attained-service queues, %2 GPU-s "
                                            "attained")
                                 .arg(int(n.value))
                                 .arg(NoteContext::number(n.value2));
        if (n.other < 0)
            return QStringLiteral("it is first in tiresias's order (%1)").arg(what);
        return QStringLiteral("it is the first job in tiresias's order that fits (%1; %2)")
            .arg(what, ctx.blocked(n.other));
    }
    if (n.kind == DecisionNote::Kind::Preempted) {
        const int mine = int(n.value);
        const DecisionNote* taken =
            ctx.taker() < 0 ? nullptr : ctx.noteOf(DecisionNote::Kind::Started, ctx.taker());
        const int theirs = taken ? int(taken->value) : 0;
        return preemptedFor(ctx, mine > theirs
                                     ? QStringLiteral("attained less service (queue %1 against %2)")
                                           .arg(theirs)
                                           .arg(mine)
                                     : QStringLiteral("the same queue and an earlier arrival"));
    }
    return PreemptivePolicy::explain(n, ctx);
}

} // namespace gantry::sim
