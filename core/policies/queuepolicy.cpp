#include "policies/queuepolicy.h"

namespace gantry::sim {

void QueuePolicy::jobArrived(const SimState& state, int j)
{
    m_queue.reserve(state.jobCount());
    m_queue.insert(j, key(state, j), state.state(j).gpus);
}

void QueuePolicy::decide(const SimState& state, Decisions& out)
{
    const std::size_t first = out.start.size();
    if (!m_queue.empty() && state.pool().freeTotal() > 0) {
        GpuPool& pool = scratchPool(state);
        if (m_admission == Admission::Strict)
            m_queue.admitStrict(state, pool, out);
        else
            m_queue.admitSkip(state, pool, out);
    }
    if (explaining()) {
        noteStarts(state, out, first, m_queue, [&](int j) { return m_queue.keyOf(j); });
        noteWaiting(state, m_queue);
    }
}

QString QueuePolicy::explain(const DecisionNote& note, const NoteContext& ctx) const
{
    if (note.kind == DecisionNote::Kind::Waits && m_admission == Admission::Strict)
        return waitsBehindHead(note, ctx);
    return Policy::explain(note, ctx);
}

} // namespace gantry::sim
