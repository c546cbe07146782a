#pragma once

#include "cliargs.h"
#include "model/job.h"
#include "model/scenario.h"
#include "run/runconfig.h"
#include "run/runresult.h"
#include "util/result.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace gantry::cli {

/// gantry-cli project FILE.gantry [--add SCENARIO.json,...] [--json], and the project side of
/// run and compare (--history trains predictors from a project; ProjectRecording records runs)
/// and of sweep (--project stores the sweep).
class ProjectCommand
{
public:
    /// Lists what the project holds; --add adds scenarios first (creating the file if needed).
    static int run(const QStringList& args);
    /// The history of the project at path (which must exist), for RunConfig::history.
    static Result<std::vector<Job>> loadHistory(const QString& path);
    /// With the run option --history in a, config's history loaded from that project; without
    /// it, config unchanged.
    static Status applyHistory(const CliArgs& a, RunConfig& config);
    /// Checks, before a long sweep, that path is a usable project when it exists and that it
    /// could be written: an existing file is not read-only, a missing one can be created in its
    /// folder.
    static Status checkWritable(const QString& path);
    /// Stores a finished sweep (its sweep.json, run on base) in the project at path (created if
    /// missing); the same sweep stored again replaces it. Prints a line on stderr.
    static Status recordSweep(const QString& path, const Scenario& base,
                              const QByteArray& sweepJson);
};

} // namespace gantry::cli
