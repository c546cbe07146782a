#include "io/modelzoo.h"

#include "io/jsonfieldreader.h"
#include "io/modelspecjson.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gantry {

namespace {
std::vector<ModelSpec> load()
{
    std::vector<ModelSpec> models;
    QFile f(QStringLiteral(":/gantry/model_zoo.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("built-in model zoo missing from resources");
    const QJsonArray arr = QJsonDocument::fromJson(f.readAll()).object().value("models").toArray();
    try {
        for (qsizetype i = 0; i < arr.size(); ++i) {
            const QString path = QStringLiteral("models[%1]").arg(i);
            models.push_back(ModelSpecJson::read(JsonFieldReader::asObject(arr[i], path), path));
        }
    } catch (const JsonPathError& e) {
        qFatal("built-in model zoo: %s: %s", qPrintable(e.path), qPrintable(e.message));
    }
    return models;
}
} // namespace

const std::vector<ModelSpec>& ModelZoo::builtin()
{
    static const std::vector<ModelSpec> models = load();
    return models;
}

std::optional<ModelSpec> ModelZoo::find(const QString& name)
{
    for (const ModelSpec& m : builtin())
        if (m.name == name)
            return m;
    return std::nullopt;
}

} // namespace gantry
