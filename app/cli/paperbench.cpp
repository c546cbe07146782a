#include "paperbench.h"

#include "io/gpucatalogue.h"
#include "io/workloadgenerator.h"
#include "policies/policyregistry.h"
#include "run/batchrunner.h"

#include <QJsonObject>

#include <memory>
#include <optional>
#include <vector>

namespace gantry::cli {

Cluster PaperBench::cluster()
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

std::optional<Scenario> PaperBench::paperMix(const Cluster& cluster, int jobs, double load,
                                             int seed)
{
    WorkloadGenerator::Options o;
    o.jobs = jobs;
    o.load = load;
    o.mix = QStringLiteral("paper");
    o.seed = quint64(seed);
    auto s = WorkloadGenerator::generate(cluster, o);
    if (!s)
        return std::nullopt;
    return std::move(s).value();
}

QJsonArray PaperBench::run(int jobs, const QString& predictor, int seeds, int threads)
{
    const Cluster c = cluster();
    const QStringList placements = {QStringLiteral("consolidate"), QStringLiteral("graph")};
    const QStringList policies = PolicyRegistry::names();
    struct Cell
    {
        double load;
        int seed;
        QString placement;
        QString policy;
        std::optional<RunSummary> summary;
    };
    std::vector<Scenario> scenarios;
    std::vector<Cell> cells;
    for (const double load : {0.7, 0.9}) {
        for (int seed = 1; seed <= seeds; ++seed) {
            auto s = paperMix(c, jobs, load, seed);
            if (!s)
                return {};
            scenarios.push_back(std::move(*s));
            for (const QString& placement : placements)
                for (const QString& policy : policies)
                    cells.push_back({load, seed, placement, policy, std::nullopt});
        }
    }
    const std::size_t perScenario = std::size_t(placements.size() * policies.size());
    // One batch of every cell; a cell whose run fails has no row, the others still run.
    std::vector<BatchItem> items;
    items.reserve(cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) {
        RunConfig config;
        config.policy = cells[i].policy;
        config.placement = cells[i].placement;
        config.predictor = predictor;
        // Not owned: the scenarios outlive the batch.
        const Scenario& s = scenarios[i / perScenario];
        items.push_back(
            {std::shared_ptr<const Scenario>(std::shared_ptr<const Scenario>(), &s), config});
    }
    BatchRunner::Options options;
    options.threads = threads;
    options.stopOnError = false;
    const std::vector<Result<BatchRun>> runs = BatchRunner::runEach(items, options);
    for (std::size_t i = 0; i < cells.size(); ++i)
        if (runs[i])
            cells[i].summary = runs[i].value().result.summary;

    QJsonArray rows;
    auto find = [&](const Cell& like, const QString& placement, const char* policy) {
        for (const Cell& k : cells)
            if (k.load == like.load && k.seed == like.seed && k.placement == placement &&
                k.policy == QLatin1String(policy) && k.summary)
                return &*k.summary;
        return static_cast<const RunSummary*>(nullptr);
    };
    const QString graph = QStringLiteral("graph");
    for (const Cell& k : cells) {
        if (!k.summary)
            continue;
        const RunSummary& s = *k.summary;
        auto reduction = [&](const char* who) {
            const RunSummary* o = find(k, graph, who);
            return s.totalJctS > 0.0 && o ? (s.totalJctS - o->totalJctS) / s.totalJctS : 0.0;
        };
        const RunSummary* guided = find(k, graph, "asrpt-guided");
        auto ratio = [&](double mine, double theirs) {
            return guided && theirs > 0.0 ? mine / theirs : 0.0;
        };
        rows.append(QJsonObject{
            {"load", k.load},
            {"seed", k.seed},
            {"placement", k.placement},
            {"policy", k.policy},
            {"jobs", s.jobs},
            {"total_jct_s", s.totalJctS},
            {"avg_jct_s", s.avgJctS},
            {"p99_jct_s", s.p99JctS},
            {"preemptions", double(s.preemptions)},
            {"idle_while_waiting_gpu_s", s.idleWhileWaitingGpuS},
            {"virtual_wait_s", s.virtualWaitS},
            {"makespan_s", s.makespanS},
            {"gpu_utilization", s.gpuUtilization},
            {"asrpt_reduction", reduction("asrpt")},
            {"asrpt_backfill_reduction", reduction("asrpt-backfill")},
            {"guided_total_ratio", ratio(guided ? guided->totalJctS : 0.0, s.totalJctS)},
            {"guided_p99_ratio", ratio(guided ? guided->p99JctS : 0.0, s.p99JctS)},
            {"wall_s", s.wallS}});
    }
    return rows;
}

void PaperBench::print(const QJsonArray& paperRows, const QString& predictor, int jobs,
                       QTextStream& out)
{
    out << "\npaper suite (" << predictor << " predictor, " << jobs
        << " jobs): total and p99 JCT, preemptions, GPU-seconds idle while a job "
           "waited, A-SRPT's reduction and asrpt-guided's (graph) ratio\n"
        << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12\n")
               .arg(QStringLiteral("load"), 4)
               .arg(QStringLiteral("seed"), 4)
               .arg(QStringLiteral("placement"), -11)
               .arg(QStringLiteral("policy"), -20)
               .arg(QStringLiteral("total JCT s"), 12)
               .arg(QStringLiteral("p99 JCT s"), 10)
               .arg(QStringLiteral("preempt"), 7)
               .arg(QStringLiteral("idle-wait GPU s"), 15)
               .arg(QStringLiteral("asrpt"), 7)
               .arg(QStringLiteral("asrpt-bf"), 8)
               .arg(QStringLiteral("guided/tot"), 10)
               .arg(QStringLiteral("guided/p99"), 10);
    for (const QJsonValue& v : paperRows) {
        const QJsonObject o = v.toObject();
        out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9% %10% %11 %12\n")
                   .arg(o.value("load").toDouble(), 4, 'f', 1)
                   .arg(o.value("seed").toInt(), 4)
                   .arg(o.value("placement").toString(), -11)
                   .arg(o.value("policy").toString(), -20)
                   .arg(o.value("total_jct_s").toDouble(), 12, 'f', 0)
                   .arg(o.value("p99_jct_s").toDouble(), 10, 'f', 0)
                   .arg(o.value("preemptions").toDouble(), 7, 'f', 0)
                   .arg(o.value("idle_while_waiting_gpu_s").toDouble(), 15, 'f', 0)
                   .arg(100.0 * o.value("asrpt_reduction").toDouble(), 6, 'f', 1)
                   .arg(100.0 * o.value("asrpt_backfill_reduction").toDouble(), 7, 'f', 1)
                   .arg(o.value("guided_total_ratio").toDouble(), 10, 'f', 3)
                   .arg(o.value("guided_p99_ratio").toDouble(), 10, 'f', 3);
    }
    out.flush();
}

} // namespace gantry::cli
