#pragma once

#include <QJsonArray>
#include <QString>
#include <QTextStream>

namespace gantry::cli {

/// The sensitivity suite of gantry-cli bench: how each policy's total and p99 JCT degrade as the
/// prediction error grows. The paper mix on the paper suite's cluster at load 0.9, every policy
/// with `graph` and the `noisy:S` predictor for S = 0, 0.25, 0.5, 1 and 2 (log-normal error of
/// sigma S), averaged over generator and predictor seeds 1..seeds. PredictionSensitivity does
/// the work.
class SensitivityBench
{
public:
    /// Runs the suite; rows are JSON objects per (policy, sigma), in registry then sigma order.
    /// Empty when a run failed, with the reason in why.
    static QJsonArray run(int jobs, int seeds, int threads, QString* why = nullptr);
    /// The rows of run() as a table: jobs and seeds name the run in its heading.
    static void print(const QJsonArray& sensitivityRows, int jobs, int seeds, QTextStream& out);
};

} // namespace gantry::cli
