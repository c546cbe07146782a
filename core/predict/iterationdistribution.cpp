#include "predict/iterationdistribution.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gantry::predict {

IterationDistribution IterationDistribution::point(double k)
{
    IterationDistribution d;
    d.m_scale = k;
    return d;
}

IterationDistribution
IterationDistribution::scaled(double scale, std::shared_ptr<const std::vector<double>> samples)
{
    IterationDistribution d;
    d.m_scale = scale;
    if (samples && !samples->empty())
        d.m_samples = std::move(samples);
    return d;
}

double IterationDistribution::quantile(double q) const
{
    if (!m_samples)
        return m_scale;
    const std::vector<double>& s = *m_samples;
    const double at = std::clamp(q, 0.0, 1.0) * double(s.size() - 1);
    const std::size_t lo = std::size_t(std::floor(at));
    const std::size_t hi = std::min(lo + 1, s.size() - 1);
    return m_scale * (s[lo] + (at - double(lo)) * (s[hi] - s[lo]));
}

double IterationDistribution::mean() const
{
    if (!m_samples)
        return m_scale;
    return m_scale * std::accumulate(m_samples->begin(), m_samples->end(), 0.0) /
           double(m_samples->size());
}

} // namespace gantry::predict
