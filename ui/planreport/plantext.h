#pragma once

#include <QJsonValue>
#include <QString>

namespace gantry::plan {
struct SweepTarget;
}

namespace gantry::ui {

/// How the capacity-plan report writes its numbers: whole US dollars with thousands
/// separators, metrics in their unit, axis values as in the sweep file.
class PlanText
{
public:
    /// Whole US dollars with thousands separators, e.g. "1,171,234" (a minus sign when negative).
    static QString usd(double value);
    /// The same with a sign always ("+60,000", "-1,234"), for differences.
    static QString signedUsd(double value);
    /// A metric value, readable: whole numbers from 100 up (with separators), else 3 significant
    /// digits.
    static QString metric(double value);
    /// The same with a sign always, for differences.
    static QString signedMetric(double value);
    /// The unit of a metric named as in points.csv ("s" for names ending in _s, "bytes",
    /// "fraction" for utilisation; empty when it has none).
    static QString unit(const QString& metric);
    /// An axis value as the sweep file gives it (numbers in their shortest form).
    static QString value(const QJsonValue& v);
    /// The target in words, e.g. "p99_queue_delay_s ≤ 3600 s".
    static QString target(const plan::SweepTarget& target);
};

} // namespace gantry::ui
