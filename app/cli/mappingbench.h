#pragma once

#include <QJsonArray>
#include <QString>

namespace gantry::cli {

/// The mapping suite of gantry-cli bench: `graph` on GPT-3 175B (dp 8, pp 8, tp 8: 512 workers)
/// on 128 servers of 8 GPUs; `search` evaluations per second on the 64-worker benchmark job on
/// 1 thread, all threads and CUDA when usable; the Philly scenario under asrpt with `graph`
/// against `consolidate`. Rows are JSON objects with "case", "value", "unit", "target".
class MappingBench
{
public:
    /// Runs the suite; philly is the scenario for the last case (skipped when empty).
    static QJsonArray run(const QString& philly, int repeat);
};

} // namespace gantry::cli
