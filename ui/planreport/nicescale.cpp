#include "planreport/nicescale.h"

#include <algorithm>
#include <cmath>

namespace gantry::ui {

NiceScale::Range NiceScale::of(double lo, double hi, int maxTicks)
{
    if (!std::isfinite(lo) || !std::isfinite(hi))
        lo = 0.0, hi = 1.0;
    if (hi < lo)
        std::swap(lo, hi);
    if (hi - lo <= 0.0) {
        const double pad = lo == 0.0 ? 1.0 : std::abs(lo) * 0.1;
        lo -= pad;
        hi += pad;
    }
    const double rough = (hi - lo) / std::max(1, maxTicks - 1);
    const double power = std::pow(10.0, std::floor(std::log10(rough)));
    double step = power;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * power >= rough) {
            step = m * power;
            break;
        }
    Range r;
    r.step = step;
    r.lo = std::floor(lo / step + 1e-9) * step;
    r.hi = std::ceil(hi / step - 1e-9) * step;
    for (int k = 0;; ++k) {
        const double t = r.lo + k * step;
        if (t > r.hi + step * 1e-6)
            break;
        r.ticks.push_back(std::abs(t) < step * 1e-9 ? 0.0 : t);
    }
    return r;
}

QString NiceScale::label(double value, double step)
{
    const int decimals = std::max(0, int(-std::floor(std::log10(step) + 1e-9)));
    if (decimals > 0)
        return QString::number(value, 'f', std::min(decimals, 6));
    // Whole numbers with thousands separators.
    const QString digits = QString::number(std::abs(std::round(value)), 'f', 0);
    QString out;
    for (int i = 0; i < int(digits.size()); ++i) {
        if (i > 0 && (int(digits.size()) - i) % 3 == 0)
            out += QLatin1Char(',');
        out += digits[i];
    }
    return (std::round(value) < 0 ? QStringLiteral("-") : QString()) + out;
}

} // namespace gantry::ui
