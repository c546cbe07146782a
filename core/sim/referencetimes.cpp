#include "sim/referencetimes.h"

#include <cstring>

namespace gantry::sim {

namespace {

// One 64-bit step of the shape hash.
void mix(std::uint64_t& h, std::uint64_t v)
{
    h = (h ^ v) * 0x100000001B3ULL;
    h ^= h >> 29;
}

std::uint64_t bitsOf(double v)
{
    std::uint64_t b = 0;
    std::memcpy(&b, &v, sizeof b);
    return b;
}

} // namespace

bool ReferenceTimes::sameShape(const Job& a, const Job& b)
{
    return a.kind == b.kind && a.parallelism == b.parallelism && a.graph == b.graph;
}

std::uint64_t ReferenceTimes::hashOf(const Job& job)
{
    std::uint64_t h = 0x9E3779B97F4A7C15ULL;
    mix(h, std::uint64_t(job.kind));
    const Parallelism& p = job.parallelism;
    mix(h, std::uint64_t(std::uint32_t(p.dp)) << 32 | std::uint32_t(p.pp));
    mix(h, std::uint64_t(std::uint32_t(p.tp)) << 32 | std::uint32_t(p.ep));
    mix(h, job.graph.workers.size());
    for (const JobGraph::Worker& w : job.graph.workers) {
        mix(h, bitsOf(w.computeS));
        mix(h, bitsOf(w.flops));
        mix(h, bitsOf(w.memoryGb));
    }
    mix(h, job.graph.edges.size());
    for (const JobGraph::Edge& e : job.graph.edges) {
        mix(h, std::uint64_t(std::uint32_t(e.a)) << 32 | std::uint32_t(e.b));
        mix(h, bitsOf(e.bytes));
    }
    return h;
}

std::optional<double> ReferenceTimes::find(const Job& job) const
{
    const auto [first, last] = m_entries.equal_range(hashOf(job));
    for (auto it = first; it != last; ++it)
        if (sameShape(*it->second.job, job))
            return it->second.timeS;
    return std::nullopt;
}

void ReferenceTimes::insert(const Job& job, double timeS)
{
    const std::uint64_t h = hashOf(job);
    const auto [first, last] = m_entries.equal_range(h);
    for (auto it = first; it != last; ++it)
        if (sameShape(*it->second.job, job))
            return;
    m_entries.emplace(h, Entry{&job, timeS});
}

} // namespace gantry::sim
