#pragma once

#include <QJsonObject>
#include <QString>
#include <QTextStream>

namespace gantry::cli {

/// The fidelity suite of gantry-cli bench: every row of the calibration set (FidelitySet) placed
/// by the default placement on its cluster, its predicted time per iteration against the
/// published one, the error and memory per GPU, then the median and worst error over the rows
/// that count, the rows refused for memory, and the time `map` takes for the largest job.
class FidelityBench
{
public:
    /// Runs the suite with placement; {"rows": [...], "median_error", "worst_error",
    /// "refused", "largest_map_ms"}; empty with the reason in why when the set cannot be read.
    static QJsonObject run(const QString& placement, int repeat, QString* why = nullptr);
    /// The table for a person.
    static void print(const QJsonObject& result, QTextStream& out);
};

} // namespace gantry::cli
