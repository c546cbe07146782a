#pragma once

#include "policies/policy.h"
#include "policies/predictedends.h"
#include "policies/sizecalibration.h"
#include "policies/virtualsinglemachine.h"
#include "policies/waitingqueue.h"

#include <set>
#include <utility>
#include <vector>

namespace gantry::sim {

/// `asrpt-guided` (Gantry's, not in the paper): A-SRPT's virtual single machine guides the real
/// cluster but does not gate it (docs/policies.md).
///
/// - Every arriving job is put on the virtual machine with size w = c x g x p-hat / G and run
///   there by preemptive SRPT as in `asrpt`; c is the calibration factor (below).
/// - A job may start on the real cluster once a fraction alpha of its virtual work is done
///   (default alpha = 0: at arrival; alpha = 1 waits for the virtual completion as `asrpt`).
/// - Startable jobs wait in order of predicted processing time p-hat (ties: arrival, then file
///   order) and every job that fits starts, in that order, unless a job is due.
/// - Due: the waiting job the virtual machine finished first, once the real cluster is late on
///   it by stretch x its p-hat (now >= C^V + stretch x p-hat; default stretch = 10). A due job
///   starts if it fits; otherwise it holds an EASY reservation (docs/asrpt.md, "Following the
///   virtual machine"): other jobs start only if they fit and end, by prediction, before its
///   shadow time or use only GPUs it will not need then. Due jobs are served one at a time in
///   virtual-completion order.
/// - Calibration (default on): c = (run time of the jobs finished so far) / (their predicted
///   processing time), clamped to [1/64, 64], 1 before the first finish; it sizes jobs arriving
///   after, so that a predictor that overestimates does not push virtual completions (and with
///   them the reservations) far behind the real cluster.
/// - No real preemption.
/// Cost per decision: O(started x demand sizes x log n + R) plus O(log n) per virtual event.
class AsrptGuidedPolicy : public Policy
{
public:
    /// Parameters (the defaults are the registered `asrpt-guided`).
    struct Options
    {
        double alpha = 0.0;    ///< fraction of virtual work done before a job may start, [0, 1]
        double stretch = 10.0; ///< lateness, in units of p-hat, after which a job is due
        bool calibrate = true; ///< scale virtual sizes by observed / predicted run time
    };

    /// `asrpt-guided` with the default parameters.
    AsrptGuidedPolicy();
    /// `asrpt-guided` with the given parameters.
    explicit AsrptGuidedPolicy(Options options) : m_options(options) {}
    QString name() const override { return QStringLiteral("asrpt-guided"); }
    void jobArrived(const SimState& state, int j) override;
    void jobFinished(const SimState& state, int j) override;
    void decide(const SimState& state, Decisions& out) override;
    SimTime nextWakeup(const SimState& state) const override;
    /// Sum over jobs of (time the job became startable - arrival), in seconds. O(n).
    double virtualWaitS(const SimState& state) const override;

    /// Virtual completion time of job j, or -1 while it is still on the virtual machine.
    SimTime virtualCompletion(int j) const;
    /// The calibration factor c applied to jobs arriving now.
    double calibration() const;
    /// Arrivals join the virtual machine; a start is due, ranked by predicted size, or fits
    /// beside a due job's reservation; a wait is for GPUs, behind a reservation, or (alpha > 0)
    /// on the virtual machine.
    QString explain(const DecisionNote& note, const NoteContext& ctx) const override;

    /// Reason codes of its start notes.
    enum StartReason : std::uint8_t
    {
        Ranked, ///< smallest predicted size among the jobs that fit, no job due
        Due,    ///< the virtual machine finished it long ago
        Beside, ///< fits beside the due job's reservation without delaying it
    };
    /// Reason codes of its wait notes.
    enum WaitReason : std::uint8_t
    {
        Startable,    ///< may start; waits for GPUs or behind the due job's reservation
        DueWaiting,   ///< due, does not fit: holds the reservation
        NotStartable, ///< alpha > 0: not enough of its virtual work is done
    };

private:
    void advance(const SimState& state);
    void makeStartable(const SimState& state, int j);
    int dueJob(const SimState& state);
    void noteDecision(const SimState& state, const Decisions& out, std::size_t dueStarts,
                      int due) const;

    Options m_options;
    bool m_connected = false;
    VirtualSingleMachine m_vsm;
    WaitingQueue m_queue; // startable jobs by p-hat
    PredictedEnds m_ends;
    std::vector<SimTime> m_work;              // virtual size per job
    std::vector<SimTime> m_done;              // virtual work done in closed segments
    std::vector<SimTime> m_virtualCompletion; // -1 until done on the virtual machine
    std::vector<SimTime> m_startable;         // time it became startable, -1 before
    std::vector<SimTime> m_segmentEnd;        // end of its last virtual segment
    std::vector<int> m_touched;               // jobs the virtual machine worked on lately
    std::vector<int> m_completed;
    std::set<std::pair<SimTime, int>> m_finishedWaiting; // (C^V, job) of waiting jobs
    SizeCalibration m_calibration;
};

} // namespace gantry::sim
