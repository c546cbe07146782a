#pragma once

#include "model/job.h"
#include "model/scenario.h"
#include "saveprogress.h"
#include "scenarioforms.h"
#include "util/result.h"

#include <QSqlDatabase>
#include <QString>

#include <optional>
#include <vector>

namespace gantry::storage {

/// The job history of an open project: the clusters the jobs ran on (history_contexts), the
/// jobs added in compressed batches (history_batches), a batch of every job of a stored scenario
/// referring to that scenario's row, and, in files before schema 4, a row per job (history).
/// Identical jobs of one context are kept once. Writes go inside the caller's transaction and count
/// their rows in its SaveProgress; errors name the project file.
class HistoryTable
{
public:
    /// The tables of the project open on db, whose file is path.
    HistoryTable(QSqlDatabase db, QString path);

    /// Appends jobs to the history of context's cluster as one batch, added by run runId when
    /// given; jobs identical to one the context holds (or to an earlier one of the batch) are
    /// left out. forms, when given, are context's with exactly these jobs (saves serialising
    /// again); a batch of a scenario whose jobs were all added before (same content hash) adds
    /// nothing and hashes nothing. scenarioId, when given with forms, is the scenario row that
    /// may store forms' document: when it does (same hash) and every job is new, the batch refers
    /// to that row instead of holding a compressed copy of the jobs (schema 6). One progress step
    /// per job. Returns how many were new.
    Result<int> append(const Scenario& context, const std::vector<Job>& jobs,
                       std::optional<qint64> runId, SaveProgress& progress,
                       const ScenarioForms* forms = nullptr,
                       std::optional<qint64> scenarioId = std::nullopt);
    /// Gives the batches that refer to scenario row scenarioId a compressed copy of its jobs, read
    /// from the row as it is now: called before the row's content is replaced.
    Status detach(qint64 scenarioId);
    /// The history in the order it was added. O(jobs).
    Result<std::vector<Job>> read() const;
    /// Number of history jobs.
    Result<int> size() const;

private:
    QSqlDatabase m_db;
    QString m_path;
};

} // namespace gantry::storage
