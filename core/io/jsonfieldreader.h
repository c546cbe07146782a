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
    /// A required finite number >= min (strictly > min when strict) and <= max.
    double number(const QString& key, double min, bool strict, double max = kMaxNumber);
    /// An optional finite number with the same bounds.
    std::optional<double> optionalNumber(const QString& key, double min, bool strict,
                                         double max = kMaxNumber);
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
