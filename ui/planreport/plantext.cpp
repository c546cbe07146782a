#include "planreport/plantext.h"

#include "plan/sweeptarget.h"

#include <QLocale>

#include <cmath>

namespace gantry::ui {

namespace {
// Thousands separators on the integer part of a number already formatted without them.
QString grouped(const QString& digits)
{
    QString out;
    const int n = int(digits.size());
    for (int i = 0; i < n; ++i) {
        if (i > 0 && (n - i) % 3 == 0)
            out += QLatin1Char(',');
        out += digits[i];
    }
    return out;
}

QString wholeNumber(double value)
{
    const double r = std::round(value);
    const QString digits = QString::number(std::abs(r), 'f', 0);
    return (r < 0 ? QStringLiteral("-") : QString()) + grouped(digits);
}
} // namespace

QString PlanText::usd(double value)
{
    return wholeNumber(value);
}

QString PlanText::signedUsd(double value)
{
    const QString s = wholeNumber(value);
    return s.startsWith(QLatin1Char('-')) || s == QLatin1String("0") ? s : QLatin1Char('+') + s;
}

QString PlanText::metric(double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("n/a");
    if (std::abs(value) >= 100.0)
        return wholeNumber(value);
    return QString::number(value, 'g', 3);
}

QString PlanText::signedMetric(double value)
{
    const QString s = metric(value);
    return s.startsWith(QLatin1Char('-')) || value == 0.0 ? s : QLatin1Char('+') + s;
}

QString PlanText::unit(const QString& metric)
{
    if (metric.endsWith(QLatin1String("_s")))
        return QStringLiteral("s");
    if (metric.endsWith(QLatin1String("_bytes")))
        return QStringLiteral("bytes");
    if (metric == QLatin1String("gpu_utilization"))
        return QStringLiteral("fraction");
    if (metric == QLatin1String("prediction_mape"))
        return QStringLiteral("fraction");
    return {};
}

QString PlanText::value(const QJsonValue& v)
{
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', QLocale::FloatingPointShortest);
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    return v.toString();
}

QString PlanText::target(const plan::SweepTarget& target)
{
    const QString u = unit(target.metric);
    const double bound = target.max ? *target.max : target.min.value_or(0.0);
    const QString number = QString::number(bound, 'g', QLocale::FloatingPointShortest);
    return QStringLiteral("%1 %2 %3%4")
        .arg(target.metric, target.max ? QStringLiteral("\u2264") : QStringLiteral("\u2265"),
             number,
             u.isEmpty() || u == QLatin1String("fraction") ? QString() : QLatin1Char(' ') + u);
}

} // namespace gantry::ui
