#pragma once

#include "lasthashes.h"

#include "model/gputype.h"
#include "model/job.h"
#include "model/scenario.h"
#include "projectchanges.h"
#include "scenarioforms.h"
#include "sim/jobrecord.h"
#include "storedrun.h"
#include "storedscenario.h"
#include "storedsweep.h"
#include "storedsweeppoint.h"
#include "util/feedback.h"
#include "util/result.h"

#include <QString>

#include <memory>
#include <vector>

namespace gantry::storage {

/// One open project file (`.gantry`, SQLite): scenarios (as their JSON text), GPU catalogue
/// overrides, recorded runs, the job history predictors train on and stored sweeps.
///
/// Opening inspects the file before anything may write to it: the SQLite header and
/// `application_id`, then a read-only connection checks `user_version` and integrity. Only a
/// Gantry project of this or an older schema is opened for writing (foreign keys on, WAL, a
/// short busy timeout) and migrated forward. Every save is one `BEGIN IMMEDIATE` transaction,
/// so an interrupted save leaves the previous content intact. A file without write permission
/// (or opened with OpenMode::ReadOnly) opens read-only: reads work, every write is an error
/// saying so, and nothing (not even a migration) touches the file. Errors are
/// ErrorKind::InvalidInput naming the file. Not thread-safe: use a store from one thread.
class ProjectStore
{
public:
    /// Whether open() may create a missing file.
    enum class OpenMode
    {
        Existing,        ///< the file must exist
        CreateIfMissing, ///< a missing file becomes a new, empty project
        ReadOnly,        ///< the file must exist; it is never written
    };

    /// Opens (or creates) the project at path; see the class comment for the checks.
    static Result<std::unique_ptr<ProjectStore>> open(const QString& path,
                                                      OpenMode mode = OpenMode::Existing);
    /// Closes the connection.
    ~ProjectStore();
    ProjectStore(const ProjectStore&) = delete;
    ProjectStore& operator=(const ProjectStore&) = delete;

    /// The file's path as given to open().
    QString path() const { return m_path; }
    /// Schema version of the file (ProjectSchema::CurrentVersion once open).
    int schemaVersion() const;
    /// True when the project was opened read-only (OpenMode::ReadOnly or no write permission).
    bool readOnly() const { return m_readOnly; }

    /// Every scenario, by id.
    Result<std::vector<StoredScenario>> scenarios() const;
    /// Adds scenario (or finds an identical one); returns its id.
    Result<qint64> addScenario(const Scenario& scenario);
    /// Replaces the content of scenario id; its runs stay and keep the hash they ran with.
    Status replaceScenario(qint64 id, const Scenario& scenario);

    /// Records the runs of scenario (adding it if needed) and, with addHistory, its finished
    /// jobs to the history; one transaction. forms, when given, are scenario's, computed ahead
    /// (ScenarioForms::ahead, while the runs went on). Returns the run ids.
    Result<std::vector<qint64>> recordRuns(const Scenario& scenario,
                                           const std::vector<RunResult>& results,
                                           bool addHistory = true, Feedback* feedback = nullptr,
                                           const ScenarioForms* forms = nullptr);
    /// Every recorded run, by id.
    Result<std::vector<StoredRun>> runs() const;
    /// The per-job results of run id, in scenario order.
    Result<std::vector<JobRecord>> runJobs(qint64 runId) const;

    /// Appends jobs (finished, true iterations known) of context's cluster to the history;
    /// identical jobs are kept once. Returns how many were new.
    Result<int> appendHistory(const Scenario& context, const std::vector<Job>& jobs);
    /// The history in the order it was added, ready for RunConfig::history. O(jobs).
    Result<std::vector<Job>> history() const;
    /// Number of history jobs.
    Result<int> historySize() const;

    /// Stores a finished sweep (plan::SweepSession::sweepJson()) run on base (stored as a
    /// scenario row unless an identical one exists), with its points; one transaction. A sweep
    /// of the same hash (sweep_sha256) already stored is replaced and keeps its id. Returns it.
    Result<qint64> addSweep(const Scenario& base, const QByteArray& sweepJson,
                            Feedback* feedback = nullptr);
    /// Every stored sweep, by id, without its sweep.json (StoredSweep::result stays empty).
    Result<std::vector<StoredSweep>> sweeps() const;
    /// Stored sweep id with its whole sweep.json.
    Result<StoredSweep> sweep(qint64 id) const;
    /// The points of sweep id, in point order. O(points).
    Result<std::vector<StoredSweepPoint>> sweepPoints(qint64 id) const;

    /// The project-level GPU catalogue overrides, by name.
    Result<std::vector<GpuType>> gpuTypes() const;
    /// Replaces the GPU catalogue overrides.
    Status setGpuTypes(const std::vector<GpuType>& types);

    /// Applies changes in one transaction: all of them or, on any error, cancellation through
    /// feedback or a crash, none. O(rows written).
    Result<SaveReport> save(const ProjectChanges& changes, Feedback* feedback = nullptr);

    /// Copies the whole project to target (which must not exist) as one consistent snapshot.
    Status copyTo(const QString& target) const;

    /// SHA-256 (hex) of the scenario's canonical JSON: equal scenarios give equal hashes.
    static QString scenarioHash(const Scenario& scenario);
    /// SHA-256 (hex) of what a run depends on: the scenario's canonical JSON without its name,
    /// so that renaming a scenario keeps its runs. Runs are recorded with it.
    static QString contentHash(const Scenario& scenario);
    /// scenarioHash and contentHash of scenario from one serialisation (each of the two alone
    /// serialises the whole scenario: a second of work for a million jobs).
    static LastHashes::Hashes hashes(const Scenario& scenario);
    /// True when run ran scenario as it is now, up to its name (runs recorded before the
    /// content hash carry the full scenarioHash, name included).
    static bool ranOn(const StoredRun& run, const Scenario& scenario);
    /// The same from the scenario's hashes (hashes()), for a caller that keeps them. O(1).
    static bool ranOn(const StoredRun& run, const LastHashes::Hashes& hashes);

private:
    explicit ProjectStore(QString path, QString connection, bool readOnly);
    Status checkWritable() const;

    QString m_path;
    QString m_connection;
    bool m_readOnly = false;
};

} // namespace gantry::storage
