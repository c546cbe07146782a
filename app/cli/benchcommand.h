#pragma once

#include <QStringList>

namespace gantry::cli {

/// gantry-cli bench: every policy with consolidate + oracle on the 512-GPU Philly scenario and
/// on its first quarter and half. Each case runs in a child process (so peak memory is its own),
/// repeated; the median wall time is reported with jobs/s, events/s and peak RSS.
class BenchCommand
{
public:
    /// Runs the benchmark; returns the exit status.
    static int run(const QStringList& args);
};

} // namespace gantry::cli
