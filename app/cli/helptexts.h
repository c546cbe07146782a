#pragma once

#include <QString>
#include <QStringList>

namespace gantry::cli {

/// The help of gantry-cli: the overview (`--help`) and each command's help (`help COMMAND`,
/// `COMMAND --help`). A command's synopsis is taken from CliCommands::usage(), so it is written
/// once; this file adds what the command does and a line for each option.
class HelpTexts
{
public:
    /// The command names, in the order of the overview.
    static QStringList commands();
    /// What gantry-cli does, the usage of every command and one line on each.
    static QString overview();
    /// What command name does, its usage and its options; empty for an unknown command.
    static QString command(const QString& name);
};

} // namespace gantry::cli
