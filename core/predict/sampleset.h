#pragma once

#include <memory>
#include <vector>

namespace gantry::predict {

/// Values a predictor has seen (a history's iterations, the ratios it was off by), with an
/// ascending copy made when a distribution asks for one and kept until the values have grown by
/// an eighth (until the next value while there are fewer than kExact), so that a predictor asked at
/// every arrival of a long trace sorts O(log n) times, not once per finished job. add() is O(1);
/// sorted() amortised O(n log n) over n adds.
class SampleSet
{
public:
    /// Below this many values the copy follows every add.
    static constexpr std::size_t kExact = 64;
    /// Adds v (ignored unless finite and > 0).
    void add(double v);
    /// Values added so far.
    std::size_t size() const { return m_values.size(); }
    /// The values, ascending; shared with the distributions made from them.
    std::shared_ptr<const std::vector<double>> sorted() const;

private:
    std::vector<double> m_values;
    mutable std::shared_ptr<const std::vector<double>> m_sorted; // the last ascending copy
    mutable std::size_t m_sortedCount = 0;                       // values when it was made
};

} // namespace gantry::predict
