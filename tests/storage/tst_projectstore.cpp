// ProjectStore: create and reopen, migration from every fixture version, the failure cases
// (not a project, newer, locked, corrupt, truncated: each a clear error, the file untouched),
// and crash safety (a writer killed in the middle of a large save).
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "plan/sweepreader.h"
#include "plan/sweepsession.h"
#include "run/runner.h"
#include "storage/jobkeyset.h"
#include "storage/projectschema.h"
#include "storage/projectstore.h"
#include "storage/scenarioforms.h"
#include "storage/sha256.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <csignal>
#include <cstring>
#include <map>
#include <set>

using gantry::Job;
using gantry::RunResult;
using gantry::Scenario;
using gantry::storage::ProjectSchema;
using gantry::storage::ProjectStore;
using gantry::storage::ScenarioForms;

namespace {

Scenario sample(const QString& name)
{
    auto s =
        gantry::ScenarioReader::readFile(QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + name);
    if (!s)
        qFatal("%s", qPrintable(s.error().message));
    return s.value();
}

RunResult runOf(const Scenario& s, const QString& policy)
{
    gantry::RunConfig c;
    c.policy = policy;
    auto r = gantry::Runner::run(s, c);
    if (!r)
        qFatal("%s", qPrintable(r.error().message));
    return r.value();
}

QByteArray checksum(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return "<missing>";
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
}

// Everything a project holds, as text, for before/after comparisons.
QString snapshot(const QString& path)
{
    auto store = ProjectStore::open(path);
    if (!store)
        return QStringLiteral("<error> ") + store.error().message;
    QString out;
    // Named results: a range-for over a temporary's value() would dangle.
    const auto scenarios = store.value()->scenarios().value();
    const auto runs = store.value()->runs().value();
    const auto history = store.value()->history().value();
    for (const auto& s : scenarios)
        out += QStringLiteral("scenario %1 %2 %3\n").arg(s.id).arg(s.name, s.hash);
    for (const auto& r : runs) {
        out += QStringLiteral("run %1 %2 %3 %4\n")
                   .arg(r.id)
                   .arg(r.policy)
                   .arg(r.jobs)
                   .arg(QString::fromUtf8(QJsonDocument(r.summary).toJson(QJsonDocument::Compact)));
        const auto jobs = store.value()->runJobs(r.id).value();
        for (const auto& j : jobs)
            out += QStringLiteral("  %1 %2 %3\n").arg(j.id).arg(j.startS).arg(j.finishS);
    }
    for (const Job& j : history)
        out += QStringLiteral("history %1 %2\n").arg(j.id).arg(j.trueIterations());
    const auto sweeps = store.value()->sweeps().value();
    for (const auto& w : sweeps) {
        out += QStringLiteral("sweep %1 %2 %3 %4 %5\n")
                   .arg(w.id)
                   .arg(w.name, w.hash)
                   .arg(w.points)
                   .arg(w.createdAt);
        const auto points = store.value()->sweepPoints(w.id).value();
        for (const auto& p : points)
            out +=
                QStringLiteral("  %1 %2 %3\n")
                    .arg(p.index)
                    .arg(QString::fromUtf8(QJsonDocument(p.values).toJson(QJsonDocument::Compact)))
                    .arg(p.costUsd.value_or(-1.0));
    }
    return out;
}

// A finished sweep's sweep.json: the sample sweep's base and run settings over the given axes
// (a JSON object's text).
QByteArray sweepJson(const QByteArray& axes, const QString& name = QStringLiteral("small"))
{
    const QByteArray file = "{\"format\": \"gantry-sweep\", \"version\": 1, \"name\": \"" +
                            name.toUtf8() + "\", \"base\": \"two-racks.json\", \"axes\": " + axes +
                            ", \"run\": {\"placement\": \"graph\", \"predictor\": "
                            "\"noisy:0.5\"}, \"target\": {\"metric\": \"p99_queue_delay_s\", "
                            "\"max\": 3600}}";
    auto spec = gantry::plan::SweepReader::readJson(
        file, QStringLiteral("sweep"), QStringLiteral(GANTRY_SOURCE_DIR "/sampledata"));
    if (!spec)
        qFatal("%s", qPrintable(spec.error().message));
    auto session = gantry::plan::SweepSession::open(spec.value(), QString(), false);
    if (!session || !session.value().runAll(2) || !session.value().finish())
        qFatal("the sweep failed");
    return session.value().sweepJson();
}

// The stored points against sweep.json's points, key by key.
void comparePoints(const std::vector<gantry::storage::StoredSweepPoint>& stored,
                   const QByteArray& json)
{
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    const QJsonArray points = root.value("points").toArray();
    const QJsonArray axes = root.value("axes").toArray();
    const QJsonArray metrics = root.value("metrics").toArray();
    QCOMPARE(stored.size(), std::size_t(points.size()));
    for (std::size_t i = 0; i < stored.size(); ++i) {
        const QJsonObject p = points[int(i)].toObject();
        const auto& s = stored[i];
        QCOMPARE(s.index, int(i));
        QCOMPARE(s.values.size(), axes.size());
        for (int k = 0; k < axes.size(); ++k)
            QCOMPARE(s.values[k], p.value(axes[k].toString()));
        QCOMPARE(s.feasible, p.value("feasible").toBool());
        QCOMPARE(s.meetsTarget, p.value("meets_target").toBool());
        QCOMPARE(s.infeasibleReason, p.value("infeasible_reason").toString());
        QCOMPARE(s.costUsd.has_value(), p.value("cost_usd").isDouble());
        QCOMPARE(s.cloudCostUsd.has_value(), p.value("cloud_cost_usd").isDouble());
        if (s.costUsd) {
            QCOMPARE(*s.costUsd, p.value("cost_usd").toDouble());
            QCOMPARE(*s.cloudCostUsd, p.value("cloud_cost_usd").toDouble());
        }
        QCOMPARE(s.metrics.size(), s.feasible ? metrics.size() : 0);
        for (auto it = s.metrics.begin(); it != s.metrics.end(); ++it)
            QCOMPARE(it.value(), p.value(it.key())); // bit for bit: both are doubles
    }
}

// A raw connection, for setting up the failure cases behind ProjectStore's back.
class RawDb
{
public:
    explicit RawDb(const QString& path, const QString& name = QStringLiteral("raw")) : m_name(name)
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        if (!db.open())
            qFatal("raw open failed");
    }
    ~RawDb()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    bool exec(const QString& sql)
    {
        QSqlQuery q(QSqlDatabase::database(m_name, false));
        const bool ok = q.exec(sql);
        if (!ok)
            qWarning("%s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
        return ok;
    }
    QVariant scalar(const QString& sql)
    {
        QSqlQuery q(QSqlDatabase::database(m_name, false));
        if (!q.exec(sql) || !q.next())
            return {};
        return q.value(0);
    }

private:
    QString m_name;
};

void compareRecords(const std::vector<gantry::JobRecord>& a,
                    const std::vector<gantry::JobRecord>& b)
{
    QCOMPARE(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        QCOMPARE(a[i].id, b[i].id);
        QCOMPARE(a[i].arrivalS, b[i].arrivalS);
        QCOMPARE(a[i].startS, b[i].startS);
        QCOMPARE(a[i].finishS, b[i].finishS);
        QCOMPARE(a[i].jctS, b[i].jctS);
        QCOMPARE(a[i].queueDelayS, b[i].queueDelayS);
        QCOMPARE(a[i].gpus, b[i].gpus);
        QCOMPARE(a[i].servers, b[i].servers);
        QCOMPARE(a[i].preemptions, b[i].preemptions);
        QCOMPARE(a[i].predictedIterations, b[i].predictedIterations);
        QCOMPARE(a[i].iterations, b[i].iterations);
        QCOMPARE(a[i].gpuSeconds, b[i].gpuSeconds);
        QCOMPARE(a[i].crossServerBytes, b[i].crossServerBytes);
    }
}

} // namespace

class TstProjectStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void canonicalJsonEqualsQtJson_data();
    void canonicalJsonEqualsQtJson();
    void formsAheadRecordTheSame_data();
    void formsAheadRecordTheSame();
    void sha256IsQtSha256();
    void jobKeySetKeepsEachKeyOnce();
    void runsOfAnAddedScenario_data();
    void runsOfAnAddedScenario();
    void createAndReopen_data();
    void createAndReopen();
    void historyOfManyPiecesReadsBack();
    void damagedHistoryNamesItsBatch_data();
    void damagedHistoryNamesItsBatch();
    void migrateFromFixture_data();
    void migrateFromFixture();
    void everyEarlierVersionHasAFixture();
    void refusesBadFiles_data();
    void refusesBadFiles();
    void lockedByAnotherWriter();
    void cancelledSaveChangesNothing();
    void killedWriterLosesNothing_data();
    void killedWriterLosesNothing();
    void copyTo();
    void saveReportsHashes();
    void storedRunIsBitForBit_data();
    void storedRunIsBitForBit();
    void storesSweeps_data();
    void storesSweeps();
    void failedSweepSaveChangesNothing_data();
    void failedSweepSaveChangesNothing();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString path(const QString& name) const { return m_dir->filePath(name); }
};

void TstProjectStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TstProjectStore::createAndReopen_data()
{
    QTest::addColumn<QStringList>("scenarios");
    QTest::addColumn<QStringList>("policies");
    QTest::newRow("teaching, two policies")
        << QStringList{"teaching.json"} << QStringList{"fifo", "asrpt"};
    QTest::newRow("three scenarios")
        << QStringList{"teaching.json", "two-racks.json", "models.json"} << QStringList{"sjf"};
}

void TstProjectStore::createAndReopen()
{
    QFETCH(QStringList, scenarios);
    QFETCH(QStringList, policies);
    const QString file = path(QStringLiteral("p.gantry"));
    QVERIFY(!ProjectStore::open(file).ok()); // Existing: a missing file is an error
    QVERIFY(!QFile::exists(file));

    std::vector<Scenario> input;
    std::vector<std::vector<RunResult>> results;
    {
        auto store = ProjectStore::open(file, ProjectStore::OpenMode::CreateIfMissing);
        QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
        QCOMPARE(store.value()->schemaVersion(), ProjectSchema::CurrentVersion);
        for (const QString& name : scenarios) {
            input.push_back(sample(name));
            std::vector<RunResult> rs;
            for (const QString& p : policies)
                rs.push_back(runOf(input.back(), p));
            auto ids = store.value()->recordRuns(input.back(), rs);
            QVERIFY2(ids, qPrintable(ids ? QString() : ids.error().message));
            QCOMPARE(ids.value().size(), rs.size());
            results.push_back(rs);
        }
        // An identical scenario is stored once; identical history jobs are kept once.
        auto again = store.value()->addScenario(input.front());
        QVERIFY(again);
        QCOMPARE(again.value(), qint64(1));
        auto added = store.value()->appendHistory(input.front(), input.front().jobs);
        QVERIFY(added);
        QCOMPARE(added.value(), 0);
        QVERIFY(store.value()->setGpuTypes({{"X1", 100, 40, 0.5}, {"A100-80G", 312, 80, 1.1}}));
    }

    auto store = ProjectStore::open(file);
    QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
    const auto stored = store.value()->scenarios();
    QVERIFY(stored);
    QCOMPARE(stored.value().size(), input.size());
    std::vector<Job> expectedHistory;
    for (std::size_t i = 0; i < input.size(); ++i) {
        QVERIFY(stored.value()[i].scenario == input[i]);
        QCOMPARE(stored.value()[i].name, input[i].name);
        QCOMPARE(stored.value()[i].hash, ProjectStore::scenarioHash(input[i]));
        QCOMPARE(stored.value()[i].contentHash, ProjectStore::contentHash(input[i]));
        expectedHistory.insert(expectedHistory.end(), input[i].jobs.begin(), input[i].jobs.end());
    }
    const auto runs = store.value()->runs();
    QVERIFY(runs);
    QCOMPARE(runs.value().size(), input.size() * std::size_t(policies.size()));
    std::size_t k = 0;
    for (std::size_t i = 0; i < input.size(); ++i)
        for (const RunResult& r : results[i]) {
            const auto& run = runs.value()[k++];
            QCOMPARE(run.scenarioId, stored.value()[i].id);
            QCOMPARE(run.policy, r.config.policy);
            QCOMPARE(run.placement, r.config.placement);
            QCOMPARE(run.predictor, r.config.predictor);
            QCOMPARE(run.seed, r.config.seed);
            QCOMPARE(run.version, QStringLiteral(GANTRY_VERSION));
            QCOMPARE(run.scenarioHash, ProjectStore::contentHash(input[i]));
            QVERIFY(ProjectStore::ranOn(run, input[i]));
            QCOMPARE(run.summary.value("avg_jct_s").toDouble(), r.summary.avgJctS);
            QCOMPARE(run.summary.value("jobs").toInt(), r.summary.jobs);
            QCOMPARE(run.config.value("policy").toString(), r.config.policy);
            QCOMPARE(run.jobs, int(r.jobs.size()));
            const auto jobs = store.value()->runJobs(run.id);
            QVERIFY(jobs);
            compareRecords(jobs.value(), r.jobs);
        }
    const auto history = store.value()->history();
    QVERIFY2(history, qPrintable(history ? QString() : history.error().message));
    QVERIFY(history.value() == expectedHistory);
    QCOMPARE(store.value()->historySize().value(), int(expectedHistory.size()));
    const auto gpus = store.value()->gpuTypes();
    QVERIFY(gpus);
    QCOMPARE(gpus.value().size(), std::size_t(2));
    QCOMPARE(gpus.value()[1].name, QStringLiteral("X1"));
    QCOMPARE(gpus.value()[0].speed, 1.1);

    // The history trains a run: with the mean predictor every prediction is its mean.
    gantry::RunConfig c;
    c.predictor = QStringLiteral("mean");
    c.history = history.value();
    auto trained = gantry::Runner::run(input.front(), c);
    QVERIFY(trained);
    double mean = 0;
    for (const Job& j : expectedHistory)
        mean += j.trueIterations() / double(expectedHistory.size());
    QVERIFY(qAbs(trained.value().jobs.front().predictedIterations - mean) < 1e-6 * mean);

    // Replacing a scenario keeps its id and runs, and the history its jobs added, though the
    // history's batch referred to the row's document (schema 6).
    Scenario changed = input.front();
    changed.name = QStringLiteral("renamed");
    changed.jobs.pop_back();
    QVERIFY(store.value()->replaceScenario(1, changed));
    QCOMPARE(store.value()->scenarios().value().front().name, QStringLiteral("renamed"));
    QVERIFY(store.value()->history().value() == expectedHistory);
    QVERIFY(!store.value()->replaceScenario(999, changed));
    store.value().reset();

    RawDb raw(file);
    QCOMPARE(raw.scalar("PRAGMA application_id").toInt(), ProjectSchema::ApplicationId);
    QCOMPARE(raw.scalar("PRAGMA user_version").toInt(), ProjectSchema::CurrentVersion);
    // Each scenario's batch referred to its row; the replaced one's now holds its jobs.
    QCOMPARE(
        raw.scalar("SELECT COUNT(*) FROM history_batches WHERE scenario_id IS NOT NULL").toInt(),
        int(input.size()) - 1);
    QCOMPARE(raw.scalar("SELECT scenario_id IS NULL AND length(data) > 0 FROM history_batches "
                        "ORDER BY id LIMIT 1")
                 .toInt(),
             1);
    QCOMPARE(raw.scalar("PRAGMA journal_mode").toString(), QStringLiteral("wal"));
    QCOMPARE(raw.scalar("PRAGMA foreign_key_check").toString(), QString());
    QCOMPARE(raw.scalar("PRAGMA integrity_check").toString(), QStringLiteral("ok"));
}

// A history batch larger than one compression piece (its lines are compressed a piece at a
// time, a line cut where a piece ends): every job reads back, and one repeated is kept once.
void TstProjectStore::historyOfManyPiecesReadsBack()
{
    Scenario s = sample(QStringLiteral("teaching.json"));
    const Job plain = s.jobs.front();
    s.jobs.clear();
    for (int i = 0; i < 40000; ++i) {
        Job j = plain;
        j.id = QStringLiteral("job-%1").arg(i);
        j.arrivalS = i * 0.5;
        j.features.insert(QStringLiteral("note"), QString(1 + i % 230, QLatin1Char('a' + i % 26)));
        s.jobs.push_back(j);
    }
    const QString file = path(QStringLiteral("h.gantry"));
    auto store = ProjectStore::open(file, ProjectStore::OpenMode::CreateIfMissing);
    QVERIFY(store);
    auto added = store.value()->appendHistory(s, s.jobs);
    QVERIFY2(added, qPrintable(added ? QString() : added.error().message));
    QCOMPARE(added.value(), int(s.jobs.size()));
    QVERIFY(store.value()->appendHistory(s, {s.jobs[123]}).value() == 0);
    const auto history = store.value()->history();
    QVERIFY2(history, qPrintable(history ? QString() : history.error().message));
    QCOMPARE(history.value().size(), s.jobs.size());
    QVERIFY(history.value() == s.jobs);
}

void TstProjectStore::damagedHistoryNamesItsBatch_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("expected");
    QTest::newRow("refers to no scenario")
        << "UPDATE history_batches SET scenario_id = 99"
        << "history batch 1 is damaged: its jobs are scenario 99's, which cannot be read";
    QTest::newRow("counts a job more") << "UPDATE history_batches SET jobs = jobs + 1"
                                       << "history batch 1 is damaged";
}

// A history batch that does not read back fails the read with the file and the batch named
// once (the file's path is not repeated), and the exit status of a damaged input.
void TstProjectStore::damagedHistoryNamesItsBatch()
{
    QFETCH(QString, damage);
    QFETCH(QString, expected);
    const QString file = path(QStringLiteral("damaged.gantry"));
    const Scenario teaching = sample(QStringLiteral("teaching.json"));
    {
        auto store = ProjectStore::open(file, ProjectStore::OpenMode::CreateIfMissing);
        QVERIFY(store);
        QVERIFY(store.value()->recordRuns(teaching, {runOf(teaching, QStringLiteral("fifo"))}));
    }
    {
        RawDb raw(file);
        QCOMPARE(raw.scalar("SELECT scenario_id FROM history_batches").toInt(), 1);
        QVERIFY(raw.exec(damage));
    }
    auto store = ProjectStore::open(file);
    QVERIFY(store);
    const auto history = store.value()->history();
    QVERIFY(!history);
    QCOMPARE(history.error().kind, gantry::ErrorKind::InvalidInput);
    QVERIFY2(history.error().message.startsWith(file + QStringLiteral(": ") + expected),
             qPrintable(history.error().message));
    QCOMPARE(history.error().message.count(file), 1 + int(expected.contains("cannot be read")));
}

void TstProjectStore::migrateFromFixture_data()
{
    QTest::addColumn<int>("version");
    for (int v = 1; v <= ProjectSchema::CurrentVersion; ++v)
        QTest::newRow(qPrintable(QStringLiteral("v%1").arg(v))) << v;
}

void TstProjectStore::migrateFromFixture()
{
    QFETCH(int, version);
    const QString fixture = QStringLiteral(GANTRY_TEST_DATA "/projects/v%1.gantry").arg(version);
    QVERIFY2(QFile::exists(fixture), qPrintable(fixture));
    const QString file = path(QStringLiteral("old.gantry"));
    QVERIFY(QFile::copy(fixture, file));
    QVERIFY(QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner));
    {
        RawDb raw(file);
        QCOMPARE(raw.scalar("PRAGMA user_version").toInt(), version);
        // From schema 6 a batch of every job of a stored scenario refers to its row.
        if (version >= 6)
            QCOMPARE(raw.scalar("SELECT COUNT(*) FROM history_batches WHERE scenario_id = 1 AND "
                                "length(data) = 0")
                         .toInt(),
                     1);
    }

    auto store = ProjectStore::open(file);
    QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
    QCOMPARE(store.value()->schemaVersion(), ProjectSchema::CurrentVersion);
    const Scenario teaching = sample(QStringLiteral("teaching.json"));
    const auto scenarios = store.value()->scenarios();
    QVERIFY(scenarios);
    QCOMPARE(scenarios.value().size(), std::size_t(1));
    QVERIFY(scenarios.value().front().scenario == teaching);
    // Rows before schema 5 have no content hash: it is computed when needed.
    QCOMPARE(scenarios.value().front().contentHash,
             version >= 5 ? ProjectStore::contentHash(teaching) : QString());
    const auto runs = store.value()->runs();
    QVERIFY(runs);
    QCOMPARE(runs.value().size(), std::size_t(1));
    QCOMPARE(runs.value().front().policy, QStringLiteral("fifo"));
    const RunResult expected = runOf(teaching, QStringLiteral("fifo"));
    auto jobs = store.value()->runJobs(runs.value().front().id).value();
    if (version < 2) // columns added by v2 read as 0 for older runs
        for (std::size_t i = 0; i < jobs.size(); ++i) {
            QCOMPARE(jobs[i].gpuSeconds, 0.0);
            jobs[i].gpuSeconds = expected.jobs[i].gpuSeconds;
            jobs[i].crossServerBytes = expected.jobs[i].crossServerBytes;
        }
    compareRecords(jobs, expected.jobs);
    QVERIFY(store.value()->history().value() == teaching.jobs);
    QCOMPARE(store.value()->gpuTypes().value().size(), std::size_t(version >= 2 ? 1 : 0));
    const auto sweeps = store.value()->sweeps().value();
    QCOMPARE(sweeps.size(), std::size_t(version >= 3 ? 1 : 0));
    if (version >= 3) {
        QCOMPARE(sweeps.front().name, QStringLiteral("fixture"));
        QCOMPARE(sweeps.front().scenarioId, scenarios.value().front().id);
        const auto points = store.value()->sweepPoints(sweeps.front().id).value();
        QCOMPARE(points.size(), std::size_t(2));
        QCOMPARE(points[0].values, QJsonArray{QStringLiteral("fifo")});
        QCOMPARE(points[1].values, QJsonArray{QStringLiteral("sjf")});
        QVERIFY(points[0].feasible && points[1].feasible);
        // fifo's point is the plain fifo run: its metrics are the run's summary.
        QCOMPARE(points[0].metrics.value("avg_jct_s").toDouble(), expected.summary.avgJctS);
        QCOMPARE(store.value()->sweep(sweeps.front().id).value().result.value("sweep_sha256"),
                 QJsonValue(sweeps.front().hash));
    }

    // A migrated project takes new saves (a sweep too) and reopens.
    QVERIFY(store.value()->recordRuns(teaching, {runOf(teaching, QStringLiteral("asrpt"))}));
    QVERIFY(store.value()->setGpuTypes({{"X2", 1, 1, 1}}));
    QVERIFY(store.value()->addSweep(sample(QStringLiteral("two-racks.json")),
                                    sweepJson(R"({"servers.h100.count": [1, 2]})")));
    store.value().reset();
    auto again = ProjectStore::open(file);
    QVERIFY(again);
    QCOMPARE(again.value()->runs().value().size(), std::size_t(2));
    QCOMPARE(again.value()->historySize().value(), int(teaching.jobs.size()));
    QCOMPARE(again.value()->sweeps().value().size(), std::size_t(version >= 3 ? 2 : 1));
}

void TstProjectStore::everyEarlierVersionHasAFixture()
{
    const QDir dir(QStringLiteral(GANTRY_TEST_DATA "/projects"));
    for (int v = 1; v <= ProjectSchema::CurrentVersion; ++v)
        QVERIFY2(dir.exists(QStringLiteral("v%1.gantry").arg(v)), qPrintable(QString::number(v)));
}

void TstProjectStore::refusesBadFiles_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("random bytes") << "random"
                                  << "not an SQLite database";
    QTest::newRow("empty") << "empty"
                           << "empty";
    QTest::newRow("text") << "text"
                          << "not an SQLite database";
    QTest::newRow("plain sqlite") << "plain"
                                  << "not a Gantry project";
    QTest::newRow("gantry id, no metadata") << "nometa"
                                            << "not a Gantry project";
    QTest::newRow("newer version") << "newer"
                                   << "newer Gantry";
    QTest::newRow("truncated header") << "truncated50"
                                      << "not an SQLite database";
    QTest::newRow("truncated half") << "truncatedhalf"
                                    << "truncated";
    QTest::newRow("corrupt pages") << "corrupt"
                                   << "corrupt";
    QTest::newRow("a folder") << "folder"
                              << "not a file";
}

void TstProjectStore::refusesBadFiles()
{
    QFETCH(QString, kind);
    QFETCH(QString, mentions);
    const QString file = path(QStringLiteral("bad.gantry"));
    auto writeBytes = [&](const QByteArray& b) {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(b);
    };
    auto makeProject = [&] {
        auto store = ProjectStore::open(file, ProjectStore::OpenMode::CreateIfMissing);
        QVERIFY(store);
        const Scenario s = sample(QStringLiteral("two-racks.json"));
        QVERIFY(store.value()->recordRuns(s, {runOf(s, QStringLiteral("fifo"))}));
    };
    auto readAll = [&] {
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };

    if (kind == "random") {
        QByteArray b(8192, 0);
        QRandomGenerator rng(7);
        for (char& c : b)
            c = char(rng.bounded(256));
        writeBytes(b);
    } else if (kind == "empty") {
        writeBytes({});
    } else if (kind == "text") {
        writeBytes("{\"format\": \"gantry-scenario\"}\n");
    } else if (kind == "plain") {
        RawDb raw(file);
        QVERIFY(raw.exec("CREATE TABLE t (x)"));
        QVERIFY(raw.exec("INSERT INTO t VALUES (1)"));
    } else if (kind == "nometa") {
        RawDb raw(file);
        QVERIFY(raw.exec("CREATE TABLE t (x)"));
        QVERIFY(raw.exec(
            QStringLiteral("PRAGMA application_id = %1").arg(ProjectSchema::ApplicationId)));
        QVERIFY(raw.exec("PRAGMA user_version = 1"));
    } else if (kind == "newer") {
        makeProject();
        RawDb raw(file);
        QVERIFY(raw.exec(
            QStringLiteral("PRAGMA user_version = %1").arg(ProjectSchema::CurrentVersion + 1)));
        QVERIFY(raw.exec("CREATE TABLE from_the_future (x)"));
    } else if (kind == "truncated50") {
        makeProject();
        writeBytes(readAll().left(50));
    } else if (kind == "truncatedhalf") {
        makeProject();
        const QByteArray b = readAll();
        writeBytes(b.left(b.size() / 2));
    } else if (kind == "corrupt") {
        makeProject();
        QByteArray b = readAll();
        QVERIFY(b.size() > 4 * 4096);
        for (int i = 2 * 4096; i < 4 * 4096; ++i)
            b[i] = char(0x5a);
        writeBytes(b);
    } else if (kind == "folder") {
        QVERIFY(QDir().mkpath(file));
    }

    const QStringList before =
        QDir(m_dir->path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
    const QByteArray sum = checksum(file);
    for (auto mode : {ProjectStore::OpenMode::Existing, ProjectStore::OpenMode::CreateIfMissing}) {
        auto store = ProjectStore::open(file, mode);
        QVERIFY(!store);
        qInfo("%s", qPrintable(store.error().message));
        QCOMPARE(store.error().kind, gantry::ErrorKind::InvalidInput);
        QVERIFY2(store.error().message.startsWith(file), qPrintable(store.error().message));
        QVERIFY2(store.error().message.contains(mentions), qPrintable(store.error().message));
    }
    QCOMPARE(checksum(file), sum);
    QCOMPARE(QDir(m_dir->path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), before);
}

void TstProjectStore::lockedByAnotherWriter()
{
    const QString file = path(QStringLiteral("p.gantry"));
    const Scenario s = sample(QStringLiteral("teaching.json"));
    {
        auto store = ProjectStore::open(file, ProjectStore::OpenMode::CreateIfMissing);
        QVERIFY(store);
        QVERIFY(store.value()->recordRuns(s, {runOf(s, QStringLiteral("fifo"))}));
    }
    const QString before = snapshot(file);
    auto open = ProjectStore::open(file); // opened before the other writer came
    QVERIFY(open);
    {
        RawDb other(file, QStringLiteral("other"));
        QVERIFY(other.exec("BEGIN IMMEDIATE"));
        QVERIFY(other.exec("INSERT INTO scenarios (name, hash, json) VALUES ('x', 'y', '{}')"));
        const QByteArray sum = checksum(file);

        auto store = ProjectStore::open(file);
        QVERIFY(!store);
        qInfo("%s", qPrintable(store.error().message));
        QCOMPARE(store.error().kind, gantry::ErrorKind::InvalidInput);
        QVERIFY2(
            store.error().message.contains(file + QStringLiteral(": is locked by another writer")),
            qPrintable(store.error().message));

        auto saved = open.value()->recordRuns(s, {runOf(s, QStringLiteral("sjf"))});
        QVERIFY(!saved);
        QVERIFY2(saved.error().message.contains(QStringLiteral("locked by another writer")),
                 qPrintable(saved.error().message));
        QCOMPARE(checksum(file), sum);
        QVERIFY(other.exec("ROLLBACK"));
    }
    open.value().reset();
    QCOMPARE(snapshot(file), before);
}

void TstProjectStore::cancelledSaveChangesNothing()
{
    const QString file = path(QStringLiteral("p.gantry"));
    const Scenario s = sample(QStringLiteral("teaching.json"));
    auto store = ProjectStore::open(file, ProjectStore::OpenMode::CreateIfMissing);
    QVERIFY(store);
    QVERIFY(store.value()->recordRuns(s, {runOf(s, QStringLiteral("fifo"))}));
    const QString before = snapshot(file);
    gantry::Feedback feedback;
    feedback.cancel();
    auto r = store.value()->recordRuns(sample(QStringLiteral("two-racks.json")),
                                       {runOf(s, QStringLiteral("sjf"))}, true, &feedback);
    QVERIFY(!r);
    QCOMPARE(r.error().kind, gantry::ErrorKind::Cancelled);
    QCOMPARE(snapshot(file), before);
}

void TstProjectStore::killedWriterLosesNothing_data()
{
    QTest::addColumn<int>("delayMs"); // -1: at the writer's halfway mark
    QTest::newRow("halfway") << -1;
    for (int ms : {5, 30, 100, 300})
        QTest::newRow(qPrintable(QStringLiteral("after %1 ms").arg(ms))) << ms;
}

void TstProjectStore::killedWriterLosesNothing()
{
    QFETCH(int, delayMs);
    const QString file = path(QStringLiteral("p.gantry"));
    const Scenario s = sample(QStringLiteral("teaching.json"));
    {
        auto store = ProjectStore::open(file, ProjectStore::OpenMode::CreateIfMissing);
        QVERIFY(store);
        QVERIFY(store.value()->recordRuns(
            s, {runOf(s, QStringLiteral("fifo")), runOf(s, QStringLiteral("asrpt"))}));
    }
    const QString before = snapshot(file);
    QVERIFY(before.contains(QStringLiteral("run 2 asrpt")));

    QProcess writer;
    writer.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    writer.start(QStringLiteral(GANTRY_PROJECT_WRITER),
                 {file, QStringLiteral("300000"), delayMs < 0 ? "pause" : "run"});
    QVERIFY(writer.waitForStarted());
    if (delayMs < 0) {
        QTRY_VERIFY_WITH_TIMEOUT(writer.canReadLine() || writer.state() == QProcess::NotRunning,
                                 60000);
        QCOMPARE(writer.readLine().trimmed(), QByteArray("halfway"));
    } else {
        QTest::qWait(delayMs);
    }
    // processId() is 0 once the process has ended, and kill(0) would kill our whole process
    // group (the test runner with it).
    if (const qint64 pid = writer.processId(); pid > 0)
        ::kill(pid_t(pid), SIGKILL);
    // waitForFinished() is false for a process that has already ended.
    QVERIFY(writer.state() == QProcess::NotRunning || writer.waitForFinished(30000));
    const bool finished = writer.readAllStandardOutput().contains("done");
    qInfo("writer %s", finished ? "said done before the kill" : "killed before it said done");
    QVERIFY(delayMs >= 0 || !finished);

    {
        RawDb raw(file);
        QCOMPARE(raw.scalar("PRAGMA integrity_check").toString(), QStringLiteral("ok"));
    }
    const QString after = snapshot(file);
    // All or nothing: the project is as it was, or as it was plus the whole save. The kill may
    // come after the commit and before the writer says "done", so the file decides which.
    if (after == before) {
        QVERIFY2(!finished, "a save that said done is not in the project");
    } else {
        QVERIFY2(delayMs >= 0, "a save killed halfway through changed the project");
        // The save added its scenario, its run and their history around what was there, which
        // is all still there in the same order (a subsequence of the lines after).
        const QStringList was = before.split(QLatin1Char('\n'));
        const QStringList now = after.split(QLatin1Char('\n'));
        qsizetype at = 0;
        for (const QString& line : was) {
            while (at < now.size() && now[at] != line)
                ++at;
            QVERIFY2(at < now.size(), qPrintable(QStringLiteral("lost: ") + line));
            ++at;
        }
        QVERIFY(after.contains(QStringLiteral("run 3 crash-test 300000")));
    }
}

void TstProjectStore::copyTo()
{
    const QString file = path(QStringLiteral("p.gantry"));
    const Scenario s = sample(QStringLiteral("teaching.json"));
    auto store = ProjectStore::open(file, ProjectStore::OpenMode::CreateIfMissing);
    QVERIFY(store);
    QVERIFY(store.value()->recordRuns(s, {runOf(s, QStringLiteral("fifo"))}));
    const QString target = path(QStringLiteral("copy.gantry"));
    QVERIFY(store.value()->copyTo(target));
    QVERIFY(!store.value()->copyTo(target)); // never overwrites
    store.value().reset();
    QCOMPARE(snapshot(target), snapshot(file));
}

// A save hands back the hashes of each scenario it added or replaced, by the pointer it was
// given: those ProjectStore::hashes gives (the window keeps them instead of hashing again).
void TstProjectStore::saveReportsHashes()
{
    const QString file = path(QStringLiteral("hashes.gantry"));
    Scenario a = sample(QStringLiteral("teaching.json"));
    const Scenario b = sample(QStringLiteral("two-racks.json"));
    auto store = ProjectStore::open(file, ProjectStore::OpenMode::CreateIfMissing);
    QVERIFY(store);
    gantry::storage::ProjectChanges added;
    added.addScenarios = {&a, &b};
    auto first = store.value()->save(added);
    QVERIFY(first);
    QCOMPARE(first.value().hashes.size(), std::size_t(2));
    QCOMPARE(first.value().hashes[0].first, &a);
    QCOMPARE(first.value().hashes[1].first, &b);
    for (const auto& [scenario, hashes] : first.value().hashes) {
        QCOMPARE(hashes.hash, ProjectStore::hashes(*scenario).hash);
        QCOMPARE(hashes.contentHash, ProjectStore::hashes(*scenario).contentHash);
    }
    a.name = QStringLiteral("renamed");
    a.jobs.pop_back();
    gantry::storage::ProjectChanges replaced;
    replaced.replaceScenarios = {{first.value().scenarioIds[0], &a}};
    auto second = store.value()->save(replaced);
    QVERIFY(second);
    QCOMPARE(second.value().hashes.size(), std::size_t(1));
    QCOMPARE(second.value().hashes[0].first, &a);
    QCOMPARE(second.value().hashes[0].second.hash, ProjectStore::hashes(a).hash);
    QCOMPARE(second.value().hashes[0].second.contentHash, ProjectStore::hashes(a).contentHash);
    QVERIFY(second.value().hashes[0].second.hash != first.value().hashes[0].second.hash);
}

void TstProjectStore::storedRunIsBitForBit_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("policy");
    QTest::newRow("teaching, fifo") << "teaching.json"
                                    << "fifo";
    QTest::newRow("two-racks, srtf (preemptions)") << "two-racks.json"
                                                   << "srtf";
    QTest::newRow("models, asrpt") << "models.json"
                                   << "asrpt";
}

// A stored-and-read run equals the run, every field bit for bit (QCOMPARE on doubles is fuzzy).
void TstProjectStore::storedRunIsBitForBit()
{
    QFETCH(QString, scenario);
    QFETCH(QString, policy);
    const Scenario s = sample(scenario);
    RunResult run = runOf(s, policy);
    // Values a run rarely gives, to be kept exactly too: a negative zero, a subnormal, huge.
    run.jobs.front().crossServerBytes = -0.0;
    run.jobs.back().predictedIterations = 4.9e-324;
    run.jobs.back().gpuSeconds = 1.7976931348623157e308;
    const QString file = path(QStringLiteral("p.gantry"));
    {
        auto store = ProjectStore::open(file, ProjectStore::OpenMode::CreateIfMissing);
        QVERIFY(store);
        QVERIFY(store.value()->recordRuns(s, {run}));
    }
    auto store = ProjectStore::open(file);
    QVERIFY(store);
    const auto runs = store.value()->runs().value();
    QCOMPARE(runs.size(), std::size_t(1));
    QCOMPARE(runs.front().jobs, int(run.jobs.size()));
    const auto jobs = store.value()->runJobs(runs.front().id);
    QVERIFY(jobs);
    QCOMPARE(jobs.value().size(), run.jobs.size());
    auto bits = [](double d) {
        quint64 b = 0;
        std::memcpy(&b, &d, sizeof b);
        return b;
    };
    for (std::size_t i = 0; i < run.jobs.size(); ++i) {
        const gantry::JobRecord& a = jobs.value()[i];
        const gantry::JobRecord& b = run.jobs[i];
        QCOMPARE(a.id, b.id);
        QCOMPARE(a.gpus, b.gpus);
        QCOMPARE(a.servers, b.servers);
        QCOMPARE(a.preemptions, b.preemptions);
        for (auto field :
             {&gantry::JobRecord::arrivalS, &gantry::JobRecord::startS, &gantry::JobRecord::finishS,
              &gantry::JobRecord::jctS, &gantry::JobRecord::queueDelayS,
              &gantry::JobRecord::predictedIterations, &gantry::JobRecord::iterations,
              &gantry::JobRecord::gpuSeconds, &gantry::JobRecord::crossServerBytes})
            QCOMPARE(bits(a.*field), bits(b.*field));
    }
    // The history reads back as the scenario's jobs, in order.
    QVERIFY(store.value()->history().value() == s.jobs);
    store.value().reset();
    RawDb raw(file); // one blob, no per-job rows
    QCOMPARE(raw.scalar("SELECT COUNT(*) FROM run_jobs").toInt(), 0);
    QCOMPARE(raw.scalar("SELECT COUNT(*) FROM run_results").toInt(), 1);
    QCOMPARE(raw.scalar("SELECT COUNT(*) FROM history").toInt(), 0);
    QCOMPARE(raw.scalar("SELECT SUM(jobs) FROM history_batches").toInt(), int(s.jobs.size()));
}

void TstProjectStore::storesSweeps_data()
{
    QTest::addColumn<QByteArrayList>("axes"); // one sweep stored per entry, in order
    QTest::addColumn<int>("expectedSweeps");
    const QByteArray small =
        R"({"servers.h100.count": [0, 1], "servers.a100.count": [0, 4], "policy": ["fifo", "sjf"]})";
    const QByteArray other = R"({"servers.h100.count": [1, 2], "seed": [0, 1]})";
    QTest::newRow("one") << QByteArrayList{small} << 1;
    QTest::newRow("the same twice") << QByteArrayList{small, small} << 1;
    QTest::newRow("two sweeps") << QByteArrayList{small, other} << 2;
    QTest::newRow("two, then the first again") << QByteArrayList{small, other, small} << 2;
}

void TstProjectStore::storesSweeps()
{
    QFETCH(QByteArrayList, axes);
    QFETCH(int, expectedSweeps);
    const QString file = path(QStringLiteral("p.gantry"));
    const Scenario base = sample(QStringLiteral("two-racks.json"));
    std::map<QString, std::pair<qint64, QByteArray>> byHash; // the last stored of each hash
    {
        auto store = ProjectStore::open(file, ProjectStore::OpenMode::CreateIfMissing);
        QVERIFY(store);
        QVERIFY(store.value()->recordRuns(base, {runOf(base, QStringLiteral("fifo"))}));
        for (const QByteArray& a : axes) {
            const QByteArray json = sweepJson(a);
            const QString hash =
                QJsonDocument::fromJson(json).object().value("sweep_sha256").toString();
            auto id = store.value()->addSweep(base, json);
            QVERIFY2(id, qPrintable(id ? QString() : id.error().message));
            if (byHash.count(hash)) // the same sweep again: replaced in place
                QCOMPARE(id.value(), byHash[hash].first);
            byHash[hash] = {id.value(), json};
        }
    }
    auto store = ProjectStore::open(file);
    QVERIFY(store);
    QCOMPARE(store.value()->scenarios().value().size(), std::size_t(1)); // the base, once
    const auto sweeps = store.value()->sweeps();
    QVERIFY2(sweeps, qPrintable(sweeps ? QString() : sweeps.error().message));
    QCOMPARE(int(sweeps.value().size()), expectedSweeps);
    for (const auto& w : sweeps.value()) {
        QVERIFY(byHash.count(w.hash));
        const auto& [id, json] = byHash[w.hash];
        const QJsonObject doc = QJsonDocument::fromJson(json).object();
        QCOMPARE(w.id, id);
        QCOMPARE(w.name, QStringLiteral("small"));
        QCOMPARE(w.scenarioId, qint64(1));
        QCOMPARE(w.scenarioName, base.name);
        QCOMPARE(w.version, QStringLiteral(GANTRY_VERSION));
        QCOMPARE(w.points, int(doc.value("points").toArray().size()));
        QCOMPARE(w.config, doc.value("config").toObject());
        QVERIFY(w.result.isEmpty()); // the listing leaves the whole sweep.json out
        const auto loaded = store.value()->sweep(w.id);
        QVERIFY(loaded);
        QCOMPARE(loaded.value().result, doc);
        QCOMPARE(loaded.value().hash, w.hash);
        const auto points = store.value()->sweepPoints(w.id);
        QVERIFY(points);
        comparePoints(points.value(), json);
        if (QTest::currentTestFailed())
            return;
    }
    QVERIFY(!store.value()->sweep(999));
    QCOMPARE(store.value()->sweepPoints(999).value().size(), std::size_t(0));
    store.value().reset();
    RawDb raw(file);
    QCOMPARE(raw.scalar("SELECT COUNT(*) FROM sweep_points").toInt(), [&] {
        int n = 0;
        for (const auto& [hash, entry] : byHash)
            n += int(
                QJsonDocument::fromJson(entry.second).object().value("points").toArray().size());
        return n;
    }());
    QCOMPARE(raw.scalar("PRAGMA foreign_key_check").toString(), QString());
}

void TstProjectStore::failedSweepSaveChangesNothing_data()
{
    QTest::addColumn<QString>("how");
    QTest::newRow("cancelled at the start") << "cancel-0";
    QTest::newRow("cancelled among the points") << "cancel-3";
    QTest::newRow("a damaged last point") << "damaged";
    QTest::newRow("not sweep.json") << "not-a-sweep";
    QTest::newRow("read-only") << "read-only";
}

void TstProjectStore::failedSweepSaveChangesNothing()
{
    QFETCH(QString, how);
    const QString file = path(QStringLiteral("p.gantry"));
    const Scenario base = sample(QStringLiteral("two-racks.json"));
    const QByteArray json =
        sweepJson(R"({"servers.h100.count": [0, 1, 2], "servers.a100.count": [0, 4]})");
    {
        auto store = ProjectStore::open(file, ProjectStore::OpenMode::CreateIfMissing);
        QVERIFY(store);
        QVERIFY(store.value()->recordRuns(base, {runOf(base, QStringLiteral("fifo"))}));
        QVERIFY(store.value()->addSweep(base, json));
    }
    const QString before = snapshot(file);
    QVERIFY(before.contains(QStringLiteral("sweep 1 small")));
    const QByteArray sum = checksum(file);

    // Another sweep (a new hash) and the same one again (a replacement) must both fail whole.
    const QByteArray other =
        sweepJson(R"({"servers.h100.count": [2, 4], "policy": ["fifo", "srtf"]})", "other");
    for (const QByteArray& input : {other, json}) {
        auto store =
            ProjectStore::open(file, how == "read-only" ? ProjectStore::OpenMode::ReadOnly
                                                        : ProjectStore::OpenMode::Existing);
        QVERIFY(store);
        QByteArray bytes = input;
        int reports = 0;
        const int cancelAt = how.startsWith("cancel-") ? how.mid(7).toInt() : -1;
        gantry::Feedback* self = nullptr;
        gantry::Feedback feedback([&](double, const QString&) {
            if (reports++ == cancelAt && self)
                self->cancel();
        });
        self = &feedback;
        gantry::Feedback* fb = cancelAt >= 0 ? &feedback : nullptr;
        if (cancelAt == 0) {
            feedback.cancel();
        } else if (how == "damaged") {
            QJsonObject doc = QJsonDocument::fromJson(bytes).object();
            QJsonArray points = doc.value("points").toArray();
            points[points.size() - 1] = 42;
            doc.insert("points", points);
            bytes = QJsonDocument(doc).toJson();
        } else if (how == "not-a-sweep") {
            bytes = "{\"format\": \"gantry-scenario\", \"version\": 1}";
        }
        auto r = store.value()->addSweep(sample(QStringLiteral("teaching.json")), bytes, fb);
        QVERIFY(!r);
        qInfo("%s", qPrintable(r.error().message));
        QCOMPARE(r.error().kind,
                 cancelAt >= 0 ? gantry::ErrorKind::Cancelled : gantry::ErrorKind::InvalidInput);
        if (cancelAt < 0)
            QVERIFY2(r.error().message.startsWith(file), qPrintable(r.error().message));
        if (cancelAt > 0)
            QVERIFY(reports > cancelAt); // points had been written when it was cancelled
    }
    if (how == "read-only")
        QCOMPARE(checksum(file), sum);
    QCOMPARE(snapshot(file), before);
}

void TstProjectStore::formsAheadRecordTheSame_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<bool>("existing"); // the project holds the scenario and a run already
    for (const char* f : {"teaching.json", "two-racks.json", "models.json"}) {
        QTest::newRow(qPrintable(QStringLiteral("%1, new project").arg(f))) << f << false;
        QTest::newRow(qPrintable(QStringLiteral("%1, existing").arg(f))) << f << true;
    }
}

// The forms the command line makes while a run goes on (ScenarioForms::ahead) are of()'s, with
// the compressed document and the jobs' keys ready; a project recorded with them holds what one
// recorded without them holds.
void TstProjectStore::formsAheadRecordTheSame()
{
    QFETCH(QString, scenario);
    QFETCH(bool, existing);
    const Scenario s = sample(scenario);
    std::future<ScenarioForms> future = ScenarioForms::ahead(s);
    const RunResult run = runOf(s, QStringLiteral("asrpt"));
    const ScenarioForms ahead = future.get();
    const ScenarioForms plain = ScenarioForms::of(s);
    QCOMPARE(ahead.compact, plain.compact);
    QCOMPARE(ahead.hash, plain.hash);
    QCOMPARE(ahead.contentHash, plain.contentHash);
    QVERIFY(ahead.jobAt == plain.jobAt);
    QCOMPARE(ahead.compressedCompact(), plain.compressedCompact());
    QCOMPARE(ahead.jobKeys.size(), qsizetype(s.jobs.size()) * ScenarioForms::JobKeySize);
    for (std::size_t i = 0; i < s.jobs.size(); ++i)
        QCOMPARE(ahead.jobKey(i), plain.jobKey(i));

    QString snapshots[2];
    for (int withForms = 0; withForms < 2; ++withForms) {
        const QString file = path(QStringLiteral("p%1.gantry").arg(withForms));
        auto store = ProjectStore::open(file, ProjectStore::OpenMode::CreateIfMissing);
        QVERIFY(store);
        if (existing)
            QVERIFY(store.value()->recordRuns(s, {run}));
        auto ids = store.value()->recordRuns(s, {run}, true, nullptr, withForms ? &ahead : nullptr);
        QVERIFY2(ids, ids ? "" : qPrintable(ids.error().message));
        const auto runs = store.value()->runs().value();
        for (const auto& r : runs)
            snapshots[withForms] += r.scenarioHash + QLatin1Char('\n');
        store.value().reset();
        snapshots[withForms] += snapshot(file);
    }
    QCOMPARE(snapshots[1], snapshots[0]);
}

// The SHA-256 scenario and job hashes are made with (the processor's SHA instructions where it
// has them) is QCryptographicHash's, for every length around the block and padding edges and
// for a large document.
// The history's key set against std::set: duplicates refused, the zero key (a short hash of an
// old row) kept like any other, and growth past the size it was made for.
void TstProjectStore::jobKeySetKeepsEachKeyOnce()
{
    using gantry::storage::JobKeySet;
    JobKeySet set(4);
    std::set<std::pair<quint64, quint64>> expected;
    QRandomGenerator random(11);
    for (int i = 0; i < 20000; ++i) {
        JobKeySet::Key k;
        // Few distinct values, so that many keys repeat and many share their slot's bits.
        k.a = random.bounded(3000) << 20;
        k.b = random.bounded(4);
        if (i % 997 == 0)
            k = JobKeySet::Key::of(QByteArray("short")); // the zero key
        QCOMPARE(set.insert(k), expected.insert({k.a, k.b}).second);
    }
    QVERIFY(expected.size() > 8000);
}

void TstProjectStore::sha256IsQtSha256()
{
    qInfo("accelerated: %s", gantry::storage::Sha256::accelerated() ? "yes" : "no");
    QCOMPARE(gantry::storage::Sha256::hash("abc").toHex(),
             QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    QRandomGenerator random(7);
    QByteArray data(3 * 1000 * 1000 + 17, Qt::Uninitialized);
    for (char& c : data)
        c = char(random.bounded(256));
    for (qsizetype n = 0; n <= 300; ++n)
        QCOMPARE(gantry::storage::Sha256::hash(data.left(n)),
                 QCryptographicHash::hash(data.left(n), QCryptographicHash::Sha256));
    QCOMPARE(gantry::storage::Sha256::hash(data),
             QCryptographicHash::hash(data, QCryptographicHash::Sha256));
    // In parts (the nameless document is hashed around its name's member): every split around
    // the block edges, empty parts included, gives the digest of the parts joined.
    const QByteArrayView all(data);
    for (qsizetype a : {0, 1, 55, 63, 64, 65, 127, 128, 200})
        for (qsizetype b : {0, 1, 8, 63, 64, 65, 130}) {
            const QByteArrayView first = all.first(a), second = all.sliced(a, b),
                                 third = all.sliced(a + b, 300);
            QByteArray joined = first.toByteArray();
            joined += second.toByteArray();
            joined += third.toByteArray();
            QCOMPARE(gantry::storage::Sha256::hash({first, second, third}),
                     QCryptographicHash::hash(joined, QCryptographicHash::Sha256));
        }
    QCOMPARE(gantry::storage::Sha256::hash({all.first(1234567), all.sliced(1234567)}),
             QCryptographicHash::hash(data, QCryptographicHash::Sha256));
    // Forked (a document and the same without its name): each digest is that of its bytes.
    for (qsizetype p : {0, 1, 63, 64, 65, 1234567})
        for (qsizetype skip : {0, 1, 64, 100}) {
            const auto [whole, without] = gantry::storage::Sha256::hashForked(
                all.first(p), all.sliced(p), all.sliced(p + skip));
            QCOMPARE(whole, QCryptographicHash::hash(data, QCryptographicHash::Sha256));
            QByteArray cut = data.left(p) + data.mid(p + skip);
            QCOMPARE(without, QCryptographicHash::hash(cut, QCryptographicHash::Sha256));
        }
}

void TstProjectStore::runsOfAnAddedScenario_data()
{
    QTest::addColumn<bool>("edited"); // the scenario was edited after the run
    QTest::newRow("as it ran") << false;
    QTest::newRow("edited since") << true;
}

// Runs of a scenario added in the same save (the window saving a new scenario) take the forms
// of its row when they ran on it as it is, and their own when it was edited since: the file
// holds what adding the scenario and recording the runs in two saves holds.
void TstProjectStore::runsOfAnAddedScenario()
{
    QFETCH(bool, edited);
    const Scenario ran = sample(QStringLiteral("two-racks.json"));
    Scenario now = ran;
    if (edited)
        now.jobs.pop_back();
    const RunResult run = runOf(ran, QStringLiteral("asrpt"));
    QString snapshots[2];
    for (int oneSave = 0; oneSave < 2; ++oneSave) {
        const QString file = path(QStringLiteral("p%1.gantry").arg(oneSave));
        auto store = ProjectStore::open(file, ProjectStore::OpenMode::CreateIfMissing);
        QVERIFY(store);
        gantry::storage::ProjectChanges changes;
        gantry::storage::RecordedRuns runs{&ran, {&run}, true};
        if (oneSave) {
            changes.addScenarios.push_back(&now);
            runs.addedIndex = 0;
        } else {
            auto id = store.value()->addScenario(now);
            QVERIFY(id);
            runs.scenarioId = id.value();
        }
        changes.runs.push_back(runs);
        auto saved = store.value()->save(changes);
        QVERIFY2(saved, saved ? "" : qPrintable(saved.error().message));
        const auto stored = store.value()->runs().value();
        QCOMPARE(stored.size(), std::size_t(1));
        QCOMPARE(stored.front().scenarioHash, ProjectStore::contentHash(ran));
        QCOMPARE(ProjectStore::ranOn(stored.front(), now), !edited);
        // The same from the hashes a caller keeps.
        QCOMPARE(ProjectStore::ranOn(stored.front(), ProjectStore::hashes(now)), !edited);
        store.value().reset();
        snapshots[oneSave] = snapshot(file);
    }
    QCOMPARE(snapshots[1], snapshots[0]);
}

void TstProjectStore::canonicalJsonEqualsQtJson_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("unnamed"); // the scenario's name is taken away (no name member)
    for (const char* f : {"teaching.json", "two-racks.json", "models.json", "philly-512.json"})
        QTest::newRow(f) << QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + QLatin1String(f)
                         << false;
    QTest::newRow("two-racks.json unnamed")
        << QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/two-racks.json") << true;
    QTest::newRow("edge cases") << QString() << false;
}

// A job's canonical JSON, written directly for plain jobs, is byte for byte what QJsonDocument
// writes, and so are the scenario hashes saved runs are matched by (a byte off would show every
// saved run as one of an earlier version).
void TstProjectStore::canonicalJsonEqualsQtJson()
{
    QFETCH(QString, file);
    QFETCH(bool, unnamed);
    Scenario s;
    if (!file.isEmpty()) {
        auto read = gantry::ScenarioReader::readFile(file);
        QVERIFY2(read, read ? "" : qPrintable(read.error().message));
        s = read.value();
        if (unnamed)
            s.name.clear();
    } else {
        s = sample(QStringLiteral("two-racks.json"));
        Job base = s.jobs.front();
        base.kind = gantry::JobKind::Duration;
        base.features.clear();
        const QVariantMap features{{"vc", "a1"}, {"n", 3},     {"big", qlonglong(1) << 60},
                                   {"x", 0.1},   {"on", true}, {"list", QVariantList{1, "b"}}};
        const std::vector<double> doubles{
            0.0,   -0.0, 1.0,  0.1,   1e-7, 123456.789,         1e15,
            1e16,  1e17, 1e21, 1e300, -2.5, 9007199254740992.0, 9007199254740993.0,
            5e-324};
        const QStringList texts{QStringLiteral("plain"),       QStringLiteral("with \"quote\""),
                                QStringLiteral("back\\slash"), QStringLiteral("tab\there"),
                                QStringLiteral("caf\u00e9"),   QStringLiteral("\u2028sep"),
                                QStringLiteral("del\x7f"),     QString()};
        s.jobs.clear();
        int n = 0;
        for (double d : doubles)
            for (const QString& t : texts) {
                Job j = base;
                // The job's number, then n one more: the rest of this body reads that n.
                const int number = n++;
                j.id = QStringLiteral("j%1").arg(number) + (number % 3 == 0 ? t : QString());
                j.arrivalS = std::fabs(d);
                j.durationS = d == 0.0 ? 1.0 : std::fabs(d);
                j.user = t;
                j.weight = n % 4 == 0 ? 1.0 : d;
                j.predictedIterations = n % 5 == 0 ? std::optional<double>() : d;
                for (auto it = features.cbegin(); it != features.cend(); ++it)
                    if ((n + int(it.key().size())) % 3 != 0)
                        j.features.insert(it.key(), it.value());
                if (n % 7 == 0)
                    j.features.insert(t.isEmpty() ? QStringLiteral("k") : t, d);
                s.jobs.push_back(j);
            }
    }
    const QJsonObject whole = gantry::ScenarioWriter::toJsonObject(s);
    const QJsonArray jobs = whole.value(QStringLiteral("jobs")).toArray();
    QCOMPARE(std::size_t(jobs.size()), s.jobs.size());
    for (std::size_t i = 0; i < s.jobs.size(); ++i) {
        const QByteArray qt =
            QJsonDocument(jobs[qsizetype(i)].toObject()).toJson(QJsonDocument::Compact);
        const QByteArray direct = gantry::ScenarioWriter::jobCompactJson(s.jobs[i]);
        if (direct != qt)
            QFAIL(qPrintable(QStringLiteral("job %1: %2\nQt: %3")
                                 .arg(i)
                                 .arg(QString::fromUtf8(direct), QString::fromUtf8(qt))));
    }
    // The scenario file's text, written job by job, is QJsonDocument's indented form of the
    // whole object; so it is without jobs.
    QCOMPARE(gantry::ScenarioWriter::toJson(s),
             QJsonDocument(whole).toJson(QJsonDocument::Indented));
    Scenario none = s;
    none.jobs.clear();
    QCOMPARE(
        gantry::ScenarioWriter::toJson(none),
        QJsonDocument(gantry::ScenarioWriter::toJsonObject(none)).toJson(QJsonDocument::Indented));
    const auto sha = [](const QByteArray& b) {
        return QString::fromLatin1(QCryptographicHash::hash(b, QCryptographicHash::Sha256).toHex());
    };
    QJsonObject nameless = whole;
    nameless.remove(QStringLiteral("name"));
    const QString hash = sha(QJsonDocument(whole).toJson(QJsonDocument::Compact));
    const QString contentHash = sha(QJsonDocument(nameless).toJson(QJsonDocument::Compact));
    // Hashed afresh (the last forms made were another scenario's), and read from the last forms
    // (a save's, say): the same hashes, and the forms a save records with hash the same too.
    for (const bool remembered : {false, true}) {
        const ScenarioForms forms = ScenarioForms::of(remembered ? s : Scenario());
        if (remembered) {
            QCOMPARE(forms.hash, hash);
            QCOMPARE(forms.contentHash, contentHash);
            QCOMPARE(ScenarioForms::unhashed(s).compact, forms.compact);
        }
        QCOMPARE(ProjectStore::scenarioHash(s), hash);
        QCOMPARE(ProjectStore::contentHash(s), contentHash);
        QCOMPARE(ProjectStore::hashes(s).hash, hash);
        QCOMPARE(ProjectStore::hashes(s).contentHash, contentHash);
        QCOMPARE(ScenarioForms::unhashed(s).namelessHash(), contentHash);
        gantry::storage::StoredRun run;
        run.scenarioHash = contentHash;
        QVERIFY(ProjectStore::ranOn(run, s));
        run.scenarioHash = hash;
        QVERIFY(ProjectStore::ranOn(run, s));
        run.scenarioHash = sha("other");
        QVERIFY(!ProjectStore::ranOn(run, s));
        // The same answers from the hashes a caller keeps (the window's document).
        const auto kept = ProjectStore::hashes(s);
        QVERIFY(!ProjectStore::ranOn(run, kept));
        run.scenarioHash = contentHash;
        QVERIFY(ProjectStore::ranOn(run, kept));
        run.scenarioHash = hash;
        QVERIFY(ProjectStore::ranOn(run, kept));
    }
}

QTEST_GUILESS_MAIN(TstProjectStore)
#include "tst_projectstore.moc"
