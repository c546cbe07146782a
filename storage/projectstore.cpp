#include "projectstore.h"

#include "gputypetable.h"
#include "historytable.h"
#include "lasthashes.h"
#include "projectopener.h"
#include "projectsave.h"
#include "projectsql.h"
#include "runtable.h"
#include "saveprogress.h"
#include "scenarioforms.h"
#include "scenariotable.h"
#include "sweeptable.h"
#include "transaction.h"

#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>

#include <optional>

namespace gantry::storage {

ProjectStore::ProjectStore(QString path, QString connection, bool readOnly)
    : m_path(std::move(path)), m_connection(std::move(connection)), m_readOnly(readOnly)
{}

Status ProjectStore::checkWritable() const
{
    if (m_readOnly)
        return ProjectSql::invalid(m_path,
                                   QStringLiteral("is open read-only (the file is not writable); "
                                                  "nothing was saved"));
    return {};
}

ProjectStore::~ProjectStore()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connection);
}

Result<std::unique_ptr<ProjectStore>> ProjectStore::open(const QString& path, OpenMode mode)
{
    auto opened = ProjectOpener::open(path, mode);
    if (!opened)
        return opened.error();
    return std::unique_ptr<ProjectStore>(
        new ProjectStore(path, opened.value().connection, opened.value().readOnly));
}

int ProjectStore::schemaVersion() const
{
    auto v = ProjectSql::scalar(QSqlDatabase::database(m_connection, false), m_path,
                                QStringLiteral("PRAGMA user_version"));
    return v ? v.value().toInt() : 0;
}

// The hashes of scenario are those the last forms made when they are of the same document
// (saved a moment ago, say); otherwise each is hashed only when asked for.
QString ProjectStore::scenarioHash(const Scenario& scenario)
{
    const QByteArray compact = ScenarioForms::unhashed(scenario).compact;
    if (const auto last = LastHashes::find(compact))
        return last->hash;
    return ScenarioForms::sha256(compact);
}

QString ProjectStore::contentHash(const Scenario& scenario)
{
    const ScenarioForms f = ScenarioForms::unhashed(scenario);
    if (const auto last = LastHashes::find(f.compact))
        return last->contentHash;
    return f.namelessHash();
}

LastHashes::Hashes ProjectStore::hashes(const Scenario& scenario)
{
    const ScenarioForms f = ScenarioForms::unhashed(scenario);
    if (const auto last = LastHashes::find(f.compact))
        return *last;
    return {ScenarioForms::sha256(f.compact), f.namelessHash()};
}

bool ProjectStore::ranOn(const StoredRun& run, const Scenario& scenario)
{
    // Serialised once; the full document is hashed only for a run of before the content hash.
    const ScenarioForms f = ScenarioForms::unhashed(scenario);
    if (const auto last = LastHashes::find(f.compact))
        return ranOn(run, *last);
    return run.scenarioHash == f.namelessHash() ||
           run.scenarioHash == ScenarioForms::sha256(f.compact);
}

bool ProjectStore::ranOn(const StoredRun& run, const LastHashes::Hashes& hashes)
{
    return run.scenarioHash == hashes.contentHash || run.scenarioHash == hashes.hash;
}

Result<std::vector<StoredScenario>> ProjectStore::scenarios() const
{
    return ScenarioTable(QSqlDatabase::database(m_connection, false), m_path).list();
}

Result<qint64> ProjectStore::addScenario(const Scenario& scenario)
{
    ProjectChanges c;
    c.addScenarios.push_back(&scenario);
    auto r = save(c);
    if (!r)
        return r.error();
    return r.value().scenarioIds.front();
}

Status ProjectStore::replaceScenario(qint64 id, const Scenario& scenario)
{
    ProjectChanges c;
    c.replaceScenarios.emplace_back(id, &scenario);
    auto r = save(c);
    if (!r)
        return r.error();
    return {};
}

Result<std::vector<qint64>> ProjectStore::recordRuns(const Scenario& scenario,
                                                     const std::vector<RunResult>& results,
                                                     bool addHistory, Feedback* feedback,
                                                     const ScenarioForms* forms)
{
    if (Status s = checkWritable(); !s)
        return s.error();
    std::vector<const RunResult*> each;
    each.reserve(results.size());
    for (const RunResult& r : results)
        each.push_back(&r);
    const ProjectSave::Runs runs{&scenario, &each, addHistory, 0, -1, forms};
    auto r = ProjectSave::apply(QSqlDatabase::database(m_connection, false), m_path,
                                ProjectChanges(), {runs}, feedback);
    if (!r)
        return r.error();
    return r.value().runIds;
}

Result<int> ProjectStore::appendHistory(const Scenario& context, const std::vector<Job>& jobs)
{
    if (Status s = checkWritable(); !s)
        return s.error();
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    Transaction t(db);
    if (Status s = t.begin(m_path); !s)
        return s.error();
    SaveProgress progress(nullptr, qint64(jobs.size()));
    auto added = HistoryTable(db, m_path).append(context, jobs, std::nullopt, progress);
    if (!added)
        return added.error();
    if (Status s = t.commit(m_path); !s)
        return s.error();
    return added.value();
}

Status ProjectStore::setGpuTypes(const std::vector<GpuType>& types)
{
    ProjectChanges c;
    c.gpuTypes = types;
    auto r = save(c);
    if (!r)
        return r.error();
    return {};
}

Result<SaveReport> ProjectStore::save(const ProjectChanges& changes, Feedback* feedback)
{
    if (Status s = checkWritable(); !s)
        return s.error();
    std::vector<ProjectSave::Runs> runs;
    runs.reserve(changes.runs.size());
    for (const RecordedRuns& r : changes.runs)
        runs.push_back({r.scenario, &r.results, r.addHistory, r.scenarioId, r.addedIndex, nullptr});
    return ProjectSave::apply(QSqlDatabase::database(m_connection, false), m_path, changes, runs,
                              feedback);
}

Result<qint64> ProjectStore::addSweep(const Scenario& base, const QByteArray& sweepJson,
                                      Feedback* feedback)
{
    ProjectChanges c;
    c.sweeps.push_back({base, sweepJson});
    auto r = save(c, feedback);
    if (!r)
        return r.error();
    return r.value().sweepIds.front();
}

Result<std::vector<StoredSweep>> ProjectStore::sweeps() const
{
    return SweepTable(QSqlDatabase::database(m_connection, false), m_path).list();
}

Result<StoredSweep> ProjectStore::sweep(qint64 id) const
{
    return SweepTable(QSqlDatabase::database(m_connection, false), m_path).one(id);
}

Result<std::vector<StoredSweepPoint>> ProjectStore::sweepPoints(qint64 id) const
{
    return SweepTable(QSqlDatabase::database(m_connection, false), m_path).points(id);
}

Result<std::vector<StoredRun>> ProjectStore::runs() const
{
    return RunTable(QSqlDatabase::database(m_connection, false), m_path).list();
}

Result<std::vector<JobRecord>> ProjectStore::runJobs(qint64 runId) const
{
    return RunTable(QSqlDatabase::database(m_connection, false), m_path).jobs(runId);
}

Result<std::vector<Job>> ProjectStore::history() const
{
    return HistoryTable(QSqlDatabase::database(m_connection, false), m_path).read();
}

Result<int> ProjectStore::historySize() const
{
    return HistoryTable(QSqlDatabase::database(m_connection, false), m_path).size();
}

Result<std::vector<GpuType>> ProjectStore::gpuTypes() const
{
    return GpuTypeTable(QSqlDatabase::database(m_connection, false), m_path).list();
}

Status ProjectStore::copyTo(const QString& target) const
{
    if (QFileInfo::exists(target))
        return ProjectSql::invalid(target, QStringLiteral("already exists"));
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("VACUUM INTO ?"));
    q.addBindValue(target);
    if (!q.exec())
        return ProjectSql::error(m_path, QStringLiteral("copying to %1").arg(target),
                                 q.lastError());
    return {};
}

} // namespace gantry::storage
