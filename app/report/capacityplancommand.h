#pragma once

#include "util/result.h"

#include <QString>
#include <QStringList>

namespace gantry::report {

/// gantry-report --capacity-plan SWEEP.json -o OUT.pdf [--out-dir DIR] [--page a4|letter]
/// [--threads N]: writes the capacity-plan report of a sweep (docs/planning.md, "The report").
/// With --out-dir the sweep is read back from DIR's point cache (what gantry-cli sweep --out
/// DIR left there) and only points missing from it run; without, every point runs here.
class CapacityPlanCommand
{
public:
    /// Runs the command (args without the program name); returns the exit status.
    static int run(const QStringList& args);
    /// The usage lines of the command.
    static QString usage();
    /// InvalidInput naming path when a report cannot be written there (no such directory,
    /// a directory, a directory that is not writable).
    static Status checkOutput(const QString& path);
};

} // namespace gantry::report
