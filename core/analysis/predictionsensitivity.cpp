#include "analysis/predictionsensitivity.h"

#include "run/batchrunner.h"
#include "run/runconfig.h"
#include "util/error.h"

#include <memory>

namespace gantry {

const PredictionSensitivity::Point* PredictionSensitivity::Outcome::find(const QString& policy,
                                                                         double sigma) const
{
    for (const Point& p : points)
        if (p.policy == policy && p.sigma == sigma)
            return &p;
    return nullptr;
}

std::vector<double> PredictionSensitivity::defaultSigmas()
{
    return {0.0, 0.25, 0.5, 1.0, 2.0};
}

QString PredictionSensitivity::predictorName(double sigma)
{
    return QStringLiteral("noisy:%1").arg(sigma);
}

Result<PredictionSensitivity::Outcome> PredictionSensitivity::run(const Request& request,
                                                                  int threads, Feedback* feedback)
{
    const std::size_t policies = std::size_t(request.policies.size());
    const std::size_t sigmas = request.sigmas.size();
    const std::size_t seeds = request.seeds.size();
    if (policies == 0 || sigmas == 0 || seeds == 0)
        return Error::invalid(
            QStringLiteral("prediction sensitivity needs at least one policy, S and seed"));
    if (request.scenarios.size() != 1 && request.scenarios.size() != seeds)
        return Error::invalid(QStringLiteral("prediction sensitivity needs one scenario, or one "
                                             "per seed (%1 scenarios, %2 seeds)")
                                  .arg(request.scenarios.size())
                                  .arg(seeds));
    for (const double s : request.sigmas)
        if (!(s >= 0.0 && s <= 10.0))
            return Error::invalid(
                QStringLiteral("prediction error S must be from 0 to 10, got %1").arg(s));

    // Run i: policy i / (sigmas x seeds), sigma (i / seeds) % sigmas, seed i % seeds. The batch
    // keeps each run in its own slot, and the means add the slots in this order, so the outcome
    // does not depend on which thread ran what.
    const std::size_t total = policies * sigmas * seeds;
    std::vector<BatchItem> items;
    items.reserve(total);
    for (std::size_t i = 0; i < total; ++i) {
        const std::size_t seed = i % seeds;
        const double sigma = request.sigmas[(i / seeds) % sigmas];
        RunConfig config;
        config.policy = request.policies[qsizetype(i / (sigmas * seeds))];
        config.placement = request.placement;
        config.predictor = predictorName(sigma);
        config.seed = request.seeds[seed];
        // Not owned: the request outlives the batch.
        const Scenario& scenario = request.scenarios[request.scenarios.size() == 1 ? 0 : seed];
        items.push_back(
            {std::shared_ptr<const Scenario>(std::shared_ptr<const Scenario>(), &scenario),
             std::move(config)});
    }
    BatchRunner::Options options;
    options.threads = threads;
    const std::vector<Result<BatchRun>> runs = BatchRunner::runEach(items, options, feedback);
    // The lowest failing run names what failed; a cancel comes after every real error.
    for (std::size_t i = 0; i < total; ++i)
        if (!runs[i] && runs[i].error().kind != ErrorKind::Cancelled)
            return Error{runs[i].error().kind,
                         QStringLiteral("%1 with %2: %3")
                             .arg(items[i].config.policy, items[i].config.predictor,
                                  runs[i].error().message)};
    for (const Result<BatchRun>& r : runs)
        if (!r)
            return Error::cancelled();

    Outcome out;
    out.policies = request.policies;
    out.sigmas = request.sigmas;
    out.seeds = int(seeds);
    out.placement = request.placement;
    out.points.reserve(policies * sigmas);
    for (std::size_t cell = 0; cell < policies * sigmas; ++cell) {
        Point p;
        p.policy = request.policies[qsizetype(cell / sigmas)];
        p.sigma = request.sigmas[cell % sigmas];
        for (std::size_t s = 0; s < seeds; ++s) {
            const RunSummary& r = runs[cell * seeds + s].value().result.summary;
            p.totalJctS += r.totalJctS;
            p.p99JctS += r.p99JctS;
            p.avgJctS += r.avgJctS;
            ++p.runs;
        }
        p.totalJctS /= p.runs;
        p.p99JctS /= p.runs;
        p.avgJctS /= p.runs;
        out.points.push_back(std::move(p));
    }
    return out;
}

} // namespace gantry
