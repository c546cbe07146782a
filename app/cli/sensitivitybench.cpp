#include "sensitivitybench.h"

#include "analysis/predictionsensitivity.h"
#include "paperbench.h"
#include "policies/policyregistry.h"

#include <QJsonObject>

namespace gantry::cli {

QJsonArray SensitivityBench::run(int jobs, int seeds, int threads, QString* why)
{
    const Cluster c = PaperBench::cluster();
    PredictionSensitivity::Request request;
    request.policies = PolicyRegistry::names();
    request.sigmas = PredictionSensitivity::defaultSigmas();
    request.placement = QStringLiteral("graph");
    request.seeds.clear();
    for (int seed = 1; seed <= seeds; ++seed) {
        auto s = PaperBench::paperMix(c, jobs, 0.9, seed);
        if (!s) {
            if (why)
                *why = QStringLiteral("cannot generate the paper mix of seed %1").arg(seed);
            return {};
        }
        request.scenarios.push_back(std::move(*s));
        request.seeds.push_back(std::uint64_t(seed));
    }
    auto outcome = PredictionSensitivity::run(request, threads);
    if (!outcome) {
        if (why)
            *why = outcome.error().message;
        return {};
    }
    QJsonArray rows;
    for (const PredictionSensitivity::Point& p : outcome.value().points)
        rows.append(QJsonObject{{"policy", p.policy},
                                {"sigma", p.sigma},
                                {"runs", p.runs},
                                {"total_jct_s", p.totalJctS},
                                {"p99_jct_s", p.p99JctS}});
    return rows;
}

} // namespace gantry::cli
