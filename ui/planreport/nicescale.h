#pragma once

#include <QString>

#include <vector>

namespace gantry::ui {

/// Round tick values for a chart axis (steps of 1, 2 or 5 times a power of ten).
class NiceScale
{
public:
    /// The axis range: lo and hi widened to whole steps.
    struct Range
    {
        double lo = 0.0;           ///< first tick
        double hi = 1.0;           ///< last tick
        double step = 1.0;         ///< distance between ticks
        std::vector<double> ticks; ///< lo, lo + step, ..., hi
    };

    /// About maxTicks ticks covering [lo, hi] (an empty range is widened around its value).
    static Range of(double lo, double hi, int maxTicks = 6);
    /// A tick label: as many decimals as step needs; whole numbers with thousands separators.
    static QString label(double value, double step);
};

} // namespace gantry::ui
