#include "plan/sweeppoints.h"

#include "io/scenariocheck.h"
#include "io/scenarioreader.h"
#include "run/resultwriter.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace gantry::plan {

std::size_t SweepPoints::count(const SweepSpec& spec)
{
    std::size_t n = 1;
    for (const SweepAxis& a : spec.axes)
        n *= a.values.size();
    return n;
}

std::vector<std::size_t> SweepPoints::valueIndices(const SweepSpec& spec, std::size_t i)
{
    std::vector<std::size_t> idx(spec.axes.size(), 0);
    for (std::size_t k = spec.axes.size(); k-- > 0;) {
        const std::size_t n = spec.axes[k].values.size();
        idx[k] = i % n;
        i /= n;
    }
    return idx;
}

std::vector<std::size_t> SweepPoints::scenarioAxes(const SweepSpec& spec, std::size_t i)
{
    const std::vector<std::size_t> idx = valueIndices(spec, i);
    std::vector<std::size_t> out;
    for (std::size_t k = 0; k < spec.axes.size(); ++k)
        if (spec.axes[k].kind == SweepAxis::Kind::ServerCount ||
            spec.axes[k].kind == SweepAxis::Kind::LoadScale)
            out.push_back(idx[k]);
    return out;
}

namespace {
QString pointKey(const SweepPoint& p)
{
    const QByteArray keyText =
        QJsonDocument(QJsonObject{{"scenario", p.scenarioHash},
                                  {"config", ResultWriter::configJson(p.scenario, p.config)}})
            .toJson(QJsonDocument::Compact);
    return QString::fromLatin1(
        QCryptographicHash::hash(keyText, QCryptographicHash::Sha256).toHex());
}
} // namespace

Result<SweepPoint> SweepPoints::derive(const SweepSpec& spec, std::size_t i, const SweepPoint& same)
{
    // The run configuration and the axis values are the point's own; the scenario is shared.
    Result<SweepPoint> p = derive(spec, i, false);
    if (!p)
        return p;
    SweepPoint& out = p.value();
    out.scenarioJson = same.scenarioJson;
    out.scenario = same.scenario;
    out.feasible = same.feasible;
    out.infeasibleReason = same.infeasibleReason;
    out.scenarioHash = same.scenarioHash;
    out.key = pointKey(out);
    return p;
}

Result<SweepPoint> SweepPoints::derive(const SweepSpec& spec, std::size_t i)
{
    return derive(spec, i, true);
}

Result<SweepPoint> SweepPoints::derive(const SweepSpec& spec, std::size_t i, bool withScenario)
{
    SweepPoint p;
    p.index = i;
    p.config = spec.run;
    const std::vector<std::size_t> idx = valueIndices(spec, i);
    QJsonObject root = spec.baseJson;
    QJsonObject cluster = root.value("cluster").toObject();
    QJsonArray servers = cluster.value("servers").toArray();
    double scale = 1.0;
    for (std::size_t k = 0; k < spec.axes.size(); ++k) {
        const SweepAxis& a = spec.axes[k];
        const QJsonValue v = a.values[idx[k]];
        p.values.push_back(v);
        switch (a.kind) {
        case SweepAxis::Kind::ServerCount:
            for (qsizetype s = 0; s < servers.size(); ++s) {
                QJsonObject o = servers[s].toObject();
                if (o.value("name").toString() == a.server) {
                    o.insert("count", v.toInt());
                    servers[s] = o;
                }
            }
            break;
        case SweepAxis::Kind::LoadScale:
            scale = v.toDouble();
            break;
        case SweepAxis::Kind::Policy:
            p.config.policy = v.toString();
            break;
        case SweepAxis::Kind::Placement:
            p.config.placement = v.toString();
            break;
        case SweepAxis::Kind::Predictor:
            p.config.predictor = v.toString();
            break;
        case SweepAxis::Kind::Seed:
            p.config.seed = std::uint64_t(v.toDouble());
            break;
        }
    }
    if (!withScenario)
        return p;
    QJsonArray kept;
    for (const QJsonValue& s : servers)
        if (s.toObject().value("count").toInt(1) > 0)
            kept.append(s);
    cluster.insert("servers", kept);
    root.insert("cluster", cluster);
    if (scale != 1.0) {
        QJsonArray jobs = root.value("jobs").toArray();
        for (qsizetype j = 0; j < jobs.size(); ++j) {
            QJsonObject o = jobs[j].toObject();
            o.insert("arrival_s", o.value("arrival_s").toDouble() / scale);
            jobs[j] = o;
        }
        root.insert("jobs", jobs);
    }
    p.scenarioJson = root;
    const QString source = QStringLiteral("%1: point %2").arg(spec.file).arg(i);
    Result<Scenario> s = ScenarioReader::readJson(
        QJsonDocument(root).toJson(QJsonDocument::Compact), source, ScenarioReader::Mode::Draft);
    if (!s)
        return s.error();
    p.scenario = std::move(s).value();
    if (p.scenario.cluster.servers.empty()) {
        p.feasible = false;
        p.infeasibleReason = QStringLiteral("the cluster has no servers");
    } else if (const auto problems = ScenarioCheck::check(p.scenario); !problems.empty()) {
        p.feasible = false;
        p.infeasibleReason = problems.front().text();
    }
    p.scenarioHash = ResultWriter::scenarioHash(p.scenario);
    p.key = pointKey(p);
    return p;
}

} // namespace gantry::plan
