// ScenarioCheck: the rules between the items of a scenario, on a scenario in memory. Over the
// malformed files those rules refuse, the first problem check() finds in the draft read of the
// file is the strict reader's error (same message, same path but for servers, which check()
// indexes in memory, replicas apart); scenarios built in memory name the item, index and field
// of each problem; a valid scenario has none, and values out of range do not crash it.
#include "io/gpucatalogue.h"
#include "io/scenariocheck.h"
#include "io/scenarioreader.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace gantry;

Q_DECLARE_METATYPE(gantry::Scenario)
Q_DECLARE_METATYPE(gantry::ScenarioProblem::Item)

namespace {

using Item = ScenarioProblem::Item;

QString dataFile(const QString& rel)
{
    return QStringLiteral(GANTRY_TEST_DATA "/") + rel;
}

QByteArray contents(const QString& rel)
{
    QFile f(dataFile(rel));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString describe(const std::vector<ScenarioProblem>& problems)
{
    QStringList out;
    for (const ScenarioProblem& p : problems)
        out << p.text();
    return out.join(QStringLiteral("; "));
}

// Two racks, two servers of four V100 (32 GB), one duration job of two GPUs.
Scenario small()
{
    Scenario s;
    s.cluster.gpuTypes.push_back(*GpuCatalogue::find(QStringLiteral("V100")));
    s.cluster.racks = {{QStringLiteral("r0"), 400}, {QStringLiteral("r1"), 400}};
    s.cluster.servers = {{QStringLiteral("s0"), 0, 0, 4, 150, 100},
                         {QStringLiteral("s1"), 1, 0, 4, 150, 100}};
    s.cluster.finalize();
    Job j;
    j.id = QStringLiteral("j0");
    j.gpus = 2;
    j.durationS = 100;
    s.jobs.push_back(j);
    return s;
}

Job graphJob(const QString& id, int workers, double memoryGb)
{
    Job j;
    j.id = id;
    j.kind = JobKind::Graph;
    j.iterations = 10;
    for (int i = 0; i < workers; ++i)
        j.graph.workers.push_back({1.0, 0.0, memoryGb});
    return j;
}

} // namespace

class TestScenarioCheck : public QObject
{
    Q_OBJECT

private slots:
    void sameAsReader_data();
    void sameAsReader();
    void inMemory_data();
    void inMemory();
    void validHasNone_data();
    void validHasNone();
    void agreesOnEveryFile_data();
    void agreesOnEveryFile();
};

void TestScenarioCheck::sameAsReader_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("path"); // empty: the reader's path
    QTest::addColumn<Item>("item");
    QTest::addColumn<int>("index");
    for (const char* f :
         {"duplicate_job_id", "job_too_large", "graph_job_too_large", "worker_memory_too_large"})
        QTest::newRow(f) << QString::fromLatin1(f) << QString() << Item::Job << -2;
    for (const char* f :
         {"model_memory", "model_too_large", "model_ep_without_experts", "model_ep_not_dividing_dp",
          "model_pp_exceeds_layers", "model_cnn_tp", "model_tp_heads"})
        QTest::newRow(f) << QString::fromLatin1(f) << QString() << Item::Job << 1;
    QTest::newRow("model_duplicate") << "model_duplicate" << QString() << Item::Model << 1;
    QTest::newRow("duplicate_rack") << "duplicate_rack" << QString() << Item::Rack << 1;
    // In the file, server 0 counts two replicas (s-0, s-1) and server 1 is named s-1.
    QTest::newRow("duplicate_server_count") << "duplicate_server_count"
                                            << "cluster.servers[2].name" << Item::Server << 2;
    QTest::newRow("duplicate_server_plain")
        << "duplicate_server_plain" << QString() << Item::Server << -2;
    QTest::newRow("empty_servers") << "empty_servers" << QString() << Item::Scenario << -1;
}

// What the reader refuses in a file, check() finds in the same scenario in memory.
void TestScenarioCheck::sameAsReader()
{
    QFETCH(QString, file);
    QFETCH(QString, path);
    QFETCH(Item, item);
    QFETCH(int, index);
    const QString name = QStringLiteral("malformed/%1.json").arg(file);
    const QByteArray json = contents(name);
    QVERIFY2(!json.isEmpty(), qPrintable(name));
    const auto strict = ScenarioReader::readJson(json, name);
    QVERIFY(!strict.ok());
    const QString expected = strict.error().message.mid(name.size() + 2); // "PATH: MESSAGE"
    const auto draft = ScenarioReader::readJson(json, name, ScenarioReader::Mode::Draft);
    QVERIFY2(draft.ok(), qPrintable(draft.ok() ? QString() : draft.error().message));
    const auto problems = ScenarioCheck::check(draft.value());
    QVERIFY2(!problems.empty(), qPrintable(expected));
    const ScenarioProblem& p = problems.front();
    const QString readerPath = expected.section(QStringLiteral(": "), 0, 0);
    QCOMPARE(p.text(), (path.isEmpty() ? readerPath : path) + expected.mid(readerPath.size()));
    QCOMPARE(p.item, item);
    if (index != -2)
        QCOMPARE(p.index, index);
    // The path is the item's and the field's.
    QVERIFY2(p.path.endsWith(p.field), qPrintable(p.path));
}

void TestScenarioCheck::inMemory_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<int>("count");
    QTest::addColumn<Item>("item");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");

    Scenario s = small();
    s.cluster.servers[1].rack = 7;
    QTest::newRow("server of no rack") << s << 1 << Item::Server << 1 << "s1"
                                       << "rack"
                                       << "cluster.servers[1].rack"
                                       << "belongs to no rack";
    s = small();
    s.cluster.servers[0].gpuType = -1;
    QTest::newRow("server of no GPU type") << s << 1 << Item::Server << 0 << "s0"
                                           << "gpu_type"
                                           << "cluster.servers[0].gpu_type"
                                           << "unknown GPU type";
    s = small();
    s.jobs[0].gpus = 9;
    QTest::newRow("duration job past the cluster") << s << 1 << Item::Job << 0 << "j0"
                                                   << "gpus"
                                                   << "jobs[0].gpus"
                                                   << "needs 9 GPUs but the cluster has 8";
    s = small();
    s.jobs.push_back(graphJob(QStringLiteral("g"), 2, 40));
    QTest::newRow("graph job past every GPU's memory")
        << s << 1 << Item::Job << 1 << "g"
        << "graph.workers"
        << "jobs[1].graph.workers"
        << "needs 2 GPUs with 40 GB each but the cluster has 0 such GPUs (largest GPU: 32 GB)";
    s = small();
    s.jobs[0].kind = JobKind::Model;
    s.jobs[0].model = QStringLiteral("gpt-5");
    QTest::newRow("unknown model") << s << 1 << Item::Job << 0 << "j0"
                                   << "model"
                                   << "jobs[0].model"
                                   << "unknown model \"gpt-5\" (not in models nor the zoo)";
    s = small();
    s.jobs[0].kind = JobKind::Model;
    s.jobs[0].model = QStringLiteral("bert-large");
    s.jobs[0].parallelism.pp = 25;
    QTest::newRow("model layout") << s << 1 << Item::Job << 0 << "j0"
                                  << "parallelism.pp"
                                  << "jobs[0].parallelism.pp"
                                  << "must not exceed the 24 layers of model \"bert-large\"";
    s = small();
    s.jobs[0].kind = JobKind::Model;
    s.jobs[0].model = QStringLiteral("bert-large");
    s.jobs[0].parallelism.dp = 16;
    QTest::newRow("model past the cluster")
        << s << 1 << Item::Job << 0 << "j0"
        << "parallelism"
        << "jobs[0].parallelism"
        << "needs 16 GPUs (dp 16 x pp 1 x tp 1) but the cluster has 8";
    s = small();
    s.cluster.racks.clear();
    s.cluster.servers[0].rack = s.cluster.servers[1].rack = -1;
    QTest::newRow("no rack") << s << 3 << Item::Scenario << -1 << ""
                             << "cluster.racks"
                             << "cluster.racks"
                             << "must hold at least one rack";
    s = small();
    s.jobs.push_back(s.jobs[0]);
    s.jobs.push_back(s.jobs[0]);
    QTest::newRow("a duplicate on every later item") << s << 2 << Item::Job << 1 << "j0"
                                                     << "id"
                                                     << "jobs[1].id"
                                                     << "duplicate job id \"j0\"";
    s = small();
    s.cluster.servers[0].gpus = 6'000'000;
    s.cluster.servers[1].gpus = 6'000'000;
    QTest::newRow("cluster past 10 million GPUs") << s << 1 << Item::Server << 1 << "s1"
                                                  << "count"
                                                  << "cluster.servers[1].count"
                                                  << "cluster exceeds 10 million GPUs";
    // Values the field checks refuse are not check()'s, and do not crash it.
    s = small();
    s.cluster.servers[0].gpus = -4;
    s.jobs[0].gpus = -1;
    s.jobs.push_back(graphJob(QStringLiteral("empty"), 0, 0));
    Job zero;
    zero.id = QStringLiteral("zero");
    zero.kind = JobKind::Model;
    zero.model = QStringLiteral("bert-large");
    zero.parallelism.dp = 0;
    s.jobs.push_back(zero);
    QTest::newRow("values out of range") << s << 0 << Item::Scenario << -1 << ""
                                         << ""
                                         << ""
                                         << "";
}

void TestScenarioCheck::inMemory()
{
    QFETCH(Scenario, scenario);
    QFETCH(int, count);
    QFETCH(Item, item);
    QFETCH(int, index);
    QFETCH(QString, name);
    QFETCH(QString, field);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const auto problems = ScenarioCheck::check(scenario);
    QCOMPARE(int(problems.size()), count);
    if (count == 0)
        return;
    const ScenarioProblem expected{item, index, name, field, path, message};
    QCOMPARE(problems.front(), expected);
}

void TestScenarioCheck::validHasNone_data()
{
    QTest::addColumn<QString>("file");
    for (const char* f :
         {"valid/duration_jobs.json", "valid/graph_jobs.json", "valid/model_jobs.json",
          "valid/two_racks_count.json", "valid/features_and_predictions.json"})
        QTest::newRow(f) << QString::fromLatin1(f);
}

void TestScenarioCheck::validHasNone()
{
    QFETCH(QString, file);
    const auto s = ScenarioReader::readFile(dataFile(file));
    QVERIFY2(s.ok(), qPrintable(s.ok() ? QString() : s.error().message));
    const auto problems = ScenarioCheck::check(s.value());
    QVERIFY2(problems.empty(), qPrintable(describe(problems)));
}

void TestScenarioCheck::agreesOnEveryFile_data()
{
    QTest::addColumn<QString>("file");
    for (const char* dir : {"malformed", "valid"})
        for (const QString& f :
             QDir(dataFile(QLatin1String(dir))).entryList({QStringLiteral("*.json")}, QDir::Files))
            QTest::newRow(qPrintable(f)) << QStringLiteral("%1/%2").arg(QLatin1String(dir), f);
}

// Whenever a draft read keeps a document, check() finds nothing when the strict reader accepts
// it, else the reader's error first.
void TestScenarioCheck::agreesOnEveryFile()
{
    QFETCH(QString, file);
    const QByteArray json = contents(file);
    const auto strict = ScenarioReader::readJson(json, file);
    const auto draft = ScenarioReader::readJson(json, file, ScenarioReader::Mode::Draft);
    if (!draft.ok()) {
        QVERIFY(!strict.ok());
        return;
    }
    const auto problems = ScenarioCheck::check(draft.value());
    if (strict.ok()) {
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
        return;
    }
    QVERIFY2(!problems.empty(), qPrintable(strict.error().message));
    QVERIFY2(strict.error().message.endsWith(QStringLiteral(": ") + problems.front().message),
             qPrintable(strict.error().message + QStringLiteral(" / ") + describe(problems)));
}

QTEST_GUILESS_MAIN(TestScenarioCheck)
#include "tst_scenariocheck.moc"
