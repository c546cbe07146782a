#pragma once

#include "policies/preemptivepolicy.h"

#include <algorithm>

namespace gantry::sim {

/// `srsf`: smallest predicted remaining GPU-time (GPUs x predicted remaining time) first,
/// preemptive.
class SrsfPolicy : public KeyedPreemptivePolicy<SrsfPolicy>
{
public:
    QString name() const override { return QStringLiteral("srsf"); }
    /// Starts and preemptions by predicted remaining GPU-time (the note's key, GPU x us).
    QString explain(const DecisionNote& note, const NoteContext& ctx) const override
    {
        if (note.kind == DecisionNote::Kind::Started) {
            const int g = std::max(1, ctx.demand(note.job));
            return ranked(note, ctx, QStringLiteral("least predicted remaining GPU-time"),
                          QStringLiteral("%1 x %2 left")
                              .arg(NoteContext::gpus(g),
                                   NoteContext::seconds(note.value / g / double(kSecond))));
        }
        if (note.kind == DecisionNote::Kind::Preempted)
            return preemptedFor(ctx, QStringLiteral("less remaining GPU-time"));
        return PreemptivePolicy::explain(note, ctx);
    }

protected:
    friend class KeyedPreemptivePolicy<SrsfPolicy>;
    PriorityKey key(const SimState& s, int j) const override
    {
        const JobState& st = s.state(j);
        const double left =
            double(std::max<SimTime>(0, st.predictedProcessing - st.ranTime(s.now())));
        return {double(st.gpus) * left, 0.0, st.arrival, j};
    }
    /// Its key falls as it runs: every running job is re-keyed at every decision, by a loop
    /// that writes only the primary key (the others stay those of the same job).
    std::size_t keys(const SimState& state, RunningJob* jobs, PriorityKey* out, std::size_t count,
                     std::size_t, SimTime& nextRekey) const override
    {
        const SimTime now = state.now();
        for (std::size_t i = 0; i < count; ++i) {
            const SimTime left = std::max<SimTime>(0, jobs[i].predicted - (now - jobs[i].base));
            out[i].primary = double(jobs[i].gpus) * double(left);
            jobs[i].keyedUntil = now;
        }
        nextRekey = now;
        return 0;
    }
    /// Its key falls as it runs: re-keyed at every decision.
    SimTime keyedUntil(const RunningJob&, SimTime now) const { return now; }
    /// key() of a running job from its copied fields.
    PriorityKey runningKey(const RunningJob& r, SimTime now) const
    {
        const double left = double(std::max<SimTime>(0, r.predicted - (now - r.base)));
        return {double(r.gpus) * left, 0.0, r.arrival, r.job};
    }
};

} // namespace gantry::sim
