#pragma once

#include "mapping/gpupool.h"
#include "mapping/mapping.h"
#include "sim/decisions.h"
#include "sim/simstate.h"

#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace gantry::sim {

/// Which running jobs move to faster free GPUs after a decision (docs/policies.md,
/// "asrpt-gittins-move"). A job placed on slow GPUs while faster ones were busy keeps them until
/// it ends or is preempted; on a cluster of mixed GPU types a long job can so run for days on
/// GPUs several times slower than ones standing idle. After a decision's starts and
/// preemptions, each running job (not due, not restarting) whose slowest GPU is slower than the
/// fastest free one is offered the placement's mapping on the free GPUs plus its own; it moves
/// when an iteration there takes at most 1 / kSpeedup of its current one and the time it likely
/// saves exceeds kOverheads restart overheads (a move is a preemption and a restart), unless a
/// waiting job the caller names (the first kGuarded in its order) needs more memory per GPU than
/// the job's GPUs now have and no more than the offer's: such a job can use the offered GPUs but
/// not those the move would free, and they may be all it can get (32-GPU jobs that fit only the
/// A100s of a cluster, docs/policies.md). Jobs are weighed slowest GPUs first, then by index;
/// each move's GPUs leave the free pool. Nothing on a cluster of one GPU speed; O(S + R) per
/// decision that leaves GPUs free, plus a placement per job weighed.
class FasterMove
{
public:
    /// A move needs an iteration at most 1 / kSpeedup of the current one.
    static constexpr double kSpeedup = 1.5;
    /// ...and a saving of more than this many restart overheads.
    static constexpr double kOverheads = 2.0;
    /// Waiting jobs, first in the policy's order, whose memory guards the GPUs a move takes.
    static constexpr int kGuarded = 16;

    /// Iterations job j, done iterations in, likely runs in all (a negative number when it has
    /// run past every value believed of it: then it is taken to need as many again).
    using LikelyEnd = std::function<double(const SimState& state, int j, double done)>;
    /// Whether job j may not move (due jobs keep their GPUs).
    using Pinned = std::function<bool(int j)>;

    FasterMove(LikelyEnd likelyEnd, Pinned pinned)
        : m_likelyEnd(std::move(likelyEnd)), m_pinned(std::move(pinned))
    {}

    /// One move: the job, its new mapping and its seconds per iteration before and after.
    struct Move
    {
        int job = -1;
        Mapping to;
        double fromS = 0.0, toS = 0.0;
    };
    /// Appends to its argument the memory per GPU of the waiting jobs that guard the GPUs a move
    /// takes; asked only when some job may move.
    using WaitingMemory = std::function<void(std::vector<double>& out)>;
    /// The moves after decision out (its preemptions and starts not yet applied to state).
    const std::vector<Move>& find(const SimState& state, const Decisions& out,
                                  const WaitingMemory& waitingMemory);

private:
    LikelyEnd m_likelyEnd;
    Pinned m_pinned;
    const Cluster* m_cluster = nullptr;               // the cluster m_oneSpeed was found for
    bool m_oneSpeed = true;                           // every server's GPUs have the same speed
    std::optional<GpuPool> m_pool;                    // the pool after the decision
    std::vector<char> m_stopping;                     // per job: preempted by the decision
    std::vector<std::pair<double, int>> m_candidates; // (slowest GPU's speed, job)
    std::vector<Move> m_moves;
    std::vector<double> m_waitingMemory; // what guards the GPUs a move takes
};

} // namespace gantry::sim
