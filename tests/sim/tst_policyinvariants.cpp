// The invariants of docs/architecture.md ("Conventions") against every policy and placement on
// seeded random scenarios, and the A-SRPT properties of docs/asrpt.md E10.
#include "policies/policy.h"
#include "policies/policyregistry.h"
#include "randomscenario.h"
#include "run/resultwriter.h"
#include "run/runner.h"
#include "scheduleaudit.h"

#include <QTest>

#include <algorithm>
#include <memory>

using namespace gantry;

class TestPolicyInvariants : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyPolicy_data();
    void everyPolicy();
    void asrptBounds_data();
    void asrptBounds();
};

void TestPolicyInvariants::everyPolicy_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QString>("placement");
    QTest::addColumn<QString>("predictor");
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<double>("overhead");
    const QStringList predictors = {QStringLiteral("oracle"), QStringLiteral("noisy:0.8"),
                                    QStringLiteral("mean")};
    for (const QString& policy : PolicyRegistry::names())
        for (const QString& placement :
             {QStringLiteral("consolidate"), QStringLiteral("random"), QStringLiteral("graph")})
            for (quint64 seed = 1; seed <= 12; ++seed) {
                const QString predictor = predictors[int(seed % 3)];
                const double overhead = seed % 4 == 0 ? 7.0 : 0.0;
                QTest::addRow("%s/%s/%s/seed%llu", qPrintable(policy), qPrintable(placement),
                              qPrintable(predictor), seed)
                    << policy << placement << predictor << seed << overhead;
            }
    // The search placement is costly per call (many annealing chains): a few rows only.
    for (const char* policy : {"fifo", "srtf", "asrpt-backfill"})
        for (quint64 seed = 1; seed <= 2; ++seed)
            QTest::addRow("%s/search/oracle/seed%llu", policy, seed)
                << QString::fromLatin1(policy) << QStringLiteral("search")
                << QStringLiteral("oracle") << seed << 0.0;
}

void TestPolicyInvariants::everyPolicy()
{
    QFETCH(QString, policy);
    QFETCH(QString, placement);
    QFETCH(QString, predictor);
    QFETCH(quint64, seed);
    QFETCH(double, overhead);
    const Scenario s = test::RandomScenario::make(seed, {});
    RunConfig c;
    c.policy = policy;
    c.placement = placement;
    c.predictor = predictor;
    c.seed = seed;
    c.restartOverheadS = overhead;
    c.contention = seed % 2 ? Contention::Fair : Contention::None;
    test::ScheduleAudit audit(s);
    auto r = Runner::run(s, c, nullptr, {&audit});
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
    QVERIFY2(audit.violations().isEmpty(), qPrintable(audit.violations().join('\n')));
    QVERIFY(audit.peakGpusInUse() <= s.cluster.totalGpus());

    const RunResult& res = r.value();
    QCOMPARE(int(res.jobs.size()), int(s.jobs.size()));
    double totalJct = 0.0, sumC = 0.0;
    long long preemptions = 0;
    for (std::size_t j = 0; j < res.jobs.size(); ++j) {
        const JobRecord& job = res.jobs[j];
        QVERIFY2(job.finishS > job.startS, qPrintable(job.id)); // every job finished
        QVERIFY(job.startS >= job.arrivalS);                    // none started before arriving
        QCOMPARE(job.jctS, job.finishS - job.arrivalS);
        QVERIFY(job.jctS > 0.0);
        totalJct += job.jctS;
        sumC += job.finishS;
        preemptions += job.preemptions;
    }
    const auto nonPreemptive = PolicyRegistry::create(policy);
    if (!nonPreemptive->preemptive())
        QCOMPARE(preemptions, 0LL);
    QCOMPARE(res.summary.preemptions, preemptions);
    QVERIFY(qAbs(res.summary.totalJctS - totalJct) < 1e-6 * std::max(1.0, totalJct));
    QVERIFY(qAbs(res.summary.sumCompletionS - sumC) < 1e-6 * std::max(1.0, sumC));
    QVERIFY(res.summary.gpuUtilization > 0.0 && res.summary.gpuUtilization <= 1.0 + 1e-9);
    QVERIFY(res.summary.p50JctS <= res.summary.p99JctS);

    // Determinism: the same input gives byte-identical jobs.csv.
    auto again = Runner::run(s, c);
    QVERIFY(again.ok());
    QCOMPARE(ResultWriter::jobsCsv(again.value()), ResultWriter::jobsCsv(res));
}

// E10 on identical GPUs with exact sizes, strict mode: C^V <= S <= (1 + G/(G - g_max + 1)) C^V,
// and the virtual machine's sum of completions bounds every baseline's sum of completions.
void TestPolicyInvariants::asrptBounds_data()
{
    QTest::addColumn<quint64>("seed");
    for (quint64 seed = 100; seed < 160; ++seed)
        QTest::addRow("seed%llu", seed) << seed;
}

void TestPolicyInvariants::asrptBounds()
{
    QFETCH(quint64, seed);
    test::RandomScenario::Shape shape;
    shape.identicalGpus = true;
    shape.durationOnly = true;
    shape.jobs = 30;
    const Scenario s = test::RandomScenario::make(seed, shape);
    const int G = s.cluster.totalGpus();
    int gMax = 0;
    for (const Job& j : s.jobs)
        gMax = std::max(gMax, j.gpuCount());
    RunConfig c;
    c.policy = QStringLiteral("asrpt");
    test::ScheduleAudit audit(s);
    auto r = Runner::run(s, c, nullptr, {&audit});
    QVERIFY(r.ok());
    QVERIFY2(audit.violations().isEmpty(), qPrintable(audit.violations().join('\n')));
    const double factor = 1.0 + double(G) / double(G - gMax + 1);
    double sumVirtual = 0.0;
    for (std::size_t j = 0; j < s.jobs.size(); ++j) {
        const double cv = toSeconds(audit.virtualCompletion()[j]);
        const double start = r.value().jobs[j].startS;
        QVERIFY2(
            start >= cv,
            qPrintable(QStringLiteral("job %1 starts %2 before C^V %3").arg(j).arg(start).arg(cv)));
        QVERIFY2(start <= factor * cv + 1e-6,
                 qPrintable(QStringLiteral("job %1 starts %2 > %3 x C^V %4")
                                .arg(j)
                                .arg(start)
                                .arg(factor)
                                .arg(cv)));
        sumVirtual += cv;
    }
    // The virtual machine never idles while a job is on it: segments tile [first release, end).
    const auto& segs = audit.segments();
    for (std::size_t i = 1; i < segs.size(); ++i)
        if (segs[i].from != segs[i - 1].to) {
            // A gap is allowed only when no released job was still unfinished on the VSM.
            for (std::size_t j = 0; j < s.jobs.size(); ++j) {
                const SimTime rel = fromSeconds(s.jobs[j].arrivalS);
                QVERIFY(!(rel < segs[i].from && audit.virtualCompletion()[j] > segs[i - 1].to));
            }
        }
    for (const QString& baseline : PolicyRegistry::names()) {
        RunConfig b;
        b.policy = baseline;
        auto br = Runner::run(s, b);
        QVERIFY(br.ok());
        QVERIFY2(sumVirtual <= br.value().summary.sumCompletionS + 1e-6,
                 qPrintable(QStringLiteral("%1: sum C = %2 < sum C^V = %3")
                                .arg(baseline)
                                .arg(br.value().summary.sumCompletionS)
                                .arg(sumVirtual)));
    }
}

QTEST_GUILESS_MAIN(TestPolicyInvariants)
#include "tst_policyinvariants.moc"
