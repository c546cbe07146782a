#include "predict/sampleset.h"

#include <algorithm>
#include <cmath>
#include <iterator>

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
        // The values added since the last copy, sorted, merged with that copy: the same
        // ascending values as sorting them all, in O(n) plus the new ones' sort.
        std::vector<double> added(m_values.begin() + std::ptrdiff_t(m_sortedCount), m_values.end());
        std::sort(added.begin(), added.end());
        auto s = std::make_shared<std::vector<double>>();
        s->reserve(n);
        if (m_sorted)
            std::merge(m_sorted->begin(), m_sorted->end(), added.begin(), added.end(),
                       std::back_inserter(*s));
        else
            *s = std::move(added);
        m_sorted = std::move(s);
        m_sortedCount = n;
    }
    return m_sorted;
}

} // namespace gantry::predict
