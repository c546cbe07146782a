#pragma once

#include <QStringList>

namespace gantry::cli {

/// gantry-cli sweep FILE [--threads N] [--out DIR] [--resume] [--json] [--report OUT.pdf]
/// [--page a4|letter]: runs a capacity-planning sweep (docs/planning.md) through
/// plan::SweepSession, shows progress on a terminal and prints the recommendations (or
/// sweep.json with --json); --report then has gantry-report write the capacity-plan PDF.
class SweepCommand
{
public:
    /// Runs the command; returns the exit status.
    static int run(const QStringList& args);
};

} // namespace gantry::cli
