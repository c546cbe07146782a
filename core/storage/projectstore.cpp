#include "projectstore.h"

#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "jobrecordcodec.h"
#include "lasthashes.h"
#include "projectschema.h"
#include "recordsahead.h"
#include "run/resultwriter.h"
#include "runconfigjson.h"
#include "scenarioforms.h"

#include <QAtomicInteger>
#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <cstring>
#include <optional>
#include <unordered_set>

#include <unistd.h>

namespace gantry::storage {

namespace {

constexpr int BusyTimeoutMs = 200;
constexpr int HeaderSize = 100;

Error invalid(const QString& path, const QString& what)
{
    return Error::invalid(QStringLiteral("%1: %2").arg(path, what));
}

bool isBusy(const QSqlError& e)
{
    const QString code = e.nativeErrorCode();
    return code == QLatin1String("5") || code == QLatin1String("6") ||
           e.text().contains(QLatin1String("locked"), Qt::CaseInsensitive);
}

// A database error: "locked" gets its own clear message, anything else names the step.
Error sqlError(const QString& path, const QString& step, const QSqlError& e)
{
    if (isBusy(e))
        return invalid(path, QStringLiteral("is locked by another writer (try again when it is "
                                            "done)"));
    const QString code = e.nativeErrorCode();
    if (code == QLatin1String("11") || code == QLatin1String("26") ||
        e.text().contains(QLatin1String("malformed")))
        return invalid(path, QStringLiteral("is corrupt (%1: %2)").arg(step, e.text()));
    // SQLITE_FULL, SQLITE_IOERR: a full disk or a file-size limit; the transaction rolls back.
    if (code == QLatin1String("13") || code == QLatin1String("10") ||
        e.text().contains(QLatin1String("disk I/O error")) ||
        e.text().contains(QLatin1String("disk is full")))
        return invalid(path, QStringLiteral("%1 failed: the disk is full or the file cannot grow "
                                            "(%2); the previous content is kept")
                                 .arg(step, e.text()));
    return Error::invalid(QStringLiteral("%1: %2 failed: %3").arg(path, step, e.text()));
}

quint32 bigEndian(const QByteArray& b, int offset, int bytes)
{
    quint32 v = 0;
    for (int i = 0; i < bytes; ++i)
        v = (v << 8) | quint8(b[offset + i]);
    return v;
}

// Checks the file's first bytes without opening it as a database: SQLite magic, Gantry's
// application_id, no truncation, and a schema version this build understands.
Status checkHeader(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return invalid(path, QStringLiteral("cannot be read: %1").arg(f.errorString()));
    const qint64 size = f.size();
    const QByteArray h = f.read(HeaderSize);
    if (size == 0)
        return invalid(path, QStringLiteral("is empty, not a Gantry project"));
    if (h.size() < HeaderSize || !h.startsWith(QByteArrayLiteral("SQLite format 3\0")))
        return invalid(path, QStringLiteral("is not a Gantry project (not an SQLite database)"));
    if (qint32(bigEndian(h, 68, 4)) != ProjectSchema::ApplicationId)
        return invalid(path, QStringLiteral("is an SQLite database but not a Gantry project"));
    quint32 pageSize = bigEndian(h, 16, 2);
    if (pageSize == 1)
        pageSize = 65536;
    const quint32 pages = bigEndian(h, 28, 4);
    const bool pagesValid = bigEndian(h, 24, 4) == bigEndian(h, 92, 4);
    // A writer killed during a checkpoint leaves the file shorter than its header says, with
    // the missing pages in the write-ahead log: SQLite restores them on opening, so that file
    // is not truncated (refusing it would lock the user out of a sound project).
    const bool walPending = QFileInfo(path + QStringLiteral("-wal")).size() > 0;
    if (pageSize < 512 || (pagesValid && !walPending && size < qint64(pageSize) * qint64(pages)))
        return invalid(path, QStringLiteral("is corrupt: truncated to %1 bytes of %2")
                                 .arg(size)
                                 .arg(qint64(pageSize) * qint64(pages)));
    if (int(bigEndian(h, 60, 4)) > ProjectSchema::CurrentVersion)
        return invalid(path, QStringLiteral("is from a newer Gantry (schema %1; this version reads "
                                            "schema %2 and older)")
                                 .arg(bigEndian(h, 60, 4))
                                 .arg(ProjectSchema::CurrentVersion));
    return {};
}

QString newConnectionName()
{
    static QAtomicInteger<quint64> counter;
    return QStringLiteral("gantry-project-%1-%2").arg(qint64(::getpid())).arg(++counter);
}

// A scoped connection: removed from Qt's registry when it goes.
class Connection
{
public:
    Connection(const QString& path, bool readOnly) : m_name(newConnectionName())
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        db.setConnectOptions(
            QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1%2")
                .arg(BusyTimeoutMs)
                .arg(readOnly ? QStringLiteral(";QSQLITE_OPEN_READONLY") : QString()));
    }
    ~Connection()
    {
        if (!m_name.isEmpty())
            release();
    }
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    QSqlDatabase db() const { return QSqlDatabase::database(m_name, false); }
    // Gives up ownership (the store keeps the connection).
    QString take() { return std::exchange(m_name, QString()); }
    void release()
    {
        {
            QSqlDatabase d = db();
            d.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }

private:
    QString m_name;
};

// Runs sql and returns the first column of the first row.
Result<QVariant> scalar(QSqlDatabase db, const QString& path, const QString& sql)
{
    QSqlQuery q(db);
    if (!q.exec(sql))
        return sqlError(path, sql, q.lastError());
    if (!q.next())
        return QVariant();
    return q.value(0);
}

Status inspectReadOnly(const QString& path);

// Opens db and reads its PRAGMA user_version; errors name path.
Result<int> openAndReadVersion(QSqlDatabase& db, const QString& path)
{
    if (!db.open())
        return sqlError(path, QStringLiteral("opening"), db.lastError());
    auto version = scalar(db, path, QStringLiteral("PRAGMA user_version"));
    if (!version)
        return version.error();
    return version.value().toInt();
}

// Read-only inspection. A read-only connection to a WAL file may create its -wal and -shm
// companions; on a file that is refused they are removed again, so nothing is left behind.
Status inspect(const QString& path)
{
    const QStringList companions = {path + QStringLiteral("-wal"), path + QStringLiteral("-shm")};
    QList<bool> existed;
    for (const QString& c : companions)
        existed << QFileInfo::exists(c);
    Status s = inspectReadOnly(path);
    if (!s)
        for (int i = 0; i < companions.size(); ++i)
            if (!existed[i])
                QFile::remove(companions[i]);
    return s;
}

// Version, integrity and the meta table, through a read-only connection.
Status inspectReadOnly(const QString& path)
{
    Connection c(path, true);
    QSqlDatabase db = c.db();
    auto version = openAndReadVersion(db, path);
    if (!version)
        return version.error();
    const int v = version.value();
    if (v > ProjectSchema::CurrentVersion)
        return invalid(path, QStringLiteral("is from a newer Gantry (schema %1; this version reads "
                                            "schema %2 and older)")
                                 .arg(v)
                                 .arg(ProjectSchema::CurrentVersion));
    if (v < 1)
        return invalid(path, QStringLiteral("is not a Gantry project (no schema version)"));
    auto check = scalar(db, path, QStringLiteral("PRAGMA quick_check"));
    if (!check)
        return check.error();
    if (check.value().toString() != QLatin1String("ok"))
        return invalid(path, QStringLiteral("is corrupt: %1")
                                 .arg(check.value()
                                          .toString()
                                          .remove(QStringLiteral("*** in database main ***\n"))
                                          .section(QLatin1Char('\n'), 0, 0)));
    auto app = scalar(db, path, QStringLiteral("SELECT value FROM meta WHERE key = 'application'"));
    if (!app || app.value().toString() != QLatin1String("gantry-project"))
        return invalid(path, QStringLiteral("is not a Gantry project (no project metadata)"));
    db = QSqlDatabase();
    return {};
}

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

// One write transaction; rolls back unless committed.
class Transaction
{
public:
    explicit Transaction(QSqlDatabase db) : m_db(std::move(db)) {}
    ~Transaction()
    {
        if (m_open) {
            QSqlQuery q(m_db);
            q.exec(QStringLiteral("ROLLBACK"));
        }
    }
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    Status begin(const QString& path)
    {
        QSqlQuery q(m_db);
        if (!q.exec(QStringLiteral("BEGIN IMMEDIATE")))
            return sqlError(path, QStringLiteral("starting a save"), q.lastError());
        m_open = true;
        return {};
    }
    Status commit(const QString& path)
    {
        QSqlQuery q(m_db);
        if (!q.exec(QStringLiteral("COMMIT")))
            return sqlError(path, QStringLiteral("committing a save"), q.lastError());
        m_open = false;
        return {};
    }

private:
    QSqlDatabase m_db;
    bool m_open = false;
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
            return sqlError(m_path, QStringLiteral("finding a scenario"), find.lastError());
        if (find.next())
            return find.value(0).toLongLong();
        QSqlQuery q(m_db);
        q.prepare(QStringLiteral(
            "INSERT INTO scenarios (name, hash, json, json_z) VALUES (?, ?, '', ?)"));
        q.addBindValue(s.name);
        q.addBindValue(f.hash);
        q.addBindValue(f.compressedCompact());
        if (!q.exec())
            return sqlError(m_path, QStringLiteral("adding a scenario"), q.lastError());
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
            return sqlError(m_path, QStringLiteral("replacing a scenario"), q.lastError());
        if (q.numRowsAffected() != 1)
            return invalid(m_path, QStringLiteral("has no scenario %1").arg(id));
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
            return sqlError(m_path, QStringLiteral("recording a run"), q.lastError());
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
            return sqlError(m_path, QStringLiteral("recording a run's jobs"), j.lastError());
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
            return sqlError(m_path, QStringLiteral("adding history"), c.lastError());
        QSqlQuery fc(m_db);
        fc.prepare(QStringLiteral("SELECT id FROM history_contexts WHERE hash = ?"));
        fc.addBindValue(contextHash);
        if (!fc.exec() || !fc.next())
            return sqlError(m_path, QStringLiteral("adding history"), fc.lastError());
        const qint64 contextId = fc.value(0).toLongLong();
        fc.finish();
        if (forms) {
            QSqlQuery same(m_db);
            same.prepare(QStringLiteral("SELECT 1 FROM history_batches WHERE context_id = ? AND "
                                        "source_hash = ? LIMIT 1"));
            same.addBindValue(contextId);
            same.addBindValue(forms->contentHash);
            if (!same.exec())
                return sqlError(m_path, QStringLiteral("adding history"), same.lastError());
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
            return sqlError(m_path, QStringLiteral("adding history"), old.lastError());
        while (old.next())
            known.insert(JobKey::of(QByteArray::fromHex(old.value(0).toString().toLatin1())));
        QSqlQuery batches(m_db);
        batches.prepare(QStringLiteral("SELECT hashes FROM history_batches WHERE context_id = ?"));
        batches.addBindValue(contextId);
        if (!batches.exec())
            return sqlError(m_path, QStringLiteral("adding history"), batches.lastError());
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
            return sqlError(m_path, QStringLiteral("adding history"), h.lastError());
        return added;
    }

    // Stores a finished sweep from its sweep.json; a stored sweep of the same hash is replaced
    // in place (it keeps its id).
    Result<qint64> sweep(qint64 scenarioId, const QByteArray& sweepJson)
    {
        auto bad = [&](const QString& what) {
            return invalid(m_path,
                           QStringLiteral("cannot store the sweep: sweep.json %1").arg(what));
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
            return sqlError(m_path, QStringLiteral("finding a sweep"), find.lastError());
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
            return sqlError(m_path, QStringLiteral("storing a sweep"), q.lastError());
        const qint64 id = existing ? existing : q.lastInsertId().toLongLong();
        if (existing) {
            QSqlQuery d(m_db);
            d.prepare(QStringLiteral("DELETE FROM sweep_points WHERE sweep_id = ?"));
            d.addBindValue(id);
            if (!d.exec())
                return sqlError(m_path, QStringLiteral("replacing a sweep"), d.lastError());
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
                return sqlError(m_path, QStringLiteral("storing a sweep's points"), p.lastError());
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
            return sqlError(m_path, QStringLiteral("saving GPU types"), d.lastError());
        QSqlQuery q(m_db);
        q.prepare(QStringLiteral(
            "INSERT INTO gpu_types (name, tflops, memory_gb, speed) VALUES (?, ?, ?, ?)"));
        for (const GpuType& t : types) {
            q.bindValue(0, t.name);
            q.bindValue(1, t.tflops);
            q.bindValue(2, t.memoryGb);
            q.bindValue(3, t.speed);
            if (!q.exec())
                return sqlError(m_path, QStringLiteral("saving GPU type %1").arg(t.name),
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

// Creates a new project at path without ever exposing a half-made file: it is built under a
// temporary name and linked into place (which fails if path appeared meanwhile).
Status createProject(const QString& path)
{
    const QString tmp = QStringLiteral("%1.new-%2").arg(path).arg(qint64(::getpid()));
    QFile::remove(tmp);
    {
        Connection c(tmp, false);
        QSqlDatabase db = c.db();
        if (!db.open())
            return invalid(path,
                           QStringLiteral("cannot be created: %1").arg(db.lastError().text()));
        Transaction t(db);
        Status s = t.begin(path);
        if (s)
            s = ProjectSchema::migrate(db, 0, ProjectSchema::CurrentVersion, path);
        if (s)
            s = t.commit(path);
        db = QSqlDatabase();
        if (!s) {
            c.release();
            QFile::remove(tmp);
            return s;
        }
    }
    const QByteArray from = QFile::encodeName(tmp), to = QFile::encodeName(path);
    const bool linked = ::link(from.constData(), to.constData()) == 0;
    QFile::remove(tmp);
    if (!linked)
        return invalid(path, QStringLiteral("cannot be created (it appeared meanwhile, or the "
                                            "folder is not writable)"));
    return {};
}

} // namespace

ProjectStore::ProjectStore(QString path, QString connection, bool readOnly)
    : m_path(std::move(path)), m_connection(std::move(connection)), m_readOnly(readOnly)
{}

Status ProjectStore::checkWritable() const
{
    if (m_readOnly)
        return invalid(m_path, QStringLiteral("is open read-only (the file is not writable); "
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
    if (!QFileInfo::exists(path)) {
        if (mode != OpenMode::CreateIfMissing)
            return invalid(path, QStringLiteral("no such project file"));
        if (Status s = createProject(path); !s)
            return s.error();
    }
    if (!QFileInfo(path).isFile())
        return invalid(path, QStringLiteral("is not a file"));
    if (Status s = checkHeader(path); !s)
        return s.error();
    if (Status s = inspect(path); !s)
        return s.error();

    // A file nobody may write (mode 0444, even for root) or that this process cannot write is
    // opened read-only rather than refused; it is then never written, not even migrated.
    const QFileInfo info(path);
    const bool readOnly =
        mode == OpenMode::ReadOnly || !info.isWritable() ||
        !(info.permissions() & (QFile::WriteOwner | QFile::WriteGroup | QFile::WriteOther));
    if (readOnly) {
        Connection c(path, true);
        QSqlDatabase db = c.db();
        auto version = openAndReadVersion(db, path);
        if (!version)
            return version.error();
        if (version.value() != ProjectSchema::CurrentVersion)
            return invalid(path, QStringLiteral("is read-only and from an older Gantry (schema "
                                                "%1): make it writable so that it can be "
                                                "upgraded to schema %2")
                                     .arg(version.value())
                                     .arg(ProjectSchema::CurrentVersion));
        db = QSqlDatabase();
        return std::unique_ptr<ProjectStore>(new ProjectStore(path, c.take(), true));
    }

    Connection c(path, false);
    QSqlDatabase db = c.db();
    if (!db.open())
        return sqlError(path, QStringLiteral("opening"), db.lastError());
    auto fk = scalar(db, path, QStringLiteral("PRAGMA foreign_keys = ON"));
    if (!fk)
        return fk.error();
    auto mode2 = scalar(db, path, QStringLiteral("PRAGMA journal_mode"));
    if (!mode2)
        return mode2.error();
    if (mode2.value().toString().compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0) {
        auto wal = scalar(db, path, QStringLiteral("PRAGMA journal_mode = WAL"));
        if (!wal)
            return wal.error();
        if (wal.value().toString().compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
            return invalid(path, QStringLiteral("is locked by another writer (try again when it "
                                                "is done)"));
    }
    {
        // Checked again under the write lock: another process may have migrated meanwhile.
        Transaction t(db);
        if (Status s = t.begin(path); !s)
            return s.error();
        auto version = scalar(db, path, QStringLiteral("PRAGMA user_version"));
        if (!version)
            return version.error();
        const int v = version.value().toInt();
        if (v > ProjectSchema::CurrentVersion || v < 1)
            return invalid(path, QStringLiteral("changed schema to %1 while opening").arg(v));
        if (v < ProjectSchema::CurrentVersion) {
            // A file whose tables do not match the schema it claims cannot be migrated: that is
            // the file's fault, and the transaction rolls back, leaving its content as it was.
            if (Status s = ProjectSchema::migrate(db, v, ProjectSchema::CurrentVersion, path); !s)
                return invalid(path, QStringLiteral("is not a consistent schema-%1 project (%2)")
                                         .arg(v)
                                         .arg(s.error().message));
            if (Status s = t.commit(path); !s)
                return s.error();
        }
    }
    db = QSqlDatabase();
    return std::unique_ptr<ProjectStore>(new ProjectStore(path, c.take(), false));
}

int ProjectStore::schemaVersion() const
{
    auto v = scalar(QSqlDatabase::database(m_connection, false), m_path,
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
        return sqlError(m_path, QStringLiteral("listing scenarios"), q.lastError());
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
        return sqlError(m_path, QStringLiteral("listing sweeps"), q.lastError());
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
        return sqlError(m_path, QStringLiteral("reading a sweep"), q.lastError());
    if (!q.next())
        return invalid(m_path, QStringLiteral("has no sweep %1").arg(id));
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
        return sqlError(m_path, QStringLiteral("reading a sweep's points"), q.lastError());
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
        return sqlError(m_path, QStringLiteral("listing runs"), q.lastError());
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
            return sqlError(m_path, QStringLiteral("reading a run"), b.lastError());
        if (b.next()) {
            auto jobs = JobRecordCodec::decode(b.value(0).toByteArray());
            if (!jobs || qint64(jobs->size()) != b.value(1).toLongLong())
                return invalid(m_path, QStringLiteral("is corrupt: the results of run %1 are "
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
        return sqlError(m_path, QStringLiteral("reading a run"), q.lastError());
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
            return invalid(m_path, QStringLiteral("%1 is damaged").arg(source));
        return std::move(r.value().jobs);
    };

    // Rows of files before schema 4 first (they were added first), one job each.
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("SELECT h.id, h.context_id, c.json, h.job_json FROM history h "
                               "JOIN history_contexts c ON c.id = h.context_id ORDER BY h.id")))
        return sqlError(m_path, QStringLiteral("reading the history"), q.lastError());
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
        return sqlError(m_path, QStringLiteral("reading the history"), b.lastError());
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
                return invalid(m_path, QStringLiteral("%1 is damaged").arg(source));
            jobs.append(d.object());
        }
        if (jobs.size() != b.value(3).toLongLong())
            return invalid(m_path, QStringLiteral("%1 is damaged").arg(source));
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
    auto n = scalar(QSqlDatabase::database(m_connection, false), m_path,
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
        return sqlError(m_path, QStringLiteral("reading GPU types"), q.lastError());
    std::vector<GpuType> out;
    while (q.next())
        out.push_back({q.value(0).toString(), q.value(1).toDouble(), q.value(2).toDouble(),
                       q.value(3).toDouble()});
    return out;
}

Status ProjectStore::copyTo(const QString& target) const
{
    if (QFileInfo::exists(target))
        return invalid(target, QStringLiteral("already exists"));
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("VACUUM INTO ?"));
    q.addBindValue(target);
    if (!q.exec())
        return sqlError(m_path, QStringLiteral("copying to %1").arg(target), q.lastError());
    return {};
}

} // namespace gantry::storage
