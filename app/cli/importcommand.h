#pragma once

#include <QString>
#include <QStringList>

namespace gantry::cli {

/// gantry-cli import --format F INPUT [--cluster FILE] -o OUT [--nodes NODES.csv] [--limit N]
/// [--since S] [--until S] [--vc NAME] [--min-gpus N] [--max-gpus N] [--strict]: reads a public
/// GPU-cluster trace through TraceImporterRegistry, writes a scenario and prints what it kept
/// and dropped to stderr.
class ImportCommand
{
public:
    /// Runs the command; returns the exit status.
    static int run(const QStringList& args);
};

} // namespace gantry::cli
