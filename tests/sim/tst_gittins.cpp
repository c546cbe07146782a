// The `gittins`, `gittins-progress`, `asrpt-gittins` and `asrpt-gittins-prior` policies: the rank
// by hand, the orders they must reduce to, progress on slow GPUs, the virtual machine's guard and
// the predictor's own distribution, worked by hand.
#include "../common/fastandslow.h"
#include "../common/mustrun.h"
#include "../common/randomscenario.h"
#include "mapping/placement.h"
#include "mapping/placementregistry.h"
#include "policies/asrptgittinspolicy.h"
#include "policies/fastermove.h"
#include "policies/outcomedistribution.h"
#include "policies/policyregistry.h"
#include "predict/predictor.h"
#include "predict/predictorregistry.h"
#include "run/runner.h"
#include "sim/simulator.h"

#include <QHash>
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

// A predictor that believes what the test tells it: job id -> equally likely iteration counts
// (one value: a point). Its point prediction is their mean.
class TableSpreadPredictor : public predict::Predictor
{
public:
    explicit TableSpreadPredictor(QHash<QString, std::vector<double>> table)
        : m_table(std::move(table))
    {}
    QString name() const override { return QStringLiteral("table"); }
    double predict(const Job& job, int) override
    {
        const std::vector<double>& v = m_table.value(job.id);
        double sum = 0.0;
        for (double x : v)
            sum += x;
        return sum / double(v.size());
    }
    predict::IterationDistribution spread(const Job& job, int, double predicted) override
    {
        std::vector<double> v = m_table.value(job.id);
        if (v.size() < 2)
            return predict::IterationDistribution::point(predicted);
        std::sort(v.begin(), v.end());
        return predict::IterationDistribution::scaled(
            1.0, std::make_shared<const std::vector<double>>(std::move(v)));
    }

private:
    QHash<QString, std::vector<double>> m_table;
};

// A Gittins policy that counts the running jobs keys() left with their stored keys (the jobs
// ranked before the first waiting job while no bound had expired), or, with Rekeyed, one that
// re-keys every running job at every decision (keysFall() false), as the policy did before
// its keys were known to fall.
template <typename Policy, bool Rekeyed> class KeyCounting : public Policy
{
public:
    using Policy::Policy;
    mutable long long kept = 0;

protected:
    std::size_t keys(const sim::SimState& state, sim::PreemptivePolicy::RunningJob* jobs,
                     sim::PriorityKey* out, std::size_t count, std::size_t from,
                     SimTime& nextRekey) const override
    {
        if (state.now() < nextRekey)
            kept += qint64(from);
        return Policy::keys(state, jobs, out, count, from, nextRekey);
    }
    bool keysFall(const sim::SimState& state) const override
    {
        return !Rekeyed && Policy::keysFall(state);
    }
};

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
    void pointDistributionOrdersAsSrtf_data();
    void pointDistributionOrdersAsSrtf();
    void costlyPreemptionIsNotTaken_data();
    void costlyPreemptionIsNotTaken();
    void progressOnSlowGpus_data();
    void progressOnSlowGpus();
    void dueJobGoesFirst_data();
    void dueJobGoesFirst();
    void priorLikelyEnd_data();
    void priorLikelyEnd();
    void priorMarginDampsTurns();
    void priorNames();
    void releasePredictionKeepsResults();
    void earliestFinish_data();
    void earliestFinish();
    void promotionBoundsTheWait_data();
    void promotionBoundsTheWait();
    void movesToFasterGpus_data();
    void movesToFasterGpus();
    void moveLeavesGpusToAWaitingJob();
    void fallingKeysChangeNothing_data();
    void fallingKeysChangeNothing();
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
void TestGittins::pointDistributionOrdersAsSrtf_data()
{
    QTest::addColumn<QString>("policy");
    QTest::newRow("gittins") << QStringLiteral("gittins");
    QTest::newRow("gittins-progress") << QStringLiteral("gittins-progress");
}

void TestGittins::pointDistributionOrdersAsSrtf()
{
    QFETCH(QString, policy);
    Scenario s = oneServer(4);
    const int gpus[] = {1, 2, 4, 1, 3, 2, 1, 4, 2, 1};
    for (int i = 0; i < 10; ++i)
        s.jobs.push_back(Job::duration(QStringLiteral("j%1").arg(i), 7.0 * i, gpus[i],
                                       13.0 + 17.0 * ((i * 7) % 10)));
    const RunResult g = test::mustRun(s, policy);
    const RunResult t = test::mustRun(s, QStringLiteral("srtf"));
    QCOMPARE(g.jobs.size(), t.jobs.size());
    for (std::size_t i = 0; i < g.jobs.size(); ++i) {
        QCOMPARE(g.jobs[i].finishS, t.jobs[i].finishS);
        QCOMPARE(g.jobs[i].preemptions, t.jobs[i].preemptions);
    }
}

// One GPU: a (100 s) runs from 0, b (8 s) arrives at 90 when a has 10 s left. Without an
// overhead b takes the GPU, as srtf does; with a 5 s restart overhead the 2 s b would gain
// cost a 5 s, so a keeps it.
void TestGittins::costlyPreemptionIsNotTaken_data()
{
    QTest::addColumn<QString>("policy");
    for (const char* p : {"gittins", "gittins-progress", "asrpt-gittins"})
        QTest::newRow(p) << QString::fromLatin1(p);
}

void TestGittins::costlyPreemptionIsNotTaken()
{
    QFETCH(QString, policy);
    Scenario s = oneServer(1);
    s.jobs = {Job::duration(QStringLiteral("a"), 0, 1, 100),
              Job::duration(QStringLiteral("b"), 90, 1, 8)};
    const RunResult free = test::mustRun(s, policy, 0.0);
    QCOMPARE(free.jobs[0].preemptions, 1);
    QCOMPARE(free.jobs[1].finishS, 98.0);
    QCOMPARE(free.jobs[0].finishS, 108.0);
    const RunResult costly = test::mustRun(s, policy, 5.0);
    QCOMPARE(costly.jobs[0].preemptions, 0);
    QCOMPARE(costly.jobs[0].finishS, 100.0);
    QCOMPARE(costly.jobs[1].finishS, 108.0);
    QCOMPARE(test::mustRun(s, QStringLiteral("srtf"), 5.0).jobs[0].preemptions, 1);
}

// Oracle sizes, s0 fast and s1 four times slower. a (400 s) starts at 0 on s0, b (200 s) at 1
// on s1; c (300 s) arrives at 150, when a has 250 s left and b has run 149 s but only 37.25 of
// its 200 iterations.
// - gittins counts time run: b has 51 s left, so c waits for a; c runs on s0 from 400 to 700 and
//   b ends at 1 + 800.
// - gittins-progress counts iterations at b's speed: b has (200 - 37.25) x 4 = 651 s left, more
//   than c's 300, so b yields s1 to c at 150; at 400 b resumes on the free s0 and ends at 562.75,
//   c's 287.5 iterations left on s1 end at 1350.
void TestGittins::progressOnSlowGpus_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QList<double>>("finish");
    QTest::addColumn<int>("bPreemptions");
    QTest::newRow("gittins") << QStringLiteral("gittins") << QList<double>{400, 801, 700} << 0;
    QTest::newRow("gittins-progress")
        << QStringLiteral("gittins-progress") << QList<double>{400, 562.75, 1350} << 1;
}

void TestGittins::progressOnSlowGpus()
{
    QFETCH(QString, policy);
    QFETCH(QList<double>, finish);
    QFETCH(int, bPreemptions);
    Scenario s = test::fastAndSlow();
    s.jobs = {Job::duration(QStringLiteral("a"), 0, 1, 400),
              Job::duration(QStringLiteral("b"), 1, 1, 200),
              Job::duration(QStringLiteral("c"), 150, 1, 300)};
    const RunResult r = test::mustRun(s, policy);
    QCOMPARE(r.jobs[0].preemptions, 0);
    QCOMPARE(r.jobs[1].preemptions, bPreemptions);
    for (int j = 0; j < 3; ++j)
        QCOMPARE(r.jobs[std::size_t(j)].finishS, finish[j]);
}

// Two GPUs, oracle sizes. L (1 GPU, 10 s) and X1 (2 GPUs, 8 s) arrive at 0, X2 (2 GPUs, 8 s)
// at 4. By time left X1 and X2 go before L. The virtual machine sizes jobs in GPU-time over the
// cluster (L 5, X1 8, X2 8), so it completes L first, at 5.
// - With stretch 0, L is due at 5: it goes first, X1 (3 s left) yields both GPUs since only one
//   is left beside L; L runs 5-15, then X1 15-18 and X2 18-26.
// - With the default stretch (100) L is due only at 5 + 100 x 10: as gittins-progress, X1 runs
//   0-8, X2 8-16 and L 16-26.
void TestGittins::dueJobGoesFirst_data()
{
    QTest::addColumn<double>("stretch");
    QTest::addColumn<QList<double>>("finish");
    QTest::addColumn<int>("x1Preemptions");
    QTest::newRow("stretch 0") << 0.0 << QList<double>{15, 18, 26} << 1;
    QTest::newRow("default stretch")
        << sim::AsrptGittinsPolicy::Options{}.stretch << QList<double>{26, 8, 16} << 0;
}

void TestGittins::dueJobGoesFirst()
{
    QFETCH(double, stretch);
    QFETCH(QList<double>, finish);
    QFETCH(int, x1Preemptions);
    Scenario s = oneServer(2);
    s.jobs = {Job::duration(QStringLiteral("L"), 0, 1, 10),
              Job::duration(QStringLiteral("X1"), 0, 2, 8),
              Job::duration(QStringLiteral("X2"), 4, 2, 8)};
    sim::AsrptGittinsPolicy::Options o;
    o.stretch = stretch;
    sim::AsrptGittinsPolicy policy(o);
    const test::PolicyRun simulator(s, policy);
    for (int j = 0; j < 3; ++j)
        QCOMPARE(simulator.state().state(j).finish, fromSeconds(finish[j]));
    QCOMPARE(simulator.state().state(1).preemptions, x1Preemptions);
    QCOMPARE(policy.guard().virtualCompletion(0), fromSeconds(5));
    if (stretch == 0.0)
        QCOMPARE(policy.guard().dueAt(0), fromSeconds(5));
}

// One GPU, duration jobs (an iteration is a second). The predictor believes a ends after 10 or
// after 1000 iterations, equally likely (its point prediction is the mean, 505); c arrives at 5
// and is known to take 15.
// - asrpt-gittins-prior: at 5, a's rank is the quantum to its likely end at 10, 5 s for a one
//   in two chance: 10 < c's 15, so a keeps the GPU. If a does end at 10, c runs 10-25 (total
//   JCT 10 + 20) and d (400, arriving at 12) 25-425; if not, d's arrival at 12 is the next
//   decision, a has outlived its likely end (rank 988) and yields to c (15), which runs 12-27,
//   then d 27-427, then a to 1415.
// - srtf takes the point 505: c preempts a at 5 and runs 5-20; at 20 a's 500 s left rank after
//   d's 400, so d runs 20-420 and a ends 5 s (or 995 s) later: 425 (or 1415).
void TestGittins::priorLikelyEnd_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<double>("aTrue");
    QTest::addColumn<QList<double>>("finish");
    QTest::newRow("prior, a ends at 10")
        << QStringLiteral("asrpt-gittins-prior") << 10.0 << QList<double>{10, 25, 425};
    QTest::newRow("srtf, a ends at 10")
        << QStringLiteral("srtf") << 10.0 << QList<double>{425, 20, 420};
    QTest::newRow("prior, a runs 1000")
        << QStringLiteral("asrpt-gittins-prior") << 1000.0 << QList<double>{1415, 27, 427};
    QTest::newRow("srtf, a runs 1000")
        << QStringLiteral("srtf") << 1000.0 << QList<double>{1415, 20, 420};
}

void TestGittins::priorLikelyEnd()
{
    QFETCH(QString, policy);
    QFETCH(double, aTrue);
    QFETCH(QList<double>, finish);
    Scenario s = oneServer(1);
    s.jobs = {Job::duration(QStringLiteral("a"), 0, 1, aTrue),
              Job::duration(QStringLiteral("c"), 5, 1, 15),
              Job::duration(QStringLiteral("d"), 12, 1, 400)};
    auto predictor = std::make_shared<TableSpreadPredictor>(
        QHash<QString, std::vector<double>>{{QStringLiteral("a"), {10, 1000}},
                                            {QStringLiteral("c"), {15}},
                                            {QStringLiteral("d"), {400}}});
    auto made = PolicyRegistry::create(policy);
    QVERIFY(made);
    const test::PolicyRun run(s, *made, predictor);
    for (int j = 0; j < 3; ++j)
        QCOMPARE(run.state().state(j).finish, fromSeconds(finish[j]));
}

// One GPU, oracle sizes: a (100 s) runs from 0; b (95 s) arrives at 2, when a has 98 s left.
// Without a margin b's 95 takes the GPU; with the prior's 10% margin a keeps it unless another
// rank is below 98 / 1.1 = 89.1.
void TestGittins::priorMarginDampsTurns()
{
    Scenario s = oneServer(1);
    s.jobs = {Job::duration(QStringLiteral("a"), 0, 1, 100),
              Job::duration(QStringLiteral("b"), 2, 1, 95)};
    sim::AsrptGittinsPolicy::Options o;
    o.service = sim::GittinsPolicy::Service::Prior;
    sim::AsrptGittinsPolicy bare(o);
    QCOMPARE(test::PolicyRun(s, bare).state().state(0).preemptions, 1);
    o.margin = sim::AsrptGittinsPolicy::kPriorMargin;
    sim::AsrptGittinsPolicy damped(o);
    const test::PolicyRun run(s, damped);
    QCOMPARE(run.state().state(0).preemptions, 0);
    QCOMPARE(run.state().state(0).finish, fromSeconds(100));
    QCOMPARE(run.state().state(1).finish, fromSeconds(195));
}

// Only the prior's policies ask the engine for distributions.
void TestGittins::priorNames()
{
    sim::GittinsPolicy policy(sim::GittinsPolicy::Service::Prior);
    QCOMPARE(policy.name(), QStringLiteral("gittins-prior"));
    QVERIFY(policy.wantsDistributions());
    QCOMPARE(sim::AsrptGittinsPolicy(
                 {sim::AsrptGittinsPolicy::Options{100.0, sim::GittinsPolicy::Service::Prior, 0.1}})
                 .name(),
             QStringLiteral("asrpt-gittins-prior"));
    QVERIFY(!sim::AsrptGittinsPolicy().wantsDistributions());
}

// Once a run is over the runner frees the predictor and the jobs' distributions before it builds
// the results: what the run decided stays readable.
void TestGittins::releasePredictionKeepsResults()
{
    Scenario s = oneServer(1);
    s.jobs = {Job::duration(QStringLiteral("a"), 0, 1, 100),
              Job::duration(QStringLiteral("b"), 2, 1, 20)};
    auto policy = PolicyRegistry::create(QStringLiteral("asrpt-gittins-eft"));
    QVERIFY(policy);
    auto placement = PlacementRegistry::create(QStringLiteral("graph"), {});
    QVERIFY(placement);
    std::shared_ptr<predict::Predictor> predictor =
        PredictorRegistry::create(QStringLiteral("mean"), 0, 50.0).value();
    sim::Simulator run(s, *policy, *placement, *predictor, 0);
    QVERIFY(run.run());
    QVERIFY(run.state().distribution(1) != nullptr);
    const SimTime a = run.state().state(0).finish, b = run.state().state(1).finish;
    run.releasePrediction();
    predictor.reset();
    QVERIFY(run.state().distribution(1) == nullptr);
    QCOMPARE(run.state().state(0).finish, a);
    QCOMPARE(run.state().state(1).finish, b);
    QCOMPARE(run.finishedJobs(), 2);
}

// One fast GPU (s0) and one 4 times slower (s1), oracle sizes; a (100 s) runs on s0 from 0.
// - b (20 s) arriving at 90 alone: on s1 it would end at 170; a ends at 100, and on s0 b then
//   ends at 120 (30 s from now against 80 s): asrpt-gittins-eft keeps it waiting for s0, the
//   prior's policy starts it on s1.
// - b arriving at 10: waiting for s0 would end it at 120, s1 at 90: it takes s1 under both.
// - b and c (20 s each) at 90: with another job waiting the gate is not asked; b takes s1 and c
//   waits for s0, under both.
void TestGittins::earliestFinish_data()
{
    QTest::addColumn<bool>("gate");
    QTest::addColumn<QList<double>>("arrivals");
    QTest::addColumn<QList<double>>("finish");
    const QList<double> alone{0, 90}, early{0, 10}, two{0, 90, 90};
    QTest::newRow("eft, alone: waits for s0") << true << alone << QList<double>{100, 120};
    QTest::newRow("prior, alone: takes s1") << false << alone << QList<double>{100, 170};
    QTest::newRow("eft, early: takes s1") << true << early << QList<double>{100, 90};
    QTest::newRow("prior, early: takes s1") << false << early << QList<double>{100, 90};
    QTest::newRow("eft, another waits") << true << two << QList<double>{100, 170, 120};
    QTest::newRow("prior, another waits") << false << two << QList<double>{100, 170, 120};
}

void TestGittins::earliestFinish()
{
    QFETCH(bool, gate);
    QFETCH(QList<double>, arrivals);
    QFETCH(QList<double>, finish);
    Scenario s = test::fastAndSlow();
    const char* names[] = {"a", "b", "c"};
    for (int j = 0; j < int(arrivals.size()); ++j)
        s.jobs.push_back(
            Job::duration(QString::fromLatin1(names[j]), arrivals[j], 1, j == 0 ? 100 : 20));
    sim::AsrptGittinsPolicy policy(
        {100.0, sim::GittinsPolicy::Service::Prior, sim::AsrptGittinsPolicy::kPriorMargin, gate});
    QCOMPARE(policy.name(),
             gate ? QStringLiteral("asrpt-gittins-eft") : QStringLiteral("asrpt-gittins-prior"));
    const test::PolicyRun run(s, policy);
    for (int j = 0; j < int(arrivals.size()); ++j)
        QCOMPARE(run.state().state(j).finish, fromSeconds(finish[j]));
    QCOMPARE(run.state().state(0).preemptions, 0);
}

// One GPU, oracle sizes; L (100 s) from 0, and a short job (10 s) every 10 s from 10 to 390, so
// that a shorter job always waits. Ranked by remaining time, L yields at 10 (having run 10 s) and
// waits for the stream's end: the 390 s of short jobs end at 400, L runs 400-490, one preemption.
// With promotion (5 x its run time, asrpt-gittins-fair): promoted at 10 + 5 x 10 = 60, it starts
// there, before the short job that arrived with it, and yields to the next arrival at 70 (having
// run 20 s); promoted at 70 + 5 x 20 = 170, it runs 170-180 (30 s run); promoted at 180 + 150 =
// 330, it runs 330-340 (40 s run); its next promotion, 340 + 200 = 540, comes after the stream,
// which now ends at 430: L runs 430-490, four preemptions. The GPU never idles, so L ends at 490
// either way; the short jobs that waited for it end later.
void TestGittins::promotionBoundsTheWait_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<int>("preemptions");
    QTest::addColumn<double>("lastStart");
    QTest::newRow("eft: waits for the stream's end")
        << QStringLiteral("asrpt-gittins-eft") << 1 << 400.0;
    QTest::newRow("fair: runs at 60, 170 and 330")
        << QStringLiteral("asrpt-gittins-fair") << 4 << 430.0;
}

void TestGittins::promotionBoundsTheWait()
{
    QFETCH(QString, policy);
    QFETCH(int, preemptions);
    QFETCH(double, lastStart);
    Scenario s = oneServer(1);
    s.jobs.push_back(Job::duration(QStringLiteral("L"), 0, 1, 100));
    for (int k = 1; k <= 39; ++k)
        s.jobs.push_back(Job::duration(QStringLiteral("s%1").arg(k), 10.0 * k, 1, 10));
    auto p = PolicyRegistry::create(policy);
    QVERIFY(p);
    const test::PolicyRun run(s, *p);
    QCOMPARE(run.state().state(0).preemptions, preemptions);
    QCOMPARE(run.state().state(0).segmentStart, fromSeconds(lastStart));
    QCOMPARE(run.state().state(0).finish, fromSeconds(490));
    // The short job that arrived at 60 waited for L under promotion: it ends at 80, not 70.
    QCOMPARE(run.state().state(6).finish,
             fromSeconds(policy == QLatin1String("asrpt-gittins-eft") ? 70 : 80));
}

// One fast GPU (s0) and one 4 times slower (s1), oracle sizes: a (100 s) on s0 from 0; b and c
// (20 s each) arrive at 90, b takes s1 and c waits for s0, which it has from 100 to 120
// (earliestFinish above). At 120 b has run 30 s on s1, 7.5 of its 20 s: the 12.5 s left take 50
// s there and 12.5 s on the free s0. asrpt-gittins-move moves it when the 37.5 s saved exceed two
// restart overheads: with none b ends at 132.5; with 10 s it restarts at 130 and ends at 142.5;
// with 20 s (40 s for two) it stays and ends at 170, as under asrpt-gittins-fair.
void TestGittins::movesToFasterGpus_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<double>("overhead");
    QTest::addColumn<double>("bFinish");
    QTest::addColumn<int>("bPreemptions");
    QTest::newRow("fair: b stays on s1")
        << QStringLiteral("asrpt-gittins-fair") << 0.0 << 170.0 << 0;
    QTest::newRow("move: b moves at 120")
        << QStringLiteral("asrpt-gittins-move") << 0.0 << 132.5 << 1;
    QTest::newRow("move, 10 s overhead: pays")
        << QStringLiteral("asrpt-gittins-move") << 10.0 << 142.5 << 1;
    QTest::newRow("move, 20 s overhead: does not pay")
        << QStringLiteral("asrpt-gittins-move") << 20.0 << 170.0 << 0;
}

void TestGittins::movesToFasterGpus()
{
    QFETCH(QString, policy);
    QFETCH(double, overhead);
    QFETCH(double, bFinish);
    QFETCH(int, bPreemptions);
    Scenario s = test::fastAndSlow();
    s.jobs.push_back(Job::duration(QStringLiteral("a"), 0, 1, 100));
    s.jobs.push_back(Job::duration(QStringLiteral("b"), 90, 1, 20));
    s.jobs.push_back(Job::duration(QStringLiteral("c"), 90, 1, 20));
    auto p = PolicyRegistry::create(policy);
    QVERIFY(p);
    auto placement = PlacementRegistry::create(QStringLiteral("graph"), {});
    auto oracle = PredictorRegistry::create(QStringLiteral("oracle"), 0, 1000.0).value();
    sim::Simulator sim(s, *p, *placement, *oracle, fromSeconds(overhead));
    QVERIFY(sim.run().ok());
    const sim::SimState& st = sim.state();
    QCOMPARE(st.state(0).finish, fromSeconds(100));
    QCOMPARE(st.state(2).finish, fromSeconds(120));
    QCOMPARE(st.state(1).finish, fromSeconds(bFinish));
    QCOMPARE(st.state(1).preemptions, bPreemptions);
}

// Two fast GPUs of 80 GB (server fast) and one 4 times slower of 16 GB (slow), oracle sizes: a
// (30 s) and c (60 s) take the fast GPUs at 0; b (40 s) and w (two workers of 40 GB, 100 s, so
// only the fast GPUs can hold it) arrive at 10, b takes the slow GPU and w waits. When a ends at
// 30, moving b to the fast GPU a freed would save it 105 s, but it would take a GPU w can use
// while b's own cannot serve w: b stays, w starts at 60 on both fast GPUs, and b moves only when
// w ends at 160 (2.5 s left: it ends at 162.5). FasterMove itself, asked at 30: it moves b when
// no waiting job is named, or one of 8 GB (which b's GPU could hold too), not one of 40 GB.
void TestGittins::moveLeavesGpusToAWaitingJob()
{
    Scenario s;
    s.cluster.gpuTypes = {{QStringLiteral("F"), 100, 80, 1.0}, {QStringLiteral("S"), 25, 16, 0.25}};
    s.cluster.racks = {{QStringLiteral("r0"), 1000}};
    s.cluster.servers.push_back({QStringLiteral("fast"), 0, 0, 2, 100, 80});
    s.cluster.servers.push_back({QStringLiteral("slow"), 0, 1, 1, 100, 80});
    s.cluster.finalize();
    s.jobs.push_back(Job::duration(QStringLiteral("a"), 0, 1, 30));
    s.jobs.push_back(Job::duration(QStringLiteral("c"), 0, 1, 60));
    s.jobs.push_back(Job::duration(QStringLiteral("b"), 10, 1, 40));
    Job w;
    w.id = QStringLiteral("w");
    w.kind = JobKind::Graph;
    w.arrivalS = 10;
    w.iterations = 100;
    w.graph.workers = {{1.0, 0.0, 40.0}, {1.0, 0.0, 40.0}};
    s.jobs.push_back(w);
    auto p = PolicyRegistry::create(QStringLiteral("asrpt-gittins-move"));
    QVERIFY(p);
    const test::PolicyRun run(s, *p);
    const sim::JobState& b = run.state().state(2);
    QCOMPARE(run.state().state(3).firstStart, fromSeconds(60));
    QCOMPARE(b.preemptions, 1);
    QCOMPARE(b.segmentStart, fromSeconds(160));
    QCOMPARE(b.finish, fromSeconds(162.5));

    auto again = PolicyRegistry::create(QStringLiteral("asrpt-gittins-move"));
    auto placement = PlacementRegistry::create(QStringLiteral("graph"), {});
    auto oracle = PredictorRegistry::create(QStringLiteral("oracle"), 0, 1000.0).value();
    sim::Simulator at30(s, *again, *placement, *oracle, 0);
    QVERIFY(at30.runUntil(fromSeconds(30)).ok());
    QCOMPARE(at30.state().now(), fromSeconds(30));
    QCOMPARE(at30.state().state(2).phase, sim::JobPhase::Running);
    sim::FasterMove move(
        [](const sim::SimState& st, int j, double) { return st.job(j).trueIterations(); },
        [](int) { return false; });
    const sim::Decisions none;
    for (const double gb : {0.0, 8.0, 40.0}) {
        const auto waiting = [gb](std::vector<double>& memory) {
            if (gb > 0.0)
                memory.push_back(gb);
        };
        const std::vector<sim::FasterMove::Move>& moves = move.find(at30.state(), none, waiting);
        QCOMPARE(int(moves.size()), gb == 40.0 ? 0 : 1);
        if (!moves.empty()) {
            QCOMPARE(moves[0].job, 2);
            QCOMPARE(moves[0].fromS, 4.0);
            QCOMPARE(moves[0].toS, 1.0);
        }
    }
}

void TestGittins::fallingKeysChangeNothing_data()
{
    QTest::addColumn<int>("service");
    QTest::addColumn<QString>("predictor");
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<double>("overhead");
    QTest::addColumn<bool>("contention");
    // 3: asrpt-gittins-move, whose moves take running jobs out of the order mid-decision.
    const char* services[] = {"gittins", "gittins-progress", "asrpt-gittins-prior",
                              "asrpt-gittins-move"};
    for (int service = 0; service < 4; ++service)
        for (const char* predictor : {"oracle", "mean", "noisy:0.8"})
            for (quint64 seed = 1; seed <= 2; ++seed)
                QTest::addRow("%s/%s/seed%llu", services[service], predictor, seed)
                    << service << QString::fromLatin1(predictor) << seed << (seed == 2 ? 7.0 : 0.0)
                    << false;
    // Under the network's contention a job's speed may change while it runs: its rank is not
    // bounded and every running job is re-keyed (progress and prior).
    QTest::addRow("gittins-progress/mean/contention")
        << 1 << QStringLiteral("mean") << quint64(3) << 0.0 << true;
    QTest::addRow("asrpt-gittins-prior/noisy/contention")
        << 2 << QStringLiteral("noisy:0.8") << quint64(4) << 7.0 << true;
}

// Running jobs ranked before the first waiting job keep their stored keys (upper bounds of their
// keys until their next likely end): every job starts, is preempted and finishes exactly as when
// every running job is re-keyed at every decision, and keys were indeed left unchanged.
void TestGittins::fallingKeysChangeNothing()
{
    QFETCH(int, service);
    QFETCH(QString, predictor);
    QFETCH(quint64, seed);
    QFETCH(double, overhead);
    QFETCH(bool, contention);
    test::RandomScenario::Shape shape;
    shape.jobs = 300;
    const Scenario s = test::RandomScenario::make(seed, shape);
    using Service = sim::GittinsPolicy::Service;
    const auto makePolicy = [&](auto rekeyed) -> std::unique_ptr<sim::GittinsPolicy> {
        constexpr bool kRekeyed = decltype(rekeyed)::value;
        if (service == 2)
            return std::make_unique<KeyCounting<sim::AsrptGittinsPolicy, kRekeyed>>(
                sim::AsrptGittinsPolicy::Options{100.0, Service::Prior,
                                                 sim::AsrptGittinsPolicy::kPriorMargin});
        if (service == 3)
            return std::make_unique<KeyCounting<sim::AsrptGittinsPolicy, kRekeyed>>(
                sim::AsrptGittinsPolicy::Options{100.0, Service::Prior,
                                                 sim::AsrptGittinsPolicy::kPriorMargin, true,
                                                 sim::AsrptGittinsPolicy::kPromote, true});
        return std::make_unique<KeyCounting<sim::GittinsPolicy, kRekeyed>>(
            service == 0 ? Service::WallTime : Service::Progress);
    };
    const auto finalState = [&](sim::GittinsPolicy& policy) {
        auto placement = PlacementRegistry::create(QStringLiteral("graph"), {});
        auto p = PredictorRegistry::create(predictor, seed, 1000.0).value();
        sim::Simulator sim(s, policy, *placement, *p, fromSeconds(overhead),
                           contention ? Contention::Fair : Contention::None);
        if (const Status st = sim.run(); !st)
            qFatal("run failed: %s", qPrintable(st.error().message));
        std::vector<sim::JobState> out;
        for (int j = 0; j < sim.state().jobCount(); ++j)
            out.push_back(sim.state().state(j));
        return out;
    };
    auto falling = makePolicy(std::false_type{});
    auto everyDecision = makePolicy(std::true_type{});
    const std::vector<sim::JobState> a = finalState(*falling);
    const std::vector<sim::JobState> b = finalState(*everyDecision);
    int preemptions = 0;
    for (std::size_t j = 0; j < a.size(); ++j) {
        QCOMPARE(a[j].firstStart, b[j].firstStart);
        QCOMPARE(a[j].finish, b[j].finish);
        QCOMPARE(a[j].preemptions, b[j].preemptions);
        QCOMPARE(a[j].gpuSeconds, b[j].gpuSeconds);
        QCOMPARE(a[j].mapping.gpus, b[j].mapping.gpus);
        preemptions += a[j].preemptions;
    }
    QVERIFY(preemptions > 0); // the walk had running jobs to weigh against waiting ones
    const auto kept = [](const sim::GittinsPolicy& p) {
        if (const auto* c = dynamic_cast<const KeyCounting<sim::GittinsPolicy, false>*>(&p))
            return c->kept;
        if (const auto* c = dynamic_cast<const KeyCounting<sim::AsrptGittinsPolicy, false>*>(&p))
            return c->kept;
        return -1LL;
    };
    if (contention && service != 0)
        QCOMPARE(kept(*falling), 0LL);
    else
        QVERIFY2(kept(*falling) > 0, "no running job kept its stored key");
}

QTEST_GUILESS_MAIN(TestGittins)
#include "tst_gittins.moc"
