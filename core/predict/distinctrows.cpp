#include "predict/distinctrows.h"

#include <cstring>

namespace gantry::predict {

std::size_t DistinctRows::slotOf(const float* row) const
{
    std::uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int c = 0; c < m_cols; ++c) {
        std::uint32_t bits;
        std::memcpy(&bits, row + c, sizeof bits);
        h = (h ^ bits) * 0x100000001B3ULL;
    }
    h ^= h >> 29;
    return std::size_t(h) & (m_table.size() - 1);
}

void DistinctRows::rehash(const std::vector<float>& x, std::size_t capacity)
{
    m_table.assign(capacity, -1);
    for (std::size_t id = 0; id < first.size(); ++id) {
        std::size_t slot = slotOf(x.data() + std::size_t(first[id]) * std::size_t(m_cols));
        while (m_table[slot] >= 0)
            slot = (slot + 1) & (capacity - 1);
        m_table[slot] = std::int32_t(id);
    }
}

void DistinctRows::extend(const std::vector<float>& x, int rows, int cols)
{
    if (cols != m_cols || rows < taken()) {
        first.clear();
        count.clear();
        ofRow.clear();
        m_table.clear();
        m_cols = cols;
    }
    std::size_t capacity = 16;
    while (capacity < 2 * std::size_t(rows))
        capacity *= 2;
    if (m_table.size() < capacity)
        rehash(x, capacity);
    const std::size_t mask = m_table.size() - 1;
    const std::size_t bytes = std::size_t(cols) * sizeof(float);
    for (int r = taken(); r < rows; ++r) {
        const float* row = x.data() + std::size_t(r) * std::size_t(cols);
        for (std::size_t slot = slotOf(row);; slot = (slot + 1) & mask) {
            const std::int32_t id = m_table[slot];
            if (id < 0) {
                m_table[slot] = std::int32_t(first.size());
                ofRow.push_back(std::int32_t(first.size()));
                first.push_back(r);
                count.push_back(1);
                break;
            }
            if (std::memcmp(row, x.data() + std::size_t(first[std::size_t(id)]) * std::size_t(cols),
                            bytes) == 0) {
                ofRow.push_back(id);
                ++count[std::size_t(id)];
                break;
            }
        }
    }
}

} // namespace gantry::predict
