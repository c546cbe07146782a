#pragma once

#include "policies/sizecalibration.h"
#include "policies/virtualsinglemachine.h"
#include "sim/simstate.h"
#include "util/freelistallocator.h"

#include <functional>
#include <set>
#include <utility>
#include <vector>

namespace gantry::sim {

/// A-SRPT's virtual single machine used as a guard against starvation (docs/policies.md,
/// "asrpt-gittins"), for a policy that orders the real cluster by its own rule. Every arriving
/// job is put on the machine with size w = c x g x p-hat / G (c the calibration factor below)
/// and run there by preemptive SRPT as in `asrpt`. A job is due once the real cluster is late on
/// it: at its virtual completion C^V plus stretch times its calibrated prediction c x p-hat
/// (stretch 0: at C^V). A due job stays due until it finishes; due jobs go first, in C^V order.
///
/// Calibration: c = (run time of the jobs finished so far) / (their predicted processing time),
/// clamped to [1/64, 64], 1 before the first finish, fixed per job at its arrival, so that a
/// predictor that over- or underestimates does not move the virtual completions far from the
/// real cluster's.
///
/// Wake-ups: the earliest due time known, and the earliest the next virtual completion could
/// make a job due (the completion plus stretch x the smallest calibrated prediction on the
/// machine), so no due time is missed and, with stretch > 0, few decision points are added.
/// O(log n) per arrival, completion and virtual event.
class VirtualGuard
{
public:
    explicit VirtualGuard(double stretch) : m_stretch(stretch) {}

    /// Receives each virtual segment when it closes (the teaching timeline); may be empty.
    void setSegmentCallback(VirtualSingleMachine::SegmentFn fn) { m_forward = std::move(fn); }
    /// Job j arrived at state.now(): it joins the virtual machine.
    void arrived(const SimState& state, int j);
    /// Job j finished: it feeds the calibration and is no longer due.
    void finished(const SimState& state, int j);
    /// Runs the machine to state.now() and appends to becameDue the unfinished jobs that became
    /// due since the last call, in C^V order.
    void advance(const SimState& state, std::vector<int>& becameDue);
    /// True once job j is due (until it finishes).
    bool due(int j) const { return j < int(m_due.size()) && m_due[std::size_t(j)]; }
    /// Virtual completion of job j, or -1 while it is still on the machine.
    SimTime virtualCompletion(int j) const
    {
        return j < int(m_completion.size()) ? m_completion[std::size_t(j)] : -1;
    }
    /// The time job j becomes due, or -1 before its virtual completion.
    SimTime dueAt(int j) const;
    /// Job j's calibrated prediction c x p-hat (its virtual size x G / g).
    SimTime scaled(int j) const { return m_scaled[std::size_t(j)]; }
    /// The next time a job may become due, or kNever.
    SimTime nextWakeup() const;
    /// The calibration factor c applied to jobs arriving now.
    double calibration() const;
    /// The lateness allowed, in units of a job's calibrated prediction.
    double stretch() const { return m_stretch; }
    /// The machine (for teaching notes: what it held at a moment).
    const VirtualSingleMachine& machine() const { return m_vsm; }

private:
    // Runs the machine to now and records the virtual completions it finds.
    void recordCompletions(SimTime now);

    double m_stretch;
    bool m_connected = false;
    VirtualSingleMachine m_vsm;
    VirtualSingleMachine::SegmentFn m_forward;
    std::vector<SimTime> m_scaled;     // per job: c x p-hat
    std::vector<SimTime> m_segmentEnd; // end of its last virtual segment
    std::vector<SimTime> m_completion; // -1 until done on the virtual machine
    std::vector<char> m_due;
    std::vector<char> m_finished;
    // Node containers whose nodes are reused (no malloc per arrival, completion or due job).
    using Sizes = std::multiset<SimTime, std::less<SimTime>, FreeListAllocator<SimTime>>;
    using Timed = std::set<std::pair<SimTime, int>, std::less<std::pair<SimTime, int>>,
                           FreeListAllocator<std::pair<SimTime, int>>>;
    Sizes m_onMachine;            // c x p-hat of the jobs on the machine
    Timed m_pending;              // (due time, job), not yet due
    std::vector<int> m_completed; // scratch
    SizeCalibration m_calibration;
};

} // namespace gantry::sim
