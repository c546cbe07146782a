#pragma once

#include "policies/policy.h"
#include "policies/predictedends.h"
#include "policies/virtualsinglemachine.h"
#include "policies/waitingqueue.h"

#include <vector>

namespace gantry::sim {

/// `asrpt` and `asrpt-backfill` (docs/asrpt.md): every arriving job is released on a virtual
/// single machine with size g x p-hat / G and scheduled there by preemptive SRPT; a job reaches the
/// real cluster at its virtual completion time and real jobs start in that order, never preempted.
/// Strict mode stops at the first job that does not fit; backfill mode lets later jobs start by
/// EASY backfilling against the head's shadow time (predicted ends of running jobs).
/// `asrpt-wc` (Gantry's addition, not in the paper) is backfill mode made work-conserving:
/// GPUs still idle after it go to jobs that are still on the virtual machine, smallest virtual
/// size first (a job started early is not released again).
class AsrptPolicy : public Policy
{
public:
    /// How released jobs reach the real cluster.
    enum class Mode
    {
        Strict,
        Backfill,
        WorkConserving
    };

    /// `asrpt` (Strict), `asrpt-backfill` (Backfill) or `asrpt-wc` (WorkConserving).
    explicit AsrptPolicy(Mode mode) : m_mode(mode) {}
    QString name() const override;
    void jobArrived(const SimState& state, int j) override;
    void jobFinished(const SimState& state, int j) override;
    void decide(const SimState& state, Decisions& out) override;
    SimTime nextWakeup(const SimState& state) const override;

    /// Virtual completion time of job j, or -1 while it is still on the virtual machine.
    SimTime virtualCompletion(int j) const;
    /// Sum over jobs of min(virtual completion, first start) - arrival, in seconds. O(n).
    double virtualWaitS(const SimState& state) const override;
    /// Arrivals join the virtual machine; starts are released, backfilled or (asrpt-wc) early;
    /// waits are on the virtual machine or behind the released head.
    QString explain(const DecisionNote& note, const NoteContext& ctx) const override;

    /// Reason codes of its start notes.
    enum StartReason : std::uint8_t
    {
        Released,   ///< next in virtual completion order
        Backfilled, ///< passes the released head without delaying it
        Early,      ///< asrpt-wc: still on the virtual machine, given idle GPUs
    };
    /// Reason codes of its wait notes.
    enum WaitReason : std::uint8_t
    {
        OnVirtualMachine, ///< not released yet
        BehindHead,       ///< released, waits for GPUs or behind the head
    };

private:
    void advance(const SimState& state);
    void connectObservers();
    void noteDecision(const SimState& state, const Decisions& out, std::size_t released,
                      std::size_t backfilled) const;

    Mode m_mode;
    bool m_connected = false;
    WaitingQueue m_unreleased; // asrpt-wc: jobs still on the virtual machine, by virtual size
    std::vector<char> m_startedEarly;
    VirtualSingleMachine m_vsm;
    WaitingQueue m_released;
    long long m_releaseSeq = 0;
    std::vector<int> m_completed;
    std::vector<SimTime> m_virtualCompletion;
    PredictedEnds m_ends;
};

} // namespace gantry::sim
