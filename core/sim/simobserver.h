#pragma once

#include "mapping/mapping.h"
#include "sim/decisionnote.h"
#include "sim/simtime.h"

namespace gantry::sim {

/// Receives the life of every job during a run. All callbacks default to nothing; the kernel
/// runs without observers. Job indices are positions in the scenario's job list.
class SimObserver
{
public:
    virtual ~SimObserver() = default;
    /// Job j arrived at t.
    virtual void jobArrived(SimTime t, int j) {}
    /// Job j started (or resumed) at t on mapping m.
    virtual void jobStarted(SimTime t, int j, const Mapping& m) {}
    /// Job j was preempted at t; its GPUs are free again.
    virtual void jobPreempted(SimTime t, int j) {}
    /// Job j finished at t.
    virtual void jobFinished(SimTime t, int j) {}
    /// Job j's iteration time changed at t (start, resume, contention).
    virtual void rateChanged(SimTime t, int j, double iterationTimeS) {}
    /// The policy's virtual single machine (asrpt) ran job j from `from` to `to`.
    virtual void virtualSegment(SimTime from, SimTime to, int j) {}
    /// True when the observer wants the policy's DecisionNotes; policies build notes only then.
    virtual bool wantsNotes() const { return false; }
    /// The policy stated why it decided (only when wantsNotes()).
    virtual void decisionNote(const DecisionNote& note) {}
};

} // namespace gantry::sim
