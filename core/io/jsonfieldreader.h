#pragma once

#include "io/jsonpatherror.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QString>

#include <optional>

namespace gantry {

/// Reads the fields of one JSON object with strict checks, remembering the JSON path so that
/// every complaint names its place. Throws JsonPathError; finish() rejects unknown keys.
class JsonFieldReader
{
public:
    /// A reader over obj, whose own path is path ("" for the document root).
    JsonFieldReader(const QJsonObject& obj, QString path);

    /// Path of a key of this object, e.g. "jobs[2].gpus".
    QString pathOf(const QString& key) const;
    /// Throws a JsonPathError at key (or at this object when key is empty).
    [[noreturn]] void fail(const QString& key, const QString& message) const;

    /// True when the object has key (and marks it as known).
    bool has(const QString& key);
    /// A required string.
    QString string(const QString& key);
    /// An optional string.
    std::optional<QString> optionalString(const QString& key);
    /// Largest magnitude accepted for any number: keeps every time inside SimTime's range.
    static constexpr double kMaxNumber = 1e12;
    /// The range of a number field: finite, >= min (> min when strict) and <= max.
    struct NumberRule
    {
        double min = 0.0;        ///< lower bound
        bool strict = false;     ///< the lower bound itself is refused
        double max = kMaxNumber; ///< upper bound (included)
    };
    /// The range of an integer field: [min, max].
    struct IntegerRule
    {
        int min = 0; ///< lower bound (included)
        int max = 0; ///< upper bound (included)
    };
    /// True when d is a value rule accepts (the check number() makes).
    static bool accepts(double d, NumberRule rule);
    /// True when d is an integer rule accepts (the check integer() makes).
    static bool accepts(double d, IntegerRule rule);
    /// A required finite number >= min (strictly > min when strict) and <= max.
    double number(const QString& key, double min, bool strict, double max = kMaxNumber);
    /// An optional finite number with the same bounds.
    std::optional<double> optionalNumber(const QString& key, double min, bool strict,
                                         double max = kMaxNumber);
    /// A required number in rule's range.
    double number(const QString& key, NumberRule rule)
    {
        return number(key, rule.min, rule.strict, rule.max);
    }
    /// An optional number in rule's range.
    std::optional<double> optionalNumber(const QString& key, NumberRule rule)
    {
        return optionalNumber(key, rule.min, rule.strict, rule.max);
    }
    /// A required integer in rule's range.
    int integer(const QString& key, IntegerRule rule) { return integer(key, rule.min, rule.max); }
    /// A required integer in [min, max].
    int integer(const QString& key, int min, int max);
    /// An optional integer in [min, max].
    std::optional<int> optionalInteger(const QString& key, int min, int max);
    /// A required array.
    QJsonArray array(const QString& key);
    /// A required object.
    QJsonObject object(const QString& key);
    /// Marks a key as known without reading it.
    void accept(const QString& key) { m_known.insert(key); }
    /// Rejects the first key (in sorted order) that was never read or accepted.
    void finish() const;

    /// Requires value to be an object; path names it in the error.
    static QJsonObject asObject(const QJsonValue& value, const QString& path);

private:
    QJsonValue value(const QString& key);

    QJsonObject m_obj;
    QString m_path;
    QSet<QString> m_known;
};

} // namespace gantry
