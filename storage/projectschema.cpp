#include "projectschema.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

namespace gantry::storage {

namespace {

// migrations[i] takes the schema from version i to version i + 1. Never edit a released entry:
// files of that version exist; add a new one instead.
const QList<QStringList>& migrations()
{
    static const QList<QStringList> list = {
        // 0 -> 1: the first schema.
        {
            QStringLiteral("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"),
            QStringLiteral(
                "INSERT INTO meta (key, value) VALUES ('application', 'gantry-project')"),
            QStringLiteral("CREATE TABLE scenarios (id INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                           "hash TEXT NOT NULL, json TEXT NOT NULL)"),
            QStringLiteral("CREATE INDEX scenarios_hash ON scenarios (hash)"),
            QStringLiteral(
                "CREATE TABLE runs (id INTEGER PRIMARY KEY, "
                "scenario_id INTEGER NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE, "
                "scenario_hash TEXT NOT NULL, policy TEXT NOT NULL, placement TEXT NOT NULL, "
                "predictor TEXT NOT NULL, seed INTEGER NOT NULL, version TEXT NOT NULL, "
                "config_json TEXT NOT NULL, summary_json TEXT NOT NULL, created_at TEXT NOT NULL)"),
            QStringLiteral("CREATE INDEX runs_scenario ON runs (scenario_id)"),
            QStringLiteral(
                "CREATE TABLE run_jobs (run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE "
                "CASCADE, position INTEGER NOT NULL, job_id TEXT NOT NULL, arrival_s REAL NOT "
                "NULL, "
                "start_s REAL NOT NULL, finish_s REAL NOT NULL, jct_s REAL NOT NULL, "
                "queue_delay_s REAL NOT NULL, gpus INTEGER NOT NULL, servers INTEGER NOT NULL, "
                "preemptions INTEGER NOT NULL, predicted_iterations REAL NOT NULL, "
                "iterations REAL NOT NULL, PRIMARY KEY (run_id, position)) WITHOUT ROWID"),
            QStringLiteral("CREATE TABLE history_contexts (id INTEGER PRIMARY KEY, "
                           "hash TEXT NOT NULL UNIQUE, json TEXT NOT NULL)"),
            QStringLiteral("CREATE TABLE history (id INTEGER PRIMARY KEY, "
                           "context_id INTEGER NOT NULL REFERENCES history_contexts (id), "
                           "job_id TEXT NOT NULL, job_json TEXT NOT NULL, job_hash TEXT NOT NULL, "
                           "iterations REAL NOT NULL, UNIQUE (context_id, job_hash))"),
            QStringLiteral("PRAGMA application_id = %1").arg(ProjectSchema::ApplicationId),
        },
        // 1 -> 2: GPU catalogue overrides, two more per-job results, where history came from.
        {
            QStringLiteral("CREATE TABLE gpu_types (name TEXT PRIMARY KEY, tflops REAL NOT NULL, "
                           "memory_gb REAL NOT NULL, speed REAL NOT NULL)"),
            QStringLiteral("ALTER TABLE run_jobs ADD COLUMN gpu_seconds REAL NOT NULL DEFAULT 0"),
            QStringLiteral(
                "ALTER TABLE run_jobs ADD COLUMN cross_server_bytes REAL NOT NULL DEFAULT 0"),
            QStringLiteral("ALTER TABLE history ADD COLUMN run_id INTEGER "
                           "REFERENCES runs (id) ON DELETE SET NULL"),
        },
        // 2 -> 3: sweeps and their points.
        {
            QStringLiteral(
                "CREATE TABLE sweeps (id INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                "hash TEXT NOT NULL UNIQUE, "
                "scenario_id INTEGER REFERENCES scenarios (id) ON DELETE SET NULL, "
                "config_json TEXT NOT NULL, result_json TEXT NOT NULL, points INTEGER NOT NULL, "
                "version TEXT NOT NULL, created_at TEXT NOT NULL)"),
            QStringLiteral(
                "CREATE TABLE sweep_points (sweep_id INTEGER NOT NULL REFERENCES sweeps (id) ON "
                "DELETE CASCADE, position INTEGER NOT NULL, values_json TEXT NOT NULL, "
                "metrics_json TEXT NOT NULL, cost_usd REAL, cloud_cost_usd REAL, "
                "feasible INTEGER NOT NULL, meets_target INTEGER NOT NULL, "
                "infeasible_reason TEXT NOT NULL, PRIMARY KEY (sweep_id, position)) WITHOUT ROWID"),
        },
        // 3 -> 4: compact runs and history. A run's per-job results become one compressed
        // column blob (run_results) and history is added in batches (history_batches: the jobs'
        // canonical JSON compressed, and 16 bytes of each job's hash for keeping identical jobs
        // once); scenarios gain a compressed copy of their JSON (json_z, json then empty).
        // run_jobs and history rows of older files stay and are still read.
        {
            QStringLiteral("CREATE TABLE run_results (run_id INTEGER PRIMARY KEY REFERENCES runs "
                           "(id) ON DELETE CASCADE, jobs INTEGER NOT NULL, data BLOB NOT NULL)"),
            QStringLiteral(
                "CREATE TABLE history_batches (id INTEGER PRIMARY KEY, "
                "context_id INTEGER NOT NULL REFERENCES history_contexts (id), "
                "run_id INTEGER REFERENCES runs (id) ON DELETE SET NULL, source_hash TEXT, "
                "jobs INTEGER NOT NULL, hashes BLOB NOT NULL, data BLOB NOT NULL)"),
            QStringLiteral("CREATE INDEX history_batches_context ON history_batches (context_id)"),
            QStringLiteral("ALTER TABLE scenarios ADD COLUMN json_z BLOB"),
        },
        // 4 -> 5: run_results.data may now hold a GRJ2 blob (whole microseconds and small
        // integers as variable-length integers, ids sharing prefixes: storage/jobrecordcodec.cpp),
        // which a schema-4 Gantry cannot read; GRJ1 blobs of older files stay and are still read.
        // Scenarios keep their content hash (the name left out) beside their hash, so that
        // opening a project does not serialise every scenario again to find it (NULL for rows
        // of older files: computed when needed, as before).
        {
            QStringLiteral("ALTER TABLE scenarios ADD COLUMN content_hash TEXT"),
        },
        // 5 -> 6: a history batch of every job of a stored scenario may refer to that scenario's
        // row (scenario_id, its data then empty) instead of holding a compressed copy of the
        // jobs; the batch gets its copy before the row's content is replaced.
        {
            QStringLiteral("ALTER TABLE history_batches ADD COLUMN scenario_id INTEGER "
                           "REFERENCES scenarios (id)"),
        },
    };
    return list;
}

} // namespace

Status ProjectSchema::migrate(QSqlDatabase& db, int from, int to, const QString& fileName)
{
    static_assert(CurrentVersion == 6, "add the migration to migrations()");
    if (from < 0 || to > int(migrations().size()) || from > to)
        return Error::internal(QStringLiteral("%1: no migration from schema %2 to %3")
                                   .arg(fileName)
                                   .arg(from)
                                   .arg(to));
    for (int v = from; v < to; ++v) {
        for (const QString& sql : migrations()[v]) {
            QSqlQuery q(db);
            if (!q.exec(sql))
                return Error::internal(QStringLiteral("%1: migrating schema %2 to %3 failed: %4")
                                           .arg(fileName)
                                           .arg(v)
                                           .arg(v + 1)
                                           .arg(q.lastError().text()));
        }
    }
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA user_version = %1").arg(to)))
        return Error::internal(QStringLiteral("%1: setting the schema version failed: %2")
                                   .arg(fileName, q.lastError().text()));
    return {};
}

} // namespace gantry::storage
