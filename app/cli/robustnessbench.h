#pragma once

#include "model/cluster.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QTextStream>

namespace gantry::cli {

/// The robustness suite of gantry-cli bench (docs/policies.md, "Robustness"): every policy on
/// generated clusters it was not tuned on. Cluster k (k = 0..clusters-1) is drawn from seed k:
/// two or three GPU types of the catalogue, servers of 4 or 8 GPUs, NICs and rack uplinks
/// varied. Even k are the tuning half, odd k the held-out half, reported apart. On each
/// cluster: the paper and philly-like mixes at loads 0.7, 0.8 and 0.9 with generator seeds
/// 1..seeds, each run under the oracle, mean and rf-fast predictors with the product's
/// placement. A cell is (cluster, mix, load, seed, predictor).
///
/// Per policy and half: the median and the worst over cells of its total JCT over the best
/// total JCT of the other baselines (fifo-backfill, sjf, srtf, srsf, tiresias, asrpt,
/// asrpt-backfill), of its p99 JCT over sjf's, and under `mean` of its total JCT over tiresias'.
class RobustnessBench
{
public:
    struct Options
    {
        int clusters = 6;
        int seeds = 3;
        int jobs = 600;
        int threads = 1;
        QStringList policies; ///< empty: every registered policy
        QString scenarioDir;  ///< where each generated scenario is also written; empty: nowhere
    };

    /// The generated cluster k.
    static Cluster cluster(int k);
    /// The baselines a default must not lose to.
    static QStringList baselines();
    /// Runs the suite; an empty object and *why when it cannot.
    static QJsonObject run(const Options& options, QString* why);
    /// The per-policy table for a person.
    static void print(const QJsonObject& result, QTextStream& out);
};

} // namespace gantry::cli
