#include "predict/foresttrainer.h"

#include "util/rng.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>

namespace gantry::predict {

namespace {

using Node = RandomForest::Node;

constexpr std::uint16_t kMissing = 0xFFFF;

// The cut points of one column: a value's bin is the number of cuts <= it, so bins() bins.
// Every distinct value is a bin while there are at most maxBin of them, else the cuts are
// maxBin quantiles of the sorted values.
struct Column
{
    int source = 0;          // column of x
    std::vector<float> cuts; // ascending, distinct
    int bins() const { return int(cuts.size()) + 1; }
    std::uint16_t bin(float v) const
    {
        if (std::isnan(v))
            return kMissing;
        return std::uint16_t(std::upper_bound(cuts.begin(), cuts.end(), v) - cuts.begin());
    }
};

// False when the column has no value at all (it can never split).
bool makeColumn(const std::vector<float>& x, int rows, int cols, int c, int maxBin, Column& out)
{
    out.source = c;
    std::vector<float> distinct; // sorted, while at most maxBin
    bool many = false;
    for (int r = 0; r < rows; ++r) {
        const float v = x[std::size_t(r) * std::size_t(cols) + std::size_t(c)];
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
    std::vector<float> values;
    values.reserve(std::size_t(rows));
    for (int r = 0; r < rows; ++r) {
        const float v = x[std::size_t(r) * std::size_t(cols) + std::size_t(c)];
        if (!std::isnan(v))
            values.push_back(v);
    }
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    for (int k = 1; k < maxBin; ++k) {
        const float v = values[std::size_t(k) * n / std::size_t(maxBin)];
        if (v > values.front() && (out.cuts.empty() || v > out.cuts.back()))
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

Groups group(const std::vector<float>& x, int rows, int cols, const std::vector<Column>& used)
{
    Groups g;
    g.width = int(used.size());
    g.ofRow.assign(std::size_t(rows), 0);
    if (g.width == 0)
        return g;
    std::vector<std::uint16_t> key(static_cast<std::size_t>(g.width));
    std::size_t capacity = 16;
    while (capacity < 2 * std::size_t(rows))
        capacity *= 2;
    std::vector<std::int32_t> table(capacity, -1);
    int groups = 0;
    for (int r = 0; r < rows; ++r) {
        std::uint64_t h = 0x9E3779B97F4A7C15ULL;
        for (int u = 0; u < g.width; ++u) {
            key[std::size_t(u)] = used[std::size_t(u)].bin(
                x[std::size_t(r) * std::size_t(cols) + std::size_t(used[std::size_t(u)].source)]);
            h = (h ^ key[std::size_t(u)]) * 0x100000001B3ULL;
            h ^= h >> 29;
        }
        std::size_t slot = std::size_t(h) & (capacity - 1);
        while (true) {
            const std::int32_t id = table[slot];
            if (id < 0) {
                table[slot] = groups;
                g.ofRow[std::size_t(r)] = groups++;
                g.bins.insert(g.bins.end(), key.begin(), key.end());
                break;
            }
            if (std::equal(key.begin(), key.end(), g.bins.begin() + std::ptrdiff_t(id) * g.width)) {
                g.ofRow[std::size_t(r)] = id;
                break;
            }
            slot = (slot + 1) & (capacity - 1);
        }
    }
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

} // namespace

std::vector<std::vector<Node>> ForestTrainer::train(const std::vector<float>& x, int rows, int cols,
                                                    const std::vector<float>& y,
                                                    const RandomForest::Params& p, float base)
{
    if (rows <= 0 || cols <= 0 || x.size() != std::size_t(rows) * std::size_t(cols) ||
        y.size() != std::size_t(rows) || p.trees < 1 || p.maxDepth < 1)
        return {};
    const int maxBin = std::clamp(p.maxBin, 2, 0xFFFE);
    std::vector<Column> used;
    for (int c = 0; c < cols; ++c) {
        Column column;
        if (makeColumn(x, rows, cols, c, maxBin, column))
            used.push_back(std::move(column));
    }
    const Groups groups = group(x, rows, cols, used);
    const int width = groups.width;
    const int n = groups.size();
    // Residuals against the base keep the sums small.
    std::vector<double> residual(static_cast<std::size_t>(rows));
    for (int r = 0; r < rows; ++r)
        residual[std::size_t(r)] = double(y[std::size_t(r)]) - double(base);

    // A node's histogram: (rows, residual sum) per bin of every used column, the missing
    // values last in each column's slotCount.
    std::vector<std::size_t> offset(static_cast<std::size_t>(width) + 1, 0);
    for (int u = 0; u < width; ++u)
        offset[std::size_t(u) + 1] =
            offset[std::size_t(u)] + std::size_t(used[std::size_t(u)].bins()) + 1;
    const std::size_t slotCount = offset.back();
    std::vector<std::vector<double>> pool; // free histogram buffers
    const auto takeHistogram = [&pool, slotCount]() {
        std::vector<double> h;
        if (!pool.empty()) {
            h = std::move(pool.back());
            pool.pop_back();
        }
        h.assign(2 * slotCount, 0.0);
        return h;
    };
    std::vector<double> count(static_cast<std::size_t>(n)), sum(static_cast<std::size_t>(n));
    std::vector<std::int32_t> members, scratch;
    // Adds the groups members[begin, end) to histogram h, row by row.
    const auto accumulate = [&](std::vector<double>& h, int begin, int end) {
        for (int i = begin; i < end; ++i) {
            const std::size_t g = std::size_t(members[std::size_t(i)]);
            const double c = count[g], v = sum[g];
            const std::uint16_t* b = groups.bins.data() + g * std::size_t(width);
            for (int u = 0; u < width; ++u) {
                const std::size_t slot =
                    offset[std::size_t(u)] +
                    (b[u] == kMissing ? offset[std::size_t(u) + 1] - offset[std::size_t(u)] - 1
                                      : std::size_t(b[u]));
                h[2 * slot] += c;
                h[2 * slot + 1] += v;
            }
        }
    };
    std::vector<int> columnOrder(static_cast<std::size_t>(width));
    const int columnsPerNode =
        std::clamp(int(std::floor(p.colsampleByNode * width)), std::min(1, width), width);
    const double minChild = std::max(p.minChildWeight, 1e-9);
    Rng rng(p.seed);

    struct Pending
    {
        int node, begin, end, depth;
        double count, sum;
        std::vector<double> hist; // empty when the node cannot split
    };
    const auto splittable = [&](int depth, double c) {
        return depth < p.maxDepth && c >= 2.0 * minChild && width > 0;
    };

    std::vector<std::vector<Node>> forest;
    forest.reserve(std::size_t(p.trees));
    for (int t = 0; t < p.trees; ++t) {
        std::fill(count.begin(), count.end(), 0.0);
        std::fill(sum.begin(), sum.end(), 0.0);
        for (int r = 0; r < rows; ++r) {
            if (p.subsample < 1.0 && !(rng.uniform() < p.subsample))
                continue;
            const std::size_t g = std::size_t(groups.ofRow[std::size_t(r)]);
            count[g] += 1.0;
            sum[g] += residual[std::size_t(r)];
        }
        members.clear();
        double rootCount = 0.0, rootSum = 0.0;
        for (int g = 0; g < n; ++g) {
            if (count[std::size_t(g)] > 0.0) {
                members.push_back(g);
                rootCount += count[std::size_t(g)];
                rootSum += sum[std::size_t(g)];
            }
        }
        std::vector<Node> tree(1);
        std::vector<Pending> stack;
        stack.push_back({0, 0, int(members.size()), 0, rootCount, rootSum, {}});
        if (splittable(0, rootCount)) {
            stack.back().hist = takeHistogram();
            accumulate(stack.back().hist, 0, int(members.size()));
        }
        while (!stack.empty()) {
            Pending at = std::move(stack.back());
            stack.pop_back();
            Split best;
            if (!at.hist.empty()) {
                std::iota(columnOrder.begin(), columnOrder.end(), 0);
                if (columnsPerNode < width) {
                    for (int k = 0; k < columnsPerNode; ++k)
                        std::swap(columnOrder[std::size_t(k)],
                                  columnOrder[std::size_t(k) +
                                              std::size_t(rng.below(std::uint64_t(width - k)))]);
                    std::sort(columnOrder.begin(), columnOrder.begin() + columnsPerNode);
                }
                for (int k = 0; k < columnsPerNode; ++k) {
                    const int u = columnOrder[std::size_t(k)];
                    const int bins = used[std::size_t(u)].bins();
                    const double* h = at.hist.data() + 2 * offset[std::size_t(u)];
                    const double missCount = h[2 * bins], missSum = h[2 * bins + 1];
                    double presentCount = 0.0, presentSum = 0.0;
                    for (int b = 0; b < bins; ++b) {
                        presentCount += h[2 * b];
                        presentSum += h[2 * b + 1];
                    }
                    double leftCount = 0.0, leftSum = 0.0;
                    for (int b = 0; b <= bins; ++b) {
                        if (b > 0) {
                            leftCount += h[2 * (b - 1)];
                            leftSum += h[2 * (b - 1) + 1];
                            if (h[2 * (b - 1)] == 0.0 && b < bins)
                                continue; // the same partition as the boundary before
                        }
                        for (const bool missingLeft : {false, true}) {
                            if (missingLeft && missCount == 0.0)
                                break;
                            const double cl = leftCount + (missingLeft ? missCount : 0.0);
                            const double sl = leftSum + (missingLeft ? missSum : 0.0);
                            const double cr =
                                presentCount - leftCount + (missingLeft ? 0.0 : missCount);
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
            }
            if (best.column < 0) {
                const double mean = at.count > 0.0 ? at.sum / at.count : 0.0;
                Node& leaf = tree[std::size_t(at.node)];
                leaf.left = leaf.right = -1;
                leaf.cond = float(mean);
                if (!at.hist.empty())
                    pool.push_back(std::move(at.hist));
                continue;
            }
            const Column& column = used[std::size_t(best.column)];
            const int bins = column.bins();
            // Stable partition of the node's groups: left ones first.
            scratch.clear();
            int split = at.begin;
            double lc = 0.0, ls = 0.0, rc = 0.0, rs = 0.0;
            for (int i = at.begin; i < at.end; ++i) {
                const std::int32_t g = members[std::size_t(i)];
                const std::uint16_t b =
                    groups.bins[std::size_t(g) * std::size_t(width) + std::size_t(best.column)];
                if (b == kMissing ? best.missingLeft : int(b) < best.boundary) {
                    members[std::size_t(split++)] = g;
                    lc += count[std::size_t(g)];
                    ls += sum[std::size_t(g)];
                } else {
                    scratch.push_back(g);
                    rc += count[std::size_t(g)];
                    rs += sum[std::size_t(g)];
                }
            }
            std::copy(scratch.begin(), scratch.end(), members.begin() + split);
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
                    pool.push_back(std::move(small.hist));
            }
            if (!at.hist.empty())
                pool.push_back(std::move(at.hist));
            stack.push_back(std::move(r));
            stack.push_back(std::move(l));
        }
        forest.push_back(std::move(tree));
    }
    return forest;
}

} // namespace gantry::predict
