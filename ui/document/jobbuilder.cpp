#include "jobbuilder.h"

#include "io/modelzoo.h"
#include "model/modelgraphbuilder.h"

#include <QSet>

namespace gantry::ui {

std::optional<ModelSpec> JobBuilder::model(const Scenario& scenario, const QString& name)
{
    for (const ModelSpec& m : scenario.models)
        if (m.name == name)
            return m;
    return ModelZoo::find(name);
}

QString JobBuilder::checkModelJob(const Scenario& scenario, const QString& modelName,
                                  const Parallelism& par, QString* key)
{
    const auto spec = model(scenario, modelName);
    if (!spec) {
        if (key)
            *key = QStringLiteral("model");
        return QStringLiteral("unknown model \"%1\"").arg(modelName);
    }
    if (par.dp < 1 || par.pp < 1 || par.tp < 1 || par.ep < 1 || par.cp < 1 || par.vp < 1) {
        if (key)
            *key = QStringLiteral("parallelism");
        return QStringLiteral("every degree must be a positive integer");
    }
    QString k;
    const QString problem = ModelGraphBuilder::check(*spec, par, &k);
    if (key)
        *key = k;
    if (!problem.isEmpty())
        return problem;
    int total = 0;
    for (const Server& s : scenario.cluster.servers)
        total += s.gpus;
    if (par.workers() > total) {
        if (key)
            *key = QStringLiteral("parallelism");
        return QStringLiteral("needs %1 GPUs but the cluster has %2").arg(par.workers()).arg(total);
    }
    return {};
}

Job JobBuilder::modelJob(const Scenario& scenario, const QString& id, const QString& modelName,
                         const Parallelism& par, double iterations, double arrivalS)
{
    Job job;
    job.id = id;
    job.kind = JobKind::Model;
    job.model = modelName;
    job.parallelism = par;
    job.iterations = iterations;
    job.arrivalS = arrivalS;
    rebuildGraph(scenario, job);
    return job;
}

void JobBuilder::rebuildGraph(const Scenario& scenario, Job& job)
{
    if (job.kind != JobKind::Model)
        return;
    job.graph = {};
    if (!checkModelJob(scenario, job.model, job.parallelism).isEmpty())
        return;
    job.graph =
        ModelGraphBuilder::build(*model(scenario, job.model), job.parallelism, job.training);
}

QString JobBuilder::freshJobId(const Scenario& scenario, const QString& prefix)
{
    QSet<QString> used;
    for (const Job& j : scenario.jobs)
        used.insert(j.id);
    for (int n = int(scenario.jobs.size()) + 1;; ++n) {
        const QString id = prefix + QString::number(n);
        if (!used.contains(id))
            return id;
    }
}

} // namespace gantry::ui
