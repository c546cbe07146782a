#pragma once

#include "sim/decisions.h"
#include "sim/simstate.h"
#include "sim/simtime.h"

#include <QString>

#include <vector>

namespace gantry::sim {

class SimObserver;

/// What the simulator asks of a scheduling policy (docs/architecture.md, "Policies, placements
/// and predictors"): told about arrivals and completions, it decides once per decision point over a
/// read-only SimState and may ask to be woken later. The policies themselves live in policies/ and
/// derive from Policy.
class SchedulingPolicy
{
public:
    virtual ~SchedulingPolicy() = default;
    /// Registry name.
    virtual QString name() const = 0;
    /// True when the policy may preempt running jobs.
    virtual bool preemptive() const { return false; }
    /// True for a policy that reads each job's predicted distribution (SimState::distribution());
    /// the simulator asks the predictor for one at every arrival only then.
    virtual bool wantsDistributions() const { return false; }
    /// Job j arrived at state.now() (its prediction is in state.state(j)).
    virtual void jobArrived(const SimState& state, int j) = 0;
    /// Job j finished at state.now(); its GPUs are free in state.pool().
    virtual void jobFinished(const SimState& state, int j) {}
    /// Decide at state.now(): fill out with preemptions and starts.
    virtual void decide(const SimState& state, Decisions& out) = 0;
    /// The next time (> now) the policy needs a decision point without an event, or kNever.
    virtual SimTime nextWakeup(const SimState& state) const { return kNever; }
    /// Observers that want the policy's own timeline (the virtual machine of asrpt).
    void setObservers(const std::vector<SimObserver*>* observers) { m_observers = observers; }

protected:
    const std::vector<SimObserver*>* m_observers = nullptr; ///< may be null
};

} // namespace gantry::sim
