#pragma once

#include <QStringList>

namespace gantry::cli {

/// The gantry-cli subcommands; each takes the arguments after its name and returns the exit
/// status of README.md, "The command line" (0 ok, 2 invalid input, 1 internal error).
class CliCommands
{
public:
    /// gantry-cli validate FILE
    static int validate(const QStringList& args);
    /// gantry-cli run FILE [options] [--out DIR] [--json]
    static int run(const QStringList& args);
    /// gantry-cli compare FILE --policies P1,P2,... [options] [--json]
    static int compare(const QStringList& args);
    /// gantry-cli map FILE --job ID [--placement P] [--free SERVER=N,...] [--json]
    static int map(const QStringList& args);
    /// gantry-cli report FILE --policies P1,P2,... -o OUT.pdf: runs gantry-report beside it.
    static int report(const QStringList& args);
    /// gantry-cli animate FILE --policy P -o OUT.gif [--frames N] [--size WxH] [--delay-ms D]
    /// [--no-captions]: runs gantry-report --animate beside it.
    static int animate(const QStringList& args);
    /// Usage text.
    static QString usage();

private:
    // Runs gantry-report (beside gantry-cli or in the build tree) with args for command.
    static int delegate(const QString& command, const QStringList& args);
};

} // namespace gantry::cli
