#pragma once

#include "mapping/gpupool.h"
#include "mapping/mapping.h"
#include "sim/simstate.h"

#include <functional>
#include <utility>
#include <vector>

namespace gantry::sim {

/// Whether a waiting job offered a slow mapping takes it now or waits for GPUs the running jobs
/// are likely to free (docs/policies.md, "asrpt-gittins-eft"): the job waits when, at one of the
/// next likely ends, the placement would give it a mapping on which it would finish earlier by
/// more than kMargin, its wait included. Asked only while no other job waits, so a job waiting
/// for better GPUs delays no other start; an offer within kSlack of the job's tau0 is taken, as
/// is any offer to a job that has run past its prediction. O(R + kLookahead placements) per
/// offer it weighs.
class EarliestFinishGate
{
public:
    /// Offers at most this much slower than tau0 are taken without looking ahead.
    static constexpr double kSlack = 0.25;
    /// Likely ends looked at, soonest first.
    static constexpr int kLookahead = 8;
    /// Waiting must finish earlier by this fraction of the finish on the offer.
    static constexpr double kMargin = 0.1;
    /// A running job's likely end: the median of what its distribution leaves.
    static constexpr double kEndQuantile = 0.5;

    /// Iterations by which running job r, done iterations in, has likely ended (its
    /// distribution's kEndQuantile above done), or a negative number when it has run past
    /// everything believed of it.
    using LikelyEnd = std::function<double(const SimState& state, int r, double done)>;
    explicit EarliestFinishGate(LikelyEnd likelyEnd) : m_likelyEnd(std::move(likelyEnd)) {}

    /// True when job j starts now on offered (its GPUs still free in pool); othersWaiting: the
    /// jobs waiting besides j.
    bool accept(const SimState& state, int j, const GpuPool& pool, const Mapping& offered,
                std::size_t othersWaiting);

    /// What the last refusal weighed (teaching): the job, the offer's and the awaited
    /// mapping's seconds per iteration, and the seconds until the awaited end.
    struct Refusal
    {
        int job = -1;
        SimTime at = -1;
        double offeredS = 0.0, awaitedS = 0.0, waitS = 0.0;
    };
    const Refusal& lastRefusal() const { return m_refusal; }

private:
    LikelyEnd m_likelyEnd;
    std::vector<std::pair<double, int>> m_ends; // (likely seconds left, running job)
    Refusal m_refusal;
};

} // namespace gantry::sim
