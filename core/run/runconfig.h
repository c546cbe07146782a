#pragma once

#include "model/scenario.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace gantry {

/// Everything that selects one scheduling run besides the scenario itself. Its own values are
/// the engine's neutral reference (fifo, consolidate, the oracle): what a test or a benchmark
/// starts from when it names one thing and wants nothing else to vary. What the product runs
/// when the user names nothing is ProductDefaults::runConfig(), the one place that decides it;
/// every entry point (command line, window, report, sweeps) starts from there.
struct RunConfig
{
    QString policy = QStringLiteral("fifo");           ///< name in PolicyRegistry
    QString placement = QStringLiteral("consolidate"); ///< name in PlacementRegistry
    QString predictor = QStringLiteral("oracle"); ///< name in PredictorRegistry, e.g. "noisy:0.5"
    std::uint64_t seed = 0;                       ///< seeds every random choice of the run
    QString mappingBackend =
        QStringLiteral("auto");             ///< search placement back end: cpu, cuda or auto
    std::optional<Contention> contention;   ///< overrides the scenario's option
    std::optional<double> restartOverheadS; ///< overrides the scenario's option
    std::vector<Job> history; ///< finished jobs (true iterations known) predictors learn from first
    double defaultIterations = 1000.0; ///< cold-start prediction when a predictor has no history

    bool operator==(const RunConfig&) const = default;
};

} // namespace gantry
