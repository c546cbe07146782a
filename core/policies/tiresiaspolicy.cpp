#include "policies/tiresiaspolicy.h"

#include <cmath>

namespace gantry::sim {

int TiresiasPolicy::queueOf(double attainedGpuS) const
{
    int q = 0;
    while (q < int(m_thresholds.size()) && attainedGpuS >= m_thresholds[std::size_t(q)])
        ++q;
    return q;
}

PriorityKey TiresiasPolicy::key(const SimState& s, int j) const
{
    const JobState& st = s.state(j);
    const double attained = double(st.gpus) * toSeconds(st.ranTime(s.now()));
    return {double(queueOf(attained)), 0.0, st.arrival, j};
}

SimTime TiresiasPolicy::nextWakeup(const SimState& s) const
{
    SimTime next = kNever;
    for (int j : s.running()) {
        const JobState& st = s.state(j);
        const SimTime ran = st.ranTime(s.now());
        const int q = queueOf(double(st.gpus) * toSeconds(ran));
        if (q >= int(m_thresholds.size()))
            continue;
        // Run time (in microseconds) at which gpus x run time reaches the next threshold.
        const SimTime cross = SimTime(std::ceil(m_thresholds[std::size_t(q)] * 1e6 / double(st.gpus)));
        next = std::min(next, s.now() + std::max<SimTime>(1, cross - ran));
    }
    return next;
}

} // namespace gantry::sim
