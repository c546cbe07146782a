// The worked examples of docs/asrpt.md as exact tests.
#include "../common/mustrun.h"
#include "mapping/iterationmodel.h"
#include "mapping/placement.h"
#include "mapping/placementregistry.h"
#include "policies/asrptguidedpolicy.h"
#include "policies/virtualsinglemachine.h"
#include "predict/predictor.h"
#include "predict/predictorregistry.h"
#include "run/runner.h"
#include "scheduleaudit.h"
#include "sim/simulator.h"

#include <QTest>

using namespace gantry;

namespace {

// A cluster of `servers` x `gpus` identical GPUs of speed 1.0.
Scenario cluster(int servers, int gpus, double intraGBps = 100, double nicGbps = 80)
{
    Scenario s;
    s.cluster.gpuTypes = {{QStringLiteral("G"), 100, 80, 1.0}};
    s.cluster.racks = {{QStringLiteral("r0"), 1000}};
    for (int i = 0; i < servers; ++i)
        s.cluster.servers.push_back({QStringLiteral("s%1").arg(i), 0, 0, gpus, intraGBps, nicGbps});
    s.cluster.finalize();
    return s;
}

struct Outcome
{
    RunResult result;
    std::vector<SimTime> virtualEnd;
    QStringList violations;
};

Outcome runWith(const Scenario& s, const QString& policy,
                const QString& predictor = QStringLiteral("oracle"))
{
    RunConfig c;
    c.policy = policy;
    c.predictor = predictor;
    test::ScheduleAudit audit(s);
    RunResult r = test::mustRun(s, c, {&audit});
    return {std::move(r), audit.virtualCompletion(), audit.violations()};
}

Scenario e3(bool mispredictJ3)
{
    Scenario s = cluster(2, 4);
    s.jobs = {Job::duration("J1", 0, 8, 10), Job::duration("J2", 1, 2, 4),
              Job::duration("J3", 2, 4, 6), Job::duration("J4", 3, 1, 8)};
    if (mispredictJ3)
        s.jobs[2].predictedIterations = 2.0;
    return s;
}

// G2 (asrpt-guided's reservation): one server of 4 GPUs; A (r 0, g 2, p 10), B (1, 4, 1),
// C (1, 2, 20), D (15, 2, 10).
Scenario g2()
{
    Scenario s = cluster(1, 4);
    s.jobs = {Job::duration("A", 0, 2, 10), Job::duration("B", 1, 4, 1),
              Job::duration("C", 1, 2, 20), Job::duration("D", 15, 2, 10)};
    return s;
}

} // namespace

class TestWorkedExamples : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void singleMachineSrpt_data();
    void singleMachineSrpt();
    void fullPipeline_data();
    void fullPipeline();
    void singleGpuJobs();
    void virtualMachineSize();
    void pipelineMappingCost_data();
    void pipelineMappingCost();
    void guided_data();
    void guided();
    void waitingMetrics_data();
    void waitingMetrics();
    void guidedAlphaOne();
    void backfillPassesLongJob_data();
    void backfillPassesLongJob();
};

// E1 and E2: preemptive SRPT on the virtual machine, with the strict-preemption tie rule.
void TestWorkedExamples::singleMachineSrpt_data()
{
    QTest::addColumn<QList<double>>("releases");
    QTest::addColumn<QList<double>>("sizes");
    QTest::addColumn<QList<double>>("completions");
    QTest::newRow("E1 no ties") << QList<double>{0, 1, 2} << QList<double>{4, 2, 5}
                                << QList<double>{6, 3, 11};
    QTest::newRow("E2 tie does not preempt")
        << QList<double>{0, 1} << QList<double>{3, 2} << QList<double>{3, 5};
}

void TestWorkedExamples::singleMachineSrpt()
{
    QFETCH(QList<double>, releases);
    QFETCH(QList<double>, sizes);
    QFETCH(QList<double>, completions);
    sim::VirtualSingleMachine vsm;
    std::vector<SimTime> done(std::size_t(releases.size()), -1);
    std::vector<int> completed;
    SimTime busyUntil = 0;
    vsm.setSegmentCallback([&](SimTime from, SimTime to, int) {
        QVERIFY(from >= busyUntil); // one job at a time
        busyUntil = to;
    });
    // Advance event by event so that every completion time is observed exactly.
    for (int j = 0; j < releases.size(); ++j) {
        const SimTime r = fromSeconds(releases[j]);
        while (vsm.nextCompletion() <= r) {
            const SimTime c = vsm.nextCompletion();
            completed.clear();
            vsm.advanceTo(c, completed);
            for (int k : completed)
                done[std::size_t(k)] = c;
        }
        vsm.advanceTo(r, completed);
        vsm.release(r, j, fromSeconds(sizes[j]), j);
    }
    while (!vsm.idle()) {
        const SimTime c = vsm.nextCompletion();
        completed.clear();
        vsm.advanceTo(c, completed);
        for (int k : completed)
            done[std::size_t(k)] = c;
    }
    for (int j = 0; j < completions.size(); ++j)
        QCOMPARE(done[std::size_t(j)], fromSeconds(completions[j]));
}

// E3 (exact predictions, strict and backfill) and E4 (J3 mispredicted through `given`).
void TestWorkedExamples::fullPipeline_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<bool>("mispredict");
    QTest::addColumn<QList<double>>("virtualCompletion"); // J1..J4
    QTest::addColumn<QList<double>>("start");
    QTest::addColumn<QList<double>>("finish");
    QTest::addColumn<double>("sumCompletion");
    QTest::addColumn<double>("totalJct");
    const QList<double> e3cv{15, 2, 6, 4}, e3start{15, 2, 6, 4}, e3finish{25, 6, 12, 12};
    QTest::newRow("E3 asrpt") << "asrpt" << false << e3cv << e3start << e3finish << 55.0 << 49.0;
    QTest::newRow("E3 asrpt-backfill")
        << "asrpt-backfill" << false << e3cv << e3start << e3finish << 55.0 << 49.0;
    QTest::newRow("E4 asrpt") << "asrpt" << true << QList<double>{13, 2, 3, 4}
                              << QList<double>{13, 2, 3, 4} << QList<double>{23, 6, 9, 12} << 50.0
                              << 44.0;
}

void TestWorkedExamples::fullPipeline()
{
    QFETCH(QString, policy);
    QFETCH(bool, mispredict);
    QFETCH(QList<double>, virtualCompletion);
    QFETCH(QList<double>, start);
    QFETCH(QList<double>, finish);
    QFETCH(double, sumCompletion);
    QFETCH(double, totalJct);
    const Scenario s = e3(mispredict);
    const Outcome o = runWith(s, policy, QStringLiteral("given"));
    QVERIFY2(o.violations.isEmpty(), qPrintable(o.violations.join('\n')));
    for (int j = 0; j < 4; ++j) {
        QCOMPARE(o.virtualEnd[std::size_t(j)], fromSeconds(virtualCompletion[j]));
        QCOMPARE(o.result.jobs[std::size_t(j)].startS, start[j]);
        QCOMPARE(o.result.jobs[std::size_t(j)].finishS, finish[j]);
    }
    QCOMPARE(o.result.summary.sumCompletionS, sumCompletion);
    QCOMPARE(o.result.summary.totalJctS, totalJct);
    // J2 and J4 share server s0 by best fit, J3 gets the whole of s1, J1 spans both.
    QCOMPARE(o.result.jobs[0].servers, 2);
    QCOMPARE(o.result.jobs[2].servers, 1);
    QCOMPARE(o.result.summary.preemptions, 0LL);
    // Theorem A: C^V <= S <= (1 + G / (G - g_max + 1)) C^V.
    for (int j = 0; j < 4; ++j) {
        QVERIFY(start[j] >= virtualCompletion[j]);
        QVERIFY(start[j] <= 9.0 * virtualCompletion[j]);
    }
}

// E5: single-GPU jobs on G = 2.
void TestWorkedExamples::singleGpuJobs()
{
    Scenario s = cluster(1, 2);
    s.jobs = {Job::duration("J1", 0, 1, 4), Job::duration("J2", 0, 1, 4),
              Job::duration("J3", 1, 1, 1)};
    const Outcome o = runWith(s, QStringLiteral("asrpt"));
    QVERIFY2(o.violations.isEmpty(), qPrintable(o.violations.join('\n')));
    const QList<double> cv{2.5, 4.5, 1.5}, st{2.5, 4.5, 1.5}, fin{6.5, 8.5, 2.5};
    for (int j = 0; j < 3; ++j) {
        QCOMPARE(o.virtualEnd[std::size_t(j)], fromSeconds(cv[j]));
        QCOMPARE(o.result.jobs[std::size_t(j)].startS, st[j]);
        QCOMPARE(o.result.jobs[std::size_t(j)].finishS, fin[j]);
    }
    QCOMPARE(o.result.summary.sumCompletionS, 17.5);
}

// E7: K-hat = 1000, tau0 = 0.5 s, g = 8, G = 64: p-hat = 500 s, w = 62.5 s.
void TestWorkedExamples::virtualMachineSize()
{
    Scenario s = cluster(8, 8);
    Job j;
    j.id = QStringLiteral("big");
    j.kind = JobKind::Graph;
    j.iterations = 1000;
    j.graph.workers.assign(8, {0.5, 1.0});
    s.jobs = {j};
    const Outcome o = runWith(s, QStringLiteral("asrpt"));
    QCOMPARE(o.virtualEnd[0], fromSeconds(62.5));
    QCOMPARE(o.result.jobs[0].startS, 62.5);
    QCOMPARE(o.result.jobs[0].finishS, 562.5);
}

// E6 (cost part): the bottleneck iteration time of a 4-stage pipeline under three mappings.
void TestWorkedExamples::pipelineMappingCost_data()
{
    QTest::addColumn<QList<int>>("gpus"); // GPU of s1..s4 on 2 servers x 2 GPUs (or 1 x 4)
    QTest::addColumn<bool>("oneServer");
    QTest::addColumn<double>("tau");
    QTest::addColumn<double>("crossGB");
    QTest::newRow("one server") << QList<int>{0, 1, 2, 3} << true << 1.03 << 0.0;
    QTest::newRow("{s1,s2}|{s3,s4}") << QList<int>{0, 1, 2, 3} << false << 1.12 << 1.0;
    QTest::newRow("{s1,s3}|{s2,s4}") << QList<int>{0, 2, 1, 3} << false << 1.30 << 5.0;
}

void TestWorkedExamples::pipelineMappingCost()
{
    QFETCH(QList<int>, gpus);
    QFETCH(bool, oneServer);
    QFETCH(double, tau);
    QFETCH(double, crossGB);
    // B_in = 100 GB/s; B_out = 10 GB/s = 80 Gb/s.
    const Scenario s = oneServer ? cluster(1, 4, 100, 80) : cluster(2, 2, 100, 80);
    Job j;
    j.kind = JobKind::Graph;
    j.iterations = 1;
    j.graph.workers.assign(4, {1.0, 0.0});
    j.graph.edges = {{0, 1, 2e9}, {1, 2, 1e9}, {2, 3, 2e9}};
    Mapping m;
    m.gpus.assign(gpus.begin(), gpus.end());
    QVERIFY(qAbs(IterationModel::iterationTimeS(j, m, s.cluster) - tau) < 1e-12);
    QVERIFY(qAbs(IterationModel::crossServerBytes(j, m, s.cluster) - crossGB * 1e9) < 1e-3);
}

// asrpt-guided (stretch 10), computed by hand (docs/policies.md). E3: J1 arrives to an empty
// cluster and starts at once (the virtual machine does not gate). At 10 J1 ends; no job is due
// (J2, finished virtually at 2, is due at 2 + 10 x 4 = 42), so jobs start in predicted-size
// order J2 (4), J3 (6), J4 (8): J2 on s0 by best fit, J3 on s1, J4 on s0. Sum C = 58.
// G2: sizes w = 5, 1, 10, 5; the virtual machine finishes B at 2, A at 6, C at 16, D at 21.
// At 1 B (4 GPUs) does not fit and C starts. At 10 B is not yet due (2 + 10 x 1 = 12). At 15 it
// is: it does not fit, so it holds a reservation at C's predicted end 21 with no spare GPU and
// D (predicted end 25) may not start. At 21 B starts, at 22 D. (sjf would start D at 15 and B
// at 25.)
void TestWorkedExamples::guided_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QList<double>>("virtualCompletion");
    QTest::addColumn<QList<double>>("start");
    QTest::addColumn<QList<double>>("finish");
    QTest::addColumn<double>("sumCompletion");
    QTest::addColumn<double>("totalJct");
    QTest::newRow("E3") << "E3" << QList<double>{15, 2, 6, 4} << QList<double>{0, 10, 10, 10}
                        << QList<double>{10, 14, 16, 18} << 58.0 << 52.0;
    QTest::newRow("G2 reservation")
        << "G2" << QList<double>{6, 2, 16, 21} << QList<double>{0, 21, 1, 22}
        << QList<double>{10, 22, 21, 32} << 85.0 << 68.0;
}

void TestWorkedExamples::guided()
{
    QFETCH(QString, scenario);
    QFETCH(QList<double>, virtualCompletion);
    QFETCH(QList<double>, start);
    QFETCH(QList<double>, finish);
    QFETCH(double, sumCompletion);
    QFETCH(double, totalJct);
    const Scenario s = scenario == QLatin1String("E3") ? e3(false) : g2();
    const Outcome o = runWith(s, QStringLiteral("asrpt-guided"), QStringLiteral("given"));
    QVERIFY2(o.violations.isEmpty(), qPrintable(o.violations.join('\n')));
    for (int j = 0; j < int(s.jobs.size()); ++j) {
        QCOMPARE(o.virtualEnd[std::size_t(j)], fromSeconds(virtualCompletion[j]));
        QCOMPARE(o.result.jobs[std::size_t(j)].startS, start[j]);
        QCOMPARE(o.result.jobs[std::size_t(j)].finishS, finish[j]);
    }
    QCOMPARE(o.result.summary.sumCompletionS, sumCompletion);
    QCOMPARE(o.result.summary.totalJctS, totalJct);
    QCOMPARE(o.result.summary.preemptions, 0LL);
    QCOMPARE(o.result.summary.virtualWaitS, 0.0); // alpha = 0: startable at arrival
}

// idle_while_waiting_gpu_s and virtual_wait_s by hand. E3 under asrpt: free GPUs while a waiting
// job fits by count: 8 on [0,1) (J1), 8 on [1,2) (J1+J2 capped at 8), 4 on [2,3) (J3), 5 on
// [3,4) (J3+J4), 4 on [4,6) (J3), none on [6,12), 8 on [12,15) (J1): 57 GPU-s; virtual wait =
// sum of C^V - r = 15 + 1 + 4 + 1 = 21 s. fifo and asrpt-guided run J1 at once and start the
// rest at 10 when everything fits: 0. G2 under asrpt-guided: D (2 GPUs) waits behind B's
// reservation while 2 GPUs are free on [15,21): 12 GPU-s (B alone, 4 GPUs, never fits by count).
void TestWorkedExamples::waitingMetrics_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("policy");
    QTest::addColumn<double>("idleWhileWaiting");
    QTest::addColumn<double>("virtualWait");
    QTest::newRow("E3 asrpt") << "E3"
                              << "asrpt" << 57.0 << 21.0;
    QTest::newRow("E3 asrpt-backfill") << "E3"
                                       << "asrpt-backfill" << 57.0 << 21.0;
    QTest::newRow("E3 fifo") << "E3"
                             << "fifo" << 0.0 << 0.0;
    QTest::newRow("E3 asrpt-guided") << "E3"
                                     << "asrpt-guided" << 0.0 << 0.0;
    QTest::newRow("G2 asrpt-guided") << "G2"
                                     << "asrpt-guided" << 12.0 << 0.0;
}

void TestWorkedExamples::waitingMetrics()
{
    QFETCH(QString, scenario);
    QFETCH(QString, policy);
    QFETCH(double, idleWhileWaiting);
    QFETCH(double, virtualWait);
    const Scenario s = scenario == QLatin1String("E3") ? e3(false) : g2();
    const Outcome o = runWith(s, policy, QStringLiteral("given"));
    QCOMPARE(o.result.summary.idleWhileWaitingGpuS + 1.0, idleWhileWaiting + 1.0);
    QCOMPARE(o.result.summary.virtualWaitS + 1.0, virtualWait + 1.0);
}

// asrpt-guided with alpha = 1 waits for each job's virtual completion (woken there): on E3 it
// starts J2 at 2, J4 at 4, J3 at 6 and J1 at 15, the schedule of strict asrpt (sum C = 55).
void TestWorkedExamples::guidedAlphaOne()
{
    const Scenario s = e3(false);
    sim::AsrptGuidedPolicy::Options o;
    o.alpha = 1.0;
    sim::AsrptGuidedPolicy policy(o);
    const test::PolicyRun simulator(s, policy);
    const QList<double> start{15, 2, 6, 4}, finish{25, 6, 12, 12};
    for (int j = 0; j < 4; ++j) {
        QCOMPARE(simulator.state().state(j).firstStart, fromSeconds(start[j]));
        QCOMPARE(simulator.state().state(j).finish, fromSeconds(finish[j]));
    }
    // Virtual wait = sum of C^V - r = 15 + 1 + 4 + 1.
    QCOMPARE(policy.virtualWaitS(simulator.state()), 21.0);
}

QTEST_GUILESS_MAIN(TestWorkedExamples)
// B1 (asrpt-backfill, one server of 4 GPUs): R (r 0, g 2, p 16) runs from 8 to 24; H (7.9, 4, 4)
// is released at 12 and waits for R; L (11, 2, 20) is released at 22 and S (21.8, 2, 1) at 22.5.
// S ends before H's shadow time (24) and passes both H and the longer L, which waits behind H.
void TestWorkedExamples::backfillPassesLongJob_data()
{
    QTest::addColumn<int>("job");
    QTest::addColumn<double>("start");
    QTest::addColumn<double>("finish");
    QTest::newRow("R runs first") << 0 << 8.0 << 24.0;
    QTest::newRow("H waits for R") << 1 << 24.0 << 28.0;
    QTest::newRow("L waits behind H") << 2 << 28.0 << 48.0;
    QTest::newRow("S backfills past H and L") << 3 << 22.5 << 23.5;
}

void TestWorkedExamples::backfillPassesLongJob()
{
    QFETCH(int, job);
    QFETCH(double, start);
    QFETCH(double, finish);
    Scenario s = cluster(1, 4);
    s.jobs = {Job::duration("R", 0, 2, 16), Job::duration("H", 7.9, 4, 4),
              Job::duration("L", 11, 2, 20), Job::duration("S", 21.8, 2, 1)};
    const Outcome o = runWith(s, QStringLiteral("asrpt-backfill"));
    QVERIFY2(o.violations.isEmpty(), qPrintable(o.violations.join('\n')));
    QCOMPARE(o.result.jobs[std::size_t(job)].startS, start);
    QCOMPARE(o.result.jobs[std::size_t(job)].finishS, finish);
}

#include "tst_workedexamples.moc"
