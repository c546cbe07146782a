#include "predict/sampleset.h"

#include <algorithm>
#include <cmath>

namespace gantry::predict {

void SampleSet::add(double v)
{
    if (!std::isfinite(v) || v <= 0.0)
        return;
    m_values.push_back(v);
}

std::shared_ptr<const std::vector<double>> SampleSet::sorted() const
{
    const std::size_t n = m_values.size();
    const std::size_t step = m_sortedCount < kExact ? 1 : m_sortedCount / 8;
    const bool stale = !m_sorted || n >= m_sortedCount + step;
    if (stale && n > 0) {
        auto s = std::make_shared<std::vector<double>>(m_values);
        std::sort(s->begin(), s->end());
        m_sorted = std::move(s);
        m_sortedCount = n;
    }
    return m_sorted;
}

} // namespace gantry::predict
