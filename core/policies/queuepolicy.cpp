#include "policies/queuepolicy.h"

namespace gantry::sim {

void QueuePolicy::jobArrived(const SimState& state, int j)
{
    m_queue.insert(j, key(state, j), state.state(j).gpus);
}

void QueuePolicy::decide(const SimState& state, Decisions& out)
{
    if (m_queue.empty() || state.pool().freeTotal() == 0)
        return;
    GpuPool pool = state.pool();
    if (m_admission == Admission::Strict)
        m_queue.admitStrict(state, pool, out);
    else
        m_queue.admitSkip(state, pool, out);
}

} // namespace gantry::sim
