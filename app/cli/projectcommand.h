#pragma once

#include "model/job.h"
#include "model/scenario.h"
#include "run/runresult.h"
#include "storage/scenarioforms.h"
#include "util/result.h"

#include <QString>
#include <QStringList>

#include <future>
#include <vector>

namespace gantry::cli {

/// gantry-cli project FILE.gantry [--add SCENARIO.json,...] [--json], and the project side of
/// run and compare (--project records runs, --history trains predictors from a project) and of
/// sweep (--project stores the sweep).
class ProjectCommand
{
public:
    /// Lists what the project holds; --add adds scenarios first (creating the file if needed).
    static int run(const QStringList& args);
    /// The history of the project at path (which must exist), for RunConfig::history.
    static Result<std::vector<Job>> loadHistory(const QString& path);
    /// Checks, before a long run, that path is a usable project when it exists (a missing one
    /// is created by record()).
    static Status check(const QString& path);
    /// check(), and that the project could be written: an existing file is not read-only, a
    /// missing one can be created in its folder.
    static Status checkWritable(const QString& path);
    /// Records results of scenario in the project at path (created if missing) and adds the
    /// scenario's finished jobs to its history; one transaction. forms, when valid, are the
    /// scenario's forms started before the runs (storage::ScenarioForms::ahead). Prints a line
    /// on stderr.
    static Status record(const QString& path, const Scenario& scenario,
                         const std::vector<RunResult>& results,
                         std::future<storage::ScenarioForms> forms = {});
    /// Stores a finished sweep (its sweep.json, run on base) in the project at path (created if
    /// missing); the same sweep stored again replaces it. Prints a line on stderr.
    static Status recordSweep(const QString& path, const Scenario& base,
                              const QByteArray& sweepJson);
};

} // namespace gantry::cli
