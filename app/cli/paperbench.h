#pragma once

#include <QJsonArray>
#include <QString>

namespace gantry::cli {

/// The paper suite of gantry-cli bench: the `paper` mix generated on a heterogeneous two-rack
/// cluster (H100, A100-80G and V100 servers) at loads 0.7 and 0.9, every policy with `graph`
/// and the given predictor, each policy's total JCT and the reduction A-SRPT (strict and
/// backfill) achieves against it: (JCT_policy - JCT_asrpt) / JCT_policy.
class PaperBench
{
public:
    /// Runs the suite with jobs jobs per load; rows are JSON objects per (load, policy).
    static QJsonArray run(int jobs, const QString& predictor);
};

} // namespace gantry::cli
