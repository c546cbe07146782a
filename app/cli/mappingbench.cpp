#include "mappingbench.h"

#include "childrun.h"
#include "io/gpucatalogue.h"
#include "io/modelzoo.h"
#include "mapping/graphplacement.h"
#include "mapping/iterationmodel.h"
#include "model/modelgraphbuilder.h"
#include "search/mappingsearch.h"
#include "search/tools/randominstance.h"
#include "sim/metrics.h"

#include <QElapsedTimer>
#include <QJsonObject>

#include <vector>

namespace gantry::cli {

namespace {

QJsonObject row(const QString& name, double value, const QString& unit, const QString& target)
{
    return {{"case", name}, {"value", value}, {"unit", unit}, {"target", target}};
}

QJsonObject graphGpt3(int repeat)
{
    Cluster c;
    c.gpuTypes = {*GpuCatalogue::find(QStringLiteral("A100-80G"))};
    c.racks = {{QStringLiteral("r0"), 3200}};
    for (int s = 0; s < 128; ++s)
        c.servers.push_back({QStringLiteral("s%1").arg(s), 0, 0, 8, 600, 200});
    c.finalize();
    Job job;
    job.id = QStringLiteral("gpt3");
    job.kind = JobKind::Model;
    job.model = QStringLiteral("gpt3-175b");
    job.parallelism = {8, 8, 8, 1};
    job.iterations = 1;
    job.graph = ModelGraphBuilder::build(*ModelZoo::find(job.model), job.parallelism);
    const GpuPool pool(c);
    std::vector<double> ms;
    double cross = 0.0;
    for (int r = 0; r < std::max(3, repeat); ++r) {
        QElapsedTimer t;
        t.start();
        const auto m = GraphPlacement().place(job, pool);
        ms.push_back(double(t.nsecsElapsed()) / 1e6);
        cross = m ? IterationModel::crossServerBytes(job, *m, c) : -1.0;
    }
    QJsonObject o =
        row(QStringLiteral("graph gpt3-175b dp8 pp8 tp8 (512 workers, 128x8 GPUs)"),
            Metrics::percentile(ms, 0.5), QStringLiteral("ms (median)"), QStringLiteral("< 50"));
    o.insert("cross_server_gb", cross / 1e9);
    return o;
}

QJsonObject searchRate(mapping::SearchBackend backend, int threads, int chains, const QString& name,
                       const QString& target)
{
    const mapping::MappingProblem p = mapping::RandomInstance::bench64(1);
    const std::vector<int> start = mapping::RandomInstance::fillStart(p);
    mapping::SearchParams params;
    params.backend = backend;
    params.threads = threads;
    params.chains = chains;
    params.steps = 4000;
    const mapping::SearchResult r = mapping::MappingSearch::run(p, start, params);
    QJsonObject o = row(name, double(r.evaluations) / std::max(r.seconds, 1e-9),
                        QStringLiteral("evaluations/s"), target);
    o.insert("backend", r.backendUsed == mapping::SearchBackend::Cuda ? "cuda" : "cpu");
    o.insert("threads", threads == 0 ? mapping::MappingSearch::hardwareThreads() : threads);
    return o;
}

} // namespace

QJsonArray MappingBench::run(const QString& philly, int repeat)
{
    QJsonArray rows;
    rows.append(graphGpt3(repeat));
    rows.append(searchRate(mapping::SearchBackend::Cpu, 1, 256,
                           QStringLiteral("search 64 workers, CPU 1 thread"),
                           QStringLiteral(">= 200000")));
    rows.append(searchRate(mapping::SearchBackend::Cpu, 0, 256,
                           QStringLiteral("search 64 workers, CPU all threads"),
                           QStringLiteral(">= 200000")));
    if (mapping::MappingSearch::cudaUsable())
        rows.append(searchRate(mapping::SearchBackend::Cuda, 0, 65536,
                               QStringLiteral("search 64 workers, CUDA"),
                               QStringLiteral(">= 50x CPU")));
    if (!philly.isEmpty()) {
        const QJsonObject g = ChildRun::median(philly, QStringLiteral("asrpt"),
                                               QStringLiteral("graph"), 1 << 30, repeat);
        const QJsonObject c = ChildRun::median(philly, QStringLiteral("asrpt"),
                                               QStringLiteral("consolidate"), 1 << 30, repeat);
        if (g.value("exit").toInt() == 0 && c.value("exit").toInt() == 0) {
            QJsonObject o =
                row(QStringLiteral("philly asrpt graph / consolidate"),
                    g.value("wall_s").toDouble() / std::max(1e-9, c.value("wall_s").toDouble()),
                    QStringLiteral("ratio of median wall s"), QStringLiteral("<= 1.5"));
            o.insert("graph_wall_s", g.value("wall_s"));
            o.insert("consolidate_wall_s", c.value("wall_s"));
            rows.append(o);
        }
    }
    return rows;
}

} // namespace gantry::cli
