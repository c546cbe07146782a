#pragma once

#include "policies/prioritykey.h"
#include "sim/decisions.h"
#include "sim/simstate.h"
#include "util/freelistallocator.h"

#include <functional>
#include <map>
#include <set>
#include <vector>

namespace gantry::sim {

/// Jobs waiting for GPUs, ordered by PriorityKey and bucketed by GPU demand so that "start
/// every job that fits" costs O(started x buckets x log n) instead of a walk over the queue.
class WaitingQueue
{
public:
    /// One queued job.
    struct Entry
    {
        PriorityKey key; ///< its order
        int job = 0;     ///< job index
        bool operator<(const Entry& o) const { return key < o.key; }
    };
    using Ordered = std::set<Entry, std::less<Entry>, FreeListAllocator<Entry>>;

    /// Sizes the per-job tables for jobs 0..jobs-1 at once, so that they are allocated once
    /// instead of growing by doubling as jobs arrive. O(jobs) the first time, O(1) after.
    void reserve(int jobs);
    /// Adds job j (needing gpus GPUs) with key; j must not be queued. A size >= 0 (its
    /// predicted processing time) also indexes j by size for admitBackfill().
    void insert(int j, const PriorityKey& key, int gpus, SimTime size = -1);
    /// Removes job j if queued. O(log n).
    void erase(int j);
    /// True when j is queued.
    bool contains(int j) const { return j < int(m_in.size()) && m_in[std::size_t(j)]; }
    /// True when nothing waits.
    bool empty() const { return m_all.empty(); }
    /// Number of waiting jobs.
    std::size_t size() const { return m_all.size(); }
    /// The first job in order; the queue must not be empty.
    const Entry& front() const { return *m_all.begin(); }
    /// All waiting jobs in order.
    const Ordered& ordered() const { return m_all; }
    /// The key job j was queued with (also after it left the queue); j must have been queued.
    const PriorityKey& keyOf(int j) const { return m_key[std::size_t(j)]; }
    /// GPUs job j needs, from a compact table (no visit to its JobState); j must have been queued.
    int gpusOf(int j) const { return m_gpus[std::size_t(j)]; }
    /// Smallest GPU demand among waiting jobs (0 when empty). O(demand sizes).
    int minGpus() const;

    /// Asked, once job j has been placed, whether it starts on that mapping now (its GPUs still
    /// free in the pool), told how many other jobs wait; a job it refuses stays queued as if it
    /// had not fitted.
    using StartGate = std::function<bool(const SimState& state, int j, const GpuPool& pool,
                                         const Mapping& m, std::size_t othersWaiting)>;
    /// Sets the gate (none: every placed job starts).
    void setStartGate(StartGate gate) { m_gate = std::move(gate); }

    /// Strict admission: start jobs in order, stopping at the first that does not fit.
    /// Started jobs leave the queue and their GPUs leave pool.
    void admitStrict(const SimState& state, GpuPool& pool, Decisions& out);
    /// Skip admission: start, in order, every job that fits.
    void admitSkip(const SimState& state, GpuPool& pool, Decisions& out);
    /// Skip admission restricted to jobs for which accept(job) holds (asked in queue order, once
    /// per job that would fit by count); started(job) is told after each start. Buckets whose
    /// demand exceeds the free GPUs are never scanned.
    void admitSkipIf(const SimState& state, GpuPool& pool, Decisions& out,
                     const std::function<bool(int)>& accept,
                     const std::function<void(int)>& started);
    /// EASY backfilling behind head (the same starts as admitSkipIf with accept(k) = k != head
    /// && (size(k) <= limit || gpus(k) <= spare), spare lowered by the GPUs of each start whose
    /// size exceeds limit): every queued job must have been inserted with a size. Jobs that
    /// cannot be accepted are never visited: a bucket above spare is searched by size.
    void admitBackfill(const SimState& state, GpuPool& pool, Decisions& out, int head,
                       SimTime limit, int spare);
    /// Tries to place job j on pool; on success takes the GPUs, records the start and dequeues j.
    bool tryStart(const SimState& state, int j, GpuPool& pool, Decisions& out);

private:
    StartGate m_gate;
    Ordered m_all;
    std::map<int, Ordered> m_byGpus;
    using BySize = std::set<std::pair<SimTime, Entry>, std::less<std::pair<SimTime, Entry>>,
                            FreeListAllocator<std::pair<SimTime, Entry>>>;
    std::map<int, BySize> m_bySize; // per demand, by size then key
    std::vector<SimTime> m_size;
    std::vector<PriorityKey> m_key;
    std::vector<int> m_gpus;
    std::vector<char> m_in;
};

} // namespace gantry::sim
