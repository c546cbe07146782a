#include "predict/sampleset.h"

#include <algorithm>
#include <cmath>

namespace gantry::predict {

void SampleSet::add(double v)
{
    if (!std::isfinite(v) || v <= 0.0)
        return;
    m_values.push_back(v);
    m_sorted.reset();
}

std::shared_ptr<const std::vector<double>> SampleSet::sorted() const
{
    if (!m_sorted && !m_values.empty()) {
        auto s = std::make_shared<std::vector<double>>(m_values);
        std::sort(s->begin(), s->end());
        m_sorted = std::move(s);
    }
    return m_sorted;
}

} // namespace gantry::predict
