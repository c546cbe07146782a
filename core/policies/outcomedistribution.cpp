#include "policies/outcomedistribution.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gantry::sim {

namespace {

constexpr int kBinsPerDecade = 60;       // bins 10^(1/60) apart: about 3.9%
constexpr int kOne = 4 * kBinsPerDecade; // the bin centred on ratio 1 (1e-4 .. 1e4 in all)
constexpr int kBins = 2 * kOne + 1;

// Bin b is centred on 10^((b - kOne) / 60), so that a ratio of exactly 1 stays 1.
int binOf(double ratio)
{
    const int b = int(std::lround(std::log10(ratio) * kBinsPerDecade)) + kOne;
    return std::clamp(b, 0, kBins - 1);
}

double centreOf(int bin)
{
    return std::pow(10.0, double(bin - kOne) / kBinsPerDecade);
}

} // namespace

OutcomeDistribution::OutcomeDistribution() : m_bins(std::size_t(kBins), 0)
{
    m_snapshots.push_back(withEnvelopes({1.0}));
}

void OutcomeDistribution::observe(double ratio)
{
    if (!(ratio > 0.0) || !std::isfinite(ratio))
        return;
    ++m_bins[std::size_t(binOf(ratio))];
    ++m_count;
    if (m_count - m_atSnapshot >= std::max<std::int64_t>(1, m_atSnapshot / 8))
        takeSnapshot();
}

void OutcomeDistribution::takeSnapshot()
{
    m_atSnapshot = m_count;
    std::vector<double> s;
    if (m_count <= kQuantiles) {
        for (int b = 0; b < kBins; ++b)
            for (std::int64_t k = 0; k < m_bins[std::size_t(b)]; ++k)
                s.push_back(centreOf(b));
    } else {
        // The value at the middle of each of kQuantiles equal slices of the observations.
        int b = 0;
        std::int64_t below = 0; // observations in bins before b
        for (int q = 0; q < kQuantiles; ++q) {
            const double target = (q + 0.5) * double(m_count) / kQuantiles;
            while (double(below + m_bins[std::size_t(b)]) <= target && b < kBins - 1)
                below += m_bins[std::size_t(b++)];
            s.push_back(centreOf(b));
        }
    }
    m_snapshots.push_back(withEnvelopes(std::move(s)));
}

int OutcomeDistribution::addSnapshot(const std::vector<double>& ascending)
{
    std::vector<double> s;
    const std::size_t n = ascending.size();
    if (n <= std::size_t(kQuantiles)) {
        s = ascending;
    } else {
        for (int q = 0; q < kQuantiles; ++q)
            s.push_back(ascending[std::size_t((q + 0.5) * double(n) / kQuantiles)]);
    }
    if (s.empty())
        s.push_back(1.0);
    m_snapshots.push_back(withEnvelopes(std::move(s)));
    return int(m_snapshots.size()) - 1;
}

double OutcomeDistribution::rank(const std::vector<double>& samples, double u)
{
    const auto first = std::upper_bound(samples.begin(), samples.end(), u);
    const std::size_t m = std::size_t(samples.end() - first);
    if (m == 0)
        return std::max(u, 1e-9);
    double best = std::numeric_limits<double>::infinity();
    double prefix = 0.0;
    for (std::size_t k = 1; k <= m; ++k) {
        const double x = *(first + std::ptrdiff_t(k - 1)) - u;
        prefix += x;
        best = std::min(best, (prefix + double(m - k) * x) / double(k));
    }
    return best;
}

OutcomeDistribution::Snapshot OutcomeDistribution::withEnvelopes(std::vector<double> samples)
{
    Snapshot snap;
    const std::size_t n = samples.size();
    snap.envelope.resize(n);
    for (std::size_t f = 0; f < n; ++f) {
        // u in [samples[f-1], samples[f]): the m = n - f samples from f lie above u. Quantum
        // k gives (sum_{i<k} s_{f+i} + (m - k) s_{f+k-1} - m u) / k = a_k - b_k u, b_k = m / k.
        const std::size_t m = n - f;
        std::vector<Piece> lines;
        double sum = 0.0;
        for (std::size_t k = 1; k <= m; ++k) {
            sum += samples[f + k - 1];
            lines.push_back({0.0, (sum + double(m - k) * samples[f + k - 1]) / double(k),
                             double(m) / double(k)});
        }
        // Ascending slope b (k from m down to 1): the lowest line at larger u has larger b.
        std::reverse(lines.begin(), lines.end());
        std::vector<Piece>& hull = snap.envelope[f];
        const auto cross = [](const Piece& p, const Piece& q) {
            return (q.a - p.a) / (q.b - p.b); // where q (steeper) drops below p
        };
        for (Piece l : lines) {
            bool dominated = false;
            while (!hull.empty()) {
                const Piece& h = hull.back();
                if (l.b == h.b) {
                    dominated = l.a >= h.a;
                    if (!dominated)
                        hull.pop_back();
                    if (dominated)
                        break;
                    continue;
                }
                const double at = cross(h, l);
                if (hull.size() >= 2 && at <= h.from) {
                    hull.pop_back();
                    continue;
                }
                l.from = at;
                break;
            }
            if (dominated)
                continue;
            if (hull.empty())
                l.from = -std::numeric_limits<double>::infinity();
            hull.push_back(l);
        }
    }
    snap.samples = std::move(samples);
    return snap;
}

double OutcomeDistribution::rankAt(int i, double u) const
{
    const Snapshot& snap = m_snapshots[std::size_t(i)];
    const std::size_t f = std::size_t(
        std::upper_bound(snap.samples.begin(), snap.samples.end(), u) - snap.samples.begin());
    if (f == snap.samples.size())
        return std::max(u, 1e-9);
    const std::vector<Piece>& hull = snap.envelope[f];
    // The last piece starting at or before u.
    const auto it = std::upper_bound(hull.begin(), hull.end(), u,
                                     [](double x, const Piece& p) { return x < p.from; });
    const Piece& p = *(it - 1);
    return p.a - p.b * u;
}

bool OutcomeDistribution::pieceAt(int i, double u, double& a, double& b, double& until,
                                  double& next) const
{
    // The same searches as rankAt().
    const Snapshot& snap = m_snapshots[std::size_t(i)];
    const auto sample = std::upper_bound(snap.samples.begin(), snap.samples.end(), u);
    if (sample == snap.samples.end())
        return false;
    const std::vector<Piece>& hull = snap.envelope[std::size_t(sample - snap.samples.begin())];
    const auto it = std::upper_bound(hull.begin(), hull.end(), u,
                                     [](double x, const Piece& p) { return x < p.from; });
    a = (it - 1)->a;
    b = (it - 1)->b;
    next = *sample;
    until = it == hull.end() ? next : std::min(next, it->from);
    return true;
}

} // namespace gantry::sim
