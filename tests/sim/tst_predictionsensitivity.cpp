// PredictionSensitivity: the same figures on any number of threads, each point the mean of the
// runs it stands for, S = 0 the oracle, cancel that stops early, errors that say what failed.
#include "analysis/predictionsensitivity.h"
#include "policies/policyregistry.h"
#include "randomscenario.h"
#include "run/runner.h"

#include <QTest>

#include <algorithm>
#include <atomic>

using namespace gantry;

namespace {

Scenario scenario(std::uint64_t seed, int jobs = 30)
{
    test::RandomScenario::Shape shape;
    shape.jobs = jobs;
    return test::RandomScenario::make(seed, shape);
}

PredictionSensitivity::Request request(QStringList policies, int scenarios)
{
    PredictionSensitivity::Request r;
    r.policies = std::move(policies);
    r.seeds = {1, 2};
    for (int i = 0; i < scenarios; ++i)
        r.scenarios.push_back(scenario(std::uint64_t(11 + i)));
    return r;
}

PredictionSensitivity::Outcome mustRun(const PredictionSensitivity::Request& r, int threads)
{
    auto o = PredictionSensitivity::run(r, threads);
    if (!o)
        qFatal("%s", qPrintable(o.error().message));
    return o.value();
}

// The mean of total and p99 JCT over the request's seeds of policy with predictor, run by hand.
std::pair<double, double> byHand(const PredictionSensitivity::Request& r, const QString& policy,
                                 const QString& predictor)
{
    double total = 0.0, p99 = 0.0;
    for (std::size_t i = 0; i < r.seeds.size(); ++i) {
        RunConfig c;
        c.policy = policy;
        c.placement = r.placement;
        c.predictor = predictor;
        c.seed = r.seeds[i];
        auto run = Runner::run(r.scenarios[r.scenarios.size() == 1 ? 0 : i], c);
        if (!run)
            qFatal("%s", qPrintable(run.error().message));
        total += run.value().summary.totalJctS;
        p99 += run.value().summary.p99JctS;
    }
    return {total / double(r.seeds.size()), p99 / double(r.seeds.size())};
}

} // namespace

class TestPredictionSensitivity : public QObject
{
    Q_OBJECT

private slots:
    void sameOnAnyThreadCount_data();
    void sameOnAnyThreadCount();
    void pointIsMeanOfRuns_data();
    void pointIsMeanOfRuns();
    void zeroIsOracle_data();
    void zeroIsOracle();
    void cancelStopsEarly();
    void invalidRequest_data();
    void invalidRequest();
};

void TestPredictionSensitivity::sameOnAnyThreadCount_data()
{
    QTest::addColumn<int>("scenarios");
    QTest::addColumn<int>("threads");
    for (const int scenarios : {1, 2})
        for (const int threads : {2, 3, 8})
            QTest::addRow("%d scenario(s), %d threads", scenarios, threads) << scenarios << threads;
}

void TestPredictionSensitivity::sameOnAnyThreadCount()
{
    QFETCH(int, scenarios);
    QFETCH(int, threads);
    const auto r = request(PolicyRegistry::names(), scenarios);
    const PredictionSensitivity::Outcome one = mustRun(r, 1);
    QCOMPARE(one.points.size(), std::size_t(PolicyRegistry::names().size()) * r.sigmas.size());
    QCOMPARE(one.seeds, 2);
    // The progress of any thread count climbs to 1 without going back.
    std::vector<double> fractions;
    Feedback feedback([&fractions](double f, const QString&) { fractions.push_back(f); });
    auto many = PredictionSensitivity::run(r, threads, &feedback);
    QVERIFY(many);
    QVERIFY(many.value() == one);
    QVERIFY(!fractions.empty());
    QVERIFY(std::is_sorted(fractions.begin(), fractions.end()));
    QCOMPARE(fractions.back(), 1.0);
    // Some policy's figures move with S: the noise reaches the runs.
    bool moved = false;
    for (const PredictionSensitivity::Point& p : one.points)
        moved = moved || p.totalJctS != one.find(p.policy, 0.0)->totalJctS;
    QVERIFY(moved);
}

void TestPredictionSensitivity::pointIsMeanOfRuns_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<double>("sigma");
    QTest::addColumn<int>("scenarios");
    QTest::newRow("sjf S=0.5, one scenario") << QStringLiteral("sjf") << 0.5 << 1;
    QTest::newRow("asrpt S=2, scenario per seed") << QStringLiteral("asrpt") << 2.0 << 2;
    QTest::newRow("srtf S=0.25, scenario per seed") << QStringLiteral("srtf") << 0.25 << 2;
}

void TestPredictionSensitivity::pointIsMeanOfRuns()
{
    QFETCH(QString, policy);
    QFETCH(double, sigma);
    QFETCH(int, scenarios);
    const auto r = request({QStringLiteral("fifo"), policy}, scenarios);
    const PredictionSensitivity::Outcome o = mustRun(r, 2);
    const PredictionSensitivity::Point* p = o.find(policy, sigma);
    QVERIFY(p);
    QCOMPARE(p->runs, 2);
    const auto [total, p99] = byHand(r, policy, PredictionSensitivity::predictorName(sigma));
    QCOMPARE(p->totalJctS, total);
    QCOMPARE(p->p99JctS, p99);
}

void TestPredictionSensitivity::zeroIsOracle_data()
{
    QTest::addColumn<QString>("policy");
    for (const QString& p : PolicyRegistry::names())
        QTest::newRow(qPrintable(p)) << p;
}

void TestPredictionSensitivity::zeroIsOracle()
{
    QFETCH(QString, policy);
    auto r = request({policy}, 1);
    r.sigmas = {0.0, 1.0};
    const PredictionSensitivity::Outcome o = mustRun(r, 2);
    const auto [total, p99] = byHand(r, policy, QStringLiteral("oracle"));
    QCOMPARE(o.find(policy, 0.0)->totalJctS, total);
    QCOMPARE(o.find(policy, 0.0)->p99JctS, p99);
}

void TestPredictionSensitivity::cancelStopsEarly()
{
    auto r = request(PolicyRegistry::names(), 1);
    r.scenarios = {scenario(5, 200)};
    std::atomic<int> reports{0};
    std::atomic<double> lastFraction{0.0};
    Feedback feedback([&feedback, &reports, &lastFraction](double fraction, const QString&) {
        ++reports;
        lastFraction = fraction;
        feedback.cancel(); // at the first report
    });
    const auto o = PredictionSensitivity::run(r, 2, &feedback);
    QVERIFY(!o);
    QCOMPARE(o.error().kind, ErrorKind::Cancelled);
    // Nothing is reported after the cancel but what was already on its way from the other
    // thread; the runs stop far from the end.
    QVERIFY2(reports.load() <= 2, qPrintable(QString::number(reports.load())));
    QVERIFY(lastFraction.load() < 0.05);
}

void TestPredictionSensitivity::invalidRequest_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<int>("scenarios");
    QTest::addColumn<double>("sigma");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown policy")
        << QStringLiteral("nosuch") << 1 << 0.5 << QStringLiteral("nosuch with noisy:");
    QTest::newRow("scenarios against seeds")
        << QStringLiteral("fifo") << 3 << 0.5 << QStringLiteral("3 scenarios, 2 seeds");
    QTest::newRow("negative S") << QStringLiteral("fifo") << 1 << -1.0
                                << QStringLiteral("from 0 to 10, got -1");
}

void TestPredictionSensitivity::invalidRequest()
{
    QFETCH(QString, policy);
    QFETCH(int, scenarios);
    QFETCH(double, sigma);
    QFETCH(QString, message);
    auto r = request({policy}, scenarios);
    r.sigmas = {0.0, sigma};
    const auto o = PredictionSensitivity::run(r, 2);
    QVERIFY(!o);
    QCOMPARE(o.error().kind, ErrorKind::InvalidInput);
    QVERIFY2(o.error().message.contains(message), qPrintable(o.error().message));
}

QTEST_GUILESS_MAIN(TestPredictionSensitivity)
#include "tst_predictionsensitivity.moc"
