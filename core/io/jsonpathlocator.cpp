#include "io/jsonpathlocator.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <vector>

namespace gantry {

namespace {

bool isNumberChar(char c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// One open object or array on the way to a place.
struct Level
{
    bool object = false;
    qsizetype index = 0; // arrays: index of the current element
    QString key;         // objects: the last key read
};

// The text of the JSON string whose opening quote is at i; *end is set past its closing quote.
QString readString(const QByteArray& json, qsizetype i, qsizetype limit, qsizetype* end)
{
    qsizetype j = i + 1;
    while (j < limit && json[j] != '"')
        j += json[j] == '\\' ? 2 : 1;
    *end = j + 1;
    const QByteArray literal = '[' + json.mid(i, j + 1 - i) + ']';
    return QJsonDocument::fromJson(literal).array().at(0).toString();
}

} // namespace

QString JsonPathLocator::pathAt(const QByteArray& json, qsizetype offset)
{
    const qsizetype limit = std::min(offset, json.size());
    std::vector<Level> levels;
    bool expectKey = false;
    for (qsizetype i = 0; i < limit;) {
        const char c = json[i];
        if (c == '"') {
            const QString text = readString(json, i, limit, &i);
            if (expectKey && !levels.empty() && levels.back().object) {
                levels.back().key = text;
                expectKey = false;
            }
            continue;
        }
        if (c == '{') {
            levels.push_back({true, 0, QString()});
            expectKey = true;
        } else if (c == '[') {
            levels.push_back({false, 0, QString()});
        } else if ((c == '}' || c == ']') && !levels.empty()) {
            levels.pop_back();
        } else if (c == ',' && !levels.empty()) {
            if (levels.back().object)
                expectKey = true;
            else
                ++levels.back().index;
        }
        ++i;
    }
    QString path;
    for (const Level& l : levels) {
        if (!l.object)
            path += QStringLiteral("[%1]").arg(l.index);
        else
            path += path.isEmpty() ? l.key : QLatin1Char('.') + l.key;
    }
    return path.isEmpty() ? QStringLiteral("(root)") : path;
}

qsizetype JsonPathLocator::numberStart(const QByteArray& json, qsizetype offset)
{
    qsizetype start = std::min(offset, json.size());
    while (start > 0 && isNumberChar(json[start - 1]))
        --start;
    return start;
}

QByteArray JsonPathLocator::numberAt(const QByteArray& json, qsizetype offset)
{
    const qsizetype start = numberStart(json, offset);
    qsizetype end = start;
    while (end < json.size() && isNumberChar(json[end]))
        ++end;
    return json.mid(start, end - start);
}

} // namespace gantry
