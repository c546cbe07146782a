#include "analysis/predictionsensitivity.h"

#include "run/runconfig.h"
#include "run/runner.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>
#include <thread>

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

    // Run i: policy i / (sigmas x seeds), sigma (i / seeds) % sigmas, seed i % seeds. Each run
    // writes only its own slot, and the means add the slots in this order, so the outcome does
    // not depend on which thread ran what.
    const std::size_t total = policies * sigmas * seeds;
    std::vector<std::optional<RunSummary>> summaries(total);
    std::vector<std::optional<Error>> errors(total);
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};
    // Progress: finished runs plus the fractions of the runs under way.
    std::size_t done = 0;
    std::vector<double> partial(total, 0.0);
    double partialSum = 0.0;
    double reported = 0.0; // never less than before, whatever the rounding of partialSum
    const auto fraction = [&] {
        reported = std::clamp((double(done) + partialSum) / double(total), reported, 1.0);
        return reported;
    };
    std::mutex reporting; // serialises feedback->progress, done and partial
    const auto stopped = [&] { return stop.load() || (feedback && feedback->cancelled()); };

    const auto work = [&] {
        for (std::size_t i = next++; i < total && !stopped(); i = next++) {
            const std::size_t seed = i % seeds;
            const double sigma = request.sigmas[(i / seeds) % sigmas];
            RunConfig config;
            config.policy = request.policies[qsizetype(i / (sigmas * seeds))];
            config.placement = request.placement;
            config.predictor = predictorName(sigma);
            config.seed = request.seeds[seed];
            // The run checks this feedback now and then; it passes the caller's cancel on.
            Feedback own([&, i](double runFraction, const QString&) {
                if (!feedback)
                    return;
                std::lock_guard lock(reporting);
                if (feedback->cancelled()) {
                    own.cancel();
                    return;
                }
                partialSum += runFraction - partial[i];
                partial[i] = runFraction;
                feedback->progress(fraction());
            });
            const Scenario& scenario = request.scenarios[request.scenarios.size() == 1 ? 0 : seed];
            Result<RunResult> r = Runner::run(scenario, config, &own);
            if (!r) {
                if (r.error().kind != ErrorKind::Cancelled)
                    errors[i] = Error{r.error().kind,
                                      QStringLiteral("%1 with %2: %3")
                                          .arg(config.policy, config.predictor, r.error().message)};
                stop = true;
                continue;
            }
            summaries[i] = r.value().summary;
            std::lock_guard lock(reporting);
            partialSum -= partial[i];
            partial[i] = 0.0;
            ++done;
            if (feedback && !feedback->cancelled())
                feedback->progress(done == total ? 1.0 : fraction(),
                                   QStringLiteral("%1 of %2 runs").arg(done).arg(total));
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < std::min<int>(std::max(1, threads), int(total)); ++t)
        pool.emplace_back(work);
    work();
    for (std::thread& t : pool)
        t.join();

    for (const std::optional<Error>& e : errors)
        if (e)
            return *e;
    if (feedback && feedback->cancelled())
        return Error::cancelled();
    if (stop)
        return Error::cancelled(); // a run was cancelled without the caller's feedback saying so

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
            const RunSummary& r = *summaries[cell * seeds + s];
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
