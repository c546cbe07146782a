#pragma once

#include <QString>

namespace gantry::ui {

/// Numbers as people read them on screen: durations in s, min or h, counts with the right
/// plural, thousands separators.
class ReadableText
{
public:
    /// "45 s", "12.5 min", "3.2 h", "2.1 days": the largest unit that keeps the number >= 1,
    /// three significant digits.
    static QString duration(double seconds);
    /// "1 GPU", "3 GPUs", "1,024 jobs": n with thousands separators and the form that fits.
    static QString count(qint64 n, const QString& singular, const QString& plural);
};

} // namespace gantry::ui
