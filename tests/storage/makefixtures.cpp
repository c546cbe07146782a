// gantry_make_project_fixtures OUTDIR: writes OUTDIR/v1.gantry (schema 1, written with the
// version-1 SQL as Gantry 0.1 wrote it) and OUTDIR/v6.gantry (the current schema, written by
// ProjectStore). Both hold sampledata/teaching.json, one fifo run of it and its jobs as history;
// v6 also holds one GPU type override and one stored sweep (teaching under fifo and sjf).
// v2.gantry to v5.gantry were written by this tool's earlier versions (ProjectStore at schema 2
// to 5) and are kept. When the schema moves past 6, keep v6.gantry and make this tool write the
// new version through ProjectStore instead.
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "plan/sweepreader.h"
#include "plan/sweepsession.h"
#include "run/resultwriter.h"
#include "run/runner.h"
#include "storage/projectschema.h"
#include "storage/projectstore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTextStream>
#include <QVariant>

using namespace gantry;

namespace {

QByteArray compact(const QJsonObject& o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QString sha(const QByteArray& b)
{
    return QString::fromLatin1(QCryptographicHash::hash(b, QCryptographicHash::Sha256).toHex());
}

bool exec(QSqlDatabase& db, const QString& sql, const QVariantList& values = {})
{
    QSqlQuery q(db);
    q.prepare(sql);
    for (int i = 0; i < values.size(); ++i)
        q.bindValue(i, values[i]);
    if (!q.exec()) {
        QTextStream(stderr) << sql << ": " << q.lastError().text() << Qt::endl;
        return false;
    }
    return true;
}

bool writeV1(const QString& path, const Scenario& s, const RunResult& r)
{
    QFile::remove(path);
    bool ok = true;
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("v1"));
        db.setDatabaseName(path);
        if (!db.open())
            return false;
        ok = exec(db, QStringLiteral("BEGIN IMMEDIATE")) &&
             storage::ProjectSchema::migrate(db, 0, 1, path).ok();
        const QString hash = storage::ProjectStore::scenarioHash(s);
        ok = ok &&
             exec(db, QStringLiteral("INSERT INTO scenarios (name, hash, json) VALUES (?, ?, ?)"),
                  {s.name, hash, QString::fromUtf8(ScenarioWriter::toJson(s))});
        QJsonObject config{{"policy", r.config.policy},
                           {"placement", r.config.placement},
                           {"predictor", r.config.predictor},
                           {"seed", "0"},
                           {"mapping_backend", "auto"},
                           {"default_iterations", 1000.0},
                           {"history_jobs", 0}};
        ok = ok && exec(db,
                        QStringLiteral("INSERT INTO runs (scenario_id, scenario_hash, policy, "
                                       "placement, predictor, seed, version, config_json, "
                                       "summary_json, created_at) VALUES (1, ?, ?, ?, ?, 0, "
                                       "'0.1.0', ?, ?, '2025-01-01T00:00:00.000Z')"),
                        {hash, r.config.policy, r.config.placement, r.config.predictor,
                         QString::fromUtf8(compact(config)),
                         QString::fromUtf8(compact(ResultWriter::summaryJson(r)))});
        for (std::size_t i = 0; ok && i < r.jobs.size(); ++i) {
            const JobRecord& j = r.jobs[i];
            ok = exec(db,
                      QStringLiteral("INSERT INTO run_jobs VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                                     "?, ?, ?)"),
                      {qint64(i), j.id, j.arrivalS, j.startS, j.finishS, j.jctS, j.queueDelayS,
                       j.gpus, j.servers, j.preemptions, j.predictedIterations, j.iterations});
        }
        QJsonObject root = ScenarioWriter::toJsonObject(s);
        const QJsonArray jobs = root.take(QStringLiteral("jobs")).toArray();
        const QByteArray context = compact(root);
        ok = ok &&
             exec(db, QStringLiteral("INSERT INTO history_contexts (hash, json) VALUES (?, ?)"),
                  {sha(context), QString::fromUtf8(context)});
        for (int i = 0; ok && i < jobs.size(); ++i) {
            const QByteArray job = compact(jobs[i].toObject());
            ok = exec(db,
                      QStringLiteral("INSERT INTO history (context_id, job_id, job_json, "
                                     "job_hash, iterations) VALUES (1, ?, ?, ?, ?)"),
                      {s.jobs[std::size_t(i)].id, QString::fromUtf8(job), sha(job),
                       s.jobs[std::size_t(i)].trueIterations()});
        }
        ok = ok && exec(db, QStringLiteral("COMMIT"));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("v1"));
    return ok;
}

// sweep.json of teaching.json under fifo and sjf (two points).
QByteArray teachingSweep()
{
    const QByteArray file = R"({"format": "gantry-sweep", "version": 1, "name": "fixture",
        "base": "teaching.json", "axes": {"policy": ["fifo", "sjf"]},
        "target": {"metric": "p99_queue_delay_s", "max": 3600}})";
    auto spec = plan::SweepReader::readJson(file, QStringLiteral("fixture sweep"),
                                            QStringLiteral(GANTRY_SOURCE_DIR "/sampledata"));
    if (!spec)
        return {};
    auto session = plan::SweepSession::open(spec.value(), QString(), false);
    if (!session || !session.value().runAll(1) || !session.value().finish())
        return {};
    return session.value().sweepJson();
}

bool writeCurrent(const QString& path, const Scenario& s, const RunResult& r)
{
    static_assert(storage::ProjectSchema::CurrentVersion == 6, "see the file comment");
    QFile::remove(path);
    auto store =
        storage::ProjectStore::open(path, storage::ProjectStore::OpenMode::CreateIfMissing);
    if (!store)
        return false;
    const QByteArray sweep = teachingSweep();
    return !sweep.isEmpty() && store.value()->recordRuns(s, {r}, true).ok() &&
           store.value()->setGpuTypes({{QStringLiteral("X1"), 100.0, 40.0, 0.5}}).ok() &&
           store.value()->addSweep(s, sweep).ok();
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    if (argc != 2)
        return 2;
    const QDir out(QString::fromLocal8Bit(argv[1]));
    auto s =
        ScenarioReader::readFile(QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/teaching.json"));
    if (!s)
        return 1;
    RunConfig c;
    c.policy = QStringLiteral("fifo");
    auto r = Runner::run(s.value(), c);
    if (!r)
        return 1;
    r.value().summary.wallS = 0.0; // reproducible bytes
    if (!writeV1(out.filePath(QStringLiteral("v1.gantry")), s.value(), r.value()) ||
        !writeCurrent(out.filePath(QStringLiteral("v6.gantry")), s.value(), r.value()))
        return 1;
    return 0;
}
