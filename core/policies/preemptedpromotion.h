#pragma once

#include "sim/simtime.h"
#include "util/freelistallocator.h"

#include <set>
#include <utility>
#include <vector>

namespace gantry::sim {

/// When preempted jobs are promoted (docs/policies.md, "asrpt-gittins-fair"): a job preempted
/// after running r in all (every segment so far) is promoted once it has waited factor x r since,
/// and stays promoted until it starts again. A promoted job goes before every ranked job, so a
/// job that a size order keeps preempting still gets a share of at least 1 / (1 + factor) of the
/// time, however wrong its prediction; it is ranked as any other once it runs (the rule of
/// Tiresias' promotion of starved jobs, measured in the job's own run time). O(log n) per
/// preemption, start and promotion.
class PreemptedPromotion
{
public:
    /// factor <= 0: no job is ever promoted.
    explicit PreemptedPromotion(double factor = 0.0) : m_factor(factor) {}
    /// The wait allowed, in units of the run time before the preemption.
    double factor() const { return m_factor; }
    bool enabled() const { return m_factor > 0.0; }

    /// Job j was preempted at now after running ran in all: it is promoted at now + factor x ran
    /// (at least 1 us later) unless it starts before.
    void preempted(int j, SimTime now, SimTime ran);
    /// Job j started: neither promoted nor waiting to be.
    void started(int j);
    /// Promotes the jobs whose time has come (at or before now), appending them to promotedNow
    /// in the order of their promotion times.
    void advance(SimTime now, std::vector<int>& promotedNow);
    /// True while job j is promoted (from its promotion to its next start).
    bool promoted(int j) const
    {
        return std::size_t(j) < m_at.size() && m_promoted[std::size_t(j)] != 0;
    }
    /// Job j's promotion time (when it was or will be promoted), or -1 when none.
    SimTime promotionAt(int j) const
    {
        return std::size_t(j) < m_at.size() ? m_at[std::size_t(j)] : -1;
    }
    /// How long job j ran before its last preemption, or -1 when none is pending.
    SimTime ranBefore(int j) const
    {
        return std::size_t(j) < m_ran.size() ? m_ran[std::size_t(j)] : -1;
    }
    /// The next promotion time, or kNever.
    SimTime nextWakeup() const;

private:
    void grow(int j);

    double m_factor;
    std::vector<SimTime> m_at;    // per job: promotion time, -1 for none
    std::vector<SimTime> m_ran;   // per job: run time at its last preemption
    std::vector<char> m_promoted; // per job: promoted, not yet started again
    // (promotion time, job), not yet promoted; its nodes are reused (no malloc per preemption).
    std::set<std::pair<SimTime, int>, std::less<std::pair<SimTime, int>>,
             FreeListAllocator<std::pair<SimTime, int>>>
        m_pending;
};

} // namespace gantry::sim
