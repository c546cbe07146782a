#pragma once

#include "sim/decisions.h"
#include "sim/simstate.h"

#include <QString>

#include <vector>

namespace gantry::sim {

class SimObserver;

/// A scheduling policy: a decision component over a read-only SimState (DESIGN.md 3). It is told
/// about arrivals and completions, decides once per decision point, and may ask to be woken at a
/// future time (virtual-machine completions, demotions). It never touches the event queue.
class Policy
{
public:
    virtual ~Policy() = default;
    /// Registry name.
    virtual QString name() const = 0;
    /// True when the policy may preempt running jobs.
    virtual bool preemptive() const { return false; }
    /// Job j arrived at state.now() (its prediction is in state.state(j)).
    virtual void jobArrived(const SimState& state, int j) = 0;
    /// Job j finished at state.now(); its GPUs are free in state.pool().
    virtual void jobFinished(const SimState& state, int j) {}
    /// Decide at state.now(): fill out with preemptions and starts.
    virtual void decide(const SimState& state, Decisions& out) = 0;
    /// The next time (> now) the policy needs a decision point without an event, or kNever.
    virtual SimTime nextWakeup(const SimState& state) const { return kNever; }
    /// Seconds jobs spent waiting for release by a virtual machine (arrival to release to the
    /// real queue, or to an earlier start), summed over jobs; 0 for policies without one.
    virtual double virtualWaitS(const SimState& state) const { return 0.0; }
    /// Observers that want the policy's own timeline (the virtual machine of asrpt).
    void setObservers(const std::vector<SimObserver*>* observers) { m_observers = observers; }

protected:
    const std::vector<SimObserver*>* m_observers = nullptr; ///< may be null
};

} // namespace gantry::sim
