#pragma once

#include "model/scenario.h"
#include "run/runconfig.h"
#include "storage/lasthashes.h"
#include "storage/storedrun.h"
#include "util/result.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace gantry::ui {

/// What RunSession::start() runs, and for whom: the origin decides whether the runs are new
/// results for the project and what the status says when they end.
struct RunRequest
{
    Q_DECLARE_TR_FUNCTIONS(RunRequest)

public:
    /// Where the request comes from.
    enum class Origin
    {
        User,      ///< the user's run: new results, added to the project
        Replay,    ///< saved runs shown again: they are in the project already
        PlanPoint, ///< a point of the Plan view's sweep, shown and not recorded
    };

    std::shared_ptr<const Scenario> scenario; ///< what the runs run (shared by their results)
    int scenarioIndex = -1;   ///< its index in the project; -1 outside it (a plan point)
    QList<RunConfig> configs; ///< one run each, in order
    Origin origin = Origin::User;
    QString label; ///< a plan point in words, for the status text

    /// Gives the scenario to run, shared (ProjectDocument::snapshot); called only when a run
    /// can be shown.
    using Share = std::function<std::shared_ptr<const Scenario>()>;

    /// Shows saved run `run` of scenario (index scenarioIndex of the project, shared by share)
    /// again: runs are deterministic, so its configuration on that scenario gives the schedule
    /// that was saved. An error in words when it cannot be shown exactly: it ran an earlier
    /// version of the scenario, its configuration cannot be read, or its predictor trained on a
    /// history that the project does not keep apart. hashes are the scenario's
    /// (ProjectStore::hashes; the document keeps them), compared with the run's.
    static Result<RunRequest> savedRun(const storage::StoredRun& run, int scenarioIndex,
                                       const Scenario& scenario, const Share& share,
                                       const storage::LastHashes::Hashes& hashes);
    /// Shows those of runs (saved runs of scenario, whose hashes are hashes) that can be shown
    /// exactly, in their order; skipped counts the others. No configuration when none can.
    static RunRequest savedRuns(const std::vector<storage::StoredRun>& runs, int scenarioIndex,
                                const Share& share, const storage::LastHashes::Hashes& hashes,
                                int* skipped);
};

} // namespace gantry::ui
