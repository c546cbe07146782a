#pragma once

#include "model/cluster.h"
#include "model/scenario.h"

#include <QJsonArray>
#include <QString>
#include <QTextStream>

#include <optional>

namespace gantry::cli {

/// The paper suite of gantry-cli bench: the `paper` mix generated on a heterogeneous two-rack
/// cluster (H100, A100-80G and V100 servers) at loads 0.7 and 0.9 with generator seeds 1..seeds,
/// every policy under the `consolidate` and the `graph` placement with the given predictor.
/// Per row: total, average and p99 JCT, preemptions, idle-while-waiting GPU-seconds, the
/// reduction A-SRPT (strict and backfill, graph) achieves against it, (JCT_policy -
/// JCT_asrpt) / JCT_policy, and asrpt-guided's (graph) ratio to it, total and p99.
class PaperBench
{
public:
    /// Runs the suite with jobs jobs per load and seed on up to threads threads; rows are JSON
    /// objects per (load, seed, placement, policy), in that order.
    static QJsonArray run(int jobs, const QString& predictor, int seeds = 1, int threads = 1);
    /// The heterogeneous two-rack cluster of the suite: 6 H100, 6 A100-80G and 4 V100 servers
    /// of 8 GPUs.
    static Cluster cluster();
    /// The generated `paper` mix of jobs jobs at load on cluster with generator seed seed, or
    /// nothing when the generator refuses.
    static std::optional<Scenario> paperMix(const Cluster& cluster, int jobs, double load,
                                            int seed);
    /// The rows of run() as a table: predictor and jobs name the run in its heading.
    static void print(const QJsonArray& paperRows, const QString& predictor, int jobs,
                      QTextStream& out);
};

} // namespace gantry::cli
