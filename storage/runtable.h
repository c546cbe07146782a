#pragma once

#include "run/runresult.h"
#include "saveprogress.h"
#include "sim/jobrecord.h"
#include "storedrun.h"
#include "util/result.h"

#include <QByteArray>
#include <QSqlDatabase>
#include <QString>

#include <vector>

namespace gantry::storage {

/// The runs of an open project: the runs table and their per-job results (run_results, one
/// JobRecordCodec blob per run; run_jobs, a row per job, in files before schema 4). Writes go
/// inside the caller's transaction and count their rows in its SaveProgress; errors name the
/// project file.
class RunTable
{
public:
    /// The tables of the project open on db, whose file is path.
    RunTable(QSqlDatabase db, QString path);

    /// Records run r of scenario row scenarioId (whose content hash is hash), its job records
    /// encoded (JobRecordCodec::encode) to records; one progress step per job. Returns its id.
    Result<qint64> record(qint64 scenarioId, const QString& hash, const RunResult& r,
                          const QByteArray& records, SaveProgress& progress);
    /// Every recorded run, by id.
    Result<std::vector<StoredRun>> list() const;
    /// The per-job results of run runId, in scenario order. O(jobs).
    Result<std::vector<JobRecord>> jobs(qint64 runId) const;

private:
    QSqlDatabase m_db;
    QString m_path;
};

} // namespace gantry::storage
