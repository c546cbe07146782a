#pragma once

#include <QStringList>

namespace gantry::cli {

/// gantry-cli generate --cluster FILE --jobs N --load L --mix NAME --seed S -o OUT: writes a
/// scenario of recurring jobs on the cluster of FILE (WorkloadGenerator).
class GenerateCommand
{
public:
    /// Runs the command; returns the exit status.
    static int run(const QStringList& args);
};

} // namespace gantry::cli
