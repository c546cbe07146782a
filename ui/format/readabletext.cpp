#include "format/readabletext.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace gantry::ui {

QString ReadableText::duration(double seconds)
{
    const QLocale locale(QLocale::English);
    struct Unit
    {
        double seconds;
        const char* name;
    };
    static const Unit units[] = {{86400.0, "days"}, {3600.0, "h"}, {60.0, "min"}, {1.0, "s"}};
    for (const Unit& u : units)
        if (std::abs(seconds) >= u.seconds || u.seconds == 1.0) {
            const double v = seconds / u.seconds;
            const int decimals = std::abs(v) >= 100.0 ? 0 : std::abs(v) >= 10.0 ? 1 : 2;
            QString text = locale.toString(v, 'f', decimals);
            // "12.50 min" reads as "12.5 min"; "3.00 h" as "3 h".
            if (text.contains(QLatin1Char('.'))) {
                while (text.endsWith(QLatin1Char('0')))
                    text.chop(1);
                if (text.endsWith(QLatin1Char('.')))
                    text.chop(1);
            }
            return QStringLiteral("%1 %2").arg(
                text, QCoreApplication::translate("gantry::ui::ReadableText", u.name));
        }
    return {};
}

QString ReadableText::count(qint64 n, const QString& singular, const QString& plural)
{
    return QStringLiteral("%1 %2").arg(QLocale(QLocale::English).toString(n),
                                       n == 1 ? singular : plural);
}

} // namespace gantry::ui
