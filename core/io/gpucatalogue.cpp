#include "io/gpucatalogue.h"

#include "io/trainingjson.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gantry {

namespace {
struct Catalogue
{
    std::vector<GpuType> types;
    std::vector<GpuCost> costs;
    QString sources;
};

Catalogue load()
{
    Catalogue c;
    QFile f(QStringLiteral(":/gantry/gpu_catalogue.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("built-in GPU catalogue missing from resources");
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    c.sources = root.value("sources").toString();
    for (const QJsonValue& v : root.value("gpu_types").toArray()) {
        const QJsonObject o = v.toObject();
        const QString name = o.value("name").toString();
        GpuType t{name, o.value("tflops").toDouble(), o.value("memory_gb").toDouble(),
                  o.value("speed").toDouble(1.0)};
        const QJsonObject by = o.value("tflops_by_precision").toObject();
        const QStringList names = TrainingJson::precisionNames();
        for (int i = 0; i < names.size(); ++i)
            t.tflopsBy[std::size_t(i)] = by.value(names[i]).toDouble();
        t.memoryGBps = o.value("memory_GBps").toDouble();
        c.types.push_back(t);
        GpuCost cost;
        cost.name = name;
        cost.purchaseUsd = o.value("purchase_usd").toDouble();
        cost.purchaseSource = o.value("purchase_source").toString();
        cost.purchaseDate = o.value("purchase_date").toString();
        cost.boardPowerW = o.value("board_power_w").toDouble();
        cost.powerSource = o.value("power_source").toString();
        cost.powerDate = o.value("power_date").toString();
        cost.cloudUsdPerHour = o.value("cloud_usd_per_gpu_hour").toDouble();
        cost.cloudSource = o.value("cloud_source").toString();
        cost.cloudDate = o.value("cloud_date").toString();
        c.costs.push_back(cost);
    }
    return c;
}

const Catalogue& catalogue()
{
    static const Catalogue c = load();
    return c;
}
} // namespace

const std::vector<GpuType>& GpuCatalogue::builtin()
{
    return catalogue().types;
}

std::optional<GpuType> GpuCatalogue::find(const QString& name)
{
    for (const GpuType& t : builtin())
        if (t.name == name)
            return t;
    return std::nullopt;
}

const std::vector<GpuCost>& GpuCatalogue::costs()
{
    return catalogue().costs;
}

std::optional<GpuCost> GpuCatalogue::findCost(const QString& name)
{
    for (const GpuCost& c : costs())
        if (c.name == name)
            return c;
    return std::nullopt;
}

QString GpuCatalogue::sources()
{
    return catalogue().sources;
}

} // namespace gantry
