#include "paperbench.h"

#include "io/gpucatalogue.h"
#include "io/workloadgenerator.h"
#include "policies/policyregistry.h"
#include "sim/runner.h"

#include <QJsonObject>
#include <QMap>

namespace gantry::cli {

namespace {

Cluster heterogeneousCluster()
{
    Cluster c;
    for (const char* t : {"H100", "A100-80G", "V100"})
        c.gpuTypes.push_back(*GpuCatalogue::find(QLatin1String(t)));
    c.racks = {{QStringLiteral("rack-h100"), 1600}, {QStringLiteral("rack-mixed"), 800}};
    auto add = [&](const QString& base, int count, int rack, int type, double intra, double nic) {
        for (int i = 0; i < count; ++i)
            c.servers.push_back(
                {QStringLiteral("%1-%2").arg(base).arg(i), rack, type, 8, intra, nic});
    };
    add(QStringLiteral("h100"), 6, 0, 0, 900, 400);
    add(QStringLiteral("a100"), 6, 1, 1, 600, 200);
    add(QStringLiteral("v100"), 4, 1, 2, 300, 100);
    c.finalize();
    return c;
}

} // namespace

QJsonArray PaperBench::run(int jobs, const QString& predictor)
{
    QJsonArray rows;
    const Cluster c = heterogeneousCluster();
    for (const double load : {0.7, 0.9}) {
        WorkloadGenerator::Options o;
        o.jobs = jobs;
        o.load = load;
        o.mix = QStringLiteral("paper");
        o.seed = 1;
        auto s = WorkloadGenerator::generate(c, o);
        if (!s)
            return rows;
        QMap<QString, double> jct;
        QMap<QString, RunSummary> summary;
        for (const QString& policy : PolicyRegistry::names()) {
            RunConfig config;
            config.policy = policy;
            config.placement = QStringLiteral("graph");
            config.predictor = predictor;
            auto r = Runner::run(s.value(), config);
            if (!r)
                continue;
            jct[policy] = r.value().summary.totalJctS;
            summary[policy] = r.value().summary;
        }
        for (auto it = summary.cbegin(); it != summary.cend(); ++it) {
            const double mine = it->totalJctS;
            auto reduction = [&](const char* who) {
                return mine > 0.0 ? (mine - jct.value(QLatin1String(who))) / mine : 0.0;
            };
            rows.append(QJsonObject{{"load", load},
                                    {"policy", it.key()},
                                    {"jobs", it->jobs},
                                    {"total_jct_s", mine},
                                    {"avg_jct_s", it->avgJctS},
                                    {"makespan_s", it->makespanS},
                                    {"gpu_utilization", it->gpuUtilization},
                                    {"asrpt_reduction", reduction("asrpt")},
                                    {"asrpt_backfill_reduction", reduction("asrpt-backfill")},
                                    {"wall_s", it->wallS}});
        }
    }
    return rows;
}

} // namespace gantry::cli
