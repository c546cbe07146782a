#include "scenariovalidator.h"

#include "io/modelzoo.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "model/modelgraphbuilder.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

namespace gantry::ui {

namespace {

const QString SourceName = QStringLiteral("scenario");

bool positive(double v)
{
    return std::isfinite(v) && v > 0.0;
}

class Checker
{
public:
    explicit Checker(std::vector<Problem>& out) : m_out(out) {}

    void add(Selection::Kind kind, int index, const QString& prefix, const QString& field,
             const QString& message)
    {
        m_out.push_back({kind, index, field,
                         field.isEmpty() ? prefix : prefix + QLatin1Char('.') + field, message});
    }

private:
    std::vector<Problem>& m_out;
};

void checkCluster(const Cluster& c, Checker& ck, std::vector<Problem>& out)
{
    if (c.racks.empty())
        out.push_back({Selection::Kind::None, -1, QString(), QStringLiteral("cluster.racks"),
                       QStringLiteral("the cluster has no rack: add one")});
    if (c.servers.empty())
        out.push_back({Selection::Kind::None, -1, QString(), QStringLiteral("cluster.servers"),
                       QStringLiteral("the cluster has no server: add one")});
    // Duplicates are flagged on every item that has the name, so the one just edited shows it.
    QHash<QString, int> rackNames;
    for (const Rack& r : c.racks)
        ++rackNames[r.name];
    for (std::size_t i = 0; i < c.racks.size(); ++i) {
        const Rack& r = c.racks[i];
        const QString p = QStringLiteral("cluster.racks[%1]").arg(i);
        if (r.name.trimmed().isEmpty())
            ck.add(Selection::Kind::Rack, int(i), p, QStringLiteral("name"),
                   QStringLiteral("must not be empty"));
        else if (rackNames.value(r.name) > 1)
            ck.add(Selection::Kind::Rack, int(i), p, QStringLiteral("name"),
                   QStringLiteral("duplicate rack \"%1\"").arg(r.name));
        if (!positive(r.uplinkGbps))
            ck.add(Selection::Kind::Rack, int(i), p, QStringLiteral("uplink_gbps"),
                   QStringLiteral("must be a positive number"));
    }
    QHash<QString, int> serverNames;
    for (const Server& s : c.servers)
        ++serverNames[s.name];
    for (std::size_t i = 0; i < c.servers.size(); ++i) {
        const Server& s = c.servers[i];
        const QString p = QStringLiteral("cluster.servers[%1]").arg(i);
        if (s.name.trimmed().isEmpty())
            ck.add(Selection::Kind::Server, int(i), p, QStringLiteral("name"),
                   QStringLiteral("must not be empty"));
        else if (serverNames.value(s.name) > 1)
            ck.add(Selection::Kind::Server, int(i), p, QStringLiteral("name"),
                   QStringLiteral("duplicate server \"%1\"").arg(s.name));
        if (s.rack < 0 || s.rack >= int(c.racks.size()))
            ck.add(Selection::Kind::Server, int(i), p, QStringLiteral("rack"),
                   QStringLiteral("belongs to no rack"));
        if (s.gpuType < 0 || s.gpuType >= int(c.gpuTypes.size()))
            ck.add(Selection::Kind::Server, int(i), p, QStringLiteral("gpu_type"),
                   QStringLiteral("unknown GPU type"));
        if (s.gpus < 1 || s.gpus > 1024)
            ck.add(Selection::Kind::Server, int(i), p, QStringLiteral("gpus"),
                   QStringLiteral("must be an integer from 1 to 1024"));
        if (!positive(s.intraGBps))
            ck.add(Selection::Kind::Server, int(i), p, QStringLiteral("intra_GBps"),
                   QStringLiteral("must be a positive number"));
        if (!positive(s.nicGbps))
            ck.add(Selection::Kind::Server, int(i), p, QStringLiteral("nic_gbps"),
                   QStringLiteral("must be a positive number"));
    }
}

std::optional<ModelSpec> modelOf(const Scenario& s, const QString& name)
{
    for (const ModelSpec& m : s.models)
        if (m.name == name)
            return m;
    return ModelZoo::find(name);
}

void checkJobs(const Scenario& s, Checker& ck)
{
    int totalGpus = 0;
    for (const Server& server : s.cluster.servers)
        totalGpus += std::max(0, server.gpus);
    QHash<QString, int> ids;
    for (const Job& j : s.jobs)
        ++ids[j.id];
    for (std::size_t i = 0; i < s.jobs.size(); ++i) {
        const Job& j = s.jobs[i];
        const int ji = int(i);
        const QString p = QStringLiteral("jobs[%1]").arg(i);
        auto add = [&](const char* field, const QString& message) {
            ck.add(Selection::Kind::Job, ji, p, QLatin1String(field), message);
        };
        if (j.id.trimmed().isEmpty())
            add("id", QStringLiteral("must not be empty"));
        else if (ids.value(j.id) > 1)
            add("id", QStringLiteral("duplicate job id \"%1\"").arg(j.id));
        if (!std::isfinite(j.arrivalS) || j.arrivalS < 0.0)
            add("arrival_s", QStringLiteral("must be a number >= 0"));
        if (!positive(j.weight))
            add("weight", QStringLiteral("must be a positive number"));
        if (j.predictedIterations && !positive(*j.predictedIterations))
            add("predicted_iterations", QStringLiteral("must be a positive number (or empty)"));
        switch (j.kind) {
        case JobKind::Duration:
            if (j.gpus < 1)
                add("gpus", QStringLiteral("must be a positive integer"));
            else if (j.gpus > totalGpus)
                add("gpus", QStringLiteral("needs %1 GPUs but the cluster has %2")
                                .arg(j.gpus)
                                .arg(totalGpus));
            if (!positive(j.durationS))
                add("duration_s", QStringLiteral("must be a positive number"));
            break;
        case JobKind::Model: {
            if (!positive(j.iterations))
                add("iterations", QStringLiteral("must be a positive number"));
            const auto spec = modelOf(s, j.model);
            if (!spec) {
                add("model", QStringLiteral("unknown model \"%1\"").arg(j.model));
                break;
            }
            const Parallelism& par = j.parallelism;
            bool degreesOk = true;
            for (const auto& [key, v] : {std::pair{"dp", par.dp}, std::pair{"pp", par.pp},
                                         std::pair{"tp", par.tp}, std::pair{"ep", par.ep}})
                if (v < 1) {
                    add(key, QStringLiteral("must be a positive integer"));
                    degreesOk = false;
                }
            if (!degreesOk)
                break;
            QString key;
            const QString problem = ModelGraphBuilder::check(*spec, par, &key);
            if (!problem.isEmpty())
                add(key.isEmpty() ? "parallelism" : qPrintable(key), problem);
            else if (par.workers() > totalGpus)
                ck.add(
                    Selection::Kind::Job, ji, p, QStringLiteral("parallelism"),
                    QStringLiteral("needs %1 GPUs (dp %2 x pp %3 x tp %4) but the cluster has %5")
                        .arg(par.workers())
                        .arg(par.dp)
                        .arg(par.pp)
                        .arg(par.tp)
                        .arg(totalGpus));
            break;
        }
        case JobKind::Graph:
            if (!positive(j.iterations))
                add("iterations", QStringLiteral("must be a positive number"));
            if (j.graph.workers.empty())
                add("workers", QStringLiteral("must hold at least one worker"));
            else if (int(j.graph.workers.size()) > totalGpus)
                add("workers", QStringLiteral("needs %1 GPUs but the cluster has %2")
                                   .arg(j.graph.workers.size())
                                   .arg(totalGpus));
            break;
        }
    }
}

// The item and field a reader path such as "cluster.servers[2].nic_gbps" names.
Problem mapReaderError(const QString& message, const QJsonObject& written, const Scenario& s)
{
    Problem problem;
    problem.message = message;
    // The reader's messages are "SOURCE: PATH: MESSAGE".
    QString rest = message;
    if (rest.startsWith(SourceName + QStringLiteral(": ")))
        rest = rest.mid(SourceName.size() + 2);
    const qsizetype colon = rest.indexOf(QStringLiteral(": "));
    if (colon < 0)
        return problem;
    const QString path = rest.left(colon);
    problem.path = path;
    problem.message = rest.mid(colon + 2);

    static const QRegularExpression item(
        QStringLiteral(R"(^(cluster\.racks|cluster\.servers|jobs)\[(\d+)\](?:\.(.*))?$)"));
    const QRegularExpressionMatch m = item.match(path);
    if (!m.hasMatch())
        return problem;
    const QString list = m.captured(1);
    const int k = m.captured(2).toInt();
    QString field = m.captured(3);
    if (const qsizetype dot = field.lastIndexOf(QLatin1Char('.')); dot >= 0)
        field = field.mid(dot + 1);
    if (const qsizetype bracket = field.indexOf(QLatin1Char('[')); bracket >= 0)
        field = field.left(bracket);
    problem.field = field;
    if (list == QLatin1String("jobs")) {
        problem.target = Selection::Kind::Job;
        problem.index = k;
    } else if (list == QLatin1String("cluster.racks")) {
        problem.target = Selection::Kind::Rack;
        problem.index = k;
    } else {
        // Written servers are runs of replicas (base + count): find the first one in the
        // document.
        const QJsonObject o = written.value(QStringLiteral("cluster"))
                                  .toObject()
                                  .value(QStringLiteral("servers"))
                                  .toArray()
                                  .at(k)
                                  .toObject();
        const QString name = o.value(QStringLiteral("name")).toString();
        const bool replicated = o.contains(QStringLiteral("count"));
        for (std::size_t i = 0; i < s.cluster.servers.size(); ++i) {
            const QString& n = s.cluster.servers[i].name;
            if (n == name || (replicated && n == name + QStringLiteral("-0"))) {
                problem.target = Selection::Kind::Server;
                problem.index = int(i);
                break;
            }
        }
    }
    return problem;
}

} // namespace

std::vector<Problem> ScenarioValidator::checkFields(const Scenario& scenario)
{
    std::vector<Problem> out;
    Checker ck(out);
    checkCluster(scenario.cluster, ck, out);
    checkJobs(scenario, ck);
    return out;
}

std::vector<Problem> ScenarioValidator::checkWithReader(const Scenario& scenario)
{
    const QJsonObject written = ScenarioWriter::toJsonObject(scenario);
    const auto read =
        ScenarioReader::readJson(QJsonDocument(written).toJson(QJsonDocument::Compact), SourceName);
    if (read.ok())
        return {};
    return {mapReaderError(read.error().message, written, scenario)};
}

std::vector<Problem> ScenarioValidator::validate(const Scenario& scenario)
{
    std::vector<Problem> out = checkFields(scenario);
    if (out.empty())
        out = checkWithReader(scenario);
    return out;
}

} // namespace gantry::ui
