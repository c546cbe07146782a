#pragma once

#include "util/result.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace gantry::cli {

/// Exit statuses of the command-line contract (README.md, "The command line").
enum ExitCode
{
    ExitOk = 0,
    ExitInternal = 1,
    ExitInvalid = 2
};

/// Minimal strict option parser: `--name value`, `--name=value` and flags; anything unknown is
/// an error so that a typo never silently falls back to a default.
class CliArgs
{
public:
    /// Parses args (without the program and command names). valueOptions take a value, flags
    /// do not. Fails on unknown options or missing values.
    static Result<CliArgs> parse(const QStringList& args, const QStringList& valueOptions,
                                 const QStringList& flags);

    /// True when args ask for help (--help or -h among them): the command prints its help
    /// instead of running.
    static bool asksForHelp(const QStringList& args);

    /// Positional arguments in order.
    const QStringList& positional() const { return m_positional; }
    /// Value of --name, if given.
    std::optional<QString> value(const QString& name) const;
    /// True when flag --name was given.
    bool flag(const QString& name) const { return m_flags.contains(name); }

private:
    QStringList m_positional;
    QStringList m_flags;
    QList<QPair<QString, QString>> m_values;
};

} // namespace gantry::cli
