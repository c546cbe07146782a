#pragma once

#include "policies/preemptivepolicy.h"

#include <algorithm>
#include <limits>

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
    /// A running job's key is stored shifted by now, which keeps it fixed while it runs: its
    /// predicted end E = p-hat + base in place of E - now, or -infinity once E has come (the
    /// key is then 0 and only arrival and file position order it). Re-keyed once, at E.
    SimTime keyedUntil(const RunningJob& r, SimTime now) const
    {
        const SimTime end = r.predicted + r.base;
        return end > now ? end : kNever;
    }
    /// The stored (shifted) key of a running job at now.
    PriorityKey runningKey(const RunningJob& r, SimTime now) const
    {
        const SimTime end = r.predicted + r.base;
        return {end > now ? double(end) : -std::numeric_limits<double>::infinity(), 0.0, r.arrival,
                r.job};
    }
    /// A waiting job's key (predicted remaining time L) in the stored form: L + now, or
    /// -infinity when L is 0; both forms are whole microseconds, exact in a double.
    PriorityKey runningKeyOf(const PriorityKey& w, SimTime now) const override
    {
        return {w.primary > 0.0 ? double(SimTime(w.primary) + now)
                                : -std::numeric_limits<double>::infinity(),
                w.secondary, w.arrival, w.order};
    }
};

} // namespace gantry::sim
