#include "policies/waitingqueue.h"

#include "mapping/placement.h"
#include "util/hugepages.h"

namespace gantry::sim {

void WaitingQueue::reserve(int jobs)
{
    if (jobs <= int(m_in.size()))
        return;
    const std::size_t n = std::size_t(jobs);
    m_key.reserve(n);
    HugePages::advise(m_key.data(), n * sizeof(PriorityKey)); // its largest table
    m_key.resize(n);
    m_gpus.resize(n);
    m_size.resize(n, -1);
    m_in.resize(n, 0);
}

void WaitingQueue::insert(int j, const PriorityKey& key, int gpus, SimTime size)
{
    if (j >= int(m_in.size()))
        reserve(j * 2 + 16);
    m_key[std::size_t(j)] = key;
    m_gpus[std::size_t(j)] = gpus;
    m_size[std::size_t(j)] = size;
    m_in[std::size_t(j)] = 1;
    m_all.insert({key, j});
    m_byGpus[gpus].insert({key, j});
    if (size >= 0)
        m_bySize[gpus].insert({size, Entry{key, j}});
}

void WaitingQueue::erase(int j)
{
    if (!contains(j))
        return;
    const Entry e{m_key[std::size_t(j)], j};
    // Erased through find(): one descent, where erase by key looks for a range (two).
    m_all.erase(m_all.find(e));
    // Empty buckets stay (there are few demand sizes) so that cursors into them stay valid.
    Ordered& bucket = m_byGpus.find(m_gpus[std::size_t(j)])->second;
    bucket.erase(bucket.find(e));
    if (m_size[std::size_t(j)] >= 0) {
        BySize& sized = m_bySize.find(m_gpus[std::size_t(j)])->second;
        sized.erase(sized.find({m_size[std::size_t(j)], e}));
    }
    m_in[std::size_t(j)] = 0;
}

bool WaitingQueue::tryStart(const SimState& state, int j, GpuPool& pool, Decisions& out)
{
    Placement& placement = state.placement();
    const Job& job = state.job(j);
    if (!placement.mayFit(job, pool))
        return false;
    auto m = placement.place(job, pool);
    if (!m || (m_gate && !m_gate(state, j, pool, *m, m_all.size() - 1)))
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

void WaitingQueue::admitBackfill(const SimState& state, GpuPool& pool, Decisions& out, int head,
                                 SimTime limit, int spare)
{
    // Jobs are considered in key order, each once (acceptance only gets stricter as GPUs go):
    // `last` is the key of the last one considered. Per bucket the next acceptable job is the
    // first after `last` (gpus <= spare: all are) or the smallest key after `last` among the
    // jobs with size <= limit.
    bool any = false;
    PriorityKey last;
    auto after = [&](const Entry& e) { return !any || last < e.key; };
    while (pool.freeTotal() > 0) {
        const Entry* best = nullptr;
        for (auto& [gpus, bucket] : m_byGpus) {
            if (gpus > pool.freeTotal())
                break;
            const Entry* cand = nullptr;
            if (gpus <= spare) {
                auto it = any ? bucket.upper_bound(Entry{last, 0}) : bucket.begin();
                if (it != bucket.end() && it->job == head)
                    ++it;
                if (it != bucket.end())
                    cand = &*it;
            } else {
                const auto sized = m_bySize.find(gpus);
                if (sized == m_bySize.end())
                    continue;
                // The first job after `last` in key order that ends before the limit, found by
                // two scans in step: in key order (stops at it) and in size order (stops past
                // the limit, keeping the smallest key); the shorter one decides.
                auto byKey = any ? bucket.upper_bound(Entry{last, 0}) : bucket.begin();
                auto bySize = sized->second.begin();
                const Entry* smallest = nullptr;
                for (;;) {
                    if (byKey == bucket.end())
                        break;
                    const SimTime sz = m_size[std::size_t(byKey->job)];
                    if (byKey->job != head && sz >= 0 && sz <= limit) {
                        cand = &*byKey;
                        break;
                    }
                    ++byKey;
                    if (bySize == sized->second.end() || bySize->first > limit) {
                        cand = smallest;
                        break;
                    }
                    const Entry& e = bySize->second;
                    if (e.job != head && after(e) && (!smallest || e < *smallest))
                        smallest = &e;
                    ++bySize;
                }
            }
            if (cand && (!best || *cand < *best))
                best = cand;
        }
        if (!best)
            break;
        const int j = best->job;
        const int g = m_gpus[std::size_t(j)];
        const bool endsBefore = m_size[std::size_t(j)] <= limit;
        last = best->key;
        any = true;
        if (tryStart(state, j, pool, out) && !endsBefore)
            spare -= g;
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
