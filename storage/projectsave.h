#pragma once

#include "model/scenario.h"
#include "projectchanges.h"
#include "run/runresult.h"
#include "scenarioforms.h"
#include "util/feedback.h"
#include "util/result.h"

#include <QSqlDatabase>
#include <QString>

#include <vector>

namespace gantry::storage {

/// One save of a writable project: a ProjectChanges applied in one `BEGIN IMMEDIATE`
/// transaction, in a fixed order (added scenarios, replaced scenarios, runs with their
/// history, GPU types, sweeps), all of it or nothing. The runs' job records are encoded on
/// another thread while it writes (RecordsAhead); progress and cancel go through a
/// SaveProgress counting every row.
class ProjectSave
{
public:
    /// One scenario's runs to record, by reference: a save copies neither the scenario nor the
    /// results.
    struct Runs
    {
        const Scenario* scenario;
        const std::vector<const RunResult*>* results;
        bool addHistory;
        qint64 scenarioId;          ///< RecordedRuns::scenarioId
        int addedIndex;             ///< RecordedRuns::addedIndex
        const ScenarioForms* forms; ///< the scenario's forms when computed ahead, else null
    };

    /// Applies changes, with runs in place of changes.runs, in one transaction of db (the
    /// writable project at path). O(rows written).
    static Result<SaveReport> apply(QSqlDatabase db, const QString& path,
                                    const ProjectChanges& changes, const std::vector<Runs>& runs,
                                    Feedback* feedback);

private:
    static qint64 rowCount(const ProjectChanges& changes, const std::vector<Runs>& runs);
};

} // namespace gantry::storage
