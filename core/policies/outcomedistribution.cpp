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
    m_snapshots.push_back({1.0});
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
    m_snapshots.push_back(std::move(s));
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

double OutcomeDistribution::nextSample(const std::vector<double>& samples, double u)
{
    const auto first = std::upper_bound(samples.begin(), samples.end(), u);
    return first == samples.end() ? std::numeric_limits<double>::infinity() : *first;
}

} // namespace gantry::sim
