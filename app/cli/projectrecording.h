#pragma once

#include "cliargs.h"
#include "model/scenario.h"
#include "run/runresult.h"
#include "storage/projectstore.h"
#include "storage/scenarioforms.h"
#include "util/result.h"

#include <QString>

#include <future>
#include <memory>
#include <vector>

namespace gantry::cli {

/// The --project side of run, compare and report: checks the project before the runs, makes the
/// scenario's stored forms on another core while they go on, and records them afterwards through
/// the connection it checked with (a project is opened, and its integrity checked, once).
class ProjectRecording
{
public:
    /// Checks path (an existing file must be a writable-or-not Gantry project; a missing one is
    /// created by record()) and starts the forms of scenario, which must outlive this object.
    static Result<std::unique_ptr<ProjectRecording>> start(const QString& path,
                                                           const Scenario& scenario);
    /// start() on the project of the run option --project in a; null without it.
    static Result<std::unique_ptr<ProjectRecording>> fromOptions(const CliArgs& a,
                                                                 const Scenario& scenario);
    /// Records results of the scenario and adds its finished jobs to the history, in one
    /// transaction; prints a line on stderr.
    Status record(const std::vector<RunResult>& results);

private:
    ProjectRecording(QString path, const Scenario& scenario,
                     std::unique_ptr<storage::ProjectStore> store);

    QString m_path;
    const Scenario& m_scenario;
    std::unique_ptr<storage::ProjectStore> m_store; // null while the file does not exist
    std::future<storage::ScenarioForms> m_forms;
};

} // namespace gantry::cli
