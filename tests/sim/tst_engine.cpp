// The discrete-event kernel: event order, rate-based progress, preemption and restart overhead,
// heterogeneous speeds, deadlock detection, cancellation, stepping.
#include "../common/mustrun.h"
#include "mapping/consolidateplacement.h"
#include "policies/fifopolicy.h"
#include "policies/policy.h"
#include "policies/srtfpolicy.h"
#include "predict/oraclepredictor.h"
#include "run/runner.h"
#include "sim/eventqueue.h"
#include "sim/metrics.h"
#include "sim/simulator.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

using namespace gantry;

namespace {

Scenario makeCluster(const QList<double>& speeds, int gpusPerServer = 4, double nicGbps = 80)
{
    Scenario s;
    for (int i = 0; i < speeds.size(); ++i)
        s.cluster.gpuTypes.push_back({QStringLiteral("t%1").arg(i), 100, 80, speeds[i]});
    s.cluster.racks = {{QStringLiteral("r0"), 1000}};
    for (int i = 0; i < speeds.size(); ++i)
        s.cluster.servers.push_back(
            {QStringLiteral("s%1").arg(i), 0, i, gpusPerServer, 100, nicGbps});
    s.cluster.finalize();
    return s;
}

// A policy that never starts anything: the engine must call that a deadlock, not hang.
class IdlePolicy : public sim::Policy
{
public:
    QString name() const override { return QStringLiteral("idle"); }
    void jobArrived(const sim::SimState&, int) override {}
    void decide(const sim::SimState&, sim::Decisions&) override {}
};

} // namespace

class TestEngine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eventOrder();
    void preemptionKeepsProgress_data();
    void preemptionKeepsProgress();
    void slowGpusStretchDuration_data();
    void slowGpusStretchDuration();
    void spanningServersCostsTime();
    void simultaneousEvents();
    void deadlockIsAnError();
    void cancellation();
    void runUntilStops();
    void unknownNamesAreInvalid_data();
    void unknownNamesAreInvalid();
    void tiresiasDemotes();
    void contentionSharesNic_data();
    void contentionSharesNic();
    void contentionNeverOverloadsLinks();
    void percentileMatchesSortedOrder_data();
    void percentileMatchesSortedOrder();
};

void TestEngine::eventOrder()
{
    sim::EventQueue q;
    q.push(5, 1, 0);
    q.push(3, 2, 0);
    q.push(5, 3, 0);
    q.push(3, 4, 0);
    QList<int> order;
    while (!q.empty()) {
        order << q.top().job;
        q.pop();
    }
    QCOMPARE(order, (QList<int>{2, 4, 1, 3})); // by time, then insertion
}

// srtf: a long job is preempted by a short one and resumes with its progress kept, plus the
// restart overhead.
void TestEngine::preemptionKeepsProgress_data()
{
    QTest::addColumn<double>("overhead");
    QTest::newRow("no overhead") << 0.0;
    QTest::newRow("overhead 5 s") << 5.0;
}

void TestEngine::preemptionKeepsProgress()
{
    QFETCH(double, overhead);
    Scenario s = makeCluster({1.0});
    s.jobs = {Job::duration("long", 0, 4, 100), Job::duration("short", 10, 4, 20)};
    const RunResult r = test::mustRun(s, QStringLiteral("srtf"), overhead);
    QCOMPARE(r.jobs[1].startS, 10.0);
    QCOMPARE(r.jobs[1].finishS, 30.0);
    QCOMPARE(r.jobs[0].preemptions, 1);
    QCOMPARE(r.jobs[0].finishS, 120.0 + overhead); // 10 s before, 90 s after, plus overhead
    QCOMPARE(r.summary.preemptions, 1LL);
    // fifo never preempts: the short job waits.
    const RunResult f = test::mustRun(s, QStringLiteral("fifo"), overhead);
    QCOMPARE(f.jobs[1].startS, 100.0);
    QCOMPARE(f.summary.preemptions, 0LL);
}

void TestEngine::slowGpusStretchDuration_data()
{
    QTest::addColumn<double>("speed");
    QTest::addColumn<double>("finish");
    QTest::newRow("speed 1") << 1.0 << 100.0;
    QTest::newRow("speed 0.5") << 0.5 << 200.0;
    QTest::newRow("speed 2") << 2.0 << 50.0;
}

void TestEngine::slowGpusStretchDuration()
{
    QFETCH(double, speed);
    QFETCH(double, finish);
    Scenario s = makeCluster({speed});
    s.jobs = {Job::duration("a", 0, 2, 100)};
    QCOMPARE(test::mustRun(s, QStringLiteral("fifo")).jobs[0].finishS, finish);
}

// A two-worker graph job: on one server the edge uses the intra fabric, across two the NIC.
void TestEngine::spanningServersCostsTime()
{
    Scenario s = makeCluster({1.0, 1.0}, 1, 80); // 1 GPU per server: the job must span
    Job j;
    j.id = QStringLiteral("g");
    j.kind = JobKind::Graph;
    j.iterations = 10;
    j.graph.workers = {{1.0, 0.0}, {1.0, 0.0}};
    j.graph.edges = {{0, 1, 10e9}}; // 10 GB per iteration over 10 GB/s: +1 s
    s.jobs = {j};
    const RunResult spanning = test::mustRun(s, QStringLiteral("fifo"));
    QCOMPARE(spanning.jobs[0].finishS, 20.0);
    QCOMPARE(spanning.jobs[0].servers, 2);
    QCOMPARE(spanning.summary.crossServerBytes, 100e9);
    Scenario one = makeCluster({1.0}, 2, 80); // both workers on one 100 GB/s server: +0.1 s
    one.jobs = s.jobs;
    const RunResult local = test::mustRun(one, QStringLiteral("fifo"));
    QCOMPARE(local.jobs[0].finishS, 11.0);
    QCOMPARE(local.summary.crossServerBytes, 0.0);
}

// A completion and an arrival at one instant: the freed GPUs serve the arrival at once.
void TestEngine::simultaneousEvents()
{
    Scenario s = makeCluster({1.0});
    s.jobs = {Job::duration("a", 0, 4, 10), Job::duration("b", 10, 4, 5),
              Job::duration("c", 10, 4, 5)};
    const RunResult r = test::mustRun(s, QStringLiteral("fifo"));
    QCOMPARE(r.jobs[1].startS, 10.0);
    QCOMPARE(r.jobs[2].startS, 15.0); // file order breaks the tie
}

void TestEngine::deadlockIsAnError()
{
    Scenario s = makeCluster({1.0});
    s.jobs = {Job::duration("a", 0, 1, 10)};
    IdlePolicy policy;
    ConsolidatePlacement placement;
    predict::OraclePredictor predictor;
    sim::Simulator simulator(s, policy, placement, predictor, 0);
    const Status st = simulator.run();
    QVERIFY(!st.ok());
    QVERIFY2(st.error().message.contains(QStringLiteral("deadlock")),
             qPrintable(st.error().message));
}

void TestEngine::cancellation()
{
    Scenario s = makeCluster({1.0});
    for (int i = 0; i < 20000; ++i)
        s.jobs.push_back(Job::duration(QStringLiteral("j%1").arg(i), i, 1, 50));
    Feedback feedback;
    feedback.cancel();
    RunConfig c;
    auto r = Runner::run(s, c, &feedback);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, ErrorKind::Cancelled);
}

void TestEngine::runUntilStops()
{
    Scenario s = makeCluster({1.0});
    s.jobs = {Job::duration("a", 0, 4, 10), Job::duration("b", 5, 4, 10)};
    sim::FifoPolicy policy;
    ConsolidatePlacement placement;
    predict::OraclePredictor predictor;
    sim::Simulator simulator(s, policy, placement, predictor, 0);
    QVERIFY(simulator.runUntil(5 * kSecond).ok());
    QCOMPARE(simulator.state().now(), 5 * kSecond);
    QCOMPARE(simulator.state().state(0).phase, sim::JobPhase::Running);
    QCOMPARE(simulator.state().state(1).phase, sim::JobPhase::Waiting);
    QCOMPARE(simulator.nextTime(), 10 * kSecond);
    QVERIFY(simulator.run().ok());
    QCOMPARE(simulator.state().state(1).finish, 20 * kSecond);
    QCOMPARE(simulator.events(), 4LL); // two arrivals, two completions
}

void TestEngine::unknownNamesAreInvalid_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QString>("placement");
    QTest::addColumn<QString>("predictor");
    QTest::newRow("policy") << "nope"
                            << "consolidate"
                            << "oracle";
    QTest::newRow("placement") << "fifo"
                               << "nope"
                               << "oracle";
    QTest::newRow("predictor") << "fifo"
                               << "consolidate"
                               << "nope";
    QTest::newRow("noisy without sigma") << "fifo"
                                         << "consolidate"
                                         << "noisy:x";
}

void TestEngine::unknownNamesAreInvalid()
{
    QFETCH(QString, policy);
    QFETCH(QString, placement);
    QFETCH(QString, predictor);
    Scenario s = makeCluster({1.0});
    s.jobs = {Job::duration("a", 0, 1, 10)};
    RunConfig c;
    c.policy = policy;
    c.placement = placement;
    c.predictor = predictor;
    auto r = Runner::run(s, c);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, ErrorKind::InvalidInput);
}

// tiresias: a job that crosses 3200 GPU-seconds drops to the second queue and yields.
void TestEngine::tiresiasDemotes()
{
    Scenario s = makeCluster({1.0});
    s.jobs = {Job::duration("old", 0, 4, 2000), Job::duration("new", 900, 4, 100)};
    const RunResult r = test::mustRun(s, QStringLiteral("tiresias"));
    // old reaches 3200 GPU-s at 800 s (4 GPUs), so at 900 s new (queue 0) preempts it.
    QCOMPARE(r.jobs[1].startS, 900.0);
    QCOMPARE(r.jobs[1].finishS, 1000.0);
    QCOMPARE(r.jobs[0].preemptions, 1);
    QCOMPARE(r.jobs[0].finishS, 2100.0);
}

namespace {

// Three servers of 2 GPUs; 3-worker chains with 8 GB per edge: the first job spans s0 + s1,
// the second s2 + s1, so both cross the NIC of s1.
Scenario sharedNicScenario(int jobs)
{
    Scenario s = makeCluster({1.0, 1.0, 1.0}, 2, 80); // NIC 80 Gb/s = 10 GB/s
    for (int k = 0; k < jobs; ++k) {
        Job j;
        j.id = QStringLiteral("chain%1").arg(k);
        j.kind = JobKind::Graph;
        j.iterations = 100;
        j.graph.workers.assign(3, {1.0, 0.0});
        j.graph.edges = {{0, 1, 8e9}, {1, 2, 8e9}};
        s.jobs.push_back(j);
    }
    return s;
}

} // namespace

void TestEngine::contentionSharesNic_data()
{
    QTest::addColumn<int>("jobs");
    QTest::newRow("one job: fair equals none") << 1;
    QTest::newRow("two jobs on one NIC") << 2;
}

void TestEngine::contentionSharesNic()
{
    QFETCH(int, jobs);
    const Scenario s = sharedNicScenario(jobs);
    RunConfig c;
    c.policy = QStringLiteral("fifo");
    c.contention = Contention::None;
    auto none = Runner::run(s, c);
    c.contention = Contention::Fair;
    auto fair = Runner::run(s, c);
    QVERIFY(none.ok() && fair.ok());
    for (int j = 0; j < jobs; ++j) {
        QCOMPARE(fair.value().jobs[std::size_t(j)].startS, 0.0);
        QCOMPARE(fair.value().jobs[std::size_t(j)].servers, 2);
    }
    if (jobs == 1) {
        QCOMPARE(fair.value().jobs[0].finishS, none.value().jobs[0].finishS);
        // 1 s compute + 0.08 s intra (100 GB/s) + 0.8 s across the NIC per iteration.
        QCOMPARE(none.value().jobs[0].finishS, 188.0);
        return;
    }
    // Each job gets half of the shared NIC: 1.6 s across it, so 2.68 s per iteration.
    for (int j = 0; j < jobs; ++j) {
        QVERIFY(fair.value().jobs[std::size_t(j)].finishS >
                none.value().jobs[std::size_t(j)].finishS);
        QVERIFY(qAbs(fair.value().jobs[std::size_t(j)].finishS - 268.0) < 1e-3);
    }
}

void TestEngine::contentionNeverOverloadsLinks()
{
    Scenario s = sharedNicScenario(6);
    for (int k = 0; k < 6; ++k) {
        s.jobs[std::size_t(k)].arrivalS = 7.0 * k;
        s.jobs[std::size_t(k)].iterations = 20 + 10 * k;
    }
    sim::SrtfPolicy policy;
    ConsolidatePlacement placement;
    predict::OraclePredictor predictor;
    sim::Simulator simulator(s, policy, placement, predictor, 0, Contention::Fair);
    int checks = 0;
    while (simulator.step()) {
        std::vector<double> load(std::size_t(simulator.network().linkCount()), 0.0);
        for (int j : simulator.state().running())
            for (int l : simulator.linksOf(j))
                load[std::size_t(l)] += simulator.state().state(j).bandwidthShare;
        for (double x : load)
            QVERIFY2(x <= 1.0 + 1e-12, qPrintable(QString::number(x)));
        ++checks;
    }
    QVERIFY(checks > 3);
    QCOMPARE(simulator.finishedJobs(), 6);
}

void TestEngine::percentileMatchesSortedOrder_data()
{
    QTest::addColumn<std::vector<double>>("values");
    QTest::addColumn<double>("p");
    const std::vector<double> dup{3, 1, 3, 3, 2, 1, 5, 5, 0.5, 3};
    QTest::newRow("empty") << std::vector<double>{} << 0.5;
    QTest::newRow("one") << std::vector<double>{7.25} << 0.99;
    QTest::newRow("two, p 0") << std::vector<double>{4, 2} << 0.0;
    QTest::newRow("two, p 1") << std::vector<double>{4, 2} << 1.0;
    QTest::newRow("duplicates, p 0.5") << dup << 0.5;
    QTest::newRow("duplicates, p 0.99") << dup << 0.99;
    QTest::newRow("below 0 clamps") << dup << -0.5;
    QTest::newRow("above 1 clamps") << dup << 1.5;
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(-1e6, 1e6);
    for (const int n : {3, 100, 1001}) {
        std::vector<double> v(static_cast<std::size_t>(n), 0.0);
        for (double& x : v)
            x = std::round(u(rng)) / 8; // some ties among many distinct values
        for (const double p : {0.01, 0.5, 0.99})
            QTest::newRow(qPrintable(QStringLiteral("random %1, p %2").arg(n).arg(p))) << v << p;
    }
}

void TestEngine::percentileMatchesSortedOrder()
{
    // Metrics::percentile selects order statistics; it must equal, bit for bit, interpolation
    // over the fully sorted values.
    QFETCH(std::vector<double>, values);
    QFETCH(double, p);
    double expected = 0.0;
    if (!values.empty()) {
        std::vector<double> sorted = values;
        std::sort(sorted.begin(), sorted.end());
        const double pos = std::clamp(p, 0.0, 1.0) * double(sorted.size() - 1);
        const std::size_t lo = std::size_t(std::floor(pos));
        const std::size_t hi = std::min(sorted.size() - 1, lo + 1);
        expected = sorted[lo] + (pos - double(lo)) * (sorted[hi] - sorted[lo]);
    }
    const double got = Metrics::percentile(values, p);
    QCOMPARE(std::memcmp(&got, &expected, sizeof got), 0);
}

QTEST_GUILESS_MAIN(TestEngine)
#include "tst_engine.moc"
