// Sweep files: every malformed one is refused with the file, the JSON path and the problem;
// valid ones keep the axes in file order and expand into the documented point order.
#include "plan/sweeppoints.h"
#include "plan/sweepreader.h"

#include <QTest>

using namespace gantry;
using namespace gantry::plan;

namespace {
QString sampleDir()
{
    return QStringLiteral(GANTRY_SOURCE_DIR "/sampledata");
}

// A sweep on two-racks.json whose parts may be replaced.
QByteArray sweep(const QByteArray& axes, const QByteArray& rest = {},
                 const QByteArray& target = R"({"metric": "p99_queue_delay_s", "max": 3600})")
{
    return R"({"format": "gantry-sweep", "version": 1, "base": "two-racks.json", "axes": )" +
           axes + R"(, "target": )" + target + rest + "}";
}
} // namespace

class TestSweepReader : public QObject
{
    Q_OBJECT
private slots:
    void malformed_data();
    void malformed();
    void axisOrder();
    void pointOrder();
    void derivedPoint();
    void infeasiblePoint();
};

void TestSweepReader::malformed_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    const QByteArray seed = R"({"seed": [0]})";
    QTest::newRow("not json") << QByteArray("{") << "s.json: not valid JSON";
    QTest::newRow("not an object") << QByteArray("[]") << "s.json: (root): must be an object";
    QTest::newRow("wrong format")
        << QByteArray(R"({"format": "gantry-scenario", "version": 1})")
        << "s.json: format: must be \"gantry-sweep\"";
    QTest::newRow("wrong version")
        << QByteArray(R"({"format": "gantry-sweep", "version": 2})") << "s.json: version: must be 1";
    QTest::newRow("no base")
        << QByteArray(R"({"format": "gantry-sweep", "version": 1})") << "s.json: base: missing";
    QTest::newRow("missing base file")
        << sweep(seed).replace("two-racks.json", "no-such.json")
        << "s.json: base: cannot open \"no-such.json\"";
    QTest::newRow("base errors pass through")
        << sweep(seed).replace("two-racks.json", "README.md") << "README.md: ";
    QTest::newRow("unknown key") << sweep(seed, R"(, "extra": 1)") << "s.json: extra: unknown key";
    QTest::newRow("no axes")
        << QByteArray(R"({"format": "gantry-sweep", "version": 1, "base": "two-racks.json",)"
                      R"( "target": {"metric": "jobs", "max": 1}})")
        << "s.json: axes: missing";
    QTest::newRow("empty axes") << sweep("{}") << "s.json: axes: must name at least one axis";
    QTest::newRow("unknown axis") << sweep(R"({"gpus": [1]})")
                                  << "s.json: axes.gpus: unknown axis";
    QTest::newRow("unknown server")
        << sweep(R"({"servers.b200.count": [1]})")
        << "s.json: axes.servers.b200.count: unknown server \"b200\"";
    QTest::newRow("axis not an array") << sweep(R"({"seed": 3})")
                                       << "s.json: axes.seed: must be a non-empty array";
    QTest::newRow("empty axis") << sweep(R"({"seed": []})")
                                << "s.json: axes.seed: must be a non-empty array";
    QTest::newRow("fractional count")
        << sweep(R"({"servers.h100.count": [0, 2, 2.5]})")
        << "s.json: axes.servers.h100.count[2]: must be a whole number from 0 to 10000";
    QTest::newRow("negative count")
        << sweep(R"({"servers.h100.count": [-1]})")
        << "s.json: axes.servers.h100.count[0]: must be a whole number from 0 to 10000";
    QTest::newRow("huge count")
        << sweep(R"({"servers.h100.count": [10001]})")
        << "s.json: axes.servers.h100.count[0]: must be a whole number from 0 to 10000";
    QTest::newRow("count as text")
        << sweep(R"({"servers.h100.count": ["2"]})")
        << "s.json: axes.servers.h100.count[0]: must be a whole number from 0 to 10000";
    QTest::newRow("repeated value") << sweep(R"({"seed": [0, 1, 0]})")
                                    << "s.json: axes.seed[2]: repeats an earlier value";
    QTest::newRow("zero load scale")
        << sweep(R"({"load_scale": [1, 0]})")
        << "s.json: axes.load_scale[1]: must be a number above 0 and at most 1e6";
    QTest::newRow("unknown policy") << sweep(R"({"policy": ["sjf", "lottery"]})")
                                    << "s.json: axes.policy[1]: unknown policy \"lottery\"";
    QTest::newRow("policy not a string") << sweep(R"({"policy": [1]})")
                                         << "s.json: axes.policy[0]: must be a string";
    QTest::newRow("unknown placement")
        << sweep(R"({"placement": ["scatter"]})")
        << "s.json: axes.placement[0]: unknown placement \"scatter\"";
    QTest::newRow("unknown predictor")
        << sweep(R"({"predictor": ["crystal-ball"]})")
        << "s.json: axes.predictor[0]: unknown predictor \"crystal-ball\"";
    QTest::newRow("fractional seed") << sweep(R"({"seed": [0.5]})")
                                     << "s.json: axes.seed[0]: must be a whole number from 0 to 2^53";
    QTest::newRow("too many points")
        << sweep(R"({"seed": [0,1,2,3,4,5,6,7,8,9,10], "load_scale": [1,2,3,4,5,6,7,8,9,10],)"
                 R"( "servers.h100.count": [0,1,2,3,4,5,6,7,8,9],)"
                 R"( "servers.a100.count": [0,1,2,3,4,5,6,7,8,9],)"
                 R"( "servers.v100.count": [0,1,2,3,4,5,6,7,8,9]})")
        << "s.json: axes: more than 100000 points";
    QTest::newRow("run unknown key") << sweep(seed, R"(, "run": {"polcy": "sjf"})")
                                     << "s.json: run.polcy: unknown key";
    QTest::newRow("run unknown policy") << sweep(seed, R"(, "run": {"policy": "lottery"})")
                                        << "s.json: run.policy: unknown policy \"lottery\"";
    QTest::newRow("run bad contention")
        << sweep(seed, R"(, "run": {"contention": "full"})")
        << "s.json: run.contention: must be \"none\" or \"fair\"";
    QTest::newRow("run not an object") << sweep(seed, R"(, "run": 3)")
                                       << "s.json: run: must be an object";
    QTest::newRow("cost pue below 1") << sweep(seed, R"(, "cost": {"pue": 0.5})")
                                      << "s.json: cost.pue: must be a finite number >= 1";
    QTest::newRow("cost negative price")
        << sweep(seed, R"(, "cost": {"electricity_usd_per_kwh": -1})")
        << "s.json: cost.electricity_usd_per_kwh: must be a finite number >= 0";
    QTest::newRow("cost unknown key") << sweep(seed, R"(, "cost": {"horizon": 3})")
                                      << "s.json: cost.horizon: unknown key";
    QTest::newRow("target unknown metric")
        << sweep(seed, {}, R"({"metric": "speed", "max": 1})")
        << "s.json: target.metric: unknown metric \"speed\"";
    QTest::newRow("target without bound") << sweep(seed, {}, R"({"metric": "jobs"})")
                                          << "s.json: target: must give exactly one of max and min";
    QTest::newRow("target with both bounds")
        << sweep(seed, {}, R"({"metric": "jobs", "max": 1, "min": 0})")
        << "s.json: target: must give exactly one of max and min";
    QTest::newRow("target unknown key")
        << sweep(seed, {}, R"({"metric": "jobs", "max": 1, "avg": true})")
        << "s.json: target.avg: unknown key";
}

void TestSweepReader::malformed()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    const Result<SweepSpec> r = SweepReader::readJson(text, QStringLiteral("s.json"), sampleDir());
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, ErrorKind::InvalidInput);
    QVERIFY2(r.error().message.startsWith(message) ||
                 (message.endsWith(QLatin1String(": ")) && r.error().message.contains(message)),
             qPrintable(r.error().message));
}

void TestSweepReader::axisOrder()
{
    // QJsonObject sorts keys; the reader must keep the file's order.
    const auto r = SweepReader::readJson(
        sweep(R"({"seed": [0, 1], "servers.v100.count": [2, 0], "load_scale": [1]})"),
        QStringLiteral("s.json"), sampleDir());
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message));
    const SweepSpec& s = r.value();
    QCOMPARE(s.axes.size(), std::size_t(3));
    QCOMPARE(s.axes[0].name, QStringLiteral("seed"));
    QCOMPARE(s.axes[1].name, QStringLiteral("servers.v100.count"));
    QCOMPARE(s.axes[1].server, QStringLiteral("v100"));
    QCOMPARE(s.axes[2].name, QStringLiteral("load_scale"));
    QCOMPARE(s.axes[1].values[0].toDouble(), 2.0);
    QCOMPARE(s.hash.size(), 64);
}

void TestSweepReader::pointOrder()
{
    const auto r = SweepReader::readJson(sweep(R"({"seed": [0, 1], "policy": ["sjf", "fifo", "srtf"]})"),
                                         QStringLiteral("s.json"), sampleDir());
    QVERIFY(r.ok());
    QCOMPARE(SweepPoints::count(r.value()), std::size_t(6));
    // The first axis is the slowest.
    const QStringList policies = {"sjf", "fifo", "srtf", "sjf", "fifo", "srtf"};
    for (std::size_t i = 0; i < 6; ++i) {
        const auto p = SweepPoints::derive(r.value(), i);
        QVERIFY(p.ok());
        QCOMPARE(p.value().config.seed, std::uint64_t(i / 3));
        QCOMPARE(p.value().config.policy, policies[int(i)]);
    }
}

void TestSweepReader::derivedPoint()
{
    const auto r = SweepReader::readJson(
        sweep(R"({"servers.h100.count": [2], "servers.v100.count": [0], "load_scale": [4]})",
              R"(, "run": {"policy": "srtf", "predictor": "oracle"})"),
        QStringLiteral("s.json"), sampleDir());
    QVERIFY(r.ok());
    const auto p = SweepPoints::derive(r.value(), 0);
    QVERIFY(p.ok());
    const Scenario& base = r.value().baseScenario;
    const Scenario& s = p.value().scenario;
    // h100 x2, a100 x4 as in the base, v100 removed.
    QCOMPARE(s.cluster.servers.size(), std::size_t(6));
    QCOMPARE(s.cluster.servers[0].name, QStringLiteral("h100-0"));
    QCOMPARE(s.cluster.servers[2].name, QStringLiteral("a100-0"));
    QCOMPARE(s.jobs.size(), base.jobs.size());
    for (std::size_t j = 0; j < s.jobs.size(); ++j)
        QCOMPARE(s.jobs[j].arrivalS, base.jobs[j].arrivalS / 4.0);
    QCOMPARE(p.value().config.policy, QStringLiteral("srtf"));
    QCOMPARE(p.value().config.predictor, QStringLiteral("oracle"));
    QCOMPARE(p.value().config.placement, QStringLiteral("graph")); // the product default
    QVERIFY(p.value().feasible);
}

void TestSweepReader::infeasiblePoint()
{
    // Without H100 and A100 servers only 16 V100 GPUs remain: some job needs more.
    const auto r = SweepReader::readJson(
        sweep(R"({"servers.h100.count": [0], "servers.a100.count": [0, 4]})"),
        QStringLiteral("s.json"), sampleDir());
    QVERIFY(r.ok());
    const auto none = SweepPoints::derive(r.value(), 0);
    QVERIFY(none.ok());
    QVERIFY(!none.value().feasible);
    QVERIFY2(none.value().infeasibleReason.startsWith(QLatin1String("jobs[")),
             qPrintable(none.value().infeasibleReason));
    const auto some = SweepPoints::derive(r.value(), 1);
    QVERIFY(some.ok());
    QVERIFY(some.value().feasible);
}

QTEST_GUILESS_MAIN(TestSweepReader)
#include "tst_sweepreader.moc"
