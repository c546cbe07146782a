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

void SensitivityBench::print(const QJsonArray& sensitivityRows, int jobs, int seeds,
                             QTextStream& out)
{
    out << "\nsensitivity suite (paper mix, " << jobs << " jobs, load 0.9, graph, noisy:S, "
        << "mean of " << seeds << " seeds): total and p99 JCT\n"
        << QStringLiteral("%1 %2 %3 %4\n")
               .arg(QStringLiteral("policy"), -20)
               .arg(QStringLiteral("S"), 5)
               .arg(QStringLiteral("total JCT s"), 12)
               .arg(QStringLiteral("p99 JCT s"), 10);
    for (const QJsonValue& v : sensitivityRows) {
        const QJsonObject o = v.toObject();
        out << QStringLiteral("%1 %2 %3 %4\n")
                   .arg(o.value("policy").toString(), -20)
                   .arg(o.value("sigma").toDouble(), 5, 'f', 2)
                   .arg(o.value("total_jct_s").toDouble(), 12, 'f', 0)
                   .arg(o.value("p99_jct_s").toDouble(), 10, 'f', 0);
    }
    out.flush();
}

} // namespace gantry::cli
