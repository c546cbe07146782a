// GPU-seconds per GPU type counted during a run (RunResult::busyGpuSeconds) against the sum over
// the recorded schedule (CostModel::busyGpuSeconds): equal bit for bit on random heterogeneous
// scenarios and the sample, under every kind of policy, preemptive ones with a restart overhead
// and fair contention included. Sweeps rely on it to run points without schedules.
#include "io/scenarioreader.h"
#include "plan/costmodel.h"
#include "policies/policyregistry.h"
#include "randomscenario.h"
#include "run/runner.h"
#include "sim/schedulerecorder.h"

#include <QTest>

#include <cstring>

using namespace gantry;

class TestBusyGpuSeconds : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void equalsSchedule_data();
    void equalsSchedule();
};

void TestBusyGpuSeconds::equalsSchedule_data()
{
    QTest::addColumn<QString>("scenario"); // "random:SEED" or a sample file
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QString>("placement");
    QTest::addColumn<bool>("fair");
    QTest::addColumn<double>("overheadS");
    const QStringList policies = PolicyRegistry::names(); // every policy, today's and later ones
    QVERIFY(policies.size() >= 10);
    for (const QString& source : {QStringLiteral("random:5"), QStringLiteral("random:11"),
                                  QStringLiteral("two-racks.json")})
        for (const QString& p : policies) {
            const QString placement =
                source.startsWith(QLatin1String("random")) ? "consolidate" : "graph";
            QTest::newRow(qPrintable(source + ' ' + p)) << source << p << placement << false << 0.0;
            QTest::newRow(qPrintable(source + ' ' + p + " fair, overhead 30 s"))
                << source << p << placement << true << 30.0;
        }
}

void TestBusyGpuSeconds::equalsSchedule()
{
    QFETCH(QString, scenario);
    QFETCH(QString, policy);
    QFETCH(QString, placement);
    QFETCH(bool, fair);
    QFETCH(double, overheadS);
    Scenario s;
    if (scenario.startsWith(QLatin1String("random:"))) {
        test::RandomScenario::Shape shape;
        shape.jobs = 80;
        s = test::RandomScenario::make(scenario.mid(7).toULongLong(), shape);
    } else {
        auto read =
            ScenarioReader::readFile(QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + scenario);
        QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().message));
        s = std::move(read).value();
    }
    RunConfig c;
    c.policy = policy;
    c.placement = placement;
    c.predictor = QStringLiteral("noisy:0.5");
    c.seed = 4;
    c.contention = fair ? Contention::Fair : Contention::None;
    c.restartOverheadS = overheadS;
    ScheduleRecorder recorder(s, ScheduleRecorder::Notes::Skip);
    auto r = Runner::run(s, c, nullptr, {&recorder});
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
    const Schedule schedule = recorder.take();
    const auto expected = plan::CostModel::busyGpuSeconds(s.cluster, schedule);
    const auto& counted = r.value().busyGpuSeconds;
    QCOMPARE(counted.size(), expected.size());
    QVERIFY(!counted.empty());
    double total = 0.0;
    for (std::size_t t = 0; t < counted.size(); ++t) {
        QCOMPARE(counted[t].first, expected[t].first);
        // Bit for bit, not within a tolerance.
        QVERIFY2(std::memcmp(&counted[t].second, &expected[t].second, sizeof(double)) == 0,
                 qPrintable(QStringLiteral("%1: %2 counted, %3 from the schedule")
                                .arg(counted[t].first)
                                .arg(counted[t].second, 0, 'g', 17)
                                .arg(expected[t].second, 0, 'g', 17)));
        total += counted[t].second;
    }
    QVERIFY(total > 0.0);
    if (policy == QLatin1String("srtf") && scenario.startsWith(QLatin1String("random")))
        QVERIFY(r.value().summary.preemptions > 0); // the preemptive path is exercised
}

QTEST_GUILESS_MAIN(TestBusyGpuSeconds)
#include "tst_busygpuseconds.moc"
