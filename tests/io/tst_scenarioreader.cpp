// ScenarioReader validation (one malformed file per problem, listed in
// tests/data/malformed/expected.txt), the read/write round trip over tests/data/valid/ and the
// built-in GPU catalogue.
#include "io/gpucatalogue.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace gantry;

namespace {

QString malformedDir()
{
    return QStringLiteral(GANTRY_TEST_DATA "/malformed");
}

QString validDir()
{
    return QStringLiteral(GANTRY_TEST_DATA "/valid");
}

struct MalformedCase
{
    QString file;
    QString path;
    QString message;
    int line = 0;
};

// Parses expected.txt: "FILE | PATH | MESSAGE" per line, '#' starts a comment line.
QList<MalformedCase> malformedCases(QString* error)
{
    QFile f(malformedDir() + QStringLiteral("/expected.txt"));
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        *error = QStringLiteral("cannot open expected.txt");
        return {};
    }
    QList<MalformedCase> cases;
    int lineNo = 0;
    while (!f.atEnd()) {
        ++lineNo;
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const QStringList cells = line.split(QStringLiteral(" | "));
        if (cells.size() != 3) {
            *error = QStringLiteral("expected.txt:%1: want FILE | PATH | MESSAGE").arg(lineNo);
            return {};
        }
        cases.append({cells[0].trimmed(), cells[1].trimmed(), cells[2].trimmed(), lineNo});
    }
    return cases;
}

QStringList jsonFiles(const QString& dir)
{
    return QDir(dir).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

// Builds the text of a minimal valid scenario around one job (for inline cases).
QByteArray scenarioWithJob(const QByteArray& job)
{
    return QByteArray(R"({"format": "gantry-scenario", "version": 1,
        "cluster": {"racks": [{"name": "r0", "uplink_gbps": 100}],
                    "servers": [{"name": "s", "rack": "r0", "gpu_type": "A100-80G", "gpus": 8,
                                 "intra_GBps": 600, "nic_gbps": 200}]},
        "jobs": [)") +
           job + "]}";
}

} // namespace

class TestScenarioReader : public QObject
{
    Q_OBJECT

private slots:
    void malformedFolderIsListed();
    void malformed_data();
    void malformed();
    void inlineInvalid_data();
    void inlineInvalid();
    void missingFile();
    void draft_data();
    void draft();
    void roundTrip_data();
    void roundTrip();
    void roundTripEdgeCases_data();
    void roundTripEdgeCases();
    void validContents();
    void countExpansion();
    void catalogue_data();
    void catalogue();
    void catalogueTypesResolve();
};

// Every malformed file has exactly one line in expected.txt, and every line names a file.
void TestScenarioReader::malformedFolderIsListed()
{
    QString error;
    const QList<MalformedCase> cases = malformedCases(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(cases.size() >= 25, qPrintable(QString::number(cases.size())));
    QSet<QString> listed;
    for (const MalformedCase& c : cases) {
        QVERIFY2(!listed.contains(c.file), qPrintable(c.file + QStringLiteral(" listed twice")));
        listed.insert(c.file);
        QVERIFY2(QFileInfo::exists(malformedDir() + QLatin1Char('/') + c.file),
                 qPrintable(c.file + QStringLiteral(" is listed but missing")));
    }
    for (const QString& f : jsonFiles(malformedDir()))
        QVERIFY2(listed.contains(f),
                 qPrintable(f + QStringLiteral(" has no line in expected.txt")));
}

void TestScenarioReader::malformed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    QString error;
    const QList<MalformedCase> cases = malformedCases(&error);
    for (const MalformedCase& c : cases)
        QTest::newRow(qPrintable(c.file)) << c.file << c.path << c.message;
}

void TestScenarioReader::malformed()
{
    QFETCH(QString, file);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const QString full = malformedDir() + QLatin1Char('/') + file;
    const Result<Scenario> r = ScenarioReader::readFile(full);
    QVERIFY2(!r.ok(), qPrintable(file + QStringLiteral(" was accepted")));
    QCOMPARE(r.error().kind, ErrorKind::InvalidInput);
    const QString msg = r.error().message;
    QVERIFY2(msg.startsWith(full + QStringLiteral(": ")), qPrintable(msg));
    QVERIFY2(msg.contains(file), qPrintable(msg));
    // A JSON path is delimited on both sides; a "line L, column C" position may be a prefix.
    const QString delimited = path.startsWith(QLatin1String("line "))
                                  ? QStringLiteral(": ") + path
                                  : QStringLiteral(": ") + path + QStringLiteral(": ");
    QVERIFY2(msg.contains(delimited),
             qPrintable(QStringLiteral("want path %1 in: %2").arg(path, msg)));
    QVERIFY2(msg.contains(message),
             qPrintable(QStringLiteral("want \"%1\" in: %2").arg(message, msg)));

    // The same bytes through readJson give the same message under another source name.
    const Result<Scenario> again =
        ScenarioReader::readJson(readAll(full), QStringLiteral("mem.json"));
    QVERIFY(!again.ok());
    QCOMPARE(again.error().kind, ErrorKind::InvalidInput);
    QVERIFY2(again.error().message.startsWith(QStringLiteral("mem.json: ")),
             qPrintable(again.error().message));
    QCOMPARE(again.error().message.mid(10), msg.mid(full.size() + 2));
}

// Cases that need exact bytes (or non-file input) and are easier to read inline.
void TestScenarioReader::inlineInvalid_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    QTest::newRow("gpus 1e400 (overflow)")
        << scenarioWithJob(R"({"id": "a", "arrival_s": 0, "gpus": 1e400, "duration_s": 1})")
        << QStringLiteral("jobs[0].gpus")
        << QStringLiteral("must be a finite number (1e400 is out of the range of a double)");
    QTest::newRow("arrival -1e400 (overflow)")
        << scenarioWithJob(R"({"id": "a", "arrival_s": -1e400, "gpus": 1, "duration_s": 1})")
        << QStringLiteral("jobs[0].arrival_s")
        << QStringLiteral("must be a finite number (-1e400 is out of the range of a double)");
    QTest::newRow("arrival 1e-400 (underflow)")
        << scenarioWithJob(R"({"id": "a", "arrival_s": 1e-400, "gpus": 1, "duration_s": 1})")
        << QStringLiteral("jobs[0].arrival_s") << QStringLiteral("(1e-400 is out of the range");
    QTest::newRow("duration 1e400 (overflow)")
        << scenarioWithJob(R"({"id": "a", "arrival_s": 0, "gpus": 1, "duration_s": 1e400})")
        << QStringLiteral("jobs[0].duration_s") << QStringLiteral("1e400 is out of the range");
    QTest::newRow("feature 1E+999 (overflow, a key with an escape)")
        << scenarioWithJob(R"({"id": "a", "arrival_s": 0, "gpus": 1, "duration_s": 1, )"
                           R"("features": {"a\"b": "x", "size\u00e9": 1E+999}})")
        << QString::fromUtf8("jobs[0].features.size\u00e9") << QStringLiteral("1E+999 is out");
    QTest::newRow("edge bytes 1e400 (overflow, in an array)")
        << scenarioWithJob(R"({"id": "a", "arrival_s": 0, "iterations": 1, "graph": {"workers": )"
                           R"([{"compute_s": 1}, {"compute_s": 1}], "edges": [{"a": 0, "b": 1, )"
                           R"("bytes": 1}, {"a": 1, "b": 0, "bytes": 1e400}]}})")
        << QStringLiteral("jobs[0].graph.edges[1].bytes")
        << QStringLiteral("1e400 is out of the range of a double");
    QTest::newRow("gpus 2^31 (int overflow)")
        << scenarioWithJob(R"({"id": "a", "arrival_s": 0, "gpus": 2147483648, "duration_s": 1})")
        << QStringLiteral("jobs[0].gpus") << QStringLiteral("must be a positive integer");
    QTest::newRow("gpus -2^32+8 (int wrap)")
        << scenarioWithJob(R"({"id": "a", "arrival_s": 0, "gpus": -4294967288, "duration_s": 1})")
        << QStringLiteral("jobs[0].gpus") << QStringLiteral("must be a positive integer");
    QTest::newRow("duration 1e308 * 10 as text")
        << scenarioWithJob(R"({"id": "a", "arrival_s": 0, "gpus": 1, "duration_s": 1e309})")
        << QStringLiteral("jobs[0].duration_s") << QStringLiteral("1e309 is out of the range");
    QTest::newRow("predicted_iterations string")
        << scenarioWithJob(
               R"({"id": "a", "arrival_s": 0, "gpus": 1, "duration_s": 1, "predicted_iterations": "9"})")
        << QStringLiteral("jobs[0].predicted_iterations") << QStringLiteral("must be a number > 0");
    QTest::newRow("user number")
        << scenarioWithJob(R"({"id": "a", "arrival_s": 0, "gpus": 1, "duration_s": 1, "user": 7})")
        << QStringLiteral("jobs[0].user") << QStringLiteral("must be a string");
    QTest::newRow("graph not object")
        << scenarioWithJob(R"({"id": "a", "arrival_s": 0, "iterations": 1, "graph": [1]})")
        << QStringLiteral("jobs[0].graph") << QStringLiteral("must be an object");
    QTest::newRow("worker not object")
        << scenarioWithJob(
               R"({"id": "a", "arrival_s": 0, "iterations": 1, "graph": {"workers": [0.5]}})")
        << QStringLiteral("jobs[0].graph.workers[0]") << QStringLiteral("must be an object");
    QTest::newRow("parallelism alone (model job)")
        << scenarioWithJob(
               R"({"id": "a", "arrival_s": 0, "parallelism": {"dp": 1}, "iterations": 1})")
        << QStringLiteral("jobs[0].model") << QStringLiteral("missing required field");
    // The error names the first id seen before, wherever the first of the pair was.
    const auto jobsWithIds = [](const QStringList& ids) {
        QByteArray jobs;
        for (const QString& id : ids)
            jobs += (jobs.isEmpty() ? "" : ", ") + QStringLiteral(R"({"id": "%1", "arrival_s": 0, )"
                                                                  R"("gpus": 1, "duration_s": 1})")
                                                       .arg(id)
                                                       .toUtf8();
        return scenarioWithJob(jobs);
    };
    QTest::newRow("duplicate id, the first one again")
        << jobsWithIds({"a", "b", "c", "b", "a"}) << QStringLiteral("jobs[3].id")
        << QStringLiteral("duplicate job id \"b\"");
    QStringList many;
    for (int i = 0; i < 3000; ++i)
        many << QStringLiteral("job-%1").arg(i);
    many << QStringLiteral("job-1234") << QStringLiteral("job-7");
    QTest::newRow("duplicate id among 3000") << jobsWithIds(many) << QStringLiteral("jobs[3000].id")
                                             << QStringLiteral("duplicate job id \"job-1234\"");
    QTest::newRow("not JSON at all") << QByteArray("gantry") << QStringLiteral("line 1, column")
                                     << QStringLiteral("invalid JSON");
    // Qt 6 rejects a scalar document as invalid JSON; either way it must not be accepted.
    QTest::newRow("root number") << QByteArray("42") << QString() << QString();
    QTest::newRow("root null") << QByteArray("null") << QString() << QString();
    QTest::newRow("root empty array")
        << QByteArray("[]") << QStringLiteral("(root)") << QStringLiteral("must be an object");
}

void TestScenarioReader::inlineInvalid()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const Result<Scenario> r = ScenarioReader::readJson(json, QStringLiteral("inline.json"));
    QVERIFY2(!r.ok(), "accepted");
    QCOMPARE(r.error().kind, ErrorKind::InvalidInput);
    const QString msg = r.error().message;
    QVERIFY2(msg.startsWith(QStringLiteral("inline.json: ")), qPrintable(msg));
    QVERIFY2(msg.contains(QStringLiteral(": ") + path), qPrintable(msg));
    QVERIFY2(msg.contains(message), qPrintable(msg));
}

void TestScenarioReader::draft_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("draftReads");
    const QByteArray job = R"({"id": "a", "arrival_s": 0, "gpus": 1, "duration_s": 1})";
    QTest::newRow("duplicate job ids") << scenarioWithJob(job + "," + job) << true;
    QTest::newRow("job larger than the cluster")
        << scenarioWithJob(R"({"id": "a", "arrival_s": 0, "gpus": 64, "duration_s": 1})") << true;
    QTest::newRow("model layout the model cannot take")
        << scenarioWithJob(R"({"id": "a", "arrival_s": 0, "model": "bert-large",
                               "parallelism": {"pp": 100}, "iterations": 1})")
        << true;
    QTest::newRow("no servers") << QByteArray(R"({"format": "gantry-scenario", "version": 1,
               "cluster": {"racks": [{"name": "r0", "uplink_gbps": 100}], "servers": []},
               "jobs": []})") << true;
    // A draft still has the structure and values of the format.
    QTest::newRow("negative GPUs")
        << scenarioWithJob(R"({"id": "a", "arrival_s": 0, "gpus": -1, "duration_s": 1})") << false;
    QTest::newRow("unknown key")
        << scenarioWithJob(R"({"id": "a", "arrival_s": 0, "gpus": 1, "duration_s": 1, "x": 1})")
        << false;
    QTest::newRow("absurd layout")
        << scenarioWithJob(R"({"id": "a", "arrival_s": 0, "model": "bert-large",
                               "parallelism": {"dp": 10000000, "tp": 2}, "iterations": 1})")
        << false;
}

// A scenario saved with problems (a project's work in progress) reads again as a draft; the
// strict reading of files and the command line still refuses it.
void TestScenarioReader::draft()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, draftReads);
    QVERIFY(!ScenarioReader::readJson(json, QStringLiteral("s.json")).ok());
    const auto draft =
        ScenarioReader::readJson(json, QStringLiteral("s.json"), ScenarioReader::Mode::Draft);
    QCOMPARE(draft.ok(), draftReads);
    if (draftReads) {
        // What was written reads back as the same draft.
        const auto again =
            ScenarioReader::readJson(ScenarioWriter::toJson(draft.value()), QStringLiteral("again"),
                                     ScenarioReader::Mode::Draft);
        QVERIFY(again.ok());
        QCOMPARE(ScenarioWriter::toJson(again.value()), ScenarioWriter::toJson(draft.value()));
    }
}

void TestScenarioReader::missingFile()
{
    const QString path = malformedDir() + QStringLiteral("/does-not-exist.json");
    const Result<Scenario> r = ScenarioReader::readFile(path);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, ErrorKind::InvalidInput);
    QVERIFY2(r.error().message.startsWith(path), qPrintable(r.error().message));
}

void TestScenarioReader::roundTrip_data()
{
    QTest::addColumn<QString>("file");
    const QStringList files = jsonFiles(validDir());
    QVERIFY(files.size() >= 3); // a broken folder must not make an empty, passing test
    for (const QString& f : files)
        QTest::newRow(qPrintable(f)) << validDir() + QLatin1Char('/') + f;
}

void TestScenarioReader::roundTrip()
{
    QFETCH(QString, file);
    const Result<Scenario> first = ScenarioReader::readFile(file);
    QVERIFY2(first.ok(), qPrintable(first.ok() ? QString() : first.error().message));

    const QByteArray written = ScenarioWriter::toJson(first.value());
    const Result<Scenario> second =
        ScenarioReader::readJson(written, QStringLiteral("written.json"));
    QVERIFY2(second.ok(), qPrintable(second.ok() ? QString() : second.error().message));
    QVERIFY(second.value() == first.value());
    QCOMPARE(second.value().cluster.totalGpus(), first.value().cluster.totalGpus());

    // Writing is deterministic, and writing what was read back gives the same bytes.
    QCOMPARE(ScenarioWriter::toJson(first.value()), written);
    QCOMPARE(ScenarioWriter::toJson(second.value()), written);

    // writeFile writes exactly toJson, and the file reads back equal.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("out.json"));
    const Status s = ScenarioWriter::writeFile(first.value(), out);
    QVERIFY2(s.ok(), qPrintable(s.ok() ? QString() : s.error().message));
    QCOMPARE(readAll(out), written);
    const Result<Scenario> third = ScenarioReader::readFile(out);
    QVERIFY2(third.ok(), qPrintable(third.ok() ? QString() : third.error().message));
    QVERIFY(third.value() == first.value());
}

// Scenarios built in code: names and numbers that stress the writer's count folding and number
// formatting.
void TestScenarioReader::roundTripEdgeCases_data()
{
    QTest::addColumn<QByteArray>("json");
    const QByteArray head = R"({"format": "gantry-scenario", "version": 1,
        "cluster": {"racks": [{"name": "r0", "uplink_gbps": 100}, {"name": "r1", "uplink_gbps": 50}],
                    "servers": [)";
    const QByteArray jobs =
        R"(]}, "jobs": [{"id": "j", "arrival_s": 0, "gpus": 1, "duration_s": 1}]})";
    auto server = [](const char* name, const char* rack, const char* extra = "") {
        return QByteArray(R"({"name": ")") + name + R"(", "rack": ")" + rack +
               R"(", "gpu_type": "T4", "gpus": 2, "intra_GBps": 16, "nic_gbps": 25)" + extra + "}";
    };
    QTest::newRow("server named -0") << head + server("-0", "r0") + jobs;
    QTest::newRow("server named x-0 alone") << head + server("x-0", "r0") + jobs;
    QTest::newRow("x-0, x-1 in different racks")
        << head + server("x-0", "r0") + "," + server("x-1", "r1") + jobs;
    QTest::newRow("x-1 before x-0")
        << head + server("x-1", "r0") + "," + server("x-0", "r0") + jobs;
    QTest::newRow("count then a longer run's name")
        << head + server("y", "r0", R"(, "count": 2)") + "," + server("y-2", "r0") + jobs;
    QTest::newRow("count 1") << head + server("z", "r1", R"(, "count": 1)") + jobs;
    QTest::newRow("awkward doubles")
        << head + server("s", "r0") +
               R"(]}, "options": {"restart_overhead_s": 0.30000000000000004},
               "jobs": [{"id": "j", "arrival_s": 1e-7, "gpus": 1, "duration_s": 123456789.123456789,
                         "predicted_iterations": 5e-324, "weight": 1.0000000000000002,
                         "features": {"big": 9007199254740993, "neg": -1.5, "zero": 0, "s": ""}}]})";
    QTest::newRow("explicit defaults")
        << head + server("s", "r0") +
               R"(]}, "options": {"contention": "none", "restart_overhead_s": 0},
               "jobs": [{"id": "j", "arrival_s": 0, "weight": 1, "user": "",
                         "iterations": 2, "graph": {"workers": [{"compute_s": 0, "memory_gb": 0}], "edges": []}}]})";
}

void TestScenarioReader::roundTripEdgeCases()
{
    QFETCH(QByteArray, json);
    const Result<Scenario> first = ScenarioReader::readJson(json, QStringLiteral("edge.json"));
    QVERIFY2(first.ok(), qPrintable(first.ok() ? QString() : first.error().message));
    const QByteArray written = ScenarioWriter::toJson(first.value());
    const Result<Scenario> second =
        ScenarioReader::readJson(written, QStringLiteral("written.json"));
    QVERIFY2(second.ok(), qPrintable((second.ok() ? QString() : second.error().message) +
                                     QStringLiteral("\n") + QString::fromUtf8(written)));
    QVERIFY2(second.value() == first.value(), written.constData());
    QCOMPARE(ScenarioWriter::toJson(second.value()), written);
}

// Spot checks that the valid files read as written (the round trip alone would not notice a
// field silently dropped on both sides).
void TestScenarioReader::validContents()
{
    {
        const Result<Scenario> r = ScenarioReader::readFile(validDir() + "/duration_jobs.json");
        QVERIFY(r.ok());
        const Scenario& s = r.value();
        QCOMPARE(s.name, QStringLiteral("duration-jobs"));
        QCOMPARE(s.jobs.size(), std::size_t(8));
        QCOMPARE(s.jobs[1].user, QStringLiteral("alice"));
        QCOMPARE(s.jobs[2].weight, 2.5);
        QCOMPARE(s.jobs[3].arrivalS, 12.5);
        QVERIFY(s.jobs[3].predictedIterations.has_value());
        QCOMPARE(*s.jobs[3].predictedIterations, 75.0);
        QVERIFY(!s.jobs[0].predictedIterations.has_value());
        QCOMPARE(s.jobs[4].features.value(QStringLiteral("vc")).toString(),
                 QStringLiteral("6214e9"));
        QCOMPARE(s.jobs[4].durationS, 45.25);
        QCOMPARE(s.jobs[0].kind, JobKind::Duration);
        QCOMPARE(s.options, ScenarioOptions{});
        QCOMPARE(s.cluster.totalGpus(), 8);
    }
    {
        const Result<Scenario> r = ScenarioReader::readFile(validDir() + "/graph_jobs.json");
        QVERIFY(r.ok());
        const Scenario& s = r.value();
        QCOMPARE(s.options.restartOverheadS, 2.5);
        QCOMPARE(s.options.contention, Contention::None);
        const Job& ring = s.jobs[0];
        QCOMPARE(ring.kind, JobKind::Graph);
        QCOMPARE(ring.graph.workers.size(), std::size_t(4));
        QCOMPARE(ring.graph.edges.size(), std::size_t(4));
        QCOMPARE(ring.graph.edges[3].a, 3);
        QCOMPARE(ring.graph.edges[3].b, 0);
        QCOMPARE(ring.graph.edges[3].bytes, 1.5e9);
        QCOMPARE(ring.iterations, 200.0);
        QCOMPARE(s.jobs[1].memoryPerGpuGb(), 70.0);
        QCOMPARE(s.jobs[3].features.value(QStringLiteral("batch")).toInt(), 256);
        // A declared type and one taken from the catalogue (H100).
        const Cluster& c = s.cluster;
        QCOMPARE(c.gpuTypes[c.servers[0].gpuType].name, QStringLiteral("Lab-GPU"));
        QCOMPARE(c.gpuTypes[c.servers[0].gpuType].speed, 0.6);
        QCOMPARE(c.gpuTypes[c.servers[2].gpuType].name, QStringLiteral("H100"));
        QCOMPARE(c.gpuTypes[c.servers[2].gpuType], *GpuCatalogue::find(QStringLiteral("H100")));
    }
    {
        const Result<Scenario> r = ScenarioReader::readFile(validDir() + "/two_racks_count.json");
        QVERIFY(r.ok());
        QCOMPARE(r.value().options.contention, Contention::Fair);
    }
}

void TestScenarioReader::countExpansion()
{
    const Result<Scenario> r = ScenarioReader::readFile(validDir() + "/two_racks_count.json");
    QVERIFY(r.ok());
    const Cluster& c = r.value().cluster;
    QStringList names;
    for (const Server& s : c.servers)
        names << s.name;
    QCOMPARE(names, QStringList({"a-0", "a-1", "a-2", "a-3", "b-0", "b-1", "c-0", "c-1", "t4-0"}));
    QCOMPARE(c.racks.size(), std::size_t(2));
    QCOMPARE(c.servers[3].rack, 0);
    QCOMPARE(c.servers[4].rack, 1);
    QCOMPARE(c.totalGpus(), 4 * 8 + 2 * 8 + 2 * 4 + 1);
    QCOMPARE(c.firstGpu(4), 32);
    QCOMPARE(c.serverOfGpu(47), 5);
    QCOMPARE(c.serverOfGpu(48), 6);
}

void TestScenarioReader::catalogue_data()
{
    QTest::addColumn<QString>("name");
    for (const char* n : {"V100", "A100-40G", "A100-80G", "H100", "H200", "L40S", "T4"})
        QTest::newRow(n) << QString::fromLatin1(n);
}

void TestScenarioReader::catalogue()
{
    QFETCH(QString, name);
    const std::vector<GpuType>& all = GpuCatalogue::builtin();
    const auto it =
        std::find_if(all.begin(), all.end(), [&](const GpuType& t) { return t.name == name; });
    QVERIFY2(it != all.end(), qPrintable(name));
    QVERIFY(std::isfinite(it->tflops) && it->tflops > 0);
    QVERIFY(std::isfinite(it->memoryGb) && it->memoryGb > 0);
    QVERIFY(std::isfinite(it->speed) && it->speed > 0);
    QVERIFY(GpuCatalogue::find(name).has_value());
    QCOMPARE(*GpuCatalogue::find(name), *it);
    QVERIFY(std::count_if(all.begin(), all.end(),
                          [&](const GpuType& t) { return t.name == name; }) == 1);
}

void TestScenarioReader::catalogueTypesResolve()
{
    QVERIFY(!GpuCatalogue::find(QStringLiteral("B300")).has_value());
    QVERIFY(!GpuCatalogue::find(QString()).has_value());
    // Memory of the 40 and 80 GB A100 differs: the catalogue carries what the name says.
    QCOMPARE(GpuCatalogue::find(QStringLiteral("A100-40G"))->memoryGb, 40.0);
    QCOMPARE(GpuCatalogue::find(QStringLiteral("A100-80G"))->memoryGb, 80.0);
    QVERIFY(GpuCatalogue::find(QStringLiteral("H200"))->memoryGb >
            GpuCatalogue::find(QStringLiteral("H100"))->memoryGb);
}

QTEST_GUILESS_MAIN(TestScenarioReader)
#include "tst_scenarioreader.moc"
