#pragma once

#include "cliargs.h"
#include "run/runconfig.h"
#include "util/result.h"

#include <QFlags>
#include <QList>
#include <QString>
#include <QStringList>

namespace gantry::cli {

/// The run options, what selects a run besides the scenario (README.md, "The command line"),
/// written once for gantry-cli's run and compare and gantry-report's report and animate: their
/// names for CliArgs::parse, their parsing into a RunConfig, their usage items and their help.
class RunOptions
{
public:
    /// The groups of run options; each command takes the groups it names.
    enum Group
    {
        Policy = 0x1,    ///< --policy
        Engine = 0x2,    ///< --placement, --predictor, --seed, --contention, --restart-overhead,
                         ///< --mapping-backend
        Project = 0x4,   ///< --project, --history (ProjectRecording and ProjectCommand read them)
        FirstJobs = 0x8, ///< --first-jobs (gantry-cli keeps the first N jobs of the scenario)
    };
    Q_DECLARE_FLAGS(Groups, Group)

    /// One run option.
    struct Option
    {
        QString name;  ///< without the dashes, as CliArgs knows it
        QString value; ///< what the value stands for ("P", "none|fair")
        QString help;  ///< the help line
        /// "--name VALUE".
        QString shown() const;
    };

    /// The options of groups, in the order of the help: policy, engine, project, first jobs.
    static QList<Option> options(Groups groups);
    /// The names of the options of groups, for CliArgs::parse.
    static QStringList names(Groups groups);
    /// The usage items of groups ("[--placement M]", ...), in the order of options().
    static QStringList synopsis(Groups groups);
    /// head, then items separated by spaces in lines of at most 83 columns, each further line
    /// indented by indent spaces; the lines end in a newline.
    static QString usageLines(const QString& head, const QStringList& items, int indent);

    /// defaults with the run options given in a applied (--policy, --placement, --predictor,
    /// --seed, --contention, --mapping-backend, --restart-overhead); a value out of its range is
    /// an invalid-input error naming its option.
    static Result<RunConfig> config(const CliArgs& a, RunConfig defaults);
};

Q_DECLARE_OPERATORS_FOR_FLAGS(RunOptions::Groups)

} // namespace gantry::cli
