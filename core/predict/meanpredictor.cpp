#include "predict/meanpredictor.h"

namespace gantry::predict {

QString MeanPredictor::groupOf(const Job& job)
{
    if (job.user.isEmpty() && job.model.isEmpty())
        return {};
    return job.user + QChar(0x1f) + job.model;
}

IterationDistribution MeanPredictor::spread(const Job& job, int index, double predicted)
{
    (void)index;
    const QString group = groupOf(job);
    if (!group.isEmpty())
        if (auto it = m_groups.constFind(group); it != m_groups.cend() && it->size() >= kGroupMin)
            return IterationDistribution::scaled(1.0, it->sorted());
    if (m_all.size() == 0)
        return IterationDistribution::point(predicted);
    return IterationDistribution::scaled(1.0, m_all.sorted());
}

void MeanPredictor::observe(const Job& job, double trueIterations)
{
    m_sum += trueIterations;
    ++m_count;
    if (!keepsSpread())
        return;
    m_all.add(trueIterations);
    if (const QString group = groupOf(job); !group.isEmpty())
        m_groups[group].add(trueIterations);
}

} // namespace gantry::predict
