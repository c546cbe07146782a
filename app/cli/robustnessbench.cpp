#include "robustnessbench.h"

#include "io/gpucatalogue.h"
#include "io/scenariowriter.h"
#include "io/workloadgenerator.h"
#include "policies/policyregistry.h"
#include "run/batchrunner.h"
#include "run/productdefaults.h"
#include "util/rng.h"

#include <QDir>
#include <QJsonArray>

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <vector>

namespace gantry::cli {

namespace {

struct TypeSpec
{
    const char* name;
    double intraGBps; ///< NVLink (or PCIe) inside a server, both directions
    int nics[3];      ///< NIC totals a server of this type is drawn from, Gb/s
};

// The catalogue's types with the links servers of them are sold with.
const TypeSpec kTypes[] = {
    {"T4", 32, {25, 50, 100}},           {"V100", 300, {100, 100, 200}},
    {"L40S", 64, {100, 200, 400}},       {"A100-40G", 600, {200, 400, 800}},
    {"A100-80G", 600, {200, 800, 1600}}, {"H100", 900, {400, 1600, 3200}},
    {"H200", 900, {400, 1600, 3200}},
};

double median(std::vector<double> v)
{
    if (v.empty())
        return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

double worst(const std::vector<double>& v)
{
    return v.empty() ? 0.0 : *std::max_element(v.begin(), v.end());
}

} // namespace

Cluster RobustnessBench::cluster(int k)
{
    Rng rng(0x5eed0000ULL + std::uint64_t(k));
    const int typeCount = 2 + int(rng.below(2));
    std::vector<int> picked;
    while (int(picked.size()) < typeCount) {
        const int t = int(rng.below(std::size(kTypes)));
        if (std::find(picked.begin(), picked.end(), t) == picked.end())
            picked.push_back(t);
    }
    std::sort(picked.begin(), picked.end());
    Cluster c;
    const int racks = 1 + int(rng.below(3));
    const double uplinks[] = {400, 800, 1600, 3200};
    for (int r = 0; r < racks; ++r)
        c.racks.push_back({QStringLiteral("rack-%1").arg(r), uplinks[rng.below(4)]});
    for (std::size_t i = 0; i < picked.size(); ++i) {
        const TypeSpec& spec = kTypes[picked[i]];
        c.gpuTypes.push_back(*GpuCatalogue::find(QLatin1String(spec.name)));
        const int servers = 2 + int(rng.below(5));
        const int gpus = rng.below(2) ? 8 : 4;
        const double nic = spec.nics[rng.below(3)];
        const int rack = int(i) % racks;
        for (int s = 0; s < servers; ++s)
            c.servers.push_back({QStringLiteral("%1-%2").arg(QString::fromLatin1(spec.name)).arg(s),
                                 rack, int(i), gpus, spec.intraGBps, nic});
    }
    c.finalize();
    return c;
}

QStringList RobustnessBench::baselines()
{
    return {QStringLiteral("fifo-backfill"), QStringLiteral("sjf"),      QStringLiteral("srtf"),
            QStringLiteral("srsf"),          QStringLiteral("tiresias"), QStringLiteral("asrpt"),
            QStringLiteral("asrpt-backfill")};
}

QJsonObject RobustnessBench::run(const Options& o, QString* why)
{
    const QStringList policies = o.policies.isEmpty() ? PolicyRegistry::names() : o.policies;
    for (const QString& b : baselines())
        if (!policies.contains(b)) {
            *why = QStringLiteral("the policies must include the baseline %1").arg(b);
            return {};
        }
    const QStringList mixes = {QStringLiteral("paper"), QStringLiteral("philly-like")};
    const QStringList predictors = {QStringLiteral("oracle"), QStringLiteral("mean"),
                                    QStringLiteral("rf-fast")};
    const double loads[] = {0.7, 0.8, 0.9};
    struct Cell
    {
        int cluster;
        QString mix;
        double load;
        int seed;
        QString predictor;
        std::size_t scenario;
    };
    std::vector<Scenario> scenarios;
    std::vector<Cell> cells;
    // As run --out: the folder is made when missing.
    if (!o.scenarioDir.isEmpty() && !QDir().mkpath(o.scenarioDir)) {
        *why = o.scenarioDir + QStringLiteral(": cannot make the folder");
        return {};
    }
    for (int k = 0; k < o.clusters; ++k) {
        const Cluster c = cluster(k);
        for (const QString& mix : mixes)
            for (const double load : loads)
                for (int seed = 1; seed <= o.seeds; ++seed) {
                    WorkloadGenerator::Options g;
                    g.jobs = o.jobs;
                    g.load = load;
                    g.mix = mix;
                    g.seed = std::uint64_t(seed);
                    auto s = WorkloadGenerator::generate(c, g);
                    if (!s) {
                        *why =
                            QStringLiteral("cluster %1, %2: %3").arg(k).arg(mix, s.error().message);
                        return {};
                    }
                    if (!o.scenarioDir.isEmpty()) {
                        const QString path =
                            QDir(o.scenarioDir)
                                .filePath(QStringLiteral("cluster-%1-%2-%3-s%4.json")
                                              .arg(k)
                                              .arg(mix)
                                              .arg(load)
                                              .arg(seed));
                        if (const Status w = ScenarioWriter::writeFile(s.value(), path); !w) {
                            *why = w.error().message; // it names the file
                            return {};
                        }
                    }
                    scenarios.push_back(std::move(s).value());
                    for (const QString& p : predictors)
                        cells.push_back({k, mix, load, seed, p, scenarios.size() - 1});
                }
    }
    std::vector<BatchItem> items;
    items.reserve(cells.size() * std::size_t(policies.size()));
    const QString placement = ProductDefaults::runConfig().placement;
    for (const Cell& cell : cells)
        for (const QString& policy : policies) {
            RunConfig config;
            config.policy = policy;
            config.placement = placement;
            config.predictor = cell.predictor;
            // Not owned: the scenarios outlive the batch.
            items.push_back({std::shared_ptr<const Scenario>(std::shared_ptr<const Scenario>(),
                                                             &scenarios[cell.scenario]),
                             config});
        }
    BatchRunner::Options options;
    options.threads = std::max(1, o.threads);
    options.stopOnError = false;
    const std::vector<Result<BatchRun>> runs = BatchRunner::runEach(items, options);

    // Ratios per policy and half.
    struct Ratios
    {
        std::vector<double> total, p99, vsTiresias;
        int failed = 0;
    };
    std::map<QString, Ratios> half[2];
    QJsonArray rows;
    const std::size_t P = std::size_t(policies.size());
    for (std::size_t c = 0; c < cells.size(); ++c) {
        std::map<QString, RunSummary> got;
        for (std::size_t p = 0; p < P; ++p)
            if (const auto& r = runs[c * P + p])
                got[policies[qsizetype(p)]] = r.value().result.summary;
        const int h = cells[c].cluster % 2;
        QJsonObject row{{"cluster", cells[c].cluster},
                        {"mix", cells[c].mix},
                        {"load", cells[c].load},
                        {"seed", cells[c].seed},
                        {"predictor", cells[c].predictor}};
        QJsonObject totals, p99s;
        for (const QString& policy : policies) {
            Ratios& r = half[h][policy];
            const auto mine = got.find(policy);
            if (mine == got.end()) {
                ++r.failed;
                continue;
            }
            totals.insert(policy, mine->second.totalJctS);
            p99s.insert(policy, mine->second.p99JctS);
            double best = std::numeric_limits<double>::infinity();
            for (const QString& b : baselines())
                if (b != policy && got.count(b))
                    best = std::min(best, got[b].totalJctS);
            if (best > 0.0 && best < std::numeric_limits<double>::infinity())
                r.total.push_back(mine->second.totalJctS / best);
            if (got.count(QStringLiteral("sjf")) && got[QStringLiteral("sjf")].p99JctS > 0.0)
                r.p99.push_back(mine->second.p99JctS / got[QStringLiteral("sjf")].p99JctS);
            if (cells[c].predictor == QLatin1String("mean") &&
                got.count(QStringLiteral("tiresias")) &&
                got[QStringLiteral("tiresias")].totalJctS > 0.0)
                r.vsTiresias.push_back(mine->second.totalJctS /
                                       got[QStringLiteral("tiresias")].totalJctS);
        }
        row.insert("total_jct_s", totals);
        row.insert("p99_jct_s", p99s);
        rows.append(row);
    }
    QJsonArray summary;
    for (int h = 0; h < 2; ++h)
        for (const QString& policy : policies) {
            const Ratios& r = half[h][policy];
            summary.append(QJsonObject{{"half", h == 0 ? "tuning" : "held-out"},
                                       {"policy", policy},
                                       {"cells", int(r.total.size())},
                                       {"failed", r.failed},
                                       {"total_vs_best_median", median(r.total)},
                                       {"total_vs_best_worst", worst(r.total)},
                                       {"p99_vs_sjf_median", median(r.p99)},
                                       {"p99_vs_sjf_worst", worst(r.p99)},
                                       {"mean_vs_tiresias_worst", worst(r.vsTiresias)}});
        }
    return QJsonObject{{"clusters", o.clusters},
                       {"seeds", o.seeds},
                       {"jobs", o.jobs},
                       {"placement", placement},
                       {"cells", int(cells.size())},
                       {"summary", summary},
                       {"rows", rows}};
}

void RobustnessBench::print(const QJsonObject& result, QTextStream& out)
{
    out << "\nrobustness suite (" << result.value("clusters").toInt() << " generated clusters, "
        << "paper and philly-like mixes, loads 0.7/0.8/0.9, " << result.value("seeds").toInt()
        << " seeds, " << result.value("jobs").toInt()
        << " jobs, predictors oracle/mean/rf-fast, placement "
        << result.value("placement").toString() << "; " << result.value("cells").toInt()
        << " cells)\n"
        << "total: total JCT over the best other baseline's; p99: p99 JCT over sjf's; "
           "mean: total JCT over tiresias' under the mean predictor\n";
    // The policy column as wide as the longest name.
    int width = 6;
    for (const QJsonValue& v : result.value("summary").toArray())
        width = std::max(width, int(v.toObject().value("policy").toString().size()));
    QString current;
    for (const QJsonValue& v : result.value("summary").toArray()) {
        const QJsonObject o = v.toObject();
        if (o.value("half").toString() != current) {
            current = o.value("half").toString();
            out << "\n"
                << current << " clusters\n"
                << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                       .arg(QStringLiteral("policy"), -width)
                       .arg(QStringLiteral("total median"), 13)
                       .arg(QStringLiteral("total worst"), 12)
                       .arg(QStringLiteral("p99 median"), 11)
                       .arg(QStringLiteral("p99 worst"), 10)
                       .arg(QStringLiteral("mean worst"), 11);
        }
        out << QStringLiteral("%1 %2 %3 %4 %5 %6")
                   .arg(o.value("policy").toString(), -width)
                   .arg(o.value("total_vs_best_median").toDouble(), 13, 'f', 3)
                   .arg(o.value("total_vs_best_worst").toDouble(), 12, 'f', 3)
                   .arg(o.value("p99_vs_sjf_median").toDouble(), 11, 'f', 3)
                   .arg(o.value("p99_vs_sjf_worst").toDouble(), 10, 'f', 3)
                   .arg(o.value("mean_vs_tiresias_worst").toDouble(), 11, 'f', 3);
        if (o.value("failed").toInt() > 0)
            out << "  (" << o.value("failed").toInt() << " runs failed)";
        out << "\n";
    }
    out.flush();
}

} // namespace gantry::cli
