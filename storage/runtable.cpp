#include "runtable.h"

#include "jobrecordcodec.h"
#include "projectsql.h"
#include "run/resultwriter.h"
#include "runconfigjson.h"
#include "scenarioforms.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QSqlQuery>

namespace gantry::storage {

RunTable::RunTable(QSqlDatabase db, QString path) : m_db(std::move(db)), m_path(std::move(path)) {}

Result<qint64> RunTable::record(qint64 scenarioId, const QString& hash, const RunResult& r,
                                const QByteArray& records, SaveProgress& progress)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral(
        "INSERT INTO runs (scenario_id, scenario_hash, policy, placement, predictor, seed, "
        "version, config_json, summary_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, "
        "?)"));
    q.addBindValue(scenarioId);
    q.addBindValue(hash);
    q.addBindValue(r.config.policy);
    q.addBindValue(r.config.placement);
    q.addBindValue(r.config.predictor);
    q.addBindValue(qint64(r.config.seed)); // bit pattern; read back as unsigned
    q.addBindValue(QStringLiteral(GANTRY_VERSION));
    q.addBindValue(QString::fromUtf8(ScenarioForms::canonical(RunConfigJson::toJson(r.config))));
    q.addBindValue(QString::fromUtf8(ScenarioForms::canonical(ResultWriter::summaryJson(r))));
    q.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    if (!q.exec())
        return ProjectSql::error(m_path, QStringLiteral("recording a run"), q.lastError());
    const qint64 runId = q.lastInsertId().toLongLong();
    // One compressed column blob instead of a row per job (schema 4); progress still counts
    // the jobs, so a save reports (and may be cancelled) as often as before.
    for (std::size_t i = 0; i < r.jobs.size(); ++i)
        if (Status st = progress.step(); !st)
            return st.error();
    QSqlQuery j(m_db);
    j.prepare(QStringLiteral("INSERT INTO run_results (run_id, jobs, data) VALUES (?, ?, ?)"));
    j.addBindValue(runId);
    j.addBindValue(qint64(r.jobs.size()));
    j.addBindValue(records);
    if (!j.exec())
        return ProjectSql::error(m_path, QStringLiteral("recording a run's jobs"), j.lastError());
    return runId;
}

Result<std::vector<StoredRun>> RunTable::list() const
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral(
            "SELECT r.id, r.scenario_id, s.name, r.scenario_hash, r.policy, r.placement, "
            "r.predictor, r.seed, r.version, r.created_at, r.config_json, r.summary_json, "
            "COALESCE((SELECT x.jobs FROM run_results x WHERE x.run_id = r.id), "
            "(SELECT COUNT(*) FROM run_jobs j WHERE j.run_id = r.id)) "
            "FROM runs r JOIN scenarios s ON s.id = r.scenario_id ORDER BY r.id")))
        return ProjectSql::error(m_path, QStringLiteral("listing runs"), q.lastError());
    std::vector<StoredRun> out;
    while (q.next()) {
        StoredRun r;
        r.id = q.value(0).toLongLong();
        r.scenarioId = q.value(1).toLongLong();
        r.scenarioName = q.value(2).toString();
        r.scenarioHash = q.value(3).toString();
        r.policy = q.value(4).toString();
        r.placement = q.value(5).toString();
        r.predictor = q.value(6).toString();
        r.seed = std::uint64_t(q.value(7).toLongLong());
        r.version = q.value(8).toString();
        r.createdAt = q.value(9).toString();
        r.config = QJsonDocument::fromJson(q.value(10).toString().toUtf8()).object();
        r.summary = QJsonDocument::fromJson(q.value(11).toString().toUtf8()).object();
        r.jobs = q.value(12).toInt();
        out.push_back(std::move(r));
    }
    return out;
}

Result<std::vector<JobRecord>> RunTable::jobs(qint64 runId) const
{
    {
        // Schema 4 on: one blob per run. Runs recorded before have rows in run_jobs.
        QSqlQuery b(m_db);
        b.prepare(QStringLiteral("SELECT data, jobs FROM run_results WHERE run_id = ?"));
        b.addBindValue(runId);
        if (!b.exec())
            return ProjectSql::error(m_path, QStringLiteral("reading a run"), b.lastError());
        if (b.next()) {
            auto jobs = JobRecordCodec::decode(b.value(0).toByteArray());
            if (!jobs || qint64(jobs->size()) != b.value(1).toLongLong())
                return ProjectSql::invalid(m_path, QStringLiteral("is corrupt: the results of "
                                                                  "run %1 are damaged")
                                                       .arg(runId));
            return std::move(*jobs);
        }
    }
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral(
        "SELECT job_id, arrival_s, start_s, finish_s, jct_s, queue_delay_s, gpus, servers, "
        "preemptions, predicted_iterations, iterations, gpu_seconds, cross_server_bytes "
        "FROM run_jobs WHERE run_id = ? ORDER BY position"));
    q.addBindValue(runId);
    if (!q.exec())
        return ProjectSql::error(m_path, QStringLiteral("reading a run"), q.lastError());
    std::vector<JobRecord> out;
    while (q.next()) {
        JobRecord j;
        j.id = q.value(0).toString();
        j.arrivalS = q.value(1).toDouble();
        j.startS = q.value(2).toDouble();
        j.finishS = q.value(3).toDouble();
        j.jctS = q.value(4).toDouble();
        j.queueDelayS = q.value(5).toDouble();
        j.gpus = q.value(6).toInt();
        j.servers = q.value(7).toInt();
        j.preemptions = q.value(8).toInt();
        j.predictedIterations = q.value(9).toDouble();
        j.iterations = q.value(10).toDouble();
        j.gpuSeconds = q.value(11).toDouble();
        j.crossServerBytes = q.value(12).toDouble();
        out.push_back(std::move(j));
    }
    return out;
}

} // namespace gantry::storage
