#pragma once

#include "policies/policy.h"
#include "policies/waitingqueue.h"

#include <utility>
#include <vector>

namespace gantry::sim {

/// Base of the preemptive policies (DESIGN.md 3.1): at each decision point walk every arrived,
/// unfinished job in key order and admit each that fits in the GPUs not yet admitted; running
/// jobs keep their GPUs while admitted, running jobs not admitted are preempted, newly admitted
/// jobs are placed on the GPUs free after the preemptions (one that cannot be placed waits).
/// Cost per decision: O(R) when no waiting job outranks a running one, else O(R log R + walk).
class PreemptivePolicy : public Policy
{
public:
    bool preemptive() const override { return true; }
    void jobArrived(const SimState& state, int j) override;
    void decide(const SimState& state, Decisions& out) override;

protected:
    /// Job j's key at state.now(); for a waiting job it must not change while it waits.
    virtual PriorityKey key(const SimState& state, int j) const = 0;

private:
    WaitingQueue m_waiting;
    std::vector<std::pair<PriorityKey, int>> m_running;
    std::vector<int> m_admitted;
};

} // namespace gantry::sim
