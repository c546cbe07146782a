#pragma once

#include "policies/earliestfinishgate.h"
#include "policies/fastermove.h"
#include "policies/gittinspolicy.h"
#include "policies/preemptedpromotion.h"
#include "policies/virtualguard.h"

#include <cstdint>
#include <vector>

namespace gantry::sim {

/// `asrpt-gittins` (Gantry's, not in the paper): `gittins` on the real cluster, guarded by
/// A-SRPT's virtual single machine (docs/policies.md, "asrpt-gittins").
///
/// - Order: the Gittins rank of each job's remaining time over the outcomes seen so far, as
///   `gittins-progress` (srtf with sharp predictions, towards least attained service with vague
///   ones); preemptive, a running job yields only to a rank lower by more than the restart
///   overhead.
/// - Guard: every job also runs on the virtual machine (VirtualGuard, calibrated sizes). Once the
///   real cluster is late on a job by stretch x its calibrated prediction past its virtual
///   completion, the job is due and goes before every other, due jobs in virtual-completion
///   order: no job waits without bound behind a stream of smaller or luckier ones.
/// - Earliest finish (`asrpt-gittins-eft`, with the prior's ranks): a
///   job offered a slow mapping while no other job waits waits when a running job's likely end
///   would let it finish earlier (EarliestFinishGate).
/// - Promotion (`asrpt-gittins-fair`: the earliest-finish policy with it): a preempted job that
///   has waited kPromote times its run time so far goes before every ranked job (after the due
///   ones) until it starts again (PreemptedPromotion), so a job its prior misjudges is not
///   preempted near its end and then left waiting for good.
/// - Moves (`asrpt-gittins-move`, the product's default: the promoting policy with them): after
///   each decision a running job on GPUs much slower than free ones moves to them when that
///   likely saves more than the restart costs (FasterMove).
/// Cost per decision: `gittins`'s, plus O(log n) per virtual event and per job becoming due, plus
/// the gate's look-ahead for a lone job offered a slow mapping.
class AsrptGittinsPolicy : public GittinsPolicy
{
public:
    /// Parameters (the defaults are the registered `asrpt-gittins`).
    struct Options
    {
        double stretch = 100.0; ///< lateness, in calibrated predictions, after which a job is due
        /// Progress: the run's outcomes (`asrpt-gittins`); Prior: the predictor's distributions
        /// (`asrpt-gittins-prior`).
        Service service = Service::Progress;
        /// GittinsPolicy's margin: 0 for `asrpt-gittins`, kPriorMargin for the prior's.
        double margin = 0.0;
        /// A job offered a slow mapping waits when a predicted end would let it finish earlier
        /// (EarliestFinishGate): `asrpt-gittins-eft`.
        bool earliestFinish = false;
        /// A preempted job goes before every ranked job once it has waited this many times its
        /// run time so far (PreemptedPromotion); 0: never (`asrpt-gittins-fair`: kPromote).
        double promote = 0.0;
        /// Running jobs move to faster free GPUs after each decision (FasterMove):
        /// `asrpt-gittins-move`.
        bool move = false;
    };
    /// The promotion factor of `asrpt-gittins-fair` (docs/policies.md).
    static constexpr double kPromote = 5.0;
    /// The margin of `asrpt-gittins-prior`: on the whole Philly trace under `mean` it cuts the
    /// preemptions from 996k to 116k (docs/policies.md).
    static constexpr double kPriorMargin = 0.1;

    /// `asrpt-gittins` with the default parameters.
    AsrptGittinsPolicy();
    explicit AsrptGittinsPolicy(Options options);
    QString name() const override;
    void jobArrived(const SimState& state, int j) override;
    void jobFinished(const SimState& state, int j) override;
    void decide(const SimState& state, Decisions& out) override;
    SimTime nextWakeup(const SimState& state) const override;
    /// The guard (tests, teaching).
    const VirtualGuard& guard() const { return m_virtual; }
    /// A due start or wait names its virtual completion; the rest as `gittins`.
    QString explain(const DecisionNote& note, const NoteContext& ctx) const override;

    /// Reason code of a note about a due job.
    static constexpr std::uint8_t kDue = 1;
    /// Reason code of a wait the earliest-finish gate chose (asrpt-gittins-eft).
    static constexpr std::uint8_t kFasterSoon = 2;
    /// Reason code of a note about a promoted job (asrpt-gittins-fair).
    static constexpr std::uint8_t kPromoted = 3;
    /// Reason code of a move to faster GPUs (asrpt-gittins-move): value and value2 hold the
    /// seconds of an iteration before and after.
    static constexpr std::uint8_t kMoved = 4;

protected:
    void annotate(const SimState& state, DecisionNote& note) const override;
    /// A promoted waiting job's key: after the due jobs, before every rank, by promotion time.
    PriorityKey key(const SimState& s, int j) const override;

private:
    // Moves the running jobs FasterMove picks (asrpt-gittins-move): each is preempted and
    // started again on its new GPUs in the same decision.
    void move(const SimState& state, Decisions& out);

    VirtualGuard m_virtual;
    bool m_earliestFinish = false;
    PreemptedPromotion m_promotion;
    EarliestFinishGate m_gate;
    bool m_move = false;
    FasterMove m_faster;
    std::vector<int> m_becameDue;
};

} // namespace gantry::sim
