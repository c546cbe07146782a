#include "planspecbuilder.h"

#include "io/scenariowriter.h"
#include "plan/sweepreader.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <algorithm>

namespace gantry::ui {

namespace {
const QString Source = QStringLiteral("Plan");

Error planError(const QString& path, const QString& problem)
{
    return Error::invalid(QStringLiteral("%1: %2: %3").arg(Source, path, problem));
}

QString valueList(const plan::SweepAxis& axis)
{
    QStringList parts;
    for (const QJsonValue& v : axis.values)
        parts << (v.isDouble() ? QString::number(v.toDouble(), 'g', 10) : v.toString());
    return parts.join(QStringLiteral(", "));
}
} // namespace

std::vector<int> PlanSpecBuilder::counts(const PlanRequest::ServerRange& range)
{
    std::vector<int> out;
    if (range.min < 0 || range.max < range.min || range.step < 1)
        return out;
    for (long long c = range.min; c < range.max; c += range.step)
        out.push_back(int(c));
    out.push_back(range.max);
    return out;
}

QJsonObject PlanSpecBuilder::sweepJson(const PlanRequest& request)
{
    // QJsonObject sorts its keys by name: build() writes the axes in the request's order.
    QJsonObject axes;
    for (const PlanRequest::ServerRange& r : request.servers) {
        QJsonArray values;
        for (int c : counts(r))
            values.append(c);
        axes.insert(QStringLiteral("servers.%1.count").arg(r.server), values);
    }
    QJsonArray scales;
    for (double s : request.loadScales)
        scales.append(s);
    axes.insert(QStringLiteral("load_scale"), scales);
    axes.insert(QStringLiteral("policy"), QJsonArray::fromStringList(request.policies));
    QJsonArray seeds;
    for (std::uint64_t s : request.seeds)
        seeds.append(double(s));
    axes.insert(QStringLiteral("seed"), seeds);

    QJsonObject run{{"placement", request.run.placement}, {"predictor", request.run.predictor}};
    if (request.run.contention)
        run.insert(QStringLiteral("contention"), *request.run.contention == Contention::Fair
                                                     ? QStringLiteral("fair")
                                                     : QStringLiteral("none"));
    if (request.run.restartOverheadS)
        run.insert(QStringLiteral("restart_overhead_s"), *request.run.restartOverheadS);
    QJsonObject target{{"metric", request.metric}};
    target.insert(request.atLeast ? QStringLiteral("min") : QStringLiteral("max"), request.bound);
    return QJsonObject{
        {"format", "gantry-sweep"},
        {"version", 1},
        {"name", request.name},
        {"base", baseName()},
        {"axes", axes},
        {"run", run},
        {"cost", QJsonObject{{"horizon_years", request.cost.horizonYears},
                             {"electricity_usd_per_kwh", request.cost.electricityUsdPerKwh},
                             {"pue", request.cost.pue},
                             {"idle_power_fraction", request.cost.idlePowerFraction}}},
        {"target", target},
    };
}

std::vector<PlanRequest::ServerRange> PlanSpecBuilder::serverEntries(const Scenario& scenario)
{
    std::vector<PlanRequest::ServerRange> out;
    const QJsonArray servers = ScenarioWriter::toJsonObject(scenario)
                                   .value(QStringLiteral("cluster"))
                                   .toObject()
                                   .value(QStringLiteral("servers"))
                                   .toArray();
    for (const QJsonValue& v : servers) {
        const QJsonObject s = v.toObject();
        const int count = s.value(QStringLiteral("count")).toInt(1);
        out.push_back({s.value(QStringLiteral("name")).toString(), count, count, 1});
    }
    return out;
}

Result<plan::SweepSpec> PlanSpecBuilder::build(const Scenario& base, const PlanRequest& request)
{
    if (request.servers.empty())
        return planError(QStringLiteral("servers"), QStringLiteral("pick at least one server "
                                                                   "entry to vary"));
    for (const PlanRequest::ServerRange& r : request.servers)
        if (counts(r).empty())
            return planError(QStringLiteral("servers.%1").arg(r.server),
                             QStringLiteral("give counts from 0 with min <= max and a step of "
                                            "at least 1"));
    if (request.policies.isEmpty())
        return planError(QStringLiteral("policy"), QStringLiteral("check at least one policy"));

    QStringList order;
    for (const PlanRequest::ServerRange& r : request.servers)
        order << QStringLiteral("servers.%1.count").arg(r.server);
    order << QStringLiteral("load_scale") << QStringLiteral("policy") << QStringLiteral("seed");
    return read(base, sweepJson(request), order, Source);
}

Result<plan::SweepSpec> PlanSpecBuilder::fromConfig(const Scenario& base, const QJsonObject& config,
                                                    const QString& source)
{
    QStringList order;
    for (const QJsonValue& v : config.value(QStringLiteral("axis_order")).toArray())
        order << v.toString();
    QJsonObject doc = config;
    doc.remove(QStringLiteral("axis_order"));
    doc.remove(QStringLiteral("base_sha256"));
    doc.insert(QStringLiteral("base"), baseName());
    if (order.size() != doc.value(QStringLiteral("axes")).toObject().size())
        return Error::invalid(
            QStringLiteral("%1: the sweep's axis_order does not name its axes").arg(source));
    return read(base, doc, order, source);
}

PlanRequest PlanSpecBuilder::requestOf(const plan::SweepSpec& spec, QStringList* unsaid)
{
    using Kind = plan::SweepAxis::Kind;
    PlanRequest r;
    if (!spec.name.isEmpty())
        r.name = spec.name;
    r.run = spec.run;
    r.run.history.clear();
    r.policies = QStringList{spec.run.policy};
    r.seeds = {spec.run.seed};
    r.metric = spec.target.metric;
    r.atLeast = !spec.target.max;
    r.bound = spec.target.max ? *spec.target.max : spec.target.min.value_or(0.0);
    r.cost = spec.cost;
    QStringList notes;
    for (const plan::SweepAxis& axis : spec.axes) {
        switch (axis.kind) {
        case Kind::ServerCount: {
            std::vector<int> values;
            for (const QJsonValue& v : axis.values)
                values.push_back(v.toInt());
            const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
            PlanRequest::ServerRange range{axis.server, *lo, *hi, 1};
            if (values.size() > 1)
                range.step = std::max(1, values[1] - values[0]);
            if (counts(range) != values) {
                range.step = 1;
                notes << tr("%1 counts %2, shown as %3 to %4 by 1")
                             .arg(axis.server, valueList(axis))
                             .arg(range.min)
                             .arg(range.max);
            }
            r.servers.push_back(range);
            break;
        }
        case Kind::LoadScale:
            r.loadScales.clear();
            for (const QJsonValue& v : axis.values)
                r.loadScales.push_back(v.toDouble());
            break;
        case Kind::Policy:
            r.policies.clear();
            for (const QJsonValue& v : axis.values)
                r.policies << v.toString();
            break;
        case Kind::Seed:
            r.seeds.clear();
            for (const QJsonValue& v : axis.values)
                r.seeds.push_back(std::uint64_t(v.toDouble()));
            break;
        case Kind::Placement:
        case Kind::Predictor:
            notes << tr("no %1 axis in the form (%2)").arg(axis.name, valueList(axis));
            break;
        }
    }
    if (unsaid)
        *unsaid << notes;
    return r;
}

Result<plan::SweepSpec> PlanSpecBuilder::read(const Scenario& base, const QJsonObject& doc,
                                              const QStringList& order, const QString& source)
{
    // The reader keeps the axes in the order of the document's text, so the axes object is
    // written by hand in that order (QJsonObject would sort it by name).
    const QJsonObject axes = doc.value(QStringLiteral("axes")).toObject();
    QByteArray axesText = "{";
    for (int i = 0; i < order.size(); ++i) {
        if (i > 0)
            axesText += ',';
        axesText += QJsonDocument(QJsonArray{order[i]}).toJson(QJsonDocument::Compact).mid(1);
        axesText.chop(1);
        axesText += ':';
        axesText += QJsonDocument(axes.value(order[i]).toArray()).toJson(QJsonDocument::Compact);
    }
    axesText += '}';
    QJsonObject rest = doc;
    rest.remove(QStringLiteral("axes"));
    QByteArray text = QJsonDocument(rest).toJson(QJsonDocument::Compact);
    text.chop(1);
    text += ",\"axes\":" + axesText + '}';

    // The reader reads the base from a folder: the scenario in memory goes to a private one.
    QTemporaryDir dir;
    if (!dir.isValid())
        return Error::invalid(QStringLiteral("%1: no temporary folder for the scenario: %2")
                                  .arg(source, dir.errorString()));
    QFile f(QDir(dir.path()).filePath(baseName()));
    if (!f.open(QIODevice::WriteOnly) || f.write(ScenarioWriter::toJson(base)) < 0)
        return Error::invalid(
            QStringLiteral("%1: cannot write the scenario: %2").arg(source, f.errorString()));
    f.close();
    Result<plan::SweepSpec> spec = plan::SweepReader::readJson(text, source, dir.path());
    if (!spec) {
        Error e = spec.error();
        e.message.replace(dir.path() + QLatin1Char('/'), QString());
        return e;
    }
    return spec;
}

} // namespace gantry::ui
