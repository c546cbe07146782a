// FastScenarioReader against the reference reader (ScenarioReader::readJsonTree): every scenario
// file of the project read both ways gives the same scenario, and every document the reference
// reader refuses (the malformed suite, the other formats' files, the edge cases below) gets no
// result from the fast path, so that the reference reader names the problem.
#include "io/fastscenarioreader.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

#include <cmath>

using namespace gantry;

Q_DECLARE_METATYPE(gantry::ScenarioReader::Mode)

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

// A valid scenario around jobs (the text of the array's items); head replaces the cluster.
QByteArray withJobs(const QByteArray& jobs, const QByteArray& tail = QByteArray())
{
    return QByteArray(R"({"format": "gantry-scenario", "version": 1,
        "cluster": {"racks": [{"name": "r0", "uplink_gbps": 100}],
                    "servers": [{"name": "s", "rack": "r0", "gpu_type": "A100-80G", "gpus": 8,
                                 "intra_GBps": 600, "nic_gbps": 200}]},
        "jobs": [)") +
           jobs + "]}" + tail;
}

QByteArray job(const QByteArray& fields)
{
    return R"({"id": "j", "arrival_s": 0, "gpus": 1, "duration_s": 10)" +
           (fields.isEmpty() ? QByteArray() : ", " + fields) + "}";
}

// Same scenario, and the features' values of the same types (operator== compares numbers by
// value across types).
QString difference(const Scenario& a, const Scenario& b)
{
    if (!(a == b))
        return QStringLiteral("the scenarios differ");
    if (ScenarioWriter::toJson(a) != ScenarioWriter::toJson(b))
        return QStringLiteral("the scenarios are written differently");
    for (size_t i = 0; i < a.jobs.size(); ++i) {
        const QVariantMap& fa = a.jobs[i].features;
        const QVariantMap& fb = b.jobs[i].features;
        for (auto it = fa.begin(), jt = fb.begin(); it != fa.end(); ++it, ++jt)
            if (it.value().typeId() != jt.value().typeId())
                return QStringLiteral("jobs[%1].features.%2: %3 against %4")
                    .arg(i)
                    .arg(it.key(), QString::fromLatin1(it.value().typeName()),
                         QString::fromLatin1(jt.value().typeName()));
        if (std::signbit(a.jobs[i].arrivalS) != std::signbit(b.jobs[i].arrivalS))
            return QStringLiteral("jobs[%1].arrival_s: the sign of zero differs").arg(i);
    }
    return {};
}

// Both readers on json in mode; fast: the fast path must give a result (else it may leave the
// document to the reference reader).
void compare(const QByteArray& json, ScenarioReader::Mode mode, bool fast)
{
    const bool draft = mode == ScenarioReader::Mode::Draft;
    const Result<Scenario> tree = ScenarioReader::readJsonTree(json, QStringLiteral("t"), mode);
    const std::optional<Scenario> quick = FastScenarioReader::read(json, draft);
    if (!tree) {
        QVERIFY2(!quick, qPrintable(QStringLiteral("the fast path accepts what the reference "
                                                   "reader refuses: ") +
                                    tree.error().message));
        return;
    }
    if (fast)
        QVERIFY2(quick, "the fast path leaves a valid document to the reference reader");
    if (quick) {
        const QString diff = difference(*quick, tree.value());
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }
    // The public entry gives the reference result whichever path it takes.
    const Result<Scenario> read = ScenarioReader::readJson(json, QStringLiteral("t"), mode);
    QVERIFY(read);
    QVERIFY(difference(read.value(), tree.value()).isEmpty());
}

} // namespace

class TestFastScenarioReader : public QObject
{
    Q_OBJECT

private slots:
    void projectFiles_data();
    void projectFiles();
    void edgeCases_data();
    void edgeCases();
    void readFileMatches();
};

// Every .json file of sampledata/ and tests/data/ (scenarios, malformed scenarios, sweeps,
// imports), strict and draft. A file the reference reader accepts must be read on the fast path
// unless it holds a construct left to the reference reader.
void TestFastScenarioReader::projectFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<gantry::ScenarioReader::Mode>("mode");
    QStringList files;
    for (const QString& dir :
         {QStringLiteral(GANTRY_SOURCE_DIR "/sampledata"), QStringLiteral(GANTRY_TEST_DATA)}) {
        QDirIterator it(dir, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            files << it.next();
    }
    files.sort();
    QVERIFY(files.size() > 100);
    for (const QString& f : files) {
        const QString name = f.mid(QStringLiteral(GANTRY_SOURCE_DIR).size() + 1);
        QTest::newRow(qPrintable(name + QStringLiteral(" strict")))
            << f << ScenarioReader::Mode::Strict;
        QTest::newRow(qPrintable(name + QStringLiteral(" draft")))
            << f << ScenarioReader::Mode::Draft;
    }
}

void TestFastScenarioReader::projectFiles()
{
    QFETCH(QString, file);
    QFETCH(gantry::ScenarioReader::Mode, mode);
    const QByteArray json = readAll(file);
    compare(json, mode, true);
}

void TestFastScenarioReader::edgeCases_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("fast"); // the fast path must read it (when valid)
    // Read on the fast path.
    QTest::newRow("plain") << withJobs(job({})) << true;
    QTest::newRow("minus zero") << withJobs(R"({"id": "j", "arrival_s": -0, "gpus": 1,
                                                 "duration_s": 10})")
                                << true;
    QTest::newRow("minus zero fraction") << withJobs(R"({"id": "j", "arrival_s": -0.0e3,
                                                          "gpus": 1, "duration_s": 10})")
                                         << true;
    QTest::newRow("gpus 8.0") << withJobs(R"({"id": "j", "arrival_s": 1, "gpus": 8.0,
                                              "duration_s": 1e1})")
                              << true;
    QTest::newRow("subnormal") << withJobs(job(R"("predicted_iterations": 2.5e-324)")) << true;
    QTest::newRow("feature numbers")
        << withJobs(job(R"("features": {"a": 5, "b": 5.0, "c": 1e2, "d": 9007199254740993,
                          "e": 9223372036854775808, "f": -0, "g": 2.5, "h": -9223372036854775808,
                          "i": 123456789012345678901234, "j": 4.000000000000000000001,
                          "k": -1.5e-5, "l": 9.2233720368547758e18, "m": "text"})"))
        << true;
    QTest::newRow("unicode") << withJobs(
                                    job(R"("user": "Zoë 😀 ￿", "features": {"é": "ü"})"))
                             << true;
    QTest::newRow("empty user") << withJobs(job(R"("user": "", "weight": 2)")) << true;
    QTest::newRow("jobs first")
        << QByteArray(R"({"jobs": [{"id": "j", "arrival_s": 0, "gpus": 1, "duration_s": 1}],
            "version": 1, "format": "gantry-scenario", "name": "n",
            "cluster": {"racks": [{"name": "r0", "uplink_gbps": 100}],
                        "servers": [{"name": "s", "rack": "r0", "gpu_type": "G", "gpus": 8,
                                     "intra_GBps": 600, "nic_gbps": 200}]},
            "gpu_types": [{"name": "G", "tflops": 100, "memory_gb": 40}]})")
        << true;
    QTest::newRow("model and graph jobs among plain ones")
        << withJobs(job({}) + R"(, {"id": "g", "arrival_s": 1, "iterations": 10,
            "graph": {"workers": [{"compute_s": 0.1}, {"compute_s": 0.1}],
                      "edges": [{"a": 0, "b": 1, "bytes": 1e6}]}},
            {"id": "m", "arrival_s": 2, "model": "resnet50", "parallelism": {"dp": 2},
             "iterations": 5}, )" +
                    job(R"("user": "u")").replace("\"j\"", "\"k\""))
        << true;
    QTest::newRow("escaped strings") << withJobs(job(R"("user": "a\"b\u00e9\ud83d\ude00")") + ", " +
                                                 R"({"id": "\u006a2", "arrival_s": 0,
                                                     "gpus": 1, "duration_s": 1,
                                                     "features": {"k\n": "v\\"}})")
                                     << true;
    QTest::newRow("duplicate job key")
        << withJobs(job(R"("gpus": 2)") + ", " +
                    job(R"("features": {"a": 1, "a": "x"})").replace("\"j\"", "\"k\""))
        << true;
    QTest::newRow("raw tab in a string") << withJobs(job("\"user\": \"a\tb\"")) << false;
    QTest::newRow("byte order mark") << "\xef\xbb\xbf" + withJobs(job({})) << false;
    QTest::newRow("escaped top-level key")
        << withJobs(job({})).replace("\"version\"", "\"versio\\u006e\"") << false;
    QTest::newRow("duplicate top-level key")
        << withJobs(job({})).replace("\"version\": 1", "\"version\": 7, \"version\": 1") << false;
    QTest::newRow("lone surrogate") << withJobs(job(R"("user": "\ud800")")) << false;
    // Refused by the reference reader: the fast path must leave them to it.
    QTest::newRow("trailing garbage") << withJobs(job({}), " x") << false;
    QTest::newRow("trailing brace") << withJobs(job({}), "}") << false;
    QTest::newRow("second document") << withJobs(job({}), " {}") << false;
    QTest::newRow("trailing comma in job") << withJobs(R"({"id": "j", "arrival_s": 0, "gpus": 1,
                                                           "duration_s": 10,})")
                                           << false;
    QTest::newRow("trailing comma in jobs") << withJobs(job({}) + ",") << false;
    QTest::newRow("bad literal in features") << withJobs(job(R"("features": {"a": tru})")) << false;
    QTest::newRow("bad literal in head")
        << withJobs(job({})).replace("\"version\": 1", "\"version\": 1, \"name\": nul") << false;
    QTest::newRow("trailing comma in head")
        << withJobs(job({})).replace("\"uplink_gbps\": 100", "\"uplink_gbps\": 100,") << false;
    QTest::newRow("number 1.") << withJobs(job(R"("weight": 1.)")) << false;
    QTest::newRow("number 1e400") << withJobs(job(R"("weight": 1e400)")) << false;
    QTest::newRow("number 1e-400") << withJobs(job(R"("weight": 1e-400)")) << false;
    QTest::newRow("arrival 1e-400")
        << withJobs(job({}).replace("\"arrival_s\": 0", "\"arrival_s\": 1e-400")) << false;
    QTest::newRow("arrival 2e-324")
        << withJobs(job({}).replace("\"arrival_s\": 0", "\"arrival_s\": 2e-324")) << false;
    QTest::newRow("arrival 0.0001e-320")
        << withJobs(job({}).replace("\"arrival_s\": 0", "\"arrival_s\": 0.0001e-320")) << false;
    QTest::newRow("feature 1e-400") << withJobs(job(R"("features": {"a": 1e-400})")) << false;
    QTest::newRow("feature 0e-400")
        << withJobs(job(R"("features": {"a": 0e-400, "b": 0.000e5})")) << true;
    QTest::newRow("leading zero") << withJobs(job(R"("weight": 01)")) << false;
    QTest::newRow("invalid utf-8") << withJobs(job("\"user\": \"\xff\"")) << false;
    QTest::newRow("surrogate in utf-8") << withJobs(job("\"user\": \"\xed\xa0\x80\"")) << false;
    QTest::newRow("unknown key") << withJobs(job(R"("gpu": 1)")) << false;
    QTest::newRow("duplicate id") << withJobs(job({}) + ", " + job({})) << false;
    // Enough ids to fill the table of ids seen with collisions: all distinct, then one again.
    QByteArray many;
    for (int i = 0; i < 3000; ++i)
        many += (i ? ", " : "") + job({}).replace("\"j\"", "\"job-" + QByteArray::number(i) + "\"");
    QTest::newRow("3000 distinct ids") << withJobs(many) << true;
    QTest::newRow("3000 ids, then one of them again")
        << withJobs(many + ", " + job({}).replace("\"j\"", "\"job-1234\"")) << false;
    QTest::newRow("does not fit") << withJobs(job({}).replace("\"gpus\": 1", "\"gpus\": 9"))
                                  << false;
    QTest::newRow("empty id") << withJobs(job({}).replace("\"j\"", "\"\"")) << false;
    QTest::newRow("missing duration")
        << withJobs(R"({"id": "j", "arrival_s": 0, "gpus": 1})") << false;
    QTest::newRow("string number") << withJobs(job(R"("weight": "2")")) << false;
    QTest::newRow("feature object") << withJobs(job(R"("features": {"a": {}})")) << false;
    QTest::newRow("feature bool") << withJobs(job(R"("features": {"a": true})")) << false;
    QTest::newRow("no jobs") << withJobs({}).replace("\"jobs\": []", "\"name\": \"x\"") << false;
    QTest::newRow("two jobs arrays")
        << withJobs(job({})).replace("\"version\": 1", "\"version\": 1, \"jobs\": []") << false;
    QTest::newRow("jobs not an array")
        << withJobs({}).replace("\"jobs\": []", "\"jobs\": {}") << false;
    QTest::newRow("job not an object") << withJobs("1") << false;
    QTest::newRow("root array") << QByteArray("[]") << false;
    QTest::newRow("empty") << QByteArray() << false;
    QTest::newRow("truncated") << withJobs(job({})).chopped(2) << false;
    QTest::newRow("deep feature") << withJobs(job(R"("features": {"a": )" + QByteArray(2000, '[') +
                                                  QByteArray(2000, ']') + "}"))
                                  << false;
}

void TestFastScenarioReader::edgeCases()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, fast);
    compare(json, ScenarioReader::Mode::Strict, fast);
    if (QTest::currentTestFailed())
        return;
    compare(json, ScenarioReader::Mode::Draft, false);
}

// readFile reads in place with padding; the result is the reference reader's.
void TestFastScenarioReader::readFileMatches()
{
    const QString path = QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/philly-512.json");
    const Result<Scenario> file = ScenarioReader::readFile(path);
    QVERIFY(file);
    const Result<Scenario> tree = ScenarioReader::readJsonTree(readAll(path), path);
    QVERIFY(tree);
    QCOMPARE(file.value().jobs.size(), size_t(82247));
    QVERIFY(difference(file.value(), tree.value()).isEmpty());
}

QTEST_GUILESS_MAIN(TestFastScenarioReader)
#include "tst_fastscenarioreader.moc"
