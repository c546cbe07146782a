#pragma once

#include "policies/preemptivepolicy.h"

#include <algorithm>

namespace gantry::sim {

/// `srtf`: smallest predicted remaining time (predicted processing time minus time already
/// run, floored at 0) first, preemptive.
class SrtfPolicy : public KeyedPreemptivePolicy<SrtfPolicy>
{
public:
    QString name() const override { return QStringLiteral("srtf"); }
    /// Starts and preemptions by predicted remaining time (the note's key, microseconds).
    QString explain(const DecisionNote& note, const NoteContext& ctx) const override
    {
        if (note.kind == DecisionNote::Kind::Started)
            return ranked(
                note, ctx, QStringLiteral("least predicted remaining work"),
                QStringLiteral("%1 left").arg(NoteContext::seconds(note.value / double(kSecond))));
        if (note.kind == DecisionNote::Kind::Preempted)
            return preemptedFor(ctx, QStringLiteral("less remaining work"));
        return PreemptivePolicy::explain(note, ctx);
    }

protected:
    friend class KeyedPreemptivePolicy<SrtfPolicy>;
    PriorityKey key(const SimState& s, int j) const override
    {
        const JobState& st = s.state(j);
        const double left =
            double(std::max<SimTime>(0, st.predictedProcessing - st.ranTime(s.now())));
        return {left, 0.0, st.arrival, j};
    }
    /// Its key falls as it runs: re-keyed at every decision.
    SimTime keyedUntil(const RunningJob&, SimTime now) const { return now; }
    /// key() of a running job from its copied fields.
    PriorityKey runningKey(const RunningJob& r, SimTime now) const
    {
        const double left = double(std::max<SimTime>(0, r.predicted - (now - r.base)));
        return {left, 0.0, r.arrival, r.job};
    }
};

} // namespace gantry::sim
