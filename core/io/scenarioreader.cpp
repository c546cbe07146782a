#include "io/scenarioreader.h"

#include "io/fastscenarioreader.h"
#include "io/jsonpathlocator.h"
#include "io/scenarioparser.h"

#include <QFile>
#include <QJsonDocument>

#include <cerrno>
#include <cstdlib>

namespace gantry {

namespace {

QString lineColumn(const QByteArray& json, int offset)
{
    int line = 1, col = 1;
    for (int i = 0; i < offset && i < json.size(); ++i) {
        if (json[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return QStringLiteral("line %1, column %2").arg(line).arg(col);
}

// The JSON parser refuses a number a double cannot hold (1e400, 1e-400) as an illegal number:
// name it by its JSON path like any other bad value. Empty when the error is not that.
QString outOfRangeNumber(const QByteArray& json, const QJsonParseError& pe)
{
    if (pe.error != QJsonParseError::IllegalNumber)
        return QString();
    const QByteArray number = JsonPathLocator::numberAt(json, pe.offset);
    if (number.isEmpty())
        return QString();
    char* end = nullptr;
    errno = 0;
    std::strtod(number.constData(), &end);
    if (errno != ERANGE || end != number.constData() + number.size())
        return QString();
    return QStringLiteral("%1: must be a finite number (%2 is out of the range of a double)")
        .arg(JsonPathLocator::pathAt(json, JsonPathLocator::numberStart(json, pe.offset)),
             QString::fromLatin1(number));
}

} // namespace

Result<Scenario> ScenarioReader::readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error::invalid(QStringLiteral("%1: cannot open: %2").arg(path, f.errorString()));
    // Read with room past the end so that the fast path parses the bytes in place.
    QByteArray bytes;
    const qint64 size = f.size();
    if (!f.isSequential() && size > 0 && size < (qint64(1) << 40)) {
        bytes.reserve(qsizetype(size) + FastScenarioReader::kPadding);
        bytes.resize(qsizetype(size));
        if (f.read(bytes.data(), size) != size)
            bytes = QByteArray();
    }
    if (bytes.isEmpty()) {
        f.seek(0);
        bytes = f.readAll();
    }
    return readJson(bytes, path);
}

Result<Scenario> ScenarioReader::readJson(const QByteArray& json, const QString& sourceName,
                                          Mode mode)
{
    if (std::optional<Scenario> fast = FastScenarioReader::read(json, mode == Mode::Draft))
        return std::move(*fast);
    return readJsonTree(json, sourceName, mode);
}

Result<Scenario> ScenarioReader::readJsonTree(const QByteArray& json, const QString& sourceName,
                                              Mode mode)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (const QString number = outOfRangeNumber(json, pe); !number.isEmpty())
        return Error::invalid(QStringLiteral("%1: %2").arg(sourceName, number));
    if (pe.error != QJsonParseError::NoError)
        return Error::invalid(QStringLiteral("%1: %2: invalid JSON: %3")
                                  .arg(sourceName, lineColumn(json, pe.offset), pe.errorString()));
    if (!doc.isObject())
        return Error::invalid(QStringLiteral("%1: (root): must be an object").arg(sourceName));
    try {
        ScenarioParser p(mode == Mode::Draft);
        return p.parse(doc.object());
    } catch (const JsonPathError& e) {
        return Error::invalid(QStringLiteral("%1: %2: %3").arg(sourceName, e.path, e.message));
    }
}

} // namespace gantry
