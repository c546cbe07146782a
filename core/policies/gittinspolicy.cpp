#include "policies/gittinspolicy.h"

#include "sim/notecontext.h"

#include <algorithm>

namespace gantry::sim {

void GittinsPolicy::jobArrived(const SimState& state, int j)
{
    if (m_snapshot.size() != std::size_t(state.jobCount()))
        m_snapshot.assign(std::size_t(state.jobCount()), 0);
    m_snapshot[std::size_t(j)] = m_outcomes.current();
    m_overhead = state.restartOverhead();
    PreemptivePolicy::jobArrived(state, j);
}

void GittinsPolicy::jobFinished(const SimState& state, int j)
{
    const JobState& st = state.state(j);
    if (st.predictedProcessing > 0)
        m_outcomes.observe(double(st.ranTime(state.now())) / double(st.predictedProcessing));
    PreemptivePolicy::jobFinished(state, j);
}

double GittinsPolicy::rankOf(SimTime predicted, SimTime ran, int snap) const
{
    if (predicted <= 0)
        return 0.0;
    const double u = double(ran) / double(predicted);
    return double(predicted) * m_outcomes.rankAt(snap, u);
}

PriorityKey GittinsPolicy::key(const SimState& s, int j) const
{
    const JobState& st = s.state(j);
    return {rankOf(st.predictedProcessing, st.ranTime(s.now()), m_snapshot[std::size_t(j)]), 0.0,
            st.arrival, j};
}

PriorityKey GittinsPolicy::runningKey(const RunningJob& r, SimTime now) const
{
    // A running job keeps its GPUs unless another's rank is lower by more than what stopping
    // it costs: the restart overhead.
    const double rank = rankOf(r.predicted, now - r.base, m_snapshot[std::size_t(r.job)]);
    return {rank - double(m_overhead), 0.0, r.arrival, r.job};
}

std::size_t GittinsPolicy::keys(SimTime now, RunningJob* jobs, PriorityKey* out, std::size_t count,
                                SimTime& nextRekey) const
{
    for (std::size_t i = 0; i < count; ++i) {
        out[i] = runningKey(jobs[i], now);
        jobs[i].keyedUntil = now;
    }
    nextRekey = now;
    return 0;
}

QString GittinsPolicy::explain(const DecisionNote& note, const NoteContext& ctx) const
{
    if (note.kind == DecisionNote::Kind::Started) {
        const int g = std::max(1, ctx.demand(note.job));
        return ranked(
            note, ctx,
            QStringLiteral("lowest Gittins rank (expected GPU-time to its next likely "
                           "end, from %1 finished jobs' outcomes)")
                .arg(m_outcomes.observed()),
            QStringLiteral("rank %1 x %2")
                .arg(NoteContext::gpus(g), NoteContext::seconds(note.value / g / double(kSecond))));
    }
    if (note.kind == DecisionNote::Kind::Preempted)
        return preemptedFor(ctx, QStringLiteral("a lower Gittins rank, by more than the restart "
                                                "overhead"));
    return PreemptivePolicy::explain(note, ctx);
}

} // namespace gantry::sim
