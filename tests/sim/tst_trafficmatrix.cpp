// TrafficMatrix: per-iteration edge bytes times a segment's iterations land in the cells of the
// GPUs (and servers) the workers ran on, pro-rated by the window; checked against hand-computed
// values, then end to end through a run whose 2-worker job must span two servers.
#include "model/scenario.h"
#include "run/runner.h"
#include "sim/schedulerecorder.h"
#include "sim/trafficmatrix.h"

#include <QTest>

using namespace gantry;

namespace {

// Servers a and b, two GPUs each (GPUs 0, 1 on a; 2, 3 on b).
Scenario twoServers(int gpusEach)
{
    Scenario s;
    s.cluster.gpuTypes.push_back({QStringLiteral("t"), 100, 80, 1.0});
    s.cluster.racks = {{QStringLiteral("r0"), 1000}};
    s.cluster.servers.push_back({QStringLiteral("a"), 0, 0, gpusEach, 100, 80});
    s.cluster.servers.push_back({QStringLiteral("b"), 0, 0, gpusEach, 100, 80});
    s.cluster.finalize();
    return s;
}

// A graph job of two workers exchanging bytesPerIteration each way.
Job pairJob(const QString& id, double bytesPerIteration, double iterations)
{
    Job j;
    j.id = id;
    j.kind = JobKind::Graph;
    j.iterations = iterations;
    j.graph.workers = {{0.1, 0.0, 1.0}, {0.1, 0.0, 1.0}};
    j.graph.edges = {{0, 1, bytesPerIteration}};
    return j;
}

} // namespace

class TestTrafficMatrix : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void handSchedule_data();
    void handSchedule();
    void labels();
    void splitRun();
};

void TestTrafficMatrix::handSchedule_data()
{
    QTest::addColumn<double>("from");
    QTest::addColumn<double>("to");
    QTest::addColumn<double>("gpu12");    // cell (1, 2): the split job, a/g1 to b/g0
    QTest::addColumn<double>("gpu01");    // cell (0, 1): the second job, inside a
    QTest::addColumn<double>("serverAB"); // cell (a, b)
    QTest::addColumn<double>("serverAA"); // cell (a, a)
    // Job x: 50 iterations on GPUs 1, 2 over [0, 10], 100 B each way per iteration: 5000 B.
    // Job y: 20 iterations on GPUs 0, 1 over [10, 20], 100 B: 2000 B, both ways inside a.
    QTest::newRow("whole run") << 0.0 << 0.0 << 5000.0 << 2000.0 << 5000.0 << 4000.0;
    QTest::newRow("second half of x") << 5.0 << 10.0 << 2500.0 << 0.0 << 2500.0 << 0.0;
    QTest::newRow("straddling") << 8.0 << 15.0 << 1000.0 << 1000.0 << 1000.0 << 2000.0;
    QTest::newRow("after everything") << 30.0 << 40.0 << 0.0 << 0.0 << 0.0 << 0.0;
}

void TestTrafficMatrix::handSchedule()
{
    QFETCH(double, from);
    QFETCH(double, to);
    QFETCH(double, gpu12);
    QFETCH(double, gpu01);
    QFETCH(double, serverAB);
    QFETCH(double, serverAA);
    Scenario s = twoServers(2);
    s.jobs = {pairJob(QStringLiteral("x"), 100, 50), pairJob(QStringLiteral("y"), 100, 20)};
    Job d; // a duration job has no traffic
    d.id = QStringLiteral("d");
    d.gpus = 2;
    d.durationS = 10;
    s.jobs.push_back(d);
    Schedule sc;
    sc.totalGpus = 4;
    sc.addSegment(0, 0.0, 10.0, std::vector<int>{1, 2}, 50.0, ScheduleSegment::End::Finished);
    sc.addSegment(1, 10.0, 20.0, std::vector<int>{0, 1}, 20.0, ScheduleSegment::End::Finished);
    sc.addSegment(2, 0.0, 10.0, std::vector<int>{0, 3}, 10.0, ScheduleSegment::End::Finished);

    const TrafficMatrix g = TrafficMatrix::byGpu(s, sc, from, to);
    QCOMPARE(g.size, 4);
    QCOMPARE(g.at(1, 2), gpu12);
    QCOMPARE(g.at(2, 1), gpu12);
    QCOMPARE(g.at(0, 1), gpu01);
    QCOMPARE(g.at(1, 0), gpu01);
    QCOMPARE(g.at(0, 3), 0.0); // the duration job
    QCOMPARE(g.total(), 2 * gpu12 + 2 * gpu01);
    const TrafficMatrix v = TrafficMatrix::byServer(s, sc, from, to);
    QCOMPARE(v.size, 2);
    QCOMPARE(v.at(0, 1), serverAB);
    QCOMPARE(v.at(1, 0), serverAB);
    QCOMPARE(v.at(0, 0), serverAA);
    QCOMPARE(v.at(1, 1), 0.0);
    QCOMPARE(v.max(), std::max(serverAB, serverAA));
    if (v.max() > 0)
        QCOMPARE(v.bytes[std::size_t(v.argmax())], v.max());
    else
        QCOMPARE(v.argmax(), -1);
}

void TestTrafficMatrix::labels()
{
    const Scenario s = twoServers(2);
    const Schedule sc;
    const TrafficMatrix g = TrafficMatrix::byGpu(s, sc, 0, 0);
    QCOMPARE(g.labels, (std::vector<QString>{"a/g0", "a/g1", "b/g0", "b/g1"}));
    QCOMPARE(TrafficMatrix::byServer(s, sc, 0, 0).labels, (std::vector<QString>{"a", "b"}));
    QCOMPARE(g.max(), 0.0);
}

// Two 1-GPU servers: the 2-worker job must use both, so all its traffic is between them.
void TestTrafficMatrix::splitRun()
{
    Scenario s = twoServers(1);
    s.jobs = {pairJob(QStringLiteral("p"), 1e9, 100)};
    RunConfig c;
    ScheduleRecorder rec(s);
    auto r = Runner::run(s, c, nullptr, {&rec});
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
    const Schedule sc = rec.take();
    const TrafficMatrix v = TrafficMatrix::byServer(s, sc, 0, 0);
    QCOMPARE(v.at(0, 1), 1e11);
    QCOMPARE(v.at(0, 0), 0.0);
    QCOMPARE(v.argmax() == 1 || v.argmax() == 2, true);
    // Half the run's time holds half its bytes.
    const double end = sc.segments.back().endS;
    QCOMPARE(TrafficMatrix::byGpu(s, sc, 0, end / 2).at(0, 1), 5e10);
}

QTEST_GUILESS_MAIN(TestTrafficMatrix)
#include "tst_trafficmatrix.moc"
