#include "report/reportformat.h"

#include <cmath>

namespace gantry::ui {

QString ReportFormat::seconds(double v)
{
    return QString::number(v, 'f', 1);
}

QString ReportFormat::percentChange(double value, double base)
{
    if (base == 0.0)
        return value == 0.0 ? QStringLiteral("0.0%") : QStringLiteral("n/a");
    const double pct = (value - base) / std::abs(base) * 100.0;
    return (pct > 0 ? QStringLiteral("+") : QString()) + QString::number(pct, 'f', 1) +
           QStringLiteral("%");
}

QString ReportFormat::contentionName(Contention c)
{
    return c == Contention::Fair ? QStringLiteral("fair") : QStringLiteral("none");
}

QString ReportFormat::humanDuration(double s)
{
    if (s >= 2 * 86400.0)
        return QStringLiteral("%1 days").arg(s / 86400.0, 0, 'f', 1);
    if (s >= 2 * 3600.0)
        return QStringLiteral("%1 h").arg(s / 3600.0, 0, 'f', 1);
    if (s >= 120.0)
        return QStringLiteral("%1 min").arg(s / 60.0, 0, 'f', 1);
    return QStringLiteral("%1 s").arg(s, 0, 'f', 1);
}

} // namespace gantry::ui
