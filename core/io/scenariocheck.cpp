#include "io/scenariocheck.h"

#include "io/modelzoo.h"
#include "model/modelgraphbuilder.h"

#include <QHash>
#include <QSet>

#include <algorithm>

namespace gantry {

namespace {

using Item = ScenarioProblem::Item;

long long totalGpus(const Cluster& c)
{
    long long total = 0;
    for (const Server& s : c.servers)
        total += std::max(0, s.gpus);
    return total;
}

// The GPU type of server s, or nothing when its index is out of range.
const GpuType* gpuTypeOf(const Cluster& c, const Server& s)
{
    if (s.gpuType < 0 || s.gpuType >= int(c.gpuTypes.size()))
        return nullptr;
    return &c.gpuTypes[std::size_t(s.gpuType)];
}

bool degreesValid(const Parallelism& par)
{
    return par.dp >= 1 && par.pp >= 1 && par.tp >= 1 && par.ep >= 1;
}

// Collects problems, each with its item's path.
class Collector
{
public:
    explicit Collector(std::vector<ScenarioProblem>& out) : m_out(out) {}

    void add(Item item, int index, const QString& name, const QString& key, const QString& message)
    {
        const QString itemPath = pathOf(item, index);
        const QString path = key.isEmpty()        ? itemPath
                             : itemPath.isEmpty() ? key
                                                  : itemPath + QLatin1Char('.') + key;
        m_out.push_back({item, index, name, key, path, message});
    }

    void add(Item item, int index, const QString& name, const ScenarioCheck::Finding& f)
    {
        add(item, index, name, f.key, f.message);
    }

private:
    static QString pathOf(Item item, int index)
    {
        const char* list = item == Item::GpuType  ? "gpu_types"
                           : item == Item::Rack   ? "cluster.racks"
                           : item == Item::Server ? "cluster.servers"
                           : item == Item::Model  ? "models"
                           : item == Item::Job    ? "jobs"
                                                  : nullptr;
        if (!list)
            return QString();
        return QStringLiteral("%1[%2]").arg(QLatin1String(list)).arg(index);
    }

    std::vector<ScenarioProblem>& m_out;
};

void checkCluster(const Cluster& c, Collector& out)
{
    QSet<QString> gpuTypes;
    for (std::size_t i = 0; i < c.gpuTypes.size(); ++i) {
        const QString& name = c.gpuTypes[i].name;
        if (gpuTypes.contains(name))
            out.add(Item::GpuType, int(i), name, QStringLiteral("name"),
                    ScenarioCheck::duplicate(Item::GpuType, name));
        gpuTypes.insert(name);
    }
    if (c.racks.empty())
        out.add(Item::Scenario, -1, QString(), QStringLiteral("cluster.racks"),
                ScenarioCheck::emptyList(Item::Rack));
    QSet<QString> racks;
    for (std::size_t i = 0; i < c.racks.size(); ++i) {
        const QString& name = c.racks[i].name;
        if (racks.contains(name))
            out.add(Item::Rack, int(i), name, QStringLiteral("name"),
                    ScenarioCheck::duplicate(Item::Rack, name));
        racks.insert(name);
    }
    if (c.servers.empty())
        out.add(Item::Scenario, -1, QString(), QStringLiteral("cluster.servers"),
                ScenarioCheck::emptyList(Item::Server));
    QSet<QString> servers;
    long long total = 0;
    bool tooMany = false;
    for (std::size_t i = 0; i < c.servers.size(); ++i) {
        const Server& s = c.servers[i];
        const int si = int(i);
        if (s.rack < 0 || s.rack >= int(c.racks.size()))
            out.add(Item::Server, si, s.name, QStringLiteral("rack"),
                    QStringLiteral("belongs to no rack"));
        if (!gpuTypeOf(c, s))
            out.add(Item::Server, si, s.name, QStringLiteral("gpu_type"),
                    QStringLiteral("unknown GPU type"));
        total += std::max(0, s.gpus);
        if (!tooMany)
            if (auto f = ScenarioCheck::gpuTotal(total)) {
                out.add(Item::Server, si, s.name, *f);
                tooMany = true;
            }
        if (servers.contains(s.name))
            out.add(Item::Server, si, s.name, QStringLiteral("name"),
                    ScenarioCheck::duplicate(Item::Server, s.name));
        servers.insert(s.name);
    }
}

// The first rule a model job breaks, in the reader's order; nothing when it passes them all.
std::optional<ScenarioCheck::Finding> checkModelJob(const Scenario& s, const Job& job,
                                                    long long total)
{
    const auto spec = ScenarioCheck::findModel(s.models, job.model);
    if (!spec)
        return ScenarioCheck::Finding{QStringLiteral("model"),
                                      ScenarioCheck::unknownModel(job.model)};
    if (!degreesValid(job.parallelism))
        return std::nullopt; // a value problem: the field checks report it
    if (auto f = ScenarioCheck::modelLayout(*spec, job.parallelism))
        return f;
    if (auto f = ScenarioCheck::modelSize(job.parallelism, total))
        return f;
    if (job.graph.workers.empty())
        return std::nullopt;
    return ScenarioCheck::modelCompute(s.cluster, job);
}

} // namespace

std::vector<ScenarioProblem> ScenarioCheck::check(const Scenario& s)
{
    std::vector<ScenarioProblem> problems;
    Collector out(problems);
    checkCluster(s.cluster, out);
    QSet<QString> models;
    for (std::size_t i = 0; i < s.models.size(); ++i) {
        const QString& name = s.models[i].name;
        if (models.contains(name))
            out.add(Item::Model, int(i), name, QStringLiteral("name"),
                    duplicate(Item::Model, name));
        models.insert(name);
    }
    const long long total = totalGpus(s.cluster);
    QSet<QString> ids;
    for (std::size_t i = 0; i < s.jobs.size(); ++i) {
        const Job& job = s.jobs[i];
        const int ji = int(i);
        std::optional<Finding> f;
        if (job.kind == JobKind::Model)
            f = checkModelJob(s, job, total);
        if (!f && (job.kind != JobKind::Model || !job.graph.workers.empty()))
            f = jobFits(s.cluster, job);
        if (f)
            out.add(Item::Job, ji, job.id, *f);
        if (ids.contains(job.id))
            out.add(Item::Job, ji, job.id, QStringLiteral("id"), duplicate(Item::Job, job.id));
        ids.insert(job.id);
    }
    return problems;
}

QString ScenarioCheck::duplicate(ScenarioProblem::Item item, const QString& name)
{
    const char* what = item == Item::GpuType  ? "GPU type"
                       : item == Item::Rack   ? "rack"
                       : item == Item::Server ? "server"
                       : item == Item::Model  ? "model"
                       : item == Item::Job    ? "job id"
                                              : "name";
    return QStringLiteral("duplicate %1 \"%2\"").arg(QLatin1String(what), name);
}

QString ScenarioCheck::emptyList(ScenarioProblem::Item item)
{
    return QStringLiteral("must hold at least one %1")
        .arg(item == Item::Rack ? QStringLiteral("rack") : QStringLiteral("server"));
}

QString ScenarioCheck::unknownModel(const QString& name)
{
    return QStringLiteral("unknown model \"%1\" (not in models nor the zoo)").arg(name);
}

std::optional<ModelSpec> ScenarioCheck::findModel(const std::vector<ModelSpec>& models,
                                                  const QString& name)
{
    for (const ModelSpec& m : models)
        if (m.name == name)
            return m;
    return ModelZoo::find(name);
}

std::optional<ScenarioCheck::Finding> ScenarioCheck::gpuTotal(long long total)
{
    if (total <= kMaxClusterGpus)
        return std::nullopt;
    return Finding{QStringLiteral("count"), QStringLiteral("cluster exceeds 10 million GPUs")};
}

std::optional<ScenarioCheck::Finding> ScenarioCheck::modelLayout(const ModelSpec& model,
                                                                 const Parallelism& par)
{
    QString key;
    const QString problem = ModelGraphBuilder::check(model, par, &key);
    if (problem.isEmpty())
        return std::nullopt;
    const QString parallelism = QStringLiteral("parallelism");
    return Finding{key.isEmpty() ? parallelism : parallelism + QLatin1Char('.') + key, problem};
}

std::optional<ScenarioCheck::Finding> ScenarioCheck::modelSize(const Parallelism& par,
                                                               long long totalGpus)
{
    if (par.workers() <= totalGpus)
        return std::nullopt;
    return Finding{QStringLiteral("parallelism"),
                   QStringLiteral("needs %1 GPUs (dp %2 x pp %3 x tp %4) but the cluster has %5")
                       .arg(par.workers())
                       .arg(par.dp)
                       .arg(par.pp)
                       .arg(par.tp)
                       .arg(totalGpus)};
}

std::optional<ScenarioCheck::Finding> ScenarioCheck::modelCompute(const Cluster& c, const Job& job)
{
    double fastest = 0.0;
    for (const Server& s : c.servers)
        if (const GpuType* t = gpuTypeOf(c, s))
            fastest = std::max(fastest, t->tflops);
    if (job.graph.workers.empty() || fastest <= 0.0)
        return std::nullopt;
    const double computeS = job.graph.workers.front().flops / (fastest * 1e12);
    if (computeS <= kMaxComputeS)
        return std::nullopt;
    return Finding{QString(), QStringLiteral("one iteration takes %1 s of compute per worker "
                                             "even on the fastest GPU (at most %2 s)")
                                  .arg(computeS)
                                  .arg(kMaxComputeS)};
}

std::optional<ScenarioCheck::Finding> ScenarioCheck::jobFits(const Cluster& c, const Job& job)
{
    const long long total = totalGpus(c);
    const int need = job.gpuCount();
    const QString key = job.kind == JobKind::Duration ? QStringLiteral("gpus")
                        : job.kind == JobKind::Graph  ? QStringLiteral("graph.workers")
                                                      : QString();
    if (need > total)
        return Finding{key,
                       QStringLiteral("needs %1 GPUs but the cluster has %2").arg(need).arg(total)};
    const double mem = job.memoryPerGpuGb();
    if (mem <= 0.0)
        return std::nullopt;
    long long enough = 0;
    double largest = 0.0;
    for (const Server& s : c.servers) {
        const GpuType* t = gpuTypeOf(c, s);
        const double memory = t ? t->memoryGb : 0.0;
        largest = std::max(largest, memory);
        if (memory >= mem)
            enough += std::max(0, s.gpus);
    }
    if (job.kind == JobKind::Model && largest < mem)
        return Finding{QString(), QStringLiteral("needs %1 GB per GPU but the largest GPU of the "
                                                 "cluster has %2 GB")
                                      .arg(mem, 0, 'f', 1)
                                      .arg(largest)};
    if (enough >= need)
        return std::nullopt;
    return Finding{key, QStringLiteral("needs %1 GPUs with %2 GB each but the cluster has %3 "
                                       "such GPUs (largest GPU: %4 GB)")
                            .arg(need)
                            .arg(mem)
                            .arg(enough)
                            .arg(largest)};
}

} // namespace gantry
