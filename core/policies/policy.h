#pragma once

#include "policies/waitingqueue.h"
#include "sim/decisionnote.h"
#include "sim/decisions.h"
#include "sim/notecontext.h"
#include "sim/schedulingpolicy.h"
#include "sim/simstate.h"

#include <QString>

#include <optional>
#include <vector>

namespace gantry::sim {

class SimObserver;

/// A scheduling policy: a decision component over a read-only SimState (docs/architecture.md,
/// "Policies, placements and predictors"). It is told about arrivals and completions, decides once
/// per decision point, and may ask to be woken at a future time (virtual-machine completions,
/// demotions). It never touches the event queue.
///
/// A policy explains itself: while an observer wants notes (teaching mode) it records, as it
/// decides, a DecisionNote per start and preemption and for the first waiting jobs in its order,
/// and explain() later turns its own notes into words. No other code knows a policy's reasons.
class Policy : public SchedulingPolicy
{
public:
    /// Seconds jobs spent waiting for release by a virtual machine (arrival to release to the
    /// real queue, or to an earlier start), summed over jobs; 0 for policies without one.
    virtual double virtualWaitS(const SimState& state) const { return 0.0; }
    /// In words, why this policy did what note records (a note it made in the run); ctx names
    /// the jobs and holds the replayed cluster. The default covers starts and waits by GPUs.
    virtual QString explain(const DecisionNote& note, const NoteContext& ctx) const;

    /// Waiting jobs noted per decision, in the policy's order (the explainer counts the rest).
    static constexpr int kNotedWaits = 3;

protected:
    /// A scratch copy of state.pool() to place on, reusing the last copy's memory. O(GPUs).
    GpuPool& scratchPool(const SimState& state)
    {
        if (m_scratch)
            *m_scratch = state.pool();
        else
            m_scratch.emplace(state.pool());
        return *m_scratch;
    }
    /// True while some observer wants notes; build notes only then. O(observers).
    bool explaining() const;
    /// Adds the policy's own figures to note before it is handed on (default: nothing).
    virtual void annotate(const SimState& state, DecisionNote& note) const {}
    /// Hands note (its time set to state.now(), annotated) to the observers that want notes.
    void note(const SimState& state, DecisionNote note) const;
    /// Notes job j's arrival with value (when explaining).
    void noteArrival(const SimState& state, int j, double value) const;
    /// Notes the first kNotedWaits jobs of queue as waiting, each naming the first as other.
    void noteWaiting(const SimState& state, const WaitingQueue& queue) const;
    /// Notes each start out.start[from..] with its key from keyOf (value, value2: the key's two
    /// components) and, as other, the first job of queue ranked before it, if any.
    template <typename KeyOf>
    void noteStarts(const SimState& state, const Decisions& out, std::size_t from,
                    const WaitingQueue& queue, KeyOf keyOf) const
    {
        for (std::size_t i = from; i < out.start.size(); ++i) {
            const int j = out.start[i].first;
            const PriorityKey k = keyOf(j);
            DecisionNote n;
            n.kind = DecisionNote::Kind::Started;
            n.job = j;
            n.value = k.primary;
            n.value2 = k.secondary;
            if (!queue.empty() && queue.front().key < k)
                n.other = queue.front().job;
            note(state, n);
        }
    }

    /// "it has the <measure> of the waiting jobs (<figure>)", or "... of the jobs that fit
    /// (<figure>; <why the one passed waits>)" when note.other names a job it passed.
    static QString ranked(const DecisionNote& note, const NoteContext& ctx, const QString& measure,
                          const QString& figure);
    /// A wait in a strict order: by GPUs, behind the head note.other, or for want of a placement.
    static QString waitsBehindHead(const DecisionNote& note, const NoteContext& ctx);
    /// "<policy> gives its GPUs to <taker>, which has <why>" (or "puts jobs with <why> first").
    QString preemptedFor(const NoteContext& ctx, const QString& why) const;

private:
    std::optional<GpuPool> m_scratch;
};

} // namespace gantry::sim
