#pragma once

#include "model/scenario.h"

#include <QString>

namespace gantry::ui {

/// How the schedule report writes numbers in its text and tables: seconds to one decimal,
/// changes in percent, durations in the largest fitting unit and the contention model's name.
class ReportFormat
{
public:
    /// Seconds with one decimal ("12.5").
    static QString seconds(double v);
    /// value against base in percent with its sign ("+3.2%", "-10.0%"; "n/a" when base is 0
    /// and value is not).
    static QString percentChange(double value, double base);
    /// "fair" or "none".
    static QString contentionName(Contention c);
    /// Seconds in days, hours, minutes or seconds, whichever reads best ("2.5 h").
    static QString humanDuration(double s);
};

} // namespace gantry::ui
