#pragma once

#include <QString>

#include <optional>

namespace gantry::plan {

/// What a cluster must achieve: a run metric at most max (or at least min).
struct SweepTarget
{
    QString metric;            ///< a metric name of points.csv, e.g. "p99_queue_delay_s"
    std::optional<double> max; ///< the metric must be <= max (exactly one of max and min)
    std::optional<double> min; ///< the metric must be >= min

    /// True when value meets the target.
    bool meets(double value) const { return max ? value <= *max : value >= min.value_or(0.0); }

    bool operator==(const SweepTarget&) const = default;
};

} // namespace gantry::plan
