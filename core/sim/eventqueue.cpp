#include "sim/eventqueue.h"

namespace gantry::sim {

void EventQueue::push(SimTime time, int job, unsigned generation)
{
    m_heap.push(Event{time, m_nextSeq++, job, generation});
}

} // namespace gantry::sim
