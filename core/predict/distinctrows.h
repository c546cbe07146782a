#pragma once

#include <cstdint>
#include <vector>

namespace gantry::predict {

/// The distinct rows of a row-major feature matrix, in order of first appearance: rows with the
/// same bits in every column are one entry (equal values of other bits, as NaNs of other
/// payloads, only make more entries, which bin alike). Recurring jobs repeat their feature rows, so
/// a forest finds its cuts and bins once per distinct row (ForestTrainer). Kept from one training
/// to the next on a set that only grows (the online predictors append rows and never change one),
/// extend() hashes only the rows added since: the entries are the same as found from scratch.
struct DistinctRows
{
    std::vector<std::int32_t> first; ///< the first row of each entry
    std::vector<std::int32_t> count; ///< rows of each entry
    std::vector<std::int32_t> ofRow; ///< entry of each row

    /// Takes rows [taken(), rows) of x (rows x cols); starts again from row 0 when cols differs
    /// from the last call's or rows is below taken(). O(new rows x cols).
    void extend(const std::vector<float>& x, int rows, int cols);
    /// Rows taken so far.
    int taken() const { return int(ofRow.size()); }

private:
    std::size_t slotOf(const float* row) const;
    void rehash(const std::vector<float>& x, std::size_t capacity);

    std::vector<std::int32_t> m_table; // open addressing: entry ids, -1 empty
    int m_cols = -1;
};

} // namespace gantry::predict
