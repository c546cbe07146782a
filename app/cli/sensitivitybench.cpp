#include "sensitivitybench.h"

#include "paperbench.h"
#include "policies/policyregistry.h"
#include "sim/runner.h"

#include <QJsonObject>

#include <optional>
#include <vector>

namespace gantry::cli {

QJsonArray SensitivityBench::run(int jobs, int seeds, int threads)
{
    const Cluster c = PaperBench::cluster();
    const QStringList policies = PolicyRegistry::names();
    const std::vector<double> sigmas = {0.0, 0.25, 0.5, 1.0, 2.0};
    std::vector<Scenario> scenarios;
    for (int seed = 1; seed <= seeds; ++seed) {
        auto s = PaperBench::paperMix(c, jobs, 0.9, seed);
        if (!s)
            return {};
        scenarios.push_back(std::move(*s));
    }
    // Cell i: policy i / (sigmas x seeds), sigma (i / seeds) % sigmas, seed i % seeds.
    const std::size_t perPolicy = sigmas.size() * std::size_t(seeds);
    std::vector<std::optional<RunSummary>> cells(std::size_t(policies.size()) * perPolicy);
    PaperBench::forEach(cells.size(), threads, [&](std::size_t i) {
        const std::size_t seed = i % std::size_t(seeds);
        RunConfig config;
        config.policy = policies[int(i / perPolicy)];
        config.placement = QStringLiteral("graph");
        config.predictor =
            QStringLiteral("noisy:%1").arg(sigmas[(i / std::size_t(seeds)) % sigmas.size()]);
        config.seed = seed + 1;
        auto r = Runner::run(scenarios[seed], config);
        if (r)
            cells[i] = r.value().summary;
    });
    QJsonArray rows;
    for (std::size_t i = 0; i < cells.size(); i += std::size_t(seeds)) {
        double total = 0.0, p99 = 0.0;
        int runs = 0;
        for (int s = 0; s < seeds; ++s)
            if (const auto& cell = cells[i + std::size_t(s)]) {
                total += cell->totalJctS;
                p99 += cell->p99JctS;
                ++runs;
            }
        if (runs == 0)
            continue;
        rows.append(QJsonObject{{"policy", policies[int(i / perPolicy)]},
                                {"sigma", sigmas[(i / std::size_t(seeds)) % sigmas.size()]},
                                {"runs", runs},
                                {"total_jct_s", total / runs},
                                {"p99_jct_s", p99 / runs}});
    }
    return rows;
}

} // namespace gantry::cli
