#pragma once

#include "sim/simtime.h"

#include <cstdint>
#include <queue>
#include <vector>

namespace gantry::sim {

/// A job-completion event: job finishes at time unless its generation is stale.
struct Event
{
    SimTime time = 0;        ///< when
    std::uint64_t seq = 0;   ///< insertion sequence, the tie-break
    int job = 0;             ///< which job
    unsigned generation = 0; ///< the job's generation when scheduled; stale means cancelled
};

/// Min-queue of events. Invariant: events leave in (time, seq) order, so two events at one
/// instant come out in the order they were pushed, on every run. O(log n) push and pop.
class EventQueue
{
public:
    /// Adds an event at time for job, tagged with the job's current generation.
    void push(SimTime time, int job, unsigned generation);
    /// True when no events are left.
    bool empty() const { return m_heap.empty(); }
    /// The earliest event; the queue must not be empty.
    const Event& top() const { return m_heap.top(); }
    /// Removes the earliest event.
    void pop() { m_heap.pop(); }
    /// Number of events held (stale ones included).
    std::size_t size() const { return m_heap.size(); }

private:
    struct Later
    {
        // (time, seq) ordering; std::priority_queue keeps the greatest on top, so invert.
        bool operator()(const Event& a, const Event& b) const
        {
            return a.time != b.time ? a.time > b.time : a.seq > b.seq;
        }
    };
    std::priority_queue<Event, std::vector<Event>, Later> m_heap;
    std::uint64_t m_nextSeq = 0;
};

} // namespace gantry::sim
