#pragma once

#include <QByteArray>
#include <QString>

namespace gantry {

/// Finds the JSON path of a place in JSON text that the parser refused, so that a bad value
/// (a number too large for a double) is named like every other: "jobs[0].duration_s".
class JsonPathLocator
{
public:
    /// The JSON path ("jobs[0].duration_s", "(root)") of the value at byte offset of json,
    /// read from the text before it (keys, indices, nesting); the text after offset is not
    /// looked at, so it may be broken. O(offset).
    static QString pathAt(const QByteArray& json, qsizetype offset);
    /// The number token (digits, sign, point, exponent) that holds or ends at offset, e.g.
    /// "1e400"; empty when there is none.
    static QByteArray numberAt(const QByteArray& json, qsizetype offset);
    /// Where the token numberAt() finds begins; offset itself when there is none.
    static qsizetype numberStart(const QByteArray& json, qsizetype offset);
};

} // namespace gantry
