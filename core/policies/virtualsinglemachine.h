#pragma once

#include "sim/simtime.h"
#include "util/freelistallocator.h"

#include <functional>
#include <set>
#include <vector>

namespace gantry::sim {

/// The virtual single machine of A-SRPT (docs/asrpt.md, "The virtual single machine"): one
/// unit-speed machine running preemptive SRPT over job sizes w = g x p-hat / G. A running job is
/// preempted only by a job with strictly smaller remaining work; otherwise the smallest (remaining,
/// release, order) runs. O(log n) per release and per completion.
class VirtualSingleMachine
{
public:
    /// Called for every contiguous stretch the machine spends on one job.
    using SegmentFn = std::function<void(SimTime from, SimTime to, int job)>;

    /// Receives each segment when it ends (may be empty).
    void setSegmentCallback(SegmentFn fn) { m_segment = std::move(fn); }
    /// Runs the machine forward to t; jobs completing at or before t are appended to completed
    /// in completion order.
    void advanceTo(SimTime t, std::vector<int>& completed);
    /// Releases job (with its file order as last tie-break) of size work at time t; call
    /// advanceTo(t) first.
    void release(SimTime t, int job, SimTime work, int order);
    /// Time the current job will complete if nothing arrives, or kNever when idle.
    SimTime nextCompletion() const { return m_current < 0 ? kNever : m_clock + m_remaining; }
    /// Time job would complete if no other job arrived: the work of the jobs ahead of it in
    /// SRPT order and its own, from now; kNever when it is not on the machine. What is known of
    /// its completion at the moment (teaching notes). O(jobs ahead of it).
    SimTime projectedEnd(int job) const
    {
        if (m_current < 0)
            return kNever;
        SimTime t = m_clock + m_remaining;
        if (job == m_current)
            return t;
        for (const Item& item : m_active) {
            t += item.remaining;
            if (item.job == job)
                return t;
        }
        return kNever;
    }
    /// The job being processed now, or -1 when idle.
    int current() const { return m_current; }
    /// True when no job is on the machine.
    bool idle() const { return m_current < 0; }
    /// Calls visit(job) for the jobs on the machine in SRPT order (the current one first) until
    /// it returns false. O(jobs visited).
    template <typename Visit> void visitInOrder(Visit visit) const
    {
        if (m_current < 0 || !visit(m_current))
            return;
        for (const Item& item : m_active)
            if (!visit(item.job))
                return;
    }

private:
    struct Item
    {
        SimTime remaining;
        SimTime release;
        int order;
        int job;
        bool operator<(const Item& o) const
        {
            if (remaining != o.remaining)
                return remaining < o.remaining;
            if (release != o.release)
                return release < o.release;
            return order < o.order;
        }
    };
    void emitSegment(SimTime to);

    std::set<Item, std::less<Item>, FreeListAllocator<Item>>
        m_active; // waiting jobs, smallest (remaining, release, order) first
    SimTime m_clock = 0;
    int m_current = -1;
    SimTime m_remaining = 0;
    SimTime m_currentRelease = 0;
    int m_currentOrder = 0;
    SimTime m_segmentStart = 0;
    SegmentFn m_segment;
};

} // namespace gantry::sim
