#include "projectstore.h"

#include "io/scenarioreader.h"
#include "jobrecordcodec.h"
#include "lasthashes.h"
#include "projectopener.h"
#include "projectsql.h"
#include "recordsahead.h"
#include "run/resultwriter.h"
#include "runconfigjson.h"
#include "scenarioforms.h"
#include "transaction.h"

#include <QDateTime>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>
#include <QVariant>

#include <cstring>
#include <optional>
#include <unordered_set>

namespace gantry::storage {

namespace {

// The first 16 bytes of a history job's SHA-256: what keeps identical jobs once.
struct JobKey
{
    static constexpr int Size = ScenarioForms::JobKeySize;
    quint64 a = 0;
    quint64 b = 0;

    static JobKey of(const QByteArray& bytes)
    {
        JobKey k;
        if (bytes.size() >= Size) {
            std::memcpy(&k.a, bytes.constData(), 8);
            std::memcpy(&k.b, bytes.constData() + 8, 8);
        }
        return k;
    }
    bool operator==(const JobKey&) const = default;
    struct Hash
    {
        std::size_t operator()(const JobKey& k) const { return std::size_t(k.a ^ (k.b * 31)); }
    };
};

// Writes inside an open transaction; each helper reports errors naming the file.
class Writer
{
public:
    Writer(QSqlDatabase db, QString path, Feedback* feedback, qint64 totalRows)
        : m_db(std::move(db)), m_path(std::move(path)), m_feedback(feedback),
          m_total(std::max<qint64>(1, totalRows))
    {}

    Status step()
    {
        ++m_done;
        if (m_feedback) {
            if (m_feedback->cancelled())
                return Error::cancelled();
            m_feedback->progress(double(m_done) / double(m_total), QStringLiteral("saving"));
        }
        return {};
    }

    // The row of s (whose forms are f): an identical stored one, else a new one.
    Result<qint64> scenario(const Scenario& s, const ScenarioForms& f)
    {
        QSqlQuery find(m_db);
        find.prepare(QStringLiteral("SELECT id FROM scenarios WHERE hash = ? ORDER BY id LIMIT 1"));
        find.addBindValue(f.hash);
        if (!find.exec())
            return ProjectSql::error(m_path, QStringLiteral("finding a scenario"),
                                     find.lastError());
        if (find.next())
            return find.value(0).toLongLong();
        QSqlQuery q(m_db);
        q.prepare(QStringLiteral(
            "INSERT INTO scenarios (name, hash, json, json_z) VALUES (?, ?, '', ?)"));
        q.addBindValue(s.name);
        q.addBindValue(f.hash);
        q.addBindValue(f.compressedCompact());
        if (!q.exec())
            return ProjectSql::error(m_path, QStringLiteral("adding a scenario"), q.lastError());
        if (Status st = step(); !st)
            return st.error();
        return q.lastInsertId().toLongLong();
    }

    Status replace(qint64 id, const Scenario& s)
    {
        const ScenarioForms f = ScenarioForms::of(s);
        QSqlQuery q(m_db);
        q.prepare(QStringLiteral(
            "UPDATE scenarios SET name = ?, hash = ?, json = '', json_z = ? WHERE id = ?"));
        q.addBindValue(s.name);
        q.addBindValue(f.hash);
        q.addBindValue(f.compressedCompact());
        q.addBindValue(id);
        if (!q.exec())
            return ProjectSql::error(m_path, QStringLiteral("replacing a scenario"), q.lastError());
        if (q.numRowsAffected() != 1)
            return ProjectSql::invalid(m_path, QStringLiteral("has no scenario %1").arg(id));
        return step();
    }

    // Records run r whose job records encode (JobRecordCodec::encode) to records.
    Result<qint64> run(qint64 scenarioId, const QString& hash, const RunResult& r,
                       const QByteArray& records)
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
        q.addBindValue(
            QString::fromUtf8(ScenarioForms::canonical(RunConfigJson::toJson(r.config))));
        q.addBindValue(QString::fromUtf8(ScenarioForms::canonical(ResultWriter::summaryJson(r))));
        q.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
        if (!q.exec())
            return ProjectSql::error(m_path, QStringLiteral("recording a run"), q.lastError());
        const qint64 runId = q.lastInsertId().toLongLong();
        // One compressed column blob instead of a row per job (schema 4); progress still counts
        // the jobs, so a save reports (and may be cancelled) as often as before.
        for (std::size_t i = 0; i < r.jobs.size(); ++i)
            if (Status st = step(); !st)
                return st.error();
        QSqlQuery j(m_db);
        j.prepare(QStringLiteral("INSERT INTO run_results (run_id, jobs, data) VALUES (?, ?, ?)"));
        j.addBindValue(runId);
        j.addBindValue(qint64(r.jobs.size()));
        j.addBindValue(records);
        if (!j.exec())
            return ProjectSql::error(m_path, QStringLiteral("recording a run's jobs"),
                                     j.lastError());
        return runId;
    }

    // Appends jobs to the history of context's cluster as one batch; jobs identical to one the
    // context holds (or to an earlier one of the batch) are left out. forms, when given, are
    // context's with exactly these jobs (saves serialising again); a batch of a scenario whose
    // jobs were all added before (same content hash) adds nothing and hashes nothing.
    Result<int> history(const Scenario& context, const std::vector<Job>& jobs,
                        std::optional<qint64> runId, const ScenarioForms* forms = nullptr)
    {
        if (jobs.empty())
            return 0;
        ScenarioForms own;
        if (!forms) {
            // The cluster, GPU types and models a job needs to be read back, stored once.
            Scenario withJobs = context;
            withJobs.jobs = jobs;
            own = ScenarioForms::of(withJobs);
        }
        const ScenarioForms& f = forms ? *forms : own;
        const QByteArray contextJson = ScenarioForms::canonical(f.context);
        const QString contextHash = ScenarioForms::sha256(contextJson);
        QSqlQuery c(m_db);
        c.prepare(
            QStringLiteral("INSERT OR IGNORE INTO history_contexts (hash, json) VALUES (?, ?)"));
        c.addBindValue(contextHash);
        c.addBindValue(QString::fromUtf8(contextJson));
        if (!c.exec())
            return ProjectSql::error(m_path, QStringLiteral("adding history"), c.lastError());
        QSqlQuery fc(m_db);
        fc.prepare(QStringLiteral("SELECT id FROM history_contexts WHERE hash = ?"));
        fc.addBindValue(contextHash);
        if (!fc.exec() || !fc.next())
            return ProjectSql::error(m_path, QStringLiteral("adding history"), fc.lastError());
        const qint64 contextId = fc.value(0).toLongLong();
        fc.finish();
        if (forms) {
            QSqlQuery same(m_db);
            same.prepare(QStringLiteral("SELECT 1 FROM history_batches WHERE context_id = ? AND "
                                        "source_hash = ? LIMIT 1"));
            same.addBindValue(contextId);
            same.addBindValue(forms->contentHash);
            if (!same.exec())
                return ProjectSql::error(m_path, QStringLiteral("adding history"),
                                         same.lastError());
            if (same.next()) {
                for (std::size_t i = 0; i < jobs.size(); ++i)
                    if (Status st = step(); !st)
                        return st.error();
                return 0;
            }
        }

        // The hashes the context holds: rows of older files (hex) and batches (16 bytes each).
        std::unordered_set<JobKey, JobKey::Hash> known;
        QSqlQuery old(m_db);
        old.prepare(QStringLiteral("SELECT job_hash FROM history WHERE context_id = ?"));
        old.addBindValue(contextId);
        if (!old.exec())
            return ProjectSql::error(m_path, QStringLiteral("adding history"), old.lastError());
        while (old.next())
            known.insert(JobKey::of(QByteArray::fromHex(old.value(0).toString().toLatin1())));
        QSqlQuery batches(m_db);
        batches.prepare(QStringLiteral("SELECT hashes FROM history_batches WHERE context_id = ?"));
        batches.addBindValue(contextId);
        if (!batches.exec())
            return ProjectSql::error(m_path, QStringLiteral("adding history"), batches.lastError());
        while (batches.next()) {
            const QByteArray h = batches.value(0).toByteArray();
            for (qsizetype k = 0; k + JobKey::Size <= h.size(); k += JobKey::Size)
                known.insert(JobKey::of(h.mid(k, JobKey::Size)));
        }

        QByteArray data, hashes;
        int added = 0;
        for (std::size_t i = 0; i < f.jobs.size(); ++i) {
            const QByteArray& jobJson = f.jobs[i];
            const QByteArray hash = f.jobKey(i);
            if (known.insert(JobKey::of(hash)).second) {
                data += jobJson;
                data += '\n'; // compact JSON holds no raw newline
                hashes += hash;
                ++added;
            }
            if (Status st = step(); !st)
                return st.error();
        }
        if (added == 0)
            return 0;
        QSqlQuery h(m_db);
        h.prepare(QStringLiteral("INSERT INTO history_batches (context_id, run_id, source_hash, "
                                 "jobs, hashes, data) VALUES (?, ?, ?, ?, ?, ?)"));
        h.addBindValue(contextId);
        h.addBindValue(runId ? QVariant(*runId) : QVariant(QMetaType(QMetaType::LongLong)));
        h.addBindValue(forms ? QVariant(forms->contentHash)
                             : QVariant(QMetaType(QMetaType::QString)));
        h.addBindValue(added);
        h.addBindValue(hashes);
        h.addBindValue(qCompress(data, ScenarioForms::CompressionLevel));
        if (!h.exec())
            return ProjectSql::error(m_path, QStringLiteral("adding history"), h.lastError());
        return added;
    }

    // Stores a finished sweep from its sweep.json; a stored sweep of the same hash is replaced
    // in place (it keeps its id).
    Result<qint64> sweep(qint64 scenarioId, const QByteArray& sweepJson)
    {
        auto bad = [&](const QString& what) {
            return ProjectSql::invalid(
                m_path, QStringLiteral("cannot store the sweep: sweep.json %1").arg(what));
        };
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(sweepJson, &pe);
        if (!doc.isObject())
            return bad(QStringLiteral("is not a JSON object (%1)").arg(pe.errorString()));
        const QJsonObject root = doc.object();
        if (root.value(QStringLiteral("format")).toString() !=
                QLatin1String("gantry-sweep-result") ||
            root.value(QStringLiteral("version")).toInt() != 1)
            return bad(QStringLiteral("is not a gantry-sweep-result of version 1"));
        const QString hash = root.value(QStringLiteral("sweep_sha256")).toString();
        if (hash.isEmpty())
            return bad(QStringLiteral("has no sweep_sha256"));
        const QJsonArray axes = root.value(QStringLiteral("axes")).toArray();
        const QJsonArray metrics = root.value(QStringLiteral("metrics")).toArray();
        const QJsonArray points = root.value(QStringLiteral("points")).toArray();

        QSqlQuery find(m_db);
        find.prepare(QStringLiteral("SELECT id FROM sweeps WHERE hash = ?"));
        find.addBindValue(hash);
        if (!find.exec())
            return ProjectSql::error(m_path, QStringLiteral("finding a sweep"), find.lastError());
        const qint64 existing = find.next() ? find.value(0).toLongLong() : 0; // 0: a new sweep
        find.finish();
        QSqlQuery q(m_db);
        q.prepare(existing
                      ? QStringLiteral("UPDATE sweeps SET name = ?, hash = ?, scenario_id = ?, "
                                       "config_json = ?, result_json = ?, points = ?, "
                                       "version = ?, created_at = ? WHERE id = ?")
                      : QStringLiteral("INSERT INTO sweeps (name, hash, scenario_id, "
                                       "config_json, result_json, points, version, "
                                       "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
        q.addBindValue(root.value(QStringLiteral("name")).toString());
        q.addBindValue(hash);
        q.addBindValue(scenarioId > 0 ? QVariant(scenarioId)
                                      : QVariant(QMetaType(QMetaType::LongLong)));
        q.addBindValue(QString::fromUtf8(
            ScenarioForms::canonical(root.value(QStringLiteral("config")).toObject())));
        q.addBindValue(QString::fromUtf8(sweepJson));
        q.addBindValue(int(points.size()));
        q.addBindValue(root.value(QStringLiteral("gantry_version")).toString());
        q.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
        if (existing)
            q.addBindValue(existing);
        if (!q.exec())
            return ProjectSql::error(m_path, QStringLiteral("storing a sweep"), q.lastError());
        const qint64 id = existing ? existing : q.lastInsertId().toLongLong();
        if (existing) {
            QSqlQuery d(m_db);
            d.prepare(QStringLiteral("DELETE FROM sweep_points WHERE sweep_id = ?"));
            d.addBindValue(id);
            if (!d.exec())
                return ProjectSql::error(m_path, QStringLiteral("replacing a sweep"),
                                         d.lastError());
        }
        QSqlQuery p(m_db);
        p.prepare(QStringLiteral(
            "INSERT INTO sweep_points (sweep_id, position, values_json, metrics_json, cost_usd, "
            "cloud_cost_usd, feasible, meets_target, infeasible_reason) VALUES (?, ?, ?, ?, ?, ?, "
            "?, ?, ?)"));
        const QVariant null(QMetaType(QMetaType::Double));
        for (int i = 0; i < points.size(); ++i) {
            if (!points[i].isObject())
                return bad(QStringLiteral("points[%1] is not an object").arg(i));
            const QJsonObject o = points[i].toObject();
            QJsonArray values;
            for (const QJsonValue& a : axes)
                values.append(o.value(a.toString()));
            const bool feasible = o.value(QStringLiteral("feasible")).toBool();
            QJsonObject m;
            if (feasible)
                for (const QJsonValue& name : metrics)
                    m.insert(name.toString(), o.value(name.toString()));
            const QJsonValue cost = o.value(QStringLiteral("cost_usd"));
            const QJsonValue cloud = o.value(QStringLiteral("cloud_cost_usd"));
            p.bindValue(0, id);
            p.bindValue(1, i);
            p.bindValue(2, QString::fromUtf8(QJsonDocument(values).toJson(QJsonDocument::Compact)));
            p.bindValue(3, QString::fromUtf8(ScenarioForms::canonical(m)));
            p.bindValue(4, cost.isDouble() ? QVariant(cost.toDouble()) : null);
            p.bindValue(5, cloud.isDouble() ? QVariant(cloud.toDouble()) : null);
            p.bindValue(6, feasible ? 1 : 0);
            p.bindValue(7, o.value(QStringLiteral("meets_target")).toBool() ? 1 : 0);
            const QString reason = o.value(QStringLiteral("infeasible_reason")).toString();
            p.bindValue(8, reason.isNull() ? QStringLiteral("") : reason); // '' for a feasible one
            if (!p.exec())
                return ProjectSql::error(m_path, QStringLiteral("storing a sweep's points"),
                                         p.lastError());
            if (Status st = step(); !st)
                return st.error();
        }
        if (Status st = step(); !st)
            return st.error();
        return id;
    }

    Status gpuTypes(const std::vector<GpuType>& types)
    {
        QSqlQuery d(m_db);
        if (!d.exec(QStringLiteral("DELETE FROM gpu_types")))
            return ProjectSql::error(m_path, QStringLiteral("saving GPU types"), d.lastError());
        QSqlQuery q(m_db);
        q.prepare(QStringLiteral(
            "INSERT INTO gpu_types (name, tflops, memory_gb, speed) VALUES (?, ?, ?, ?)"));
        for (const GpuType& t : types) {
            q.bindValue(0, t.name);
            q.bindValue(1, t.tflops);
            q.bindValue(2, t.memoryGb);
            q.bindValue(3, t.speed);
            if (!q.exec())
                return ProjectSql::error(m_path, QStringLiteral("saving GPU type %1").arg(t.name),
                                         q.lastError());
        }
        return step();
    }

private:
    QSqlDatabase m_db;
    QString m_path;
    Feedback* m_feedback;
    qint64 m_total;
    qint64 m_done = 0;
};

// One scenario's runs to record, by reference: a save copies neither the scenario nor the
// results.
struct RunsRef
{
    const Scenario* scenario;
    const std::vector<RunResult>* results;
    bool addHistory;
    qint64 scenarioId;          // RecordedRuns::scenarioId
    int addedIndex;             // RecordedRuns::addedIndex
    const ScenarioForms* forms; // the scenario's forms when computed ahead, else null
};

// Applies changes, with runs in place of changes.runs, in one transaction of db (the writable
// project at path).
Result<SaveReport> applyChanges(QSqlDatabase db, const QString& path, const ProjectChanges& changes,
                                const std::vector<RunsRef>& runs, Feedback* feedback)
{
    qint64 rows = qint64(changes.addScenarios.size() + changes.replaceScenarios.size()) + 1;
    for (const RunsRef& r : runs) {
        rows += 1 + (r.addHistory ? qint64(r.scenario->jobs.size()) : 0);
        for (const RunResult& x : *r.results)
            rows += qint64(x.jobs.size());
    }
    for (const RecordedSweep& sw : changes.sweeps) // every point has a "feasible" (so do gains)
        rows += 1 + qint64(sw.sweepJson.count("\"feasible\""));
    // The runs' job records are encoded on another thread while this one writes.
    std::vector<const std::vector<JobRecord>*> records;
    for (const RunsRef& r : runs)
        for (const RunResult& x : *r.results)
            records.push_back(&x.jobs);
    RecordsAhead encoded(std::move(records));
    std::size_t nextRecords = 0;
    Transaction t(db);
    if (Status s = t.begin(path); !s)
        return s.error();
    Writer w(db, path, feedback, rows);
    SaveReport report;
    // The forms of the added scenarios that runs of this save belong to, kept for those runs.
    std::vector<std::optional<ScenarioForms>> addedForms(changes.addScenarios.size());
    for (const RunsRef& r : runs)
        if (!r.forms && r.addedIndex >= 0 && std::size_t(r.addedIndex) < addedForms.size())
            addedForms[std::size_t(r.addedIndex)].emplace();
    for (std::size_t i = 0; i < changes.addScenarios.size(); ++i) {
        const Scenario& s = changes.addScenarios[i];
        ScenarioForms f = ScenarioForms::of(s);
        auto id = w.scenario(s, f);
        if (!id)
            return id.error();
        report.scenarioIds.push_back(id.value());
        if (addedForms[i])
            addedForms[i] = std::move(f);
    }
    for (const auto& [id, s] : changes.replaceScenarios)
        if (Status st = w.replace(id, s); !st)
            return st.error();
    for (const RunsRef& r : runs) {
        // The scenario is serialised once for its row, its content hash and its history: runs
        // of a scenario added in this save, unchanged since they ran, take its row's forms.
        const ScenarioForms* given = r.forms;
        if (!given && r.addedIndex >= 0 && std::size_t(r.addedIndex) < addedForms.size() &&
            *r.scenario == changes.addScenarios[std::size_t(r.addedIndex)])
            given = &*addedForms[std::size_t(r.addedIndex)];
        const ScenarioForms own = given ? ScenarioForms() : ScenarioForms::of(*r.scenario);
        const ScenarioForms& forms = given ? *given : own;
        Result<qint64> sid = r.scenarioId;
        if (r.addedIndex >= 0 && std::size_t(r.addedIndex) < report.scenarioIds.size())
            sid = report.scenarioIds[std::size_t(r.addedIndex)];
        else if (r.scenarioId == 0)
            sid = w.scenario(*r.scenario, forms);
        if (!sid)
            return sid.error();
        const QString& hash = forms.contentHash;
        std::optional<qint64> firstRun;
        for (const RunResult& x : *r.results) {
            auto rid = w.run(sid.value(), hash, x, encoded.take(nextRecords++));
            if (!rid)
                return rid.error();
            report.runIds.push_back(rid.value());
            if (!firstRun)
                firstRun = rid.value();
        }
        if (r.addHistory) {
            auto added = w.history(*r.scenario, r.scenario->jobs, firstRun, &forms);
            if (!added)
                return added.error();
            report.historyAdded += added.value();
        }
    }
    if (changes.gpuTypes)
        if (Status st = w.gpuTypes(*changes.gpuTypes); !st)
            return st.error();
    for (const RecordedSweep& sw : changes.sweeps) {
        Result<qint64> sid = sw.scenarioId;
        if (sw.addedIndex >= 0 && std::size_t(sw.addedIndex) < report.scenarioIds.size())
            sid = report.scenarioIds[std::size_t(sw.addedIndex)];
        else if (sw.scenarioId == 0)
            sid = w.scenario(sw.base, ScenarioForms::of(sw.base));
        if (!sid)
            return sid.error();
        auto id = w.sweep(sid.value(), sw.sweepJson);
        if (!id)
            return id.error();
        report.sweepIds.push_back(id.value());
    }
    if (feedback && feedback->cancelled())
        return Error::cancelled();
    if (Status s = t.commit(path); !s)
        return s.error();
    return report;
}

} // namespace

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
    QByteArray nameless;
    const ScenarioForms f = ScenarioForms::unhashed(scenario, &nameless);
    if (const auto last = LastHashes::find(f.compact))
        return last->contentHash;
    return ScenarioForms::sha256(nameless);
}

bool ProjectStore::ranOn(const StoredRun& run, const Scenario& scenario)
{
    // Serialised once; the full document is hashed only for a run of before the content hash.
    QByteArray nameless;
    const ScenarioForms f = ScenarioForms::unhashed(scenario, &nameless);
    if (const auto last = LastHashes::find(f.compact))
        return run.scenarioHash == last->contentHash || run.scenarioHash == last->hash;
    return run.scenarioHash == ScenarioForms::sha256(nameless) ||
           run.scenarioHash == ScenarioForms::sha256(f.compact);
}

Result<std::vector<StoredScenario>> ProjectStore::scenarios() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.exec(QStringLiteral("SELECT id, name, hash, json, json_z FROM scenarios ORDER BY id")))
        return ProjectSql::error(m_path, QStringLiteral("listing scenarios"), q.lastError());
    std::vector<StoredScenario> out;
    while (q.next()) {
        StoredScenario s;
        s.id = q.value(0).toLongLong();
        s.name = q.value(1).toString();
        s.hash = q.value(2).toString();
        const QString source = QStringLiteral("%1: scenario %2").arg(m_path).arg(s.id);
        const QByteArray json = q.value(4).isNull() ? q.value(3).toString().toUtf8()
                                                    : qUncompress(q.value(4).toByteArray());
        if (json.isEmpty())
            return Error::invalid(QStringLiteral("%1: is damaged").arg(source));
        auto read = ScenarioReader::readJson(json, source);
        if (!read) {
            // Saved while it had problems (the window saves work in progress): it opens as a
            // draft, and the editor shows its problems again.
            auto draft = ScenarioReader::readJson(json, source, ScenarioReader::Mode::Draft);
            if (!draft)
                return Error::invalid(read.error().message);
            s.problem = read.error().message;
            read = std::move(draft);
        }
        s.scenario = std::move(read).value();
        out.push_back(std::move(s));
    }
    return out;
}

Result<qint64> ProjectStore::addScenario(const Scenario& scenario)
{
    ProjectChanges c;
    c.addScenarios.push_back(scenario);
    auto r = save(c);
    if (!r)
        return r.error();
    return r.value().scenarioIds.front();
}

Status ProjectStore::replaceScenario(qint64 id, const Scenario& scenario)
{
    ProjectChanges c;
    c.replaceScenarios.emplace_back(id, scenario);
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
    const RunsRef runs{&scenario, &results, addHistory, 0, -1, forms};
    auto r = applyChanges(QSqlDatabase::database(m_connection, false), m_path, ProjectChanges(),
                          {runs}, feedback);
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
    Writer w(db, m_path, nullptr, qint64(jobs.size()));
    auto added = w.history(context, jobs, std::nullopt);
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
    std::vector<RunsRef> runs;
    runs.reserve(changes.runs.size());
    for (const RecordedRuns& r : changes.runs)
        runs.push_back(
            {&r.scenario, &r.results, r.addHistory, r.scenarioId, r.addedIndex, nullptr});
    return applyChanges(QSqlDatabase::database(m_connection, false), m_path, changes, runs,
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

namespace {

const QString SweepColumns = QStringLiteral(
    "SELECT w.id, w.name, w.hash, w.scenario_id, s.name, w.points, w.version, w.created_at, "
    "w.config_json%1 FROM sweeps w LEFT JOIN scenarios s ON s.id = w.scenario_id");

StoredSweep sweepOf(const QSqlQuery& q, bool withResult)
{
    StoredSweep w;
    w.id = q.value(0).toLongLong();
    w.name = q.value(1).toString();
    w.hash = q.value(2).toString();
    w.scenarioId = q.value(3).toLongLong();
    w.scenarioName = q.value(4).toString();
    w.points = q.value(5).toInt();
    w.version = q.value(6).toString();
    w.createdAt = q.value(7).toString();
    w.config = QJsonDocument::fromJson(q.value(8).toString().toUtf8()).object();
    if (withResult)
        w.result = QJsonDocument::fromJson(q.value(9).toString().toUtf8()).object();
    return w;
}

} // namespace

Result<std::vector<StoredSweep>> ProjectStore::sweeps() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.exec(SweepColumns.arg(QString()) + QStringLiteral(" ORDER BY w.id")))
        return ProjectSql::error(m_path, QStringLiteral("listing sweeps"), q.lastError());
    std::vector<StoredSweep> out;
    while (q.next())
        out.push_back(sweepOf(q, false));
    return out;
}

Result<StoredSweep> ProjectStore::sweep(qint64 id) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(SweepColumns.arg(QStringLiteral(", w.result_json")) +
              QStringLiteral(" WHERE w.id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return ProjectSql::error(m_path, QStringLiteral("reading a sweep"), q.lastError());
    if (!q.next())
        return ProjectSql::invalid(m_path, QStringLiteral("has no sweep %1").arg(id));
    return sweepOf(q, true);
}

Result<std::vector<StoredSweepPoint>> ProjectStore::sweepPoints(qint64 id) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT position, values_json, metrics_json, cost_usd, "
                             "cloud_cost_usd, feasible, meets_target, infeasible_reason FROM "
                             "sweep_points WHERE sweep_id = ? ORDER BY position"));
    q.addBindValue(id);
    if (!q.exec())
        return ProjectSql::error(m_path, QStringLiteral("reading a sweep's points"), q.lastError());
    std::vector<StoredSweepPoint> out;
    while (q.next()) {
        StoredSweepPoint p;
        p.index = q.value(0).toInt();
        p.values = QJsonDocument::fromJson(q.value(1).toString().toUtf8()).array();
        p.metrics = QJsonDocument::fromJson(q.value(2).toString().toUtf8()).object();
        if (!q.value(3).isNull())
            p.costUsd = q.value(3).toDouble();
        if (!q.value(4).isNull())
            p.cloudCostUsd = q.value(4).toDouble();
        p.feasible = q.value(5).toInt() != 0;
        p.meetsTarget = q.value(6).toInt() != 0;
        p.infeasibleReason = q.value(7).toString();
        out.push_back(std::move(p));
    }
    return out;
}

Result<std::vector<StoredRun>> ProjectStore::runs() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
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

Result<std::vector<JobRecord>> ProjectStore::runJobs(qint64 runId) const
{
    {
        // Schema 4 on: one blob per run. Runs recorded before have rows in run_jobs.
        QSqlQuery b(QSqlDatabase::database(m_connection, false));
        b.prepare(QStringLiteral("SELECT data, jobs FROM run_results WHERE run_id = ?"));
        b.addBindValue(runId);
        if (!b.exec())
            return ProjectSql::error(m_path, QStringLiteral("reading a run"), b.lastError());
        if (b.next()) {
            auto jobs = JobRecordCodec::decode(b.value(0).toByteArray());
            if (!jobs || qint64(jobs->size()) != b.value(1).toLongLong())
                return ProjectSql::invalid(m_path,
                                           QStringLiteral("is corrupt: the results of run %1 are "
                                                          "damaged")
                                               .arg(runId));
            return std::move(*jobs);
        }
    }
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
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

Result<std::vector<Job>> ProjectStore::history() const
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QHash<qint64, QJsonObject> contexts;
    auto context = [&](qint64 id, const QString& json) -> const QJsonObject& {
        auto it = contexts.find(id);
        if (it == contexts.end())
            it = contexts.insert(id, QJsonDocument::fromJson(json.toUtf8()).object());
        return *it;
    };
    // Reads jobs (JSON objects) in context as ScenarioReader reads a scenario's jobs.
    auto read = [&](QJsonObject doc, const QJsonArray& jobs,
                    const QString& source) -> Result<std::vector<Job>> {
        doc.insert(QStringLiteral("jobs"), jobs);
        auto r = ScenarioReader::readJson(ScenarioForms::canonical(doc), source);
        if (!r)
            return Error::invalid(r.error().message);
        if (r.value().jobs.size() != std::size_t(jobs.size()))
            return ProjectSql::invalid(m_path, QStringLiteral("%1 is damaged").arg(source));
        return std::move(r.value().jobs);
    };

    // Rows of files before schema 4 first (they were added first), one job each.
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("SELECT h.id, h.context_id, c.json, h.job_json FROM history h "
                               "JOIN history_contexts c ON c.id = h.context_id ORDER BY h.id")))
        return ProjectSql::error(m_path, QStringLiteral("reading the history"), q.lastError());
    std::vector<Job> out;
    while (q.next()) {
        auto jobs =
            read(context(q.value(1).toLongLong(), q.value(2).toString()),
                 QJsonArray{QJsonDocument::fromJson(q.value(3).toString().toUtf8()).object()},
                 QStringLiteral("%1: history job %2").arg(m_path).arg(q.value(0).toLongLong()));
        if (!jobs)
            return jobs.error();
        out.push_back(std::move(jobs.value().front()));
    }
    // Then the batches, in the order they were added; one document per batch.
    QSqlQuery b(db);
    if (!b.exec(QStringLiteral("SELECT b.id, b.context_id, c.json, b.jobs, b.data FROM "
                               "history_batches b JOIN history_contexts c ON c.id = b.context_id "
                               "ORDER BY b.id")))
        return ProjectSql::error(m_path, QStringLiteral("reading the history"), b.lastError());
    while (b.next()) {
        const QString source =
            QStringLiteral("%1: history batch %2").arg(m_path).arg(b.value(0).toLongLong());
        const QByteArray data = qUncompress(b.value(4).toByteArray());
        QJsonArray jobs;
        for (const QByteArray& line : data.split('\n')) {
            if (line.isEmpty())
                continue;
            const QJsonDocument d = QJsonDocument::fromJson(line);
            if (!d.isObject())
                return ProjectSql::invalid(m_path, QStringLiteral("%1 is damaged").arg(source));
            jobs.append(d.object());
        }
        if (jobs.size() != b.value(3).toLongLong())
            return ProjectSql::invalid(m_path, QStringLiteral("%1 is damaged").arg(source));
        const QJsonObject& doc = context(b.value(1).toLongLong(), b.value(2).toString());
        auto read1 = read(doc, jobs, source);
        if (!read1) {
            // A batch whose jobs cannot share one document (ids given twice): one at a time.
            for (int i = 0; i < jobs.size(); ++i) {
                auto one =
                    read(doc, QJsonArray{jobs[i]}, QStringLiteral("%1, job %2").arg(source).arg(i));
                if (!one)
                    return one.error();
                out.push_back(std::move(one.value().front()));
            }
            continue;
        }
        for (Job& j : read1.value())
            out.push_back(std::move(j));
    }
    return out;
}

Result<int> ProjectStore::historySize() const
{
    auto n =
        ProjectSql::scalar(QSqlDatabase::database(m_connection, false), m_path,
                           QStringLiteral("SELECT (SELECT COUNT(*) FROM history) + "
                                          "(SELECT COALESCE(SUM(jobs), 0) FROM history_batches)"));
    if (!n)
        return n.error();
    return n.value().toInt();
}

Result<std::vector<GpuType>> ProjectStore::gpuTypes() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.exec(
            QStringLiteral("SELECT name, tflops, memory_gb, speed FROM gpu_types ORDER BY name")))
        return ProjectSql::error(m_path, QStringLiteral("reading GPU types"), q.lastError());
    std::vector<GpuType> out;
    while (q.next())
        out.push_back({q.value(0).toString(), q.value(1).toDouble(), q.value(2).toDouble(),
                       q.value(3).toDouble()});
    return out;
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
