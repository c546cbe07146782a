#include "policies/predictedends.h"

#include "mapping/iterationmodel.h"

#include <algorithm>

namespace gantry::sim {

void PredictedEnds::recordStarts(const SimState& state, const Decisions& out, std::size_t from)
{
    if (m_end.size() < std::size_t(state.jobCount()))
        m_end.resize(std::size_t(state.jobCount()), 0);
    for (std::size_t i = from; i < out.start.size(); ++i) {
        const auto& [j, mapping] = out.start[i];
        // Predicted end on its real mapping: S + K-hat x tau(x).
        const double tau = IterationModel::iterationTimeS(state.job(j), mapping, state.cluster());
        const SimTime end = state.now() + fromSeconds(state.state(j).predictedIterations * tau);
        m_end[std::size_t(j)] = end;
        m_ends.insert({end, j});
    }
}

void PredictedEnds::finished(int j)
{
    if (j < int(m_end.size()))
        m_ends.erase({m_end[std::size_t(j)], j});
}

void PredictedEnds::backfill(const SimState& state, int head, WaitingQueue& queue, GpuPool& pool,
                             Decisions& out) const
{
    const int need = state.state(head).gpus;
    // Shadow time: walk running jobs by predicted end until enough GPUs would be free.
    int freeAt = pool.freeTotal();
    SimTime shadow = kNever;
    for (const auto& [end, j] : m_ends) {
        freeAt += state.state(j).gpus;
        if (freeAt >= need) {
            shadow = std::max(end, state.now());
            break;
        }
    }
    // A later job may start now if it ends (by prediction) before the shadow time, or if it
    // only uses GPUs the head will not need then.
    const int spare = shadow == kNever ? 0 : freeAt - need;
    const SimTime limit = shadow == kNever ? -1 : shadow - state.now();
    queue.admitBackfill(state, pool, out, head, limit, spare);
}

} // namespace gantry::sim
