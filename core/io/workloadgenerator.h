#pragma once

#include "model/scenario.h"
#include "util/result.h"

#include <QString>
#include <QStringList>

#include <cstdint>

namespace gantry {

/// Synthetic recurring workloads (gantry-cli generate). Jobs are drawn from recurring templates
/// (user x model x dataset x parallelism, or user x virtual cluster x GPUs for traces), each with
/// its own log-normal iteration distribution, so that a job's history predicts it the way it
/// does in production clusters. Arrivals are Poisson, with the rate set so that the offered
/// GPU-time over the cluster's capacity during the arrival window is the requested load.
class WorkloadGenerator
{
public:
    /// What to generate.
    struct Options
    {
        int jobs = 1000;                       ///< number of jobs
        double load = 0.8;                     ///< offered GPU-time / (GPUs x arrival window)
        QString mix = QStringLiteral("paper"); ///< "paper" or "philly-like"
        std::uint64_t seed = 0;                ///< seeds every draw
    };

    /// The mix names.
    static QStringList mixes();
    /// A scenario on cluster with the generated jobs (reference GPU-time of a model job: its
    /// iterations x its iteration time under `graph` on the empty cluster). InvalidInput for
    /// an unknown mix, a bad number, or a cluster on which no template of the mix fits.
    /// O(jobs x graph placement of a template, cached per template).
    static Result<Scenario> generate(const Cluster& cluster, const Options& options);
};

} // namespace gantry
