// The `gittins` policy: its rank by hand, and the orders it must reduce to.
#include "policies/outcomedistribution.h"
#include "run/runner.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace gantry;
using gantry::sim::OutcomeDistribution;

namespace {

Scenario oneServer(int gpus)
{
    Scenario s;
    s.cluster.gpuTypes = {{QStringLiteral("G"), 100, 80, 1.0}};
    s.cluster.racks = {{QStringLiteral("r0"), 1000}};
    s.cluster.servers.push_back({QStringLiteral("s0"), 0, 0, gpus, 100, 80});
    s.cluster.finalize();
    return s;
}

RunResult runWith(const Scenario& s, const QString& policy, double overheadS = 0.0)
{
    RunConfig c;
    c.policy = policy;
    c.predictor = QStringLiteral("oracle");
    c.restartOverheadS = overheadS;
    auto r = Runner::run(s, c);
    if (!r)
        qFatal("run failed: %s", qPrintable(r.error().message));
    return r.value();
}

} // namespace

class TestGittins : public QObject
{
    Q_OBJECT

private slots:
    void rankByHand_data();
    void rankByHand();
    void spreadOrdersByAttainedService();
    void snapshots();
    void envelopeMatchesTheDefinition();
    void pointDistributionOrdersAsSrtf();
    void costlyPreemptionIsNotTaken();
};

// rank(u) = min over k of (x_1 + ... + x_k + (m - k) x_k) / k over the m samples above u,
// x_i = sample_i - u; u past every sample ranks u.
void TestGittins::rankByHand_data()
{
    QTest::addColumn<QList<double>>("samples");
    QTest::addColumn<double>("u");
    QTest::addColumn<double>("rank");
    QTest::newRow("point, fresh") << QList<double>{1.0} << 0.0 << 1.0;
    QTest::newRow("point, 30% run: the remaining 0.7 (SRPT)") << QList<double>{1.0} << 0.3 << 0.7;
    // k = 1: (1 + 2 x 1) / 1 = 3; k = 2: (1 + 10 + 10) / 2 = 10.5; k = 3: 111 / 3 = 37.
    QTest::newRow("heavy tail, fresh") << QList<double>{1, 10, 100} << 0.0 << 3.0;
    // Above 2: x = 8, 98. k = 1: (8 + 8) / 1 = 16; k = 2: 106 / 2 = 53.
    QTest::newRow("heavy tail, outlived the first") << QList<double>{1, 10, 100} << 2.0 << 16.0;
    // Near the first sample: k = 1: (0.5 + 2 x 0.5) / 1 = 1.5.
    QTest::newRow("heavy tail, near the first end") << QList<double>{1, 10, 100} << 0.5 << 1.5;
    QTest::newRow("outlived every sample") << QList<double>{1, 10, 100} << 200.0 << 200.0;
    // k = 1: (2 + 2) / 1 = 4; k = 2: (2 + 4) / 2 = 3.
    QTest::newRow("two values, whole quantum best") << QList<double>{2, 4} << 0.0 << 3.0;
}

void TestGittins::rankByHand()
{
    QFETCH(QList<double>, samples);
    QFETCH(double, u);
    QFETCH(double, rank);
    const std::vector<double> s(samples.begin(), samples.end());
    QCOMPARE(OutcomeDistribution::rank(s, u), rank);
}

// With outcomes spread over orders of magnitude, a job that has outlived likely ends waits
// behind a fresh one, and one that outlived them all behind both (least attained service).
void TestGittins::spreadOrdersByAttainedService()
{
    const std::vector<double> s{1, 10, 100};
    const double fresh = OutcomeDistribution::rank(s, 0.0);
    const double pastFirst = OutcomeDistribution::rank(s, 2.0);
    const double pastSecond = OutcomeDistribution::rank(s, 20.0);
    QVERIFY(fresh < pastFirst);
    QVERIFY(pastFirst < pastSecond);
    QVERIFY(pastSecond < OutcomeDistribution::rank(s, 150.0));
}

void TestGittins::snapshots()
{
    OutcomeDistribution d;
    QCOMPARE(d.current(), 0);
    QCOMPARE(d.snapshot(0), std::vector<double>{1.0});
    d.observe(1.0);
    QCOMPARE(d.snapshot(d.current()), std::vector<double>{1.0}); // exactly 1 stays 1
    d.observe(0.0);                                              // ignored
    d.observe(std::numeric_limits<double>::infinity());          // ignored
    QCOMPARE(d.observed(), 1);
    for (int i = 0; i < 1000; ++i)
        d.observe(0.01 * (1 + i % 100));
    const std::vector<double>& last = d.snapshot(d.current());
    QCOMPARE(int(last.size()), OutcomeDistribution::kQuantiles);
    QVERIFY(std::is_sorted(last.begin(), last.end()));
    QVERIFY(last.front() < 0.05 && last.back() > 0.9 && last.back() < 1.1);
    // A snapshot only once the observations grew by an eighth.
    const int before = d.current();
    d.observe(0.5);
    QCOMPARE(d.current(), before);
}

// rankAt's precomputed envelopes give the rank of the definition wherever u falls.
void TestGittins::envelopeMatchesTheDefinition()
{
    OutcomeDistribution d;
    for (int i = 0; i < 3000; ++i)
        d.observe(std::exp(std::sin(i * 12.9898) * 4.0)); // spread over e^-4 .. e^4
    for (int snap = 0; snap <= d.current(); ++snap) {
        const std::vector<double>& s = d.snapshot(snap);
        for (double u = 0.0; u < s.back() * 1.2; u += s.back() / 997.0) {
            const double want = OutcomeDistribution::rank(s, u);
            QVERIFY2(std::abs(d.rankAt(snap, u) - want) <= 1e-9 * std::max(1.0, want),
                     qPrintable(QStringLiteral("snapshot %1, u %2: %3, want %4")
                                    .arg(snap)
                                    .arg(u)
                                    .arg(d.rankAt(snap, u))
                                    .arg(want)));
        }
    }
}

// Exact predictions (oracle, duration jobs, no restart overhead) make every outcome 1: a point,
// and the schedule is srtf's.
void TestGittins::pointDistributionOrdersAsSrtf()
{
    Scenario s = oneServer(4);
    const int gpus[] = {1, 2, 4, 1, 3, 2, 1, 4, 2, 1};
    for (int i = 0; i < 10; ++i)
        s.jobs.push_back(Job::duration(QStringLiteral("j%1").arg(i), 7.0 * i, gpus[i],
                                       13.0 + 17.0 * ((i * 7) % 10)));
    const RunResult g = runWith(s, QStringLiteral("gittins"));
    const RunResult t = runWith(s, QStringLiteral("srtf"));
    QCOMPARE(g.jobs.size(), t.jobs.size());
    for (std::size_t i = 0; i < g.jobs.size(); ++i) {
        QCOMPARE(g.jobs[i].finishS, t.jobs[i].finishS);
        QCOMPARE(g.jobs[i].preemptions, t.jobs[i].preemptions);
    }
}

// One GPU: a (100 s) runs from 0, b (8 s) arrives at 90 when a has 10 s left. Without an
// overhead b takes the GPU, as srtf does; with a 5 s restart overhead the 2 s b would gain
// cost a 5 s, so a keeps it.
void TestGittins::costlyPreemptionIsNotTaken()
{
    Scenario s = oneServer(1);
    s.jobs = {Job::duration(QStringLiteral("a"), 0, 1, 100),
              Job::duration(QStringLiteral("b"), 90, 1, 8)};
    const RunResult free = runWith(s, QStringLiteral("gittins"), 0.0);
    QCOMPARE(free.jobs[0].preemptions, 1);
    QCOMPARE(free.jobs[1].finishS, 98.0);
    QCOMPARE(free.jobs[0].finishS, 108.0);
    const RunResult costly = runWith(s, QStringLiteral("gittins"), 5.0);
    QCOMPARE(costly.jobs[0].preemptions, 0);
    QCOMPARE(costly.jobs[0].finishS, 100.0);
    QCOMPARE(costly.jobs[1].finishS, 108.0);
    QCOMPARE(runWith(s, QStringLiteral("srtf"), 5.0).jobs[0].preemptions, 1);
}

QTEST_GUILESS_MAIN(TestGittins)
#include "tst_gittins.moc"
