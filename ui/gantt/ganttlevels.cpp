#include "gantt/ganttlevels.h"

#include <algorithm>
#include <cmath>

namespace gantry::ui {

namespace {

// Levels finer than this are never needed: 2^40 pixels across the whole run.
constexpr int kMaxLevels = 40;

} // namespace

GanttLevels::GanttLevels(const Span* spans, const int* rowBegin, int rows, double endS)
{
    const int total = rows > 0 ? rowBegin[rows] - rowBegin[0] : 0;
    m_busyBefore.resize(std::size_t(rows > 0 ? rowBegin[rows] : 0));
    m_usable = rows > 0 && endS > 0.0;
    for (int r = 0; r < rows; ++r) {
        double busy = 0.0, lastEnd = -INFINITY;
        for (int k = rowBegin[r]; k < rowBegin[r + 1]; ++k) {
            const Span& sp = spans[k];
            if (sp.startS < lastEnd || !(sp.endS >= sp.startS))
                m_usable = false; // overlapping (or reversed) pieces: drawn one by one
            lastEnd = std::max(lastEnd, sp.endS);
            m_busyBefore[std::size_t(k)] = busy;
            busy += sp.endS - sp.startS;
        }
    }
    if (!m_usable)
        return;
    // Level k holds the spans at least endS / 2^k long; a span of length len is in every level
    // from ceil(log2(endS / len)) on. Levels are added while they stay small.
    std::vector<int> firstLevel(std::size_t(rowBegin[rows]), kMaxLevels + 1);
    std::vector<int> perLevel(kMaxLevels + 2, 0);
    for (int k = rowBegin[0]; k < rowBegin[rows]; ++k) {
        const double len = spans[k].endS - spans[k].startS;
        int level = kMaxLevels + 1;
        if (len >= endS)
            level = 0;
        else if (len > 0.0)
            level = std::clamp(int(std::ceil(std::log2(endS / len))), 0, kMaxLevels + 1);
        // Rounding of log2 must never leave out a span as long as the level's length.
        while (level > 0 && len >= std::ldexp(endS, -(level - 1)))
            --level;
        while (level <= kMaxLevels && len < std::ldexp(endS, -level))
            ++level;
        firstLevel[std::size_t(k)] = level;
        ++perLevel[std::size_t(level)];
    }
    int inLevel = 0;
    std::size_t kept = 0;
    for (int level = 0; level <= kMaxLevels; ++level) {
        inLevel += perLevel[std::size_t(level)];
        kept += std::size_t(inLevel);
        if (inLevel > total / 2 || kept > 2 * std::size_t(total))
            break;
        Level l;
        l.minLength = std::ldexp(endS, -level);
        l.rowBegin.reserve(std::size_t(rows) + 1);
        l.spanIndex.reserve(std::size_t(inLevel));
        for (int r = 0; r < rows; ++r) {
            l.rowBegin.push_back(int(l.spanIndex.size()));
            for (int k = rowBegin[r]; k < rowBegin[r + 1]; ++k)
                if (firstLevel[std::size_t(k)] <= level)
                    l.spanIndex.push_back(k);
        }
        l.rowBegin.push_back(int(l.spanIndex.size()));
        m_levels.push_back(std::move(l));
    }
}

int GanttLevels::level(double minLength) const
{
    if (!m_usable)
        return -1;
    // The coarsest level whose length is at most minLength: it holds every longer span.
    for (int k = 0; k < int(m_levels.size()); ++k)
        if (m_levels[std::size_t(k)].minLength <= minLength)
            return k;
    return -1;
}

std::span<const int> GanttLevels::longSpans(int level, int row) const
{
    const Level& l = m_levels[std::size_t(level)];
    const int b = l.rowBegin[std::size_t(row)], e = l.rowBegin[std::size_t(row) + 1];
    return {l.spanIndex.data() + b, std::size_t(e - b)};
}

template <typename Cell>
void GanttLevels::addBusy(const Span* spans, const int* rowBegin, int row, double fromS, double toS,
                          double pxPerS, int width, double w, Cell* out, int& from, int& to) const
{
    const int b = rowBegin[row], e = rowBegin[row + 1];
    if (b == e)
        return;
    const double* before = m_busyBefore.data();
    // The busy time of the row before t: that of the last span starting at or before t (at i)
    // plus its part before t.
    int i = b - 1;
    const auto busyAt = [&](double t) {
        // A few steps forward, then a binary search when the edge is further on.
        int steps = 0;
        while (i + 1 < e && spans[i + 1].startS <= t && ++steps <= 8)
            ++i;
        if (steps > 8)
            i = int(std::upper_bound(spans + i + 1, spans + e, t,
                                     [](double v, const Span& sp) { return v < sp.startS; }) -
                    spans) -
                1;
        if (i < b)
            return 0.0;
        const Span& sp = spans[i];
        return before[i] + std::clamp(t - sp.startS, 0.0, sp.endS - sp.startS);
    };
    // Columns before the row's first span and after its last one stay empty.
    const double firstS = std::max(fromS, spans[b].startS);
    // Sorted by start and apart, the row's spans end with the last one.
    const double lastS = std::min(toS, spans[e - 1].endS);
    if (lastS <= firstS)
        return;
    const int x0 = std::clamp(int((firstS - fromS) * pxPerS), 0, width - 1);
    const int x1 = std::clamp(int(std::ceil((lastS - fromS) * pxPerS)), x0 + 1, width);
    double edge = busyAt(std::min(toS, fromS + x0 / pxPerS));
    int lo = from, hi = to;
    for (int x = x0; x < x1; ++x) {
        const double next = busyAt(std::min(toS, fromS + (x + 1) / pxPerS));
        const double covered = (next - edge) * pxPerS;
        edge = next;
        if (covered > 0.0) {
            out[x] += Cell(covered * w);
            lo = std::min(lo, x);
            hi = std::max(hi, x);
        }
    }
    from = lo;
    to = hi;
}

template void GanttLevels::addBusy<float>(const Span*, const int*, int, double, double, double, int,
                                          double, float*, int&, int&) const;
template void GanttLevels::addBusy<double>(const Span*, const int*, int, double, double, double,
                                           int, double, double*, int&, int&) const;

} // namespace gantry::ui
