#include "runrequest.h"

#include "storage/projectstore.h"
#include "storage/runconfigjson.h"

namespace gantry::ui {

Result<RunRequest> RunRequest::savedRun(const storage::StoredRun& run, int scenarioIndex,
                                        const Scenario& scenario, const Share& share,
                                        const storage::LastHashes::Hashes& hashes)
{
    if (!storage::ProjectStore::ranOn(run, hashes))
        return Error::invalid(tr("Saved run %1 ran an earlier version of %2: its schedule cannot "
                                 "be shown again (run the scenario anew).")
                                  .arg(run.id)
                                  .arg(scenario.name));
    int historyJobs = 0;
    auto config = storage::RunConfigJson::fromJson(run.config, &historyJobs);
    if (!config)
        return Error::invalid(tr("Saved run %1: %2").arg(run.id).arg(config.error().message));
    if (historyJobs > 0)
        return Error::invalid(tr("Saved run %1 trained its predictor on %2 history jobs that the "
                                 "project does not keep apart: its schedule cannot be shown again "
                                 "exactly.")
                                  .arg(run.id)
                                  .arg(historyJobs));
    RunRequest request;
    request.scenario = share();
    request.scenarioIndex = scenarioIndex;
    request.configs = {std::move(config).value()};
    request.origin = Origin::Replay;
    return request;
}

RunRequest RunRequest::savedRuns(const std::vector<storage::StoredRun>& runs, int scenarioIndex,
                                 const Share& share, const storage::LastHashes::Hashes& hashes,
                                 int* skipped)
{
    RunRequest request;
    request.scenarioIndex = scenarioIndex;
    request.origin = Origin::Replay;
    *skipped = 0;
    for (const storage::StoredRun& r : runs) {
        int historyJobs = 0;
        auto config = storage::RunConfigJson::fromJson(r.config, &historyJobs);
        // Runs of an earlier version, or trained on a history the project does not keep
        // apart, cannot be shown exactly; the tree still lists them.
        if (!config || historyJobs > 0 || !storage::ProjectStore::ranOn(r, hashes)) {
            ++*skipped;
            continue;
        }
        request.configs << config.value();
    }
    if (!request.configs.isEmpty())
        request.scenario = share();
    return request;
}

} // namespace gantry::ui
