#include "io/gpucatalogue.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gantry {

namespace {
std::vector<GpuType> load()
{
    std::vector<GpuType> types;
    QFile f(QStringLiteral(":/gantry/gpu_catalogue.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("built-in GPU catalogue missing from resources");
    const QJsonArray arr =
        QJsonDocument::fromJson(f.readAll()).object().value("gpu_types").toArray();
    for (const QJsonValue& v : arr) {
        const QJsonObject o = v.toObject();
        types.push_back({o.value("name").toString(), o.value("tflops").toDouble(),
                         o.value("memory_gb").toDouble(), o.value("speed").toDouble(1.0)});
    }
    return types;
}
} // namespace

const std::vector<GpuType>& GpuCatalogue::builtin()
{
    static const std::vector<GpuType> types = load();
    return types;
}

std::optional<GpuType> GpuCatalogue::find(const QString& name)
{
    for (const GpuType& t : builtin())
        if (t.name == name)
            return t;
    return std::nullopt;
}

} // namespace gantry
