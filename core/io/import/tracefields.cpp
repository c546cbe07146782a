#include "io/import/tracefields.h"

#include <QByteArray>

#include <cmath>

namespace gantry {

namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (the days-from-civil algorithm).
long long daysFromCivil(int y, int m, int d)
{
    y -= m <= 2;
    const int era = (y >= 0 ? y : y - 399) / 400;
    const int yoe = y - era * 400;
    const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return (long long)era * 146097 + doe - 719468;
}

// Value of n decimal digits at s[from], or -1.
int digits(QByteArrayView s, qsizetype from, int n)
{
    if (from + n > s.size())
        return -1;
    int v = 0;
    for (qsizetype i = from; i < from + n; ++i) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

} // namespace

bool TraceFields::missing(QByteArrayView cell)
{
    static const char* const spellings[] = {"nan",  "NaN",  "NAN", "NaT", "None",
                                            "null", "NULL", "N/A", "n/a"};
    if (cell.isEmpty())
        return true;
    for (const char* s : spellings)
        if (cell == QByteArrayView(s))
            return true;
    return false;
}

std::optional<double> TraceFields::number(QByteArrayView cell)
{
    if (cell.isEmpty() || cell.size() > 64)
        return std::nullopt;
    bool ok = false;
    const double v = QByteArray(cell.data(), cell.size()).toDouble(&ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::optional<int> TraceFields::wholeNumber(QByteArrayView cell, int max)
{
    const auto v = number(cell);
    if (!v || *v < 0 || *v > max || std::floor(*v) != *v)
        return std::nullopt;
    return int(*v);
}

std::optional<double> TraceFields::dateTime(QByteArrayView s)
{
    if (s.size() < 19 || s[4] != '-' || s[7] != '-' || (s[10] != ' ' && s[10] != 'T') ||
        s[13] != ':' || s[16] != ':')
        return std::nullopt;
    const int y = digits(s, 0, 4), mo = digits(s, 5, 2), d = digits(s, 8, 2);
    const int h = digits(s, 11, 2), mi = digits(s, 14, 2), se = digits(s, 17, 2);
    if (y < 0 || mo < 1 || mo > 12 || h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59)
        return std::nullopt;
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (d < 1 || d > kDays[mo - 1] + (mo == 2 && leap))
        return std::nullopt;
    double t = double(daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se);
    qsizetype i = 19;
    if (i < s.size() && s[i] == '.') {
        ++i;
        double scale = 0.1;
        const qsizetype from = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            t += (s[i] - '0') * scale;
            scale /= 10;
            ++i;
        }
        if (i == from)
            return std::nullopt;
    }
    if (i == s.size())
        return t;
    if (s[i] == 'Z')
        return i + 1 == s.size() ? std::optional<double>(t) : std::nullopt;
    if (s[i] != '+' && s[i] != '-')
        return std::nullopt;
    const int sign = s[i] == '+' ? 1 : -1;
    const int oh = digits(s, i + 1, 2);
    int om = 0;
    qsizetype end = i + 3;
    if (end < s.size()) {
        if (s[end] == ':')
            ++end;
        om = digits(s, end, 2);
        end += 2;
    }
    if (oh < 0 || oh > 18 || om < 0 || om > 59 || end != s.size())
        return std::nullopt;
    return t - sign * (oh * 3600.0 + om * 60.0);
}

QString TraceFields::quoted(QByteArrayView cell)
{
    QString text = QString::fromUtf8(cell.data(), std::min<qsizetype>(cell.size(), 40));
    if (cell.size() > 40)
        text += QStringLiteral("...");
    return QLatin1Char('"') + text + QLatin1Char('"');
}

} // namespace gantry
