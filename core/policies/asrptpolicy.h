#pragma once

#include "policies/policy.h"
#include "policies/virtualsinglemachine.h"
#include "policies/waitingqueue.h"

#include <set>
#include <utility>
#include <vector>

namespace gantry::sim {

/// `asrpt` and `asrpt-backfill` (ASRPT.md 4): every arriving job is released on a virtual single
/// machine with size g x p-hat / G and scheduled there by preemptive SRPT; a job reaches the real
/// cluster at its virtual completion time and real jobs start in that order, never preempted.
/// Strict mode stops at the first job that does not fit; backfill mode lets later jobs start by
/// EASY backfilling against the head's shadow time (predicted ends of running jobs).
class AsrptPolicy : public Policy
{
public:
    /// Strict (`asrpt`) or EASY backfilling (`asrpt-backfill`).
    explicit AsrptPolicy(bool backfill) : m_backfill(backfill) {}
    QString name() const override;
    void jobArrived(const SimState& state, int j) override;
    void jobFinished(const SimState& state, int j) override;
    void decide(const SimState& state, Decisions& out) override;
    SimTime nextWakeup(const SimState& state) const override;

    /// Virtual completion time of job j, or -1 while it is still on the virtual machine.
    SimTime virtualCompletion(int j) const;

private:
    void advance(const SimState& state);
    void backfill(const SimState& state, GpuPool& pool, Decisions& out);
    void connectObservers();

    bool m_backfill;
    bool m_connected = false;
    VirtualSingleMachine m_vsm;
    WaitingQueue m_released;
    long long m_releaseSeq = 0;
    std::vector<int> m_completed;
    std::vector<SimTime> m_virtualCompletion;
    std::set<std::pair<SimTime, int>> m_predictedEnds; // running jobs by predicted end
    std::vector<SimTime> m_predictedEnd;
};

} // namespace gantry::sim
