#include "io/jsonfieldreader.h"

#include <QStringList>

#include <cmath>

namespace gantry {

JsonFieldReader::JsonFieldReader(const QJsonObject& obj, QString path)
    : m_obj(obj), m_path(std::move(path))
{}

bool JsonFieldReader::accepts(double d, NumberRule rule)
{
    return std::isfinite(d) && (rule.strict ? d > rule.min : d >= rule.min) && d <= rule.max;
}

bool JsonFieldReader::accepts(double d, IntegerRule rule)
{
    return std::isfinite(d) && std::floor(d) == d && d >= rule.min && d <= rule.max;
}

QString JsonFieldReader::pathOf(const QString& key) const
{
    if (key.isEmpty())
        return m_path.isEmpty() ? QStringLiteral("(root)") : m_path;
    return m_path.isEmpty() ? key : m_path + QLatin1Char('.') + key;
}

void JsonFieldReader::fail(const QString& key, const QString& message) const
{
    throw JsonPathError{pathOf(key), message};
}

bool JsonFieldReader::has(const QString& key)
{
    m_known.insert(key);
    return m_obj.contains(key);
}

QJsonValue JsonFieldReader::value(const QString& key)
{
    m_known.insert(key);
    return m_obj.value(key);
}

QString JsonFieldReader::string(const QString& key)
{
    if (!m_obj.contains(key))
        fail(key, QStringLiteral("missing required field"));
    auto s = optionalString(key);
    if (s->isEmpty())
        fail(key, QStringLiteral("must not be empty"));
    return *s;
}

std::optional<QString> JsonFieldReader::optionalString(const QString& key)
{
    const QJsonValue v = value(key);
    if (v.isUndefined())
        return std::nullopt;
    if (!v.isString())
        fail(key, QStringLiteral("must be a string"));
    return v.toString();
}

std::optional<double> JsonFieldReader::optionalNumber(const QString& key, double min, bool strict,
                                                      double max)
{
    const QJsonValue v = value(key);
    if (v.isUndefined())
        return std::nullopt;
    // Built only for a complaint: formatting it for every number cost more than the check.
    const auto bound = [&] {
        return (strict ? QStringLiteral("> %1").arg(min) : QStringLiteral(">= %1").arg(min)) +
               QStringLiteral(" and <= %1").arg(max);
    };
    if (!v.isDouble())
        fail(key, QStringLiteral("must be a number %1").arg(bound()));
    const double d = v.toDouble();
    if (!accepts(d, NumberRule{min, strict, max}))
        fail(key, QStringLiteral("must be a finite number %1").arg(bound()));
    return d;
}

double JsonFieldReader::number(const QString& key, double min, bool strict, double max)
{
    if (!m_obj.contains(key))
        fail(key, QStringLiteral("missing required field"));
    return *optionalNumber(key, min, strict, max);
}

std::optional<int> JsonFieldReader::optionalInteger(const QString& key, int min, int max)
{
    const QJsonValue v = value(key);
    if (v.isUndefined())
        return std::nullopt;
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || !accepts(d, IntegerRule{min, max})) {
        if (min == 1)
            fail(key, QStringLiteral("must be a positive integer"));
        fail(key, QStringLiteral("must be an integer from %1 to %2").arg(min).arg(max));
    }
    return int(d);
}

int JsonFieldReader::integer(const QString& key, int min, int max)
{
    if (!m_obj.contains(key))
        fail(key, QStringLiteral("missing required field"));
    return *optionalInteger(key, min, max);
}

QJsonArray JsonFieldReader::array(const QString& key)
{
    const QJsonValue v = value(key);
    if (v.isUndefined())
        fail(key, QStringLiteral("missing required field"));
    if (!v.isArray())
        fail(key, QStringLiteral("must be an array"));
    return v.toArray();
}

QJsonObject JsonFieldReader::object(const QString& key)
{
    const QJsonValue v = value(key);
    if (v.isUndefined())
        fail(key, QStringLiteral("missing required field"));
    return asObject(v, pathOf(key));
}

QJsonObject JsonFieldReader::asObject(const QJsonValue& value, const QString& path)
{
    if (!value.isObject())
        throw JsonPathError{path, QStringLiteral("must be an object")};
    return value.toObject();
}

void JsonFieldReader::finish() const
{
    QStringList keys = m_obj.keys();
    keys.sort();
    for (const QString& k : keys)
        if (!m_known.contains(k))
            fail(k, QStringLiteral("unknown key"));
}

} // namespace gantry
