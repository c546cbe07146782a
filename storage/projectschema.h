#pragma once

#include "util/result.h"

#include <QSqlDatabase>
#include <QString>

namespace gantry::storage {

/// The schema of a project file and its forward migrations. Version N is `PRAGMA user_version`
/// N; version 0 is an empty database. Each migration is applied inside the caller's transaction.
///
/// - v1: meta, scenarios, runs, run_jobs, history_contexts, history.
/// - v2: gpu_types (project-level GPU catalogue overrides); run_jobs.gpu_seconds and
///   run_jobs.cross_server_bytes; history.run_id (the run that added a history job).
/// - v3: sweeps and sweep_points (stored capacity-planning sweeps).
/// - v4: run_results (a run's per-job results as one compressed column blob), history_batches
///   (history added in compressed batches), scenarios.json_z (the scenario JSON compressed).
/// - v5: run_results blobs written as GRJ2 (JobRecordCodec), about half the bytes of GRJ1
///   before compression; scenarios.content_hash.
/// - v6: history_batches.scenario_id (a batch of every job of a stored scenario refers to its
///   row instead of holding a compressed copy of the jobs).
class ProjectSchema
{
public:
    /// The schema version this build writes.
    static constexpr int CurrentVersion = 6;
    /// `PRAGMA application_id` of every Gantry project ("GANT").
    static constexpr int ApplicationId = 0x47414E54;

    /// Applies the migrations from version `from` (0: empty database) up to `to` in order, and
    /// sets user_version to `to`. The caller holds a write transaction. O(rows touched).
    static Status migrate(QSqlDatabase& db, int from, int to, const QString& fileName);
};

} // namespace gantry::storage
