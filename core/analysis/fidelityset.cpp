#include "analysis/fidelityset.h"

#include "io/scenarioreader.h"
#include "mapping/gpupool.h"
#include "mapping/iterationmodel.h"
#include "mapping/placement.h"
#include "mapping/placementregistry.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gantry {

Result<std::vector<FidelitySet::Row>> FidelitySet::builtin()
{
    QFile f(QStringLiteral(":/gantry/fidelity/calibration.json"));
    if (!f.open(QIODevice::ReadOnly))
        return Error::internal(QStringLiteral("the built-in calibration set is missing"));
    return read(f.readAll(), QStringLiteral("calibration.json"));
}

Result<std::vector<FidelitySet::Row>> FidelitySet::read(const QByteArray& json,
                                                        const QString& sourceName)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject())
        return Error::invalid(
            QStringLiteral("%1: not a JSON object (%2)").arg(sourceName, pe.errorString()));
    const QJsonObject root = doc.object();
    if (root.value("format").toString() != QLatin1String("gantry-fidelity-set"))
        return Error::invalid(
            QStringLiteral("%1: format: must be \"gantry-fidelity-set\"").arg(sourceName));
    std::vector<Row> rows;
    const QJsonArray arr = root.value("rows").toArray();
    for (qsizetype i = 0; i < arr.size(); ++i) {
        const QJsonObject o = arr[i].toObject();
        Row r;
        r.name = o.value("name").toString();
        r.group = o.value("group").toString();
        r.source = o.value("source").toString();
        r.excluded = o.value("excluded").toString();
        r.heldOut = o.value("held_out").toBool();
        r.publishedS = o.value("published_iteration_s").toDouble();
        const QString where = QStringLiteral("%1: rows[%2]").arg(sourceName).arg(i);
        if (r.name.isEmpty() || r.publishedS <= 0.0)
            return Error::invalid(
                QStringLiteral("%1: needs a name and a positive published_iteration_s").arg(where));
        auto s = ScenarioReader::readJsonTree(
            QJsonDocument(o.value("scenario").toObject()).toJson(QJsonDocument::Compact),
            where + QStringLiteral(".scenario"), ScenarioReader::Mode::Draft);
        if (!s)
            return s.error();
        if (s.value().jobs.size() != 1 || s.value().jobs.front().kind != JobKind::Model)
            return Error::invalid(
                QStringLiteral("%1.scenario: must hold exactly one model job").arg(where));
        r.scenario = std::move(s.value());
        rows.push_back(std::move(r));
    }
    return rows;
}

Result<FidelitySet::Outcome> FidelitySet::evaluate(const Row& row, const QString& placement)
{
    const Job& job = row.scenario.jobs.front();
    const Cluster& c = row.scenario.cluster;
    GpuPool pool(c);
    auto p = PlacementRegistry::create(placement, PlacementOptions{});
    if (!p)
        return Error::invalid(QStringLiteral("unknown placement \"%1\"").arg(placement));
    const auto m = p->place(job, pool);
    if (!m)
        return Error::invalid(QStringLiteral("%1: the job does not fit its cluster").arg(row.name));
    Outcome out;
    const IterationModel::Breakdown b = IterationModel::breakdown(job, *m, c);
    out.predictedS = b.iterationS;
    out.error = b.iterationS / row.publishedS - 1.0;
    out.parts = b.parts;
    out.memoryGb = job.memoryPerGpuGb();
    out.gpuMemoryGb = c.memoryOfServer(c.serverOfGpu(m->gpus.front()));
    out.fits = out.memoryGb <= out.gpuMemoryGb;
    return out;
}

} // namespace gantry
