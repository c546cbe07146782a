#pragma once

#include "model/job.h"

#include <cstdint>
#include <optional>
#include <unordered_map>

namespace gantry::sim {

/// The reference iteration time (tau0: the job alone on an empty cluster) of each job shape,
/// computed once per shape: a job's shape is its kind, parallelism and worker graph, and a
/// recurring workload repeats a few shapes. Only valid for placements that are a function of
/// the shape and the pool (Placement::pure()); the cache keeps pointers to the jobs it saw,
/// which must outlive it.
class ReferenceTimes
{
public:
    /// The time remembered for a job of job's shape, if any. O(graph).
    std::optional<double> find(const Job& job) const;
    /// Remembers timeS for job's shape; a shape already known keeps its time. O(graph).
    void insert(const Job& job, double timeS);
    /// Shapes remembered.
    int size() const { return int(m_entries.size()); }

    /// True when a and b have the same shape (kind, parallelism, graph). O(graph).
    static bool sameShape(const Job& a, const Job& b);
    /// A hash of job's shape: equal shapes hash alike. O(graph).
    static std::uint64_t hashOf(const Job& job);

private:
    struct Entry
    {
        const Job* job;
        double timeS;
    };
    std::unordered_multimap<std::uint64_t, Entry> m_entries;
};

} // namespace gantry::sim
