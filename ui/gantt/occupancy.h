#pragma once

#include <QtGlobal>

#include <algorithm>
#include <vector>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/// Per-pixel occupancy of the Gantt chart's aggregated pieces: where pieces are narrower than a
/// pixel (or lanes denser than pixels), each pixel column of a row gets the fraction of its
/// width they cover, and a pixel's alpha from that fraction. Inline: a paint calls them once per
/// piece or per column.
namespace gantry::ui::occupancy {

/// ceil(x) for 0 <= x < 2^31 without a library call or a branch.
inline int ceilNonNegative(double x)
{
    const int i = int(x);
    return i + int(double(i) < x);
}

/// Adds a piece covering pixel columns [x0, x1) (any width) with weight w to row (width cells
/// of float or double).
template <typename Cell>
inline void addCoverage(Cell* row, int width, double x0, double x1, double w)
{
    x0 = std::max(0.0, x0);
    x1 = std::min(double(width), x1);
    if (x1 <= x0)
        return;
    const int a = int(x0);
    const int b = std::min(width - 1, ceilNonNegative(x1) - 1);
    if (a == b) {
        row[a] += Cell((x1 - x0) * w);
        return;
    }
    row[a] += Cell((double(a + 1) - x0) * w);
    for (int x = a + 1; x < b; ++x)
        row[x] += Cell(w);
    row[b] += Cell((x1 - double(b)) * w);
}

/// Adds a piece narrower than a pixel, covering columns [x0, x1) with weight w, to a row of
/// width + 1 cells, without a branch on whether it crosses a column edge: the same sums as
/// addCoverage (the second column gets 0 when the piece stays in one). Widens [from, to] to the
/// columns it covers.
inline void addSubPixel(float* row, int width, double x0, double x1, double w, int& from, int& to)
{
    x0 = std::max(0.0, x0);
    x1 = std::min(double(width), x1);
    if (x1 <= x0)
        return;
    const int a = int(x0);
    const int b = std::min(width - 1, ceilNonNegative(x1) - 1);
    // The piece ends in column a (b == a, x1 <= a + 1) or in column a + 1 (b == a + 1,
    // x1 > a + 1): either way its first part ends at min(x1, a + 1). minsd, not a branch, which
    // would go either way at random.
    const double split = std::min(x1, double(a + 1));
    row[a] += float((split - x0) * w);
    row[a + 1] += float((x1 - split) * w);
    from = std::min(from, a);
    to = std::max(to, b);
}

/// Adds the pieces from it on (sorted by start) that start before toS, end after fromS, are
/// narrower than a pixel (Dense: of any width) and are not of job highlight to row (width + 1
/// cells) with weight w, widening [from, to] to the columns touched; appends the index in spans
/// of each other one to wide, in order. Returns how many it added. Columns are
/// (t - fromS) * pxPerS. Span has startS and endS; jobs holds each span's job. O(pieces), in
/// one pass with no other call, so that it stays in registers.
template <bool Dense, typename Span>
Q_NEVER_INLINE int aggregate(const Span* spans, const Span* it, const Span* end, const int* jobs,
                             int highlight, double fromS, double toS, double pxPerS, int width,
                             double w, float* row, int& from, int& to, std::vector<int>& wide)
{
    int added = 0;
    int lo = from, hi = to;
    for (; it != end && it->startS < toS; ++it) {
        if (it->endS <= fromS)
            continue;
        const double x0 = (std::max(it->startS, fromS) - fromS) * pxPerS;
        const double x1 = (std::min(it->endS, toS) - fromS) * pxPerS;
        const int k = int(it - spans);
        if ((Dense || x1 - x0 < 1.0) && (highlight < 0 || jobs[k] != highlight)) {
            if constexpr (Dense) {
                if (x1 > x0 && x0 < double(width)) {
                    lo = std::min(lo, int(x0));
                    hi = std::max(
                        hi, std::min(width - 1, ceilNonNegative(std::min(double(width), x1)) - 1));
                }
                addCoverage(row, width, x0, x1, w);
            } else {
                addSubPixel(row, width, x0, x1, w, lo, hi);
            }
            ++added;
            continue;
        }
        wide.push_back(k);
    }
    from = lo;
    to = hi;
    return added;
}

/// aggregate<false> for pieces that overlap, such as the virtual machine's slices (sorted by
/// start, many at once): runs of pieces in the same column add up in registers instead of
/// through memory, in the same order, so the same sums come out.
template <typename Span>
Q_NEVER_INLINE int aggregateOverlapping(const Span* spans, const Span* it, const Span* end,
                                        const int* jobs, int highlight, double fromS, double toS,
                                        double pxPerS, int width, double w, float* row, int& from,
                                        int& to, std::vector<int>& wide)
{
    int added = 0;
    int lo = from, hi = to;
    int column = -1; // row[column] and row[column + 1] are in first and second
    float first = 0.0f, second = 0.0f;
    for (; it != end && it->startS < toS; ++it) {
        if (it->endS <= fromS)
            continue;
        double x0 = (std::max(it->startS, fromS) - fromS) * pxPerS;
        double x1 = (std::min(it->endS, toS) - fromS) * pxPerS;
        const int k = int(it - spans);
        if (x1 - x0 < 1.0 && (highlight < 0 || jobs[k] != highlight)) {
            ++added;
            // addSubPixel, with the two cells kept while pieces stay in one column.
            x0 = std::max(0.0, x0);
            x1 = std::min(double(width), x1);
            if (x1 <= x0)
                continue;
            const int a = int(x0);
            const int b = std::min(width - 1, ceilNonNegative(x1) - 1);
            if (a != column) {
                if (column >= 0) {
                    row[column] = first;
                    row[column + 1] = second;
                }
                column = a;
                first = row[a];
                second = row[a + 1];
            }
            const double split = std::min(x1, double(a + 1));
            first += float((split - x0) * w);
            second += float((x1 - split) * w);
            lo = std::min(lo, a);
            hi = std::max(hi, b);
            continue;
        }
        wide.push_back(k);
    }
    if (column >= 0) {
        row[column] = first;
        row[column + 1] = second;
    }
    from = lo;
    to = hi;
    return added;
}

/// The alpha (0 to 255) of a pixel covered by fraction o of its width: 0 where o <= 0, else
/// at least a quarter, so that even a little occupancy stays visible. Without a branch.
inline int alpha(float o)
{
    const double c = double(o) < 1.0 ? double(o) : 1.0;
    const int a = int((0.25 + 0.75 * c) * 255.0);
    return o > 0.0f ? a : 0;
}

/// out[x] = alpha(o[x]) for x in [x0, x1): four columns at a time where SSE2 is, in double as
/// alpha computes them (the same values).
inline void alphas(const float* o, int x0, int x1, quint32* out)
{
    int x = x0;
#ifdef __SSE2__
    const __m128d one = _mm_set1_pd(1.0), quarter = _mm_set1_pd(0.25),
                  threeQuarters = _mm_set1_pd(0.75), full = _mm_set1_pd(255.0);
    const __m128 zero = _mm_setzero_ps();
    const auto two = [&](__m128 f) { // the two low floats of f
        const __m128d c = _mm_min_pd(_mm_cvtps_pd(f), one);
        return _mm_cvttpd_epi32(
            _mm_mul_pd(_mm_add_pd(quarter, _mm_mul_pd(threeQuarters, c)), full));
    };
    for (; x + 4 <= x1; x += 4) {
        const __m128 f = _mm_loadu_ps(o + x);
        const __m128i a = _mm_unpacklo_epi64(two(f), two(_mm_movehl_ps(f, f)));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + x),
                         _mm_and_si128(a, _mm_castps_si128(_mm_cmpgt_ps(f, zero))));
    }
#endif
    for (; x < x1; ++x)
        out[x] = quint32(alpha(o[x]));
}

} // namespace gantry::ui::occupancy
