#include "policies/waitingqueue.h"

#include "mapping/placement.h"

namespace gantry::sim {

void WaitingQueue::insert(int j, const PriorityKey& key, int gpus)
{
    if (j >= int(m_in.size())) {
        const std::size_t n = std::size_t(j) * 2 + 16;
        m_key.resize(n);
        m_gpus.resize(n);
        m_in.resize(n, 0);
    }
    m_key[std::size_t(j)] = key;
    m_gpus[std::size_t(j)] = gpus;
    m_in[std::size_t(j)] = 1;
    m_all.insert({key, j});
    m_byGpus[gpus].insert({key, j});
}

void WaitingQueue::erase(int j)
{
    if (!contains(j))
        return;
    const Entry e{m_key[std::size_t(j)], j};
    m_all.erase(e);
    // Empty buckets stay (there are few demand sizes) so that cursors into them stay valid.
    m_byGpus.find(m_gpus[std::size_t(j)])->second.erase(e);
    m_in[std::size_t(j)] = 0;
}

bool WaitingQueue::tryStart(const SimState& state, int j, GpuPool& pool, Decisions& out)
{
    Placement& placement = state.placement();
    const Job& job = state.job(j);
    if (!placement.mayFit(job, pool))
        return false;
    auto m = placement.place(job, pool);
    if (!m)
        return false;
    pool.take(*m);
    out.start.emplace_back(j, std::move(*m));
    erase(j);
    return true;
}

void WaitingQueue::admitStrict(const SimState& state, GpuPool& pool, Decisions& out)
{
    while (!m_all.empty() && tryStart(state, front().job, pool, out)) {
    }
}

void WaitingQueue::admitSkip(const SimState& state, GpuPool& pool, Decisions& out)
{
    admitSkipIf(state, pool, out, nullptr, nullptr);
}

void WaitingQueue::admitSkipIf(const SimState& state, GpuPool& pool, Decisions& out,
                               const std::function<bool(int)>& accept,
                               const std::function<void(int)>& started)
{
    // One cursor per demand bucket; repeatedly take the best head among buckets that fit.
    struct Cursor
    {
        int gpus;
        Ordered* bucket;
        Ordered::iterator it;
    };
    std::vector<Cursor> cursors;
    for (auto& [gpus, bucket] : m_byGpus) {
        if (gpus > pool.freeTotal())
            break;
        if (!bucket.empty())
            cursors.push_back({gpus, &bucket, bucket.begin()});
    }
    while (pool.freeTotal() > 0) {
        Cursor* best = nullptr;
        for (Cursor& c : cursors)
            if (c.gpus <= pool.freeTotal() && c.it != c.bucket->end() &&
                (!best || *c.it < *best->it))
                best = &c;
        if (!best)
            break;
        const int j = best->it->job;
        ++best->it; // advance before a possible erase of j
        if (accept && !accept(j))
            continue;
        if (tryStart(state, j, pool, out) && started)
            started(j);
    }
}

} // namespace gantry::sim

namespace gantry::sim {

int WaitingQueue::minGpus() const
{
    for (const auto& [gpus, bucket] : m_byGpus)
        if (!bucket.empty())
            return gpus;
    return 0;
}

} // namespace gantry::sim
