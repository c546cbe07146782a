#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace gantry::predict {

/// What a predictor believes about a job's iterations, as a distribution rather than one number
/// (docs/asrpt.md, "Iteration prediction"): a point (the oracle, a given or noisy value, a cold
/// start), or equally likely samples times a scale (the `mean` history, a forest's prediction
/// times the ratios it has been off by). The samples are shared, not copied, between the
/// distributions of one snapshot. A plain value.
class IterationDistribution
{
public:
    /// The point k: every quantile is k.
    static IterationDistribution point(double k);
    /// scale x each of samples, which must be ascending and non-empty (else the point scale).
    static IterationDistribution scaled(double scale,
                                        std::shared_ptr<const std::vector<double>> samples);

    /// The q-quantile, q in [0, 1], interpolated linearly between order statistics (the
    /// median of two samples is their mean). O(1).
    double quantile(double q) const;
    /// The mean. O(samples).
    double mean() const;
    /// True for a point.
    bool isPoint() const { return !m_samples; }
    /// The scale: the point itself, or what every sample is multiplied by.
    double scale() const { return m_scale; }
    /// The unscaled samples, ascending and shared; null for a point.
    const std::shared_ptr<const std::vector<double>>& samples() const { return m_samples; }
    /// Samples behind the distribution (1 for a point).
    std::size_t size() const { return m_samples ? m_samples->size() : 1; }

private:
    double m_scale = 0.0;
    std::shared_ptr<const std::vector<double>> m_samples; // ascending; null for a point
};

} // namespace gantry::predict
