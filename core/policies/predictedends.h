#pragma once

#include "policies/waitingqueue.h"
#include "sim/decisions.h"
#include "sim/simstate.h"

#include <set>
#include <utility>
#include <vector>

namespace gantry::sim {

/// Running jobs by predicted end (start + K-hat x tau on the job's real mapping) and the EASY
/// backfilling that uses them (docs/asrpt.md, "Following the virtual machine"): the head of a
/// queue gets a reservation at its shadow time, later jobs start only if they end before it or
/// use GPUs it will not need.
class PredictedEnds
{
public:
    /// Records the predicted ends of the starts out.start[from..]. O(k log R).
    void recordStarts(const SimState& state, const Decisions& out, std::size_t from);
    /// Forgets job j (finished). O(log R).
    void finished(int j);
    /// EASY backfilling behind head, a job that did not fit in pool: starts every other job of
    /// queue that fits and ends (by prediction) before the head's shadow time or uses only GPUs
    /// the head will not need then; queue's jobs must carry their predicted processing time as
    /// size. O(started x demand sizes x (log n + short jobs) + R).
    void backfill(const SimState& state, int head, WaitingQueue& queue, GpuPool& pool,
                  Decisions& out) const;

private:
    std::set<std::pair<SimTime, int>> m_ends; // running jobs by predicted end
    std::vector<SimTime> m_end;
};

} // namespace gantry::sim
