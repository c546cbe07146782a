#include "predict/foresttrainer.h"

#include "util/parallelfor.h"
#include "util/rng.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <numeric>

namespace gantry::predict {

namespace {

using Node = RandomForest::Node;

// The cut points of one column: a value's bin is the number of cuts <= it, so bins() bins.
// Every distinct value is a bin while there are at most maxBin of them, else the cuts are
// maxBin quantiles of the sorted values. A missing value has bin bins(), the column's last
// histogram slot.
struct Column
{
    int source = 0;          // column of x
    std::vector<float> cuts; // ascending, distinct
    int bins() const { return int(cuts.size()) + 1; }
    std::uint16_t bin(float v) const
    {
        if (std::isnan(v))
            return std::uint16_t(bins());
        return std::uint16_t(std::upper_bound(cuts.begin(), cuts.end(), v) - cuts.begin());
    }
};

// The cuts of column c of x over its distinct rows d (each standing for its count of rows).
// False when the column has no value at all (it can never split).
bool makeColumn(const std::vector<float>& x, int cols, const DistinctRows& d, int c, int maxBin,
                Column& out)
{
    out.source = c;
    const auto valueOf = [&](std::size_t e) {
        return x[std::size_t(d.first[e]) * std::size_t(cols) + std::size_t(c)];
    };
    std::vector<float> distinct; // sorted, while at most maxBin
    bool many = false;
    for (std::size_t e = 0; e < d.first.size(); ++e) {
        const float v = valueOf(e);
        if (std::isnan(v))
            continue;
        const auto it = std::lower_bound(distinct.begin(), distinct.end(), v);
        if (it != distinct.end() && *it == v)
            continue;
        if (int(distinct.size()) >= maxBin) {
            many = true;
            break;
        }
        distinct.insert(it, v);
    }
    if (!many) {
        if (distinct.empty())
            return false;
        out.cuts.assign(distinct.begin() + 1, distinct.end());
        return true;
    }
    // The values at the quantile positions of the sorted order of every row's value (each
    // distinct row's value counted as many times as rows hold it), read off the distinct values
    // sorted with their counts: the same values as selecting them among all the rows.
    std::vector<std::pair<float, std::int64_t>> counted; // value, rows holding it
    counted.reserve(d.first.size());
    for (std::size_t e = 0; e < d.first.size(); ++e) {
        const float v = valueOf(e);
        if (!std::isnan(v))
            counted.emplace_back(v, d.count[e]);
    }
    std::sort(counted.begin(), counted.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::size_t n = 0;
    for (const auto& c : counted)
        n += std::size_t(c.second);
    const float lowest = counted.front().first;
    std::size_t next = 0, below = 0; // counted[next] holds sorted positions [below, below + count)
    for (int k = 1; k < maxBin; ++k) {
        const std::size_t at = std::size_t(k) * n / std::size_t(maxBin);
        while (below + std::size_t(counted[next].second) <= at)
            below += std::size_t(counted[next++].second);
        const float v = counted[next].first;
        if (v > lowest && (out.cuts.empty() || v > out.cuts.back()))
            out.cuts.push_back(v);
    }
    return true;
}

// Rows with the same bins in every used column, as one group each.
struct Groups
{
    int width = 0;                   // used columns
    std::vector<std::uint16_t> bins; // groups x width
    std::vector<std::int32_t> ofRow; // group of each row
    int size() const { return width == 0 ? (ofRow.empty() ? 0 : 1) : int(bins.size()) / width; }
};

// The groups of x's rows, binned once per distinct row of d: ids in order of first appearance.
Groups group(const std::vector<float>& x, int cols, const DistinctRows& d,
             const std::vector<Column>& used)
{
    Groups g;
    g.width = int(used.size());
    g.ofRow.assign(d.ofRow.size(), 0);
    if (g.width == 0)
        return g;
    const int entries = int(d.first.size());
    std::vector<std::int32_t> ofEntry(static_cast<std::size_t>(entries));
    std::vector<std::uint16_t> key(static_cast<std::size_t>(g.width));
    std::size_t capacity = 16;
    while (capacity < 2 * std::size_t(entries))
        capacity *= 2;
    std::vector<std::int32_t> table(capacity, -1);
    int groups = 0;
    for (int e = 0; e < entries; ++e) {
        const std::size_t r = std::size_t(d.first[std::size_t(e)]);
        std::uint64_t h = 0x9E3779B97F4A7C15ULL;
        for (int u = 0; u < g.width; ++u) {
            key[std::size_t(u)] = used[std::size_t(u)].bin(
                x[r * std::size_t(cols) + std::size_t(used[std::size_t(u)].source)]);
            h = (h ^ key[std::size_t(u)]) * 0x100000001B3ULL;
            h ^= h >> 29;
        }
        std::size_t slot = std::size_t(h) & (capacity - 1);
        while (true) {
            const std::int32_t id = table[slot];
            if (id < 0) {
                table[slot] = groups;
                ofEntry[std::size_t(e)] = groups++;
                g.bins.insert(g.bins.end(), key.begin(), key.end());
                break;
            }
            if (std::equal(key.begin(), key.end(), g.bins.begin() + std::ptrdiff_t(id) * g.width)) {
                ofEntry[std::size_t(e)] = id;
                break;
            }
            slot = (slot + 1) & (capacity - 1);
        }
    }
    for (std::size_t r = 0; r < d.ofRow.size(); ++r)
        g.ofRow[r] = ofEntry[std::size_t(d.ofRow[r])];
    return g;
}

// The best split of one node found so far.
struct Split
{
    double gain = 0.0;
    int column = -1;  // index into the used columns
    int boundary = 0; // left: bins below it
    bool missingLeft = false;
};

// What every tree of one training shares, read-only: the columns, the row groups, the
// residuals and the histogram layout.
struct Shared
{
    const RandomForest::Params& p;
    const std::vector<Column>& used;
    const Groups& groups;
    std::vector<double> residual;    // y - base per row
    std::vector<std::size_t> offset; // a used column's first histogram slot
    int columnsPerNode = 0;
    double minChild = 0.0;
};

// Grows trees one after another with its own scratch (one grower per thread).
class TreeGrower
{
public:
    explicit TreeGrower(const Shared& s)
        : m_s(s), m_width(s.groups.width), m_slotCount(s.offset.back()),
          m_count(std::size_t(s.groups.size())), m_sum(std::size_t(s.groups.size())),
          m_columnOrder(std::size_t(s.groups.width))
    {}

    // The tree of the rows whose bit is set in drawn (one bit per row); rng draws the columns
    // tried at each node when colsampleByNode < 1.
    std::vector<Node> grow(const std::vector<std::uint64_t>& drawn, Rng& rng)
    {
        const Groups& groups = m_s.groups;
        const int n = groups.size();
        std::fill(m_count.begin(), m_count.end(), 0.0);
        std::fill(m_sum.begin(), m_sum.end(), 0.0);
        // The drawn rows in ascending order, a word of bits at a time.
        for (std::size_t w = 0; w < drawn.size(); ++w) {
            for (std::uint64_t bits = drawn[w]; bits != 0; bits &= bits - 1) {
                const std::size_t r = 64 * w + std::size_t(std::countr_zero(bits));
                const std::size_t g = std::size_t(groups.ofRow[r]);
                m_count[g] += 1.0;
                m_sum[g] += m_s.residual[r];
            }
        }
        m_members.clear();
        double rootCount = 0.0, rootSum = 0.0;
        for (int g = 0; g < n; ++g) {
            if (m_count[std::size_t(g)] > 0.0) {
                m_members.push_back(g);
                rootCount += m_count[std::size_t(g)];
                rootSum += m_sum[std::size_t(g)];
            }
        }
        std::vector<Node> tree(1);
        std::vector<Pending> stack;
        stack.push_back({0, 0, int(m_members.size()), 0, rootCount, rootSum, {}});
        if (splittable(0, rootCount)) {
            stack.back().hist = takeHistogram();
            accumulate(stack.back().hist, 0, int(m_members.size()));
        }
        while (!stack.empty()) {
            Pending at = std::move(stack.back());
            stack.pop_back();
            const Split best = at.hist.empty() ? Split{} : bestSplit(at.hist, at.count, rng);
            if (best.column < 0) {
                const double mean = at.count > 0.0 ? at.sum / at.count : 0.0;
                Node& leaf = tree[std::size_t(at.node)];
                leaf.left = leaf.right = -1;
                leaf.cond = float(mean);
                if (!at.hist.empty())
                    m_pool.push_back(std::move(at.hist));
                continue;
            }
            const Column& column = m_s.used[std::size_t(best.column)];
            const int bins = column.bins();
            // Stable partition of the node's groups: left ones first.
            m_scratch.clear();
            int split = at.begin;
            double lc = 0.0, ls = 0.0, rc = 0.0, rs = 0.0;
            for (int i = at.begin; i < at.end; ++i) {
                const std::int32_t g = m_members[std::size_t(i)];
                const std::uint16_t b =
                    groups.bins[std::size_t(g) * std::size_t(m_width) + std::size_t(best.column)];
                if (b == bins ? best.missingLeft : int(b) < best.boundary) {
                    m_members[std::size_t(split++)] = g;
                    lc += m_count[std::size_t(g)];
                    ls += m_sum[std::size_t(g)];
                } else {
                    m_scratch.push_back(g);
                    rc += m_count[std::size_t(g)];
                    rs += m_sum[std::size_t(g)];
                }
            }
            std::copy(m_scratch.begin(), m_scratch.end(), m_members.begin() + split);
            const int left = int(tree.size());
            tree.resize(tree.size() + 2);
            Node& node = tree[std::size_t(at.node)];
            node.left = left;
            node.right = left + 1;
            node.feature = column.source;
            node.defaultLeft = best.missingLeft;
            node.cond = best.boundary == 0      ? -std::numeric_limits<float>::infinity()
                        : best.boundary == bins ? std::numeric_limits<float>::infinity()
                                                : column.cuts[std::size_t(best.boundary) - 1];
            Pending l{left, at.begin, split, at.depth + 1, lc, ls, {}};
            Pending r{left + 1, split, at.end, at.depth + 1, rc, rs, {}};
            const bool splitL = splittable(l.depth, lc), splitR = splittable(r.depth, rc);
            if (splitL || splitR) {
                // The smaller child's histogram from its rows, the larger's by subtraction.
                Pending& small = (split - at.begin) <= (at.end - split) ? l : r;
                Pending& large = &small == &l ? r : l;
                small.hist = takeHistogram();
                accumulate(small.hist, small.begin, small.end);
                if (splittable(large.depth, large.count)) {
                    large.hist = std::move(at.hist);
                    for (std::size_t i = 0; i < large.hist.size(); ++i)
                        large.hist[i] -= small.hist[i];
                }
                if (!splittable(small.depth, small.count))
                    m_pool.push_back(std::move(small.hist));
            }
            if (!at.hist.empty())
                m_pool.push_back(std::move(at.hist));
            stack.push_back(std::move(r));
            stack.push_back(std::move(l));
        }
        return tree;
    }

private:
    struct Pending
    {
        int node, begin, end, depth;
        double count, sum;
        std::vector<double> hist; // empty when the node cannot split
    };

    bool splittable(int depth, double c) const
    {
        return depth < m_s.p.maxDepth && c >= 2.0 * m_s.minChild && m_width > 0;
    }

    // A zeroed histogram: (rows, residual sum) per bin of every used column, the missing
    // values last in each column's slots.
    std::vector<double> takeHistogram()
    {
        std::vector<double> h;
        if (!m_pool.empty()) {
            h = std::move(m_pool.back());
            m_pool.pop_back();
        }
        h.assign(2 * m_slotCount, 0.0);
        return h;
    }

    // Adds the groups m_members[begin, end) to histogram h, row by row.
    void accumulate(std::vector<double>& h, int begin, int end) const
    {
        const std::vector<std::size_t>& offset = m_s.offset;
        for (int i = begin; i < end; ++i) {
            const std::size_t g = std::size_t(m_members[std::size_t(i)]);
            const double c = m_count[g], v = m_sum[g];
            const std::uint16_t* b = m_s.groups.bins.data() + g * std::size_t(m_width);
            for (int u = 0; u < m_width; ++u) {
                const std::size_t slot = offset[std::size_t(u)] + b[u];
                h[2 * slot] += c;
                h[2 * slot + 1] += v;
            }
        }
    }

    // The split of largest variance reduction over the columns tried at a node of count rows.
    Split bestSplit(const std::vector<double>& hist, double count, Rng& rng)
    {
        Split best;
        const int width = m_width, columnsPerNode = m_s.columnsPerNode;
        std::iota(m_columnOrder.begin(), m_columnOrder.end(), 0);
        if (columnsPerNode < width) {
            for (int k = 0; k < columnsPerNode; ++k)
                std::swap(m_columnOrder[std::size_t(k)],
                          m_columnOrder[std::size_t(k) +
                                        std::size_t(rng.below(std::uint64_t(width - k)))]);
            std::sort(m_columnOrder.begin(), m_columnOrder.begin() + columnsPerNode);
        }
        const double minChild = m_s.minChild;
        for (int k = 0; k < columnsPerNode; ++k) {
            const int u = m_columnOrder[std::size_t(k)];
            const int bins = m_s.used[std::size_t(u)].bins();
            const double* h = hist.data() + 2 * m_s.offset[std::size_t(u)];
            const double missCount = h[2 * bins], missSum = h[2 * bins + 1];
            // Row counts are whole numbers, so this difference is exact.
            const double presentCount = count - missCount;
            double presentSum = 0.0;
            for (int b = 0; b < bins; ++b)
                presentSum += h[2 * b + 1];
            double leftCount = 0.0, leftSum = 0.0;
            for (int b = 0; b <= bins; ++b) {
                if (b > 0) {
                    const double c = h[2 * (b - 1)];
                    leftCount += c;
                    leftSum += h[2 * (b - 1) + 1];
                    if (c == 0.0 && b < bins)
                        continue; // the same partition as the boundary before
                }
                // The right side only shrinks from here on: once it holds fewer than minChild
                // rows with the missing ones, no later boundary can split.
                if (presentCount - leftCount + missCount < minChild)
                    break;
                for (const bool missingLeft : {false, true}) {
                    if (missingLeft && missCount == 0.0)
                        break;
                    const double cl = leftCount + (missingLeft ? missCount : 0.0);
                    const double sl = leftSum + (missingLeft ? missSum : 0.0);
                    const double cr = presentCount - leftCount + (missingLeft ? 0.0 : missCount);
                    const double sr = presentSum - leftSum + (missingLeft ? 0.0 : missSum);
                    if (cl < minChild || cr < minChild)
                        continue;
                    // Variance reduction, in a form without cancellation.
                    const double d = sl / cl - sr / cr;
                    const double gain = cl * cr / (cl + cr) * d * d;
                    if (gain > best.gain) {
                        best.gain = gain;
                        best.column = u;
                        best.boundary = b;
                        best.missingLeft = missingLeft;
                    }
                }
            }
        }
        return best;
    }

    const Shared& m_s;
    int m_width;
    std::size_t m_slotCount;
    std::vector<double> m_count, m_sum; // drawn rows and their residual sum per group
    std::vector<std::int32_t> m_members, m_scratch;
    std::vector<int> m_columnOrder;
    std::vector<std::vector<double>> m_pool; // free histogram buffers
};

// One tree's draw: a bit per row, set with probability subsample (every row at 1), rng's
// uniforms taken in row order.
void drawRows(std::vector<std::uint64_t>& bits, int rows, double subsample, Rng& rng)
{
    const std::size_t words = (std::size_t(rows) + 63) / 64;
    bits.resize(words);
    // uniform() < subsample exactly when the top 53 bits of next() are below subsample x 2^53
    // rounded up (the scaling by a power of two is exact); the stream is drawn in a local copy
    // so that its state stays in registers while the bits are written.
    const std::uint64_t below = std::uint64_t(std::ceil(subsample * 0x1.0p53));
    Rng local = rng;
    for (std::size_t w = 0; w < words; ++w) {
        const int n = int(std::min<std::size_t>(64, std::size_t(rows) - 64 * w));
        std::uint64_t word = 0;
        if (subsample >= 1.0)
            word = n == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << n) - 1;
        else
            for (int i = 0; i < n; ++i)
                word |= std::uint64_t((local.next() >> 11) < below) << i;
        bits[w] = word;
    }
    rng = local;
}

// Below this many rows a training stays on the calling thread.
constexpr int kParallelRows = 200;

} // namespace

std::vector<std::vector<Node>> ForestTrainer::train(const std::vector<float>& x, int rows, int cols,
                                                    const std::vector<float>& y,
                                                    const RandomForest::Params& p, float base,
                                                    DistinctRows* kept)
{
    if (rows <= 0 || cols <= 0 || x.size() != std::size_t(rows) * std::size_t(cols) ||
        y.size() != std::size_t(rows) || p.trees < 1 || p.maxDepth < 1)
        return {};
    const int maxBin = std::clamp(p.maxBin, 2, 0xFFFE);
    const int threads = rows < kParallelRows ? 1 : resolvedThreads(p.threads);
    // Recurring jobs repeat their feature rows: the columns' cuts and the rows' bins are found
    // once per distinct row.
    DistinctRows own;
    DistinctRows& distinct = kept ? *kept : own;
    distinct.extend(x, rows, cols);
    std::vector<Column> columns(static_cast<std::size_t>(cols));
    std::vector<char> present(static_cast<std::size_t>(cols), 0);
    parallelFor(cols, threads, [&](int, int c) {
        present[std::size_t(c)] =
            makeColumn(x, cols, distinct, c, maxBin, columns[std::size_t(c)]) ? 1 : 0;
    });
    std::vector<Column> used;
    for (int c = 0; c < cols; ++c)
        if (present[std::size_t(c)])
            used.push_back(std::move(columns[std::size_t(c)]));
    const Groups groups = group(x, cols, distinct, used);
    const int width = groups.width;
    Shared shared{p, used, groups, {}, {}, 0, std::max(p.minChildWeight, 1e-9)};
    // Residuals against the base keep the sums small.
    shared.residual.resize(std::size_t(rows));
    for (int r = 0; r < rows; ++r)
        shared.residual[std::size_t(r)] = double(y[std::size_t(r)]) - double(base);
    shared.offset.assign(std::size_t(width) + 1, 0);
    for (int u = 0; u < width; ++u)
        shared.offset[std::size_t(u) + 1] =
            shared.offset[std::size_t(u)] + std::size_t(used[std::size_t(u)].bins()) + 1;
    shared.columnsPerNode =
        std::clamp(int(std::floor(p.colsampleByNode * width)), std::min(1, width), width);

    // One stream: tree t's row draws, then its column draws, then tree t + 1's. Without column
    // draws each tree's rows can be drawn first and the trees grown on any thread: the same
    // forest, bit for bit.
    Rng rng(p.seed);
    std::vector<std::vector<Node>> forest(static_cast<std::size_t>(p.trees));
    if (shared.columnsPerNode < width || threads == 1) {
        TreeGrower grower(shared);
        std::vector<std::uint64_t> drawn;
        for (int t = 0; t < p.trees; ++t) {
            drawRows(drawn, rows, p.subsample, rng);
            forest[std::size_t(t)] = grower.grow(drawn, rng);
        }
        return forest;
    }
    std::vector<std::vector<std::uint64_t>> drawn(static_cast<std::size_t>(p.trees));
    for (int t = 0; t < p.trees; ++t)
        drawRows(drawn[std::size_t(t)], rows, p.subsample, rng);
    std::vector<std::unique_ptr<TreeGrower>> growers(
        static_cast<std::size_t>(std::min(threads, p.trees)));
    parallelFor(p.trees, threads, [&](int worker, int t) {
        auto& grower = growers[std::size_t(worker)];
        if (!grower)
            grower = std::make_unique<TreeGrower>(shared);
        Rng unused(0); // no column draws on this path
        forest[std::size_t(t)] = grower->grow(drawn[std::size_t(t)], unused);
    });
    return forest;
}

} // namespace gantry::predict
