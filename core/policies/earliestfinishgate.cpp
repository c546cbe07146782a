#include "policies/earliestfinishgate.h"

#include "mapping/iterationmodel.h"
#include "mapping/placement.h"

#include <algorithm>

namespace gantry::sim {

bool EarliestFinishGate::accept(const SimState& state, int j, const GpuPool& pool,
                                const Mapping& offered, std::size_t othersWaiting)
{
    // With other jobs waiting, the GPUs it would wait for may go to them, and the slow GPUs it
    // leaves are what they wait for: gated there, the paper mix's wide jobs waited longer.
    if (othersWaiting > 0)
        return true;
    const JobState& st = state.state(j);
    const Job& job = state.job(j);
    const Cluster& cluster = state.cluster();
    const double tau0 = st.referenceIterationS;
    if (tau0 <= 0.0)
        return true;
    const double offerS = IterationModel::iterationTimeS(job, offered, cluster);
    if (offerS <= tau0 * (1.0 + kSlack))
        return true;
    const double left = st.predictedIterations - st.iterationsDone;
    if (left <= 0.0)
        return true;
    const double finishNow = left * offerS;
    // Running jobs by likely seconds left, soonest first: those that could help (ending before
    // the offer would finish even if the job then ran at tau0).
    const SimTime now = state.now();
    m_ends.clear();
    for (int r : state.running()) {
        const JobState& rs = state.state(r);
        const double done = rs.iterationsDoneAt(now);
        const double end = m_likelyEnd(state, r, done);
        if (end < 0.0)
            continue;
        const double s = (end - done) * rs.iterationS;
        if (s > 0.0 && s + left * tau0 < finishNow)
            m_ends.emplace_back(s, r);
    }
    const std::size_t look = std::min<std::size_t>(m_ends.size(), kLookahead);
    std::partial_sort(m_ends.begin(), m_ends.begin() + std::ptrdiff_t(look), m_ends.end());
    GpuPool trial = pool;
    Placement& placement = state.placement();
    for (std::size_t k = 0; k < look; ++k) {
        const auto [wait, r] = m_ends[k];
        const Mapping& held = state.state(r).mapping;
        if (std::any_of(held.gpus.begin(), held.gpus.end(), [&](int g) { return trial.isFree(g); }))
            continue; // given back already: preempted at this decision
        trial.give(held);
        if (!placement.mayFit(job, trial))
            continue;
        const auto m = placement.place(job, trial);
        if (!m)
            continue;
        const double s = IterationModel::iterationTimeS(job, *m, cluster);
        if (wait + left * s < finishNow * (1.0 - kMargin)) {
            m_refusal = {j, now, offerS, s, wait};
            return false;
        }
    }
    return true;
}

} // namespace gantry::sim
