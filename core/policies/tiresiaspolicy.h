#pragma once

#include "policies/preemptivepolicy.h"

#include <functional>
#include <queue>
#include <utility>
#include <vector>

namespace gantry::sim {

/// `tiresias`: discretised two-dimensional least-attained-service. A job's queue is the number
/// of thresholds its attained service (GPUs x seconds run) has reached; lower queues first,
/// arrival order inside a queue; preemptive; needs no size knowledge. A job crossing a
/// threshold is a decision point (found through a heap of crossing times, O(log n) each).
class TiresiasPolicy : public KeyedPreemptivePolicy<TiresiasPolicy>
{
public:
    /// Thresholds in GPU-seconds, ascending (default one threshold, 3200: two queues).
    explicit TiresiasPolicy(std::vector<double> thresholdsGpuS = {3200.0})
        : m_thresholds(std::move(thresholdsGpuS))
    {}
    QString name() const override { return QStringLiteral("tiresias"); }
    void decide(const SimState& state, Decisions& out) override;
    void jobFinished(const SimState& state, int j) override;
    SimTime nextWakeup(const SimState& state) const override;
    /// Starts by attained-service queue (the note's key) and attained GPU-seconds (value2);
    /// a preemption compares the queues of the job and of the one that took its GPUs.
    QString explain(const DecisionNote& note, const NoteContext& ctx) const override;

protected:
    friend class KeyedPreemptivePolicy<TiresiasPolicy>;
    PriorityKey key(const SimState& s, int j) const override;
    /// key() of a running job from its copied fields.
    PriorityKey runningKey(const RunningJob& r, SimTime now) const
    {
        const double attained = double(r.gpus) * toSeconds(now - r.base);
        return {double(queueOf(attained)), 0.0, r.arrival, r.job};
    }
    /// The first time its queue index (its key) may change: when it reaches the next threshold.
    SimTime keyedUntil(const RunningJob& r, SimTime now) const;
    void annotate(const SimState& state, DecisionNote& note) const override;

private:
    int queueOf(double attainedGpuS) const
    {
        int q = 0;
        while (q < int(m_thresholds.size()) && attainedGpuS >= m_thresholds[std::size_t(q)])
            ++q;
        return q;
    }
    // When job j, running from now on, reaches its next threshold; kNever past the last.
    SimTime crossing(const SimState& s, int j) const;
    void schedule(int j, SimTime t);

    std::vector<double> m_thresholds;
    using Entry = std::pair<SimTime, int>;
    mutable std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> m_crossings;
    std::vector<SimTime> m_scheduled; // the live crossing time per job, kNever if none
};

} // namespace gantry::sim
