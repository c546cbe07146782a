#include "run/runner.h"

#include "mapping/iterationmodel.h"
#include "mapping/placement.h"
#include "mapping/placementregistry.h"
#include "policies/policy.h"
#include "policies/policyregistry.h"
#include "predict/predictor.h"
#include "predict/predictorregistry.h"
#include "sim/metrics.h"
#include "sim/simulator.h"
#include "util/hugepages.h"

#include <QElapsedTimer>

namespace gantry {

Result<RunResult> Runner::run(const Scenario& scenario, const RunConfig& config, Feedback* feedback,
                              const std::vector<sim::SimObserver*>& observers)
{
    QElapsedTimer timer;
    timer.start();
    auto policy = PolicyRegistry::create(config.policy);
    if (!policy)
        return Error::invalid(
            QStringLiteral("unknown policy \"%1\" (choose one of: %2)")
                .arg(config.policy, PolicyRegistry::names().join(QStringLiteral(", "))));
    auto placement =
        PlacementRegistry::create(config.placement, {config.seed, config.mappingBackend, 0});
    if (!placement)
        return Error::invalid(
            QStringLiteral("unknown placement \"%1\" (choose one of: %2)")
                .arg(config.placement, PlacementRegistry::names().join(QStringLiteral(", "))));
    auto predictor =
        PredictorRegistry::create(config.predictor, config.seed, config.defaultIterations);
    if (!predictor)
        return predictor.error();
    for (const Job& past : config.history)
        predictor.value()->observe(past, past.trueIterations());
    const Contention contention = config.contention.value_or(scenario.options.contention);
    const double overheadS = config.restartOverheadS.value_or(scenario.options.restartOverheadS);
    if (!(overheadS >= 0.0 && overheadS <= 1e9))
        return Error::invalid(QStringLiteral("restart overhead must be from 0 to 1e9 seconds"));

    sim::Simulator simulator(scenario, *policy, *placement, *predictor.value(),
                             fromSeconds(overheadS), contention);
    for (sim::SimObserver* o : observers)
        simulator.addObserver(o);
    if (Status s = simulator.run(feedback); !s)
        return s.error();
    // The forest, its training rows and the distributions are not needed for the results: freed
    // before the per-job records are built, which lowers a large run's peak memory.
    simulator.releasePrediction();
    predictor.value().reset();

    RunResult result;
    result.config = config;
    const sim::SimState& state = simulator.state();
    result.jobs.reserve(scenario.jobs.size());
    HugePages::advise(result.jobs.data(), scenario.jobs.size() * sizeof(JobRecord));
    for (int j = 0; j < state.jobCount(); ++j) {
        const sim::JobState& st = state.state(j);
        const Job& job = state.job(j);
        JobRecord r;
        r.id = job.id;
        r.arrivalS = toSeconds(st.arrival);
        r.startS = toSeconds(st.firstStart);
        r.finishS = toSeconds(st.finish);
        r.jctS = toSeconds(st.finish - st.arrival);
        r.queueDelayS = toSeconds(st.firstStart - st.arrival);
        r.gpus = st.gpus;
        r.servers = IterationModel::serverCount(st.mapping, scenario.cluster);
        r.preemptions = st.preemptions;
        r.predictedIterations = st.predictedIterations;
        r.iterations = job.trueIterations();
        r.gpuSeconds = st.gpuSeconds;
        r.crossServerBytes = st.crossBytes;
        result.jobs.push_back(std::move(r));
    }
    result.summary = Metrics::summarize(result.jobs, scenario.cluster.totalGpus());
    result.summary.policy = config.policy;
    result.summary.placement = config.placement;
    result.summary.predictor = config.predictor;
    result.summary.events = simulator.events();
    result.summary.idleWhileWaitingGpuS = simulator.idleWhileWaitingGpuS();
    result.summary.virtualWaitS = policy->virtualWaitS(state);
    const Cluster& cluster = scenario.cluster;
    std::vector<bool> present(cluster.gpuTypes.size(), false);
    for (const Server& s : cluster.servers)
        present[std::size_t(s.gpuType)] = true;
    const std::vector<double>& busy = simulator.busyGpuSecondsByType();
    for (std::size_t t = 0; t < busy.size(); ++t)
        if (present[t])
            result.busyGpuSeconds.emplace_back(cluster.gpuTypes[t].name, busy[t]);
    result.summary.wallS = double(timer.nsecsElapsed()) / 1e9;
    return result;
}

} // namespace gantry
