#pragma once

#include <memory>
#include <vector>

namespace gantry::predict {

/// Values a predictor has seen (a history's iterations, the ratios it was off by), with an
/// ascending copy made when a distribution asks for one and kept until the next value arrives.
/// add() is O(1); sorted() is O(n log n) after an add, O(1) otherwise.
class SampleSet
{
public:
    /// Adds v (ignored unless finite and > 0).
    void add(double v);
    /// Values added so far.
    std::size_t size() const { return m_values.size(); }
    /// The values, ascending; shared with the distributions made from them.
    std::shared_ptr<const std::vector<double>> sorted() const;

private:
    std::vector<double> m_values;
    mutable std::shared_ptr<const std::vector<double>> m_sorted; // null once stale
};

} // namespace gantry::predict
