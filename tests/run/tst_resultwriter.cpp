// summary.json's units and config, the scenario hash, and compare's CSV: the hash follows the
// scenario's content (not its file layout), every field has a unit, the configuration is the
// one that ran, and the CSV carries exactly the JSON's fields and numbers.
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "run/resultwriter.h"
#include "run/runner.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTest>

using namespace gantry;

namespace {

Scenario load(const char* name)
{
    auto s =
        ScenarioReader::readFile(QStringLiteral(GANTRY_TEST_DATA "/valid/") + QLatin1String(name));
    if (!s)
        qFatal("%s", qPrintable(s.error().message));
    return s.value();
}

QSet<QString> keysOf(const QJsonObject& o)
{
    const QStringList k = o.keys();
    return {k.begin(), k.end()};
}

} // namespace

class TestResultWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scenarioHash_data();
    void scenarioHash();
    void summaryFile();
    void comparisonCsv();
};

void TestResultWriter::scenarioHash_data()
{
    QTest::addColumn<QString>("change");
    QTest::addColumn<bool>("same");
    QTest::newRow("nothing") << "none" << true;
    QTest::newRow("written and read back") << "roundtrip" << true;
    QTest::newRow("a job arrives later") << "arrival" << false;
    QTest::newRow("a job is longer") << "duration" << false;
    QTest::newRow("a job dropped") << "drop" << false;
    QTest::newRow("a NIC is faster") << "nic" << false;
    QTest::newRow("restart overhead") << "overhead" << false;
}

void TestResultWriter::scenarioHash()
{
    QFETCH(QString, change);
    QFETCH(bool, same);
    const Scenario base = load("duration_jobs.json");
    Scenario s = base;
    if (change == QLatin1String("roundtrip")) {
        auto back = ScenarioReader::readJson(ScenarioWriter::toJson(base), QStringLiteral("mem"));
        QVERIFY(back.ok());
        s = back.value();
    } else if (change == QLatin1String("arrival")) {
        s.jobs[1].arrivalS += 1.0;
    } else if (change == QLatin1String("duration")) {
        s.jobs[0].durationS *= 2.0;
    } else if (change == QLatin1String("drop")) {
        s.jobs.pop_back();
    } else if (change == QLatin1String("nic")) {
        s.cluster.servers[0].nicGbps += 1.0;
    } else if (change == QLatin1String("overhead")) {
        s.options.restartOverheadS += 1.0;
    }
    const QString a = ResultWriter::scenarioHash(base), b = ResultWriter::scenarioHash(s);
    QCOMPARE(a.size(), 64);
    QVERIFY(QByteArray::fromHex(a.toLatin1()).size() == 32);
    QCOMPARE(a == b, same);
}

void TestResultWriter::summaryFile()
{
    const Scenario s = load("duration_jobs.json");
    RunConfig c;
    c.policy = QStringLiteral("srtf");
    c.placement = QStringLiteral("random");
    c.predictor = QStringLiteral("noisy:0.5");
    c.seed = 18446744073709551615ull; // beyond a double's exact integers: kept as a string
    c.contention = Contention::Fair;
    auto r = Runner::run(s, c);
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
    const QJsonObject o = ResultWriter::summaryFileJson(
        s, r.value(), QJsonObject{{"scenario_file", "in.json"}, {"first_jobs", 3}});
    // The flat fields stay as they were.
    const QJsonObject flat = ResultWriter::summaryJson(r.value());
    for (const QString& k : flat.keys())
        QCOMPARE(o.value(k), flat.value(k));
    // Every field has a unit, the config's fields too.
    const QJsonObject units = o.value("units").toObject();
    for (const QString& k : flat.keys())
        QVERIFY2(units.value(k).isString() && !units.value(k).toString().isEmpty(), qPrintable(k));
    const QJsonObject config = o.value("config").toObject();
    const QJsonObject configUnits = units.value("config").toObject();
    QCOMPARE(keysOf(config), keysOf(configUnits));
    // The configuration that ran, overrides resolved against the scenario's options.
    QCOMPARE(config.value("scenario_sha256").toString(), ResultWriter::scenarioHash(s));
    QCOMPARE(config.value("scenario_jobs").toInt(), int(s.jobs.size()));
    QCOMPARE(config.value("policy").toString(), QStringLiteral("srtf"));
    QCOMPARE(config.value("placement").toString(), QStringLiteral("random"));
    QCOMPARE(config.value("predictor").toString(), QStringLiteral("noisy:0.5"));
    QCOMPARE(config.value("seed").toString(), QStringLiteral("18446744073709551615"));
    QCOMPARE(config.value("contention").toString(), QStringLiteral("fair"));
    QCOMPARE(config.value("restart_overhead_s").toDouble(), s.options.restartOverheadS);
    QCOMPARE(config.value("mapping_backend").toString(), QStringLiteral("auto"));
    QCOMPARE(config.value("history_jobs").toInt(), 0);
    QCOMPARE(config.value("gantry_version").toString(), QStringLiteral(GANTRY_VERSION));
    QCOMPARE(config.value("scenario_file").toString(), QStringLiteral("in.json"));
    QCOMPARE(config.value("first_jobs").toInt(), 3);
    // An override of the restart overhead is what the config says.
    c.restartOverheadS = 7.5;
    c.contention.reset();
    const QJsonObject c2 = ResultWriter::configJson(s, c);
    QCOMPARE(c2.value("restart_overhead_s").toDouble(), 7.5);
    QCOMPARE(c2.value("contention").toString(),
             QString::fromLatin1(s.options.contention == Contention::Fair ? "fair" : "none"));
}

void TestResultWriter::comparisonCsv()
{
    const Scenario s = load("features_and_predictions.json");
    std::vector<RunResult> results;
    for (const char* p : {"fifo", "asrpt", "tiresias"}) {
        RunConfig c;
        c.policy = QString::fromLatin1(p);
        c.predictor = QStringLiteral("noisy:0.3"); // non-round prediction errors
        auto r = Runner::run(s, c);
        QVERIFY(r.ok());
        results.push_back(r.value());
    }
    const QStringList keys = ResultWriter::summaryKeys();
    QCOMPARE(QSet<QString>(keys.begin(), keys.end()),
             keysOf(ResultWriter::summaryJson(results[0])));
    const QByteArray csv = ResultWriter::comparisonCsv(results);
    QVERIFY(csv.endsWith('\n'));
    QList<QByteArray> lines = csv.split('\n');
    lines.removeLast();
    QCOMPARE(lines.size(), 4);
    QCOMPARE(QString::fromUtf8(lines[0]), keys.join(QLatin1Char(',')));
    const QJsonArray json = ResultWriter::comparisonJson(results);
    for (int i = 0; i < 3; ++i) {
        const QList<QByteArray> cells = lines[i + 1].split(',');
        QCOMPARE(cells.size(), keys.size());
        const QJsonObject o = json[i].toObject();
        for (int k = 0; k < keys.size(); ++k) {
            const QJsonValue v = o.value(keys[k]);
            if (v.isDouble()) {
                bool ok = false;
                QCOMPARE(cells[k].toDouble(&ok), v.toDouble()); // exactly: shortest round trip
                QVERIFY(ok);
            } else {
                QCOMPARE(QString::fromUtf8(cells[k]), v.toString());
            }
        }
    }
}

QTEST_GUILESS_MAIN(TestResultWriter)
#include "tst_resultwriter.moc"
