#pragma once

#include "policies/policy.h"
#include "policies/waitingqueue.h"

namespace gantry::sim {

/// Base of the non-preemptive queue policies: jobs wait in a queue ordered by key() and are
/// admitted strictly (stop at the first that does not fit) or by skipping (start all that fit).
class QueuePolicy : public Policy
{
public:
    /// How the queue is walked.
    enum class Admission
    {
        Strict,
        Skip
    };

    /// A policy admitting jobs in the given way.
    explicit QueuePolicy(Admission admission) : m_admission(admission) {}
    void jobArrived(const SimState& state, int j) override;
    void decide(const SimState& state, Decisions& out) override;
    /// Waits in a strict queue name the head that blocks them; the rest as Policy::explain.
    QString explain(const DecisionNote& note, const NoteContext& ctx) const override;

protected:
    /// The job's fixed queue key, computed at arrival.
    virtual PriorityKey key(const SimState& state, int j) const = 0;

private:
    Admission m_admission;
    WaitingQueue m_queue;
};

} // namespace gantry::sim
