// DecisionExplainer: teaching mode's plain-English steps, checked word for word on a small
// hand-made scenario under every family of policies (each policy's own reasons, recorded as it
// decided), the step navigation (forward, back, by time) agrees with explaining everything at
// once, and recording the reasons does not change the run.
#include "../common/fastandslow.h"
#include "../common/mustrun.h"
#include "explain/decisionexplainer.h"
#include "model/scenario.h"
#include "policies/policyregistry.h"
#include "run/runner.h"
#include "sim/schedulerecorder.h"

#include <QTest>

#include <algorithm>
#include <span>

using namespace gantry;

namespace {

// Duration jobs (id, arrival s, GPUs, duration s) appended to s.
void addJobs(Scenario& s, std::initializer_list<std::tuple<const char*, double, int, double>> jobs)
{
    for (auto [id, at, g, d] : jobs) {
        Job j;
        j.id = QString::fromLatin1(id);
        j.arrivalS = at;
        j.gpus = g;
        j.durationS = d;
        s.jobs.push_back(j);
    }
}

// Servers a and b of 4 GPUs. j1 (4 GPUs, 100 s) at 0, j2 (8 GPUs, 50 s) at 1, j3 (4 GPUs,
// 10 s) at 2: j2 needs the whole cluster, j3 is small enough to pass it.
Scenario classroom()
{
    Scenario s;
    s.cluster.gpuTypes.push_back({QStringLiteral("t"), 100, 80, 1.0});
    s.cluster.racks = {{QStringLiteral("r0"), 1000}};
    s.cluster.servers.push_back({QStringLiteral("a"), 0, 0, 4, 100, 80});
    s.cluster.servers.push_back({QStringLiteral("b"), 0, 0, 4, 100, 80});
    s.cluster.finalize();
    addJobs(s, {{"j1", 0.0, 4, 100.0}, {"j2", 1.0, 8, 50.0}, {"j3", 2.0, 4, 10.0}});
    return s;
}

// asrpt-guided's due job, worked by hand. Servers a and b of 4 GPUs. j0 (4 GPUs, 200 s) at 0
// takes a; big (8 GPUs, 10 s) at 1 does not fit; s1 (4 GPUs, 150 s) at 2 takes b. On the
// virtual machine (sizes g x p / 8) big (10) preempts j0 (100) and finishes at 11. s2 (4 GPUs,
// 100 s) arrives at 150. At 152 s1 ends and big is 141 s late on its virtual completion, more
// than stretch 10 x its 10 s: it is due, does not fit (4 free) and holds a reservation at 200,
// when j0 ends; s2 would fit on b but would end at 252 on GPUs big needs, so it waits. At 200
// big starts on both servers.
Scenario dueScenario()
{
    Scenario s = classroom();
    s.jobs.clear();
    addJobs(s, {{"j0", 0.0, 4, 200.0},
                {"big", 1.0, 8, 10.0},
                {"s1", 2.0, 4, 150.0},
                {"s2", 150.0, 4, 100.0}});
    return s;
}

struct Run
{
    RunResult result;
    Schedule schedule;
};

Run runOf(const Scenario& s, const QString& policy,
          ScheduleRecorder::Notes notes = ScheduleRecorder::Notes::Record)
{
    RunConfig c;
    c.policy = policy;
    ScheduleRecorder rec(s, notes);
    RunResult r = test::mustRun(s, c, {&rec});
    return {std::move(r), rec.take()};
}

// The step of s run under policy at time (an empty step when there is none).
DecisionStep stepAt(const Scenario& s, const QString& policy, double time)
{
    const Run run = runOf(s, policy);
    const auto steps =
        DecisionExplainer::explain(s, run.schedule, run.result.config, run.result.jobs);
    const auto it = std::find_if(steps.begin(), steps.end(),
                                 [&](const DecisionStep& st) { return st.timeS == time; });
    return it == steps.end() ? DecisionStep{-1.0, {}, {}, 0} : *it;
}

} // namespace

class TestDecisionExplainer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sentences_data();
    void sentences();
    void navigation_data();
    void navigation();
    void readableNumbers_data();
    void readableNumbers();
    void guidedDue_data();
    void guidedDue();
    void earliestFinishWait();
    void promotedStart();
    void movedToFaster();
    void notesLeaveTheRunAlone_data();
    void notesLeaveTheRunAlone();
};

void TestDecisionExplainer::sentences_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<double>("time");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QList<int>>("jobs");
    QTest::newRow("fifo t=0") << "fifo" << 0.0
                              << QStringList{"j1 arrives: needs 4 GPUs, predicted 100 s",
                                             "j1 starts on server a: it is next in arrival order "
                                             "and needs 4 GPUs; a has 4 free"}
                              << QList<int>{0};
    QTest::newRow("fifo t=2")
        << "fifo" << 2.0
        << QStringList{"j3 arrives: needs 4 GPUs, predicted 10 s", "j2 waits: needs 8 GPUs, 4 free",
                       "j3 waits: needs 4 GPUs, 4 free, but j2 is ahead of it and must start first"}
        << QList<int>{2};
    QTest::newRow("fifo t=100") << "fifo" << 100.0
                                << QStringList{"j1 finishes on server a, freeing 4 GPUs",
                                               "j2 starts on servers a and b: it is next in "
                                               "arrival order and needs 8 GPUs; a has 4 free, b "
                                               "has 4 free",
                                               "j3 waits: needs 4 GPUs, 0 free"}
                                << QList<int>{0, 1};
    QTest::newRow("fifo-backfill t=2")
        << "fifo-backfill" << 2.0
        << QStringList{"j3 arrives: needs 4 GPUs, predicted 10 s",
                       "j3 starts on server b: backfilling lets it pass j2 in arrival order (j2 "
                       "needs 8 GPUs, 4 free) and needs 4 GPUs; b has 4 free",
                       "j2 waits: needs 8 GPUs, 0 free"}
        << QList<int>{2};
    QTest::newRow("sjf t=2") << "sjf" << 2.0
                             << QStringList{"j3 arrives: needs 4 GPUs, predicted 10 s",
                                            "j3 starts on server b: it has the smallest predicted "
                                            "size of the waiting jobs (10 s) and needs 4 GPUs; b "
                                            "has 4 free",
                                            "j2 waits: needs 8 GPUs, 0 free"}
                             << QList<int>{2};
    QTest::newRow("srtf t=1") << "srtf" << 1.0
                              << QStringList{"j2 arrives: needs 8 GPUs, predicted 50 s",
                                             "j1 is preempted: srtf gives its GPUs to j2, which "
                                             "has less remaining work",
                                             "j2 starts on servers a and b: it has the least "
                                             "predicted remaining work of the waiting jobs (50 s "
                                             "left) and needs 8 GPUs; a has 4 free, b has 4 free",
                                             "j1 waits: needs 4 GPUs, 0 free"}
                              << QList<int>{1, 0};
    QTest::newRow("srtf t=2")
        << "srtf" << 2.0
        << QStringList{"j3 arrives: needs 4 GPUs, predicted 10 s",
                       "j2 is preempted: srtf gives its GPUs to j3, which has less remaining work",
                       "j3 starts on server a: it has the least predicted remaining work of the "
                       "waiting jobs (10 s left) and needs 4 GPUs; a has 4 free",
                       "j1 resumes on server b: it has the least predicted remaining work of the "
                       "jobs that fit (99 s left; j2 needs 8 GPUs, 4 free) and needs 4 GPUs; b "
                       "has 4 free",
                       "j2 waits: needs 8 GPUs, 0 free"}
        << QList<int>{2, 1, 0};
    QTest::newRow("srsf t=2") << "srsf" << 2.0
                              << QStringList{"j3 arrives: needs 4 GPUs, predicted 10 s",
                                             "j3 starts on server b: it has the least predicted "
                                             "remaining GPU-time of the waiting jobs (4 GPUs x 10 "
                                             "s left) and needs 4 GPUs; b has 4 free",
                                             "j2 waits: needs 8 GPUs, 0 free"}
                              << QList<int>{2};
    QTest::newRow("tiresias t=2")
        << "tiresias" << 2.0
        << QStringList{"j3 arrives: needs 4 GPUs, predicted 10 s",
                       "j3 starts on server b: it is the first job in tiresias's order that fits "
                       "(queue 0 of the attained-service queues, 0 GPU-s attained; j2 needs 8 "
                       "GPUs, 4 free) and needs 4 GPUs; b has 4 free",
                       "j2 waits: needs 8 GPUs, 0 free"}
        << QList<int>{2};
    // asrpt-guided does not wait for the virtual machine: j3 (smallest predicted size) starts at
    // once; no job is due (none has finished on the virtual machine yet).
    QTest::newRow("asrpt-guided t=2")
        << "asrpt-guided" << 2.0
        << QStringList{"j3 arrives: needs 4 GPUs, predicted 10 s; it joins the virtual machine "
                       "and may start at once",
                       "j3 starts on server b: it has the smallest predicted size of the waiting "
                       "jobs (10 s) and needs 4 GPUs; b has 4 free",
                       "j2 waits: needs 8 GPUs, 0 free"}
        << QList<int>{2};
    // Virtual sizes g x p / G: j1 50 s, j2 50 s, j3 5 s; j3 preempts j1 there and finishes at 7.
    QTest::newRow("asrpt t=2")
        << "asrpt" << 2.0
        << QStringList{"j3 arrives: needs 4 GPUs, predicted 10 s; it joins the virtual machine, "
                       "which would complete it at 7 s if no other job arrived",
                       "j3 waits: it is still on the virtual machine, which would release it at "
                       "7 s if no other job arrived",
                       "j1 waits: it is still on the virtual machine, which would release it at "
                       "55 s if no other job arrived",
                       "j2 waits: it is still on the virtual machine, which would release it at "
                       "105 s if no other job arrived"}
        << QList<int>{2};
    QTest::newRow("asrpt t=7")
        << "asrpt" << 7.0
        << QStringList{"j3 starts on server a: it is next in the virtual machine's completion "
                       "order (released at 7 s) and needs 4 GPUs; a has 4 free",
                       "j1 waits: it is still on the virtual machine, which would release it at "
                       "55 s if no other job arrived",
                       "j2 waits: it is still on the virtual machine, which would release it at "
                       "105 s if no other job arrived"}
        << QList<int>{2};
    // j3 (10 s) ran from 2 and ends at 12, the first outcome; j2 starts with the count of that
    // moment.
    QTest::newRow("gittins-progress t=12")
        << "gittins-progress" << 12.0
        << QStringList{"j3 finishes on server a, freeing 4 GPUs",
                       "j1 is preempted: gittins-progress gives its GPUs to j2, which has a lower "
                       "Gittins rank, by more than the restart overhead",
                       "j2 resumes on servers a and b: it has the lowest Gittins rank (expected "
                       "time to its next likely end, from its progress and 1 finished job's "
                       "outcome) of the waiting jobs (rank 49 s) and needs 8 GPUs; a has 4 "
                       "free, b has 4 free",
                       "j1 waits: needs 4 GPUs, 0 free"}
        << QList<int>{2, 0, 1};
    // The same moment under the prior's policy, whose distributions are the oracle's points.
    QTest::newRow("asrpt-gittins-prior t=12")
        << "asrpt-gittins-prior" << 12.0
        << QStringList{"j3 finishes on server a, freeing 4 GPUs",
                       "j1 is preempted: asrpt-gittins-prior gives its GPUs to j2, which has a "
                       "Gittins rank lower by more than 10% and the restart overhead",
                       "j2 resumes on servers a and b: it has the lowest Gittins rank (expected "
                       "time to its next likely end, from its progress and the predictor's single "
                       "value) of the waiting jobs (rank 49 s) and needs 8 GPUs; a has 4 free, b "
                       "has 4 free",
                       "j1 waits: needs 4 GPUs, 0 free"}
        << QList<int>{2, 0, 1};
    // At t=0 only j1 is on the virtual machine: 50 s of work. j3, arriving at 2 s, makes it 55 s
    // in the end; the notes say what was known at 0.
    QTest::newRow("asrpt-wc t=0")
        << "asrpt-wc" << 0.0
        << QStringList{"j1 arrives: needs 4 GPUs, predicted 100 s; it joins the virtual machine, "
                       "which would complete it at 50 s if no other job arrived",
                       "j1 starts on server a: it is still on the virtual machine (which would "
                       "release it at 50 s if no other job arrived), but asrpt-wc gives idle "
                       "GPUs to such jobs, smallest virtual size first, and needs 4 GPUs; a has "
                       "4 free"}
        << QList<int>{0};
}

void TestDecisionExplainer::sentences()
{
    QFETCH(QString, policy);
    QFETCH(double, time);
    QFETCH(QStringList, expected);
    QFETCH(QList<int>, jobs);
    const DecisionStep st = stepAt(classroom(), policy, time);
    QCOMPARE(st.sentences, expected);
    QCOMPARE(QList<int>(st.jobs.begin(), st.jobs.end()), jobs);
}

void TestDecisionExplainer::navigation_data()
{
    QTest::addColumn<QString>("policy");
    for (const QString& p : PolicyRegistry::names())
        QTest::newRow(qPrintable(p)) << p;
}

void TestDecisionExplainer::navigation()
{
    QFETCH(QString, policy);
    const Scenario s = classroom();
    const Run run = runOf(s, policy);
    const auto all =
        DecisionExplainer::explain(s, run.schedule, run.result.config, run.result.jobs);
    DecisionExplainer e(s, run.schedule, run.result.config, run.result.jobs);
    QCOMPARE(e.stepCount(), int(all.size()));
    QVERIFY(e.stepCount() >= 5); // 3 arrivals, at least 3 finishes, some share an instant
    for (int i = 1; i < e.stepCount(); ++i)
        QVERIFY(e.stepTime(i) > e.stepTime(i - 1));
    // Back and forth gives the same steps as the single pass.
    for (int i : {3, 1, 4, 0, e.stepCount() - 1, 2}) {
        const DecisionStep st = e.step(i);
        QCOMPARE(st.timeS, all[std::size_t(i)].timeS);
        QCOMPARE(st.sentences, all[std::size_t(i)].sentences);
        QCOMPARE(st.freeGpusAfter, all[std::size_t(i)].freeGpusAfter);
    }
    QCOMPARE(e.stepAt(-1.0), -1);
    QCOMPARE(e.stepAt(1.5), 1); // steps at 0 and 1 are the first arrivals
    QCOMPARE(e.stepAt(1e9), e.stepCount() - 1);
    QCOMPARE(all.back().freeGpusAfter, 8);
    // Every job is named in some step as it finishes.
    for (const Job& j : s.jobs) {
        const QString finish = j.id + QStringLiteral(" finishes on ");
        bool found = false;
        for (const DecisionStep& st : all)
            for (const QString& x : st.sentences)
                found = found || x.startsWith(finish);
        QVERIFY2(found, qPrintable(j.id));
    }
}

void TestDecisionExplainer::readableNumbers_data()
{
    QTest::addColumn<double>("durationS");
    QTest::addColumn<QString>("said");
    QTest::newRow("fraction") << 96.361212 << QStringLiteral("predicted 96.36 s");
    QTest::newRow("small") << 0.0123456 << QStringLiteral("predicted 0.01235 s");
    QTest::newRow("large") << 123456.78 << QStringLiteral("predicted 123457 s");
}

// Teaching mode speaks in readable numbers: four significant digits, whole numbers from 1000.
void TestDecisionExplainer::readableNumbers()
{
    QFETCH(double, durationS);
    QFETCH(QString, said);
    Scenario s = classroom();
    s.jobs.resize(1);
    s.jobs[0].durationS = durationS;
    const Run run = runOf(s, QStringLiteral("fifo"));
    const auto steps =
        DecisionExplainer::explain(s, run.schedule, run.result.config, run.result.jobs);
    QVERIFY(!steps.empty());
    const QString first = steps.front().sentences.join(QLatin1Char(' '));
    QVERIFY2(first.contains(said), qPrintable(first));
}

void TestDecisionExplainer::guidedDue_data()
{
    QTest::addColumn<double>("time");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("t=152: big is due and holds a reservation")
        << 152.0
        << QStringList{"s1 finishes on server b, freeing 4 GPUs",
                       "big waits: needs 8 GPUs, 4 free; it is due and holds a reservation",
                       "s2 waits: needs 4 GPUs, 4 free, but starting it would delay big, which is "
                       "due"};
    QTest::newRow("t=200: big starts as due")
        << 200.0
        << QStringList{"j0 finishes on server a, freeing 4 GPUs",
                       "big starts on servers a and b: it is due: the virtual machine finished it "
                       "at 11 s and it has since waited more than 10 times its predicted size "
                       "and needs 8 GPUs; a has 4 free, b has 4 free",
                       "s2 waits: needs 4 GPUs, 0 free"};
}

void TestDecisionExplainer::guidedDue()
{
    QFETCH(double, time);
    QFETCH(QStringList, expected);
    QCOMPARE(stepAt(dueScenario(), QStringLiteral("asrpt-guided"), time).sentences, expected);
}

// One GPU; L (100 s) from 0 and a 10 s job every 10 s from 10 (tst_gittins
// promotionBoundsTheWait works the schedule): under asrpt-gittins-fair L, preempted at 10
// after 10 s, is promoted at 60 and starts there, before the job that arrived with it.
void TestDecisionExplainer::promotedStart()
{
    Scenario s;
    s.cluster.gpuTypes = {{QStringLiteral("G"), 100, 80, 1.0}};
    s.cluster.racks = {{QStringLiteral("r0"), 1000}};
    s.cluster.servers.push_back({QStringLiteral("s0"), 0, 0, 1, 100, 80});
    s.cluster.finalize();
    addJobs(s, {{"L", 0.0, 1, 100.0}});
    for (int k = 1; k <= 39; ++k)
        s.jobs.push_back(Job::duration(QStringLiteral("s%1").arg(k), 10.0 * k, 1, 10));
    const QStringList at60 = stepAt(s, QStringLiteral("asrpt-gittins-fair"), 60.0).sentences;
    QVERIFY2(at60.contains(QStringLiteral("L resumes on server s0: it was preempted after "
                                          "running 10 s and has waited 5 times that since, so "
                                          "it goes before every ranked job and needs 1 GPU; s0 "
                                          "has 1 free")),
             qPrintable(at60.join(QLatin1Char('\n'))));
}

// One fast GPU and one 4 times slower (tst_gittins movesToFasterGpus works the schedule): b runs
// on the slow one from 90 while c waits for the fast one; when c ends at 120, b moves to it.
void TestDecisionExplainer::movedToFaster()
{
    Scenario s = test::fastAndSlow(QStringLiteral("fast"), QStringLiteral("slow"));
    addJobs(s, {{"a", 0.0, 1, 100.0}, {"b", 90.0, 1, 20.0}, {"c", 90.0, 1, 20.0}});
    const QStringList at120 = stepAt(s, QStringLiteral("asrpt-gittins-move"), 120.0).sentences;
    QVERIFY2(at120.contains(QStringLiteral("b is preempted: it moves to faster free GPUs (an "
                                           "iteration there takes 1 s instead of 4 s), which "
                                           "likely saves more than the restart costs")),
             qPrintable(at120.join(QLatin1Char('\n'))));
    QVERIFY2(at120.contains(QStringLiteral("b resumes on server fast: it moved from slower GPUs "
                                           "(an iteration here takes 1 s instead of 4 s) and "
                                           "needs 1 GPU; fast has 1 free")),
             qPrintable(at120.join(QLatin1Char('\n'))));
    // asrpt-gittins-fair leaves it where it is.
    const QStringList fair = stepAt(s, QStringLiteral("asrpt-gittins-fair"), 120.0).sentences;
    QVERIFY(!fair.join(QLatin1Char('\n')).contains(QStringLiteral("move")));
}

// One fast GPU and one 4 times slower; j1 (100 s) runs on the fast one from 0, j2 (20 s) arrives
// at 90 alone: asrpt-gittins-eft keeps it waiting for the fast GPU, likely free in 10 s.
void TestDecisionExplainer::earliestFinishWait()
{
    Scenario s = test::fastAndSlow(QStringLiteral("fast"), QStringLiteral("slow"));
    addJobs(s, {{"j1", 0.0, 1, 100.0}, {"j2", 90.0, 1, 20.0}});
    QCOMPARE(stepAt(s, QStringLiteral("asrpt-gittins-eft"), 90.0).sentences,
             QStringList({"j2 arrives: needs 1 GPU, predicted 20 s",
                          "j2 waits: the free GPUs would run it 4.0 times slower than those a "
                          "running job is likely to free in 10 s, so it is likely to finish "
                          "earlier by waiting"}));
    QCOMPARE(stepAt(s, QStringLiteral("asrpt-gittins-eft"), 100.0).sentences.last(),
             QStringLiteral("j2 starts on server fast: it has the lowest Gittins rank (expected "
                            "time to its next likely end, from its progress and the predictor's "
                            "single value) of the waiting jobs (rank 20 s) and needs 1 GPU; fast "
                            "has 1 free"));
}

void TestDecisionExplainer::notesLeaveTheRunAlone_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<bool>("due");
    for (const QString& p : PolicyRegistry::names()) {
        QTest::newRow(qPrintable(p + QStringLiteral(" classroom"))) << p << false;
        QTest::newRow(qPrintable(p + QStringLiteral(" due"))) << p << true;
    }
}

// A run that records its reasons is the same run as one that does not: same events, same
// segments, and the notes only in the first.
void TestDecisionExplainer::notesLeaveTheRunAlone()
{
    QFETCH(QString, policy);
    QFETCH(bool, due);
    const Scenario s = due ? dueScenario() : classroom();
    const Run with = runOf(s, policy);
    const Run without = runOf(s, policy, ScheduleRecorder::Notes::Skip);
    QVERIFY(!with.schedule.notes.empty());
    QVERIFY(without.schedule.notes.empty());
    QCOMPARE(with.schedule.events.size(), without.schedule.events.size());
    for (std::size_t i = 0; i < with.schedule.events.size(); ++i) {
        const ScheduleEvent& a = with.schedule.events[i];
        const ScheduleEvent& b = without.schedule.events[i];
        QCOMPARE(a.timeS, b.timeS);
        QCOMPARE(int(a.kind), int(b.kind));
        QCOMPARE(a.job, b.job);
        const std::span<const int> ga = with.schedule.gpusOf(a), gb = without.schedule.gpusOf(b);
        QVERIFY(std::equal(ga.begin(), ga.end(), gb.begin(), gb.end()));
    }
    for (std::size_t j = 0; j < s.jobs.size(); ++j)
        QCOMPARE(with.result.jobs[j].finishS, without.result.jobs[j].finishS);
    // Notes come in time order, each about a job of the scenario.
    for (std::size_t i = 0; i < with.schedule.notes.size(); ++i) {
        const DecisionNote& n = with.schedule.notes[i];
        QVERIFY(n.job >= 0 && n.job < int(s.jobs.size()));
        if (i > 0)
            QVERIFY(with.schedule.notes[i - 1].timeS <= n.timeS);
    }
}

QTEST_GUILESS_MAIN(TestDecisionExplainer)
#include "tst_decisionexplainer.moc"
