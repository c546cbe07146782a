#pragma once

#include "policies/policy.h"
#include "policies/predictedends.h"
#include "policies/virtualsinglemachine.h"
#include "policies/waitingqueue.h"

#include <vector>

namespace gantry::sim {

/// `asrpt-guided` (Gantry's, not in the paper): A-SRPT's virtual single machine guides the real
/// queue but does not gate it.
///
/// - Every arriving job is put on the virtual machine with size w = c x g x p-hat / G, run there
///   by preemptive SRPT as in `asrpt`; c is the calibration factor (below).
/// - A job may start on the real cluster once a fraction alpha of its virtual work is done
///   (default alpha = 0: at arrival; alpha = 1 is `asrpt-backfill`'s release rule).
/// - The real queue is ordered by virtual remaining work: jobs the virtual machine has finished
///   first, in virtual-completion order, then the others by remaining virtual work (ties by
///   arrival, then file order). The key of the job the virtual machine is processing shrinks
///   between decision points.
/// - Admission is EASY backfilling (ASRPT.md 4.2) behind the queue's head when `reserve` is on
///   (default): start jobs in order while they fit; then a later job starts if it fits and ends,
///   by prediction, before the head's shadow time or uses only GPUs the head will not need.
///   With `reserve` off every job that fits starts, in order. No real preemption.
/// - Calibration (default on): c = (run time of finished jobs) / (their predicted processing
///   time), over every job finished so far, clamped to [1/64, 64], 1 before the first finish;
///   applied to jobs arriving after. An overestimating predictor therefore cannot keep the
///   virtual machine far behind the real cluster.
class AsrptGuidedPolicy : public Policy
{
public:
    /// Parameters (defaults are the registered `asrpt-guided`).
    struct Options
    {
        double alpha = 0.0;    ///< fraction of virtual work done before a job may start, [0, 1]
        bool reserve = true;   ///< EASY reservation for the queue's head
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

private:
    void advance(const SimState& state);
    void requeue(const SimState& state, int j);
    SimTime remaining(int j) const;

    Options m_options;
    bool m_connected = false;
    VirtualSingleMachine m_vsm;
    WaitingQueue m_queue;
    PredictedEnds m_ends;
    std::vector<SimTime> m_work;              // virtual size per job
    std::vector<SimTime> m_done;              // virtual work done in closed segments
    std::vector<SimTime> m_virtualCompletion; // -1 until done on the virtual machine
    std::vector<SimTime> m_startable;         // time it became startable, -1 before
    std::vector<long long> m_releaseSeq;      // order of virtual completion
    std::vector<int> m_touched;               // jobs the virtual machine worked on lately
    std::vector<int> m_gated;                 // arrived, not yet startable (alpha > 0)
    std::vector<int> m_completed;
    long long m_seq = 0;
    long double m_ranS = 0.0;       // run time of finished jobs
    long double m_predictedS = 0.0; // their predicted processing time
};

} // namespace gantry::sim
