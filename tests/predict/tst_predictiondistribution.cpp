// Predictions as distributions (docs/asrpt.md, "Iteration prediction"): the quantiles of a
// distribution, what each predictor gives, and the calibration measure of bench --suite
// prediction on held-out history.
#include "predict/calibration.h"
#include "predict/iterationdistribution.h"
#include "predict/meanpredictor.h"
#include "predict/predictorregistry.h"
#include "predict/randomforestpredictor.h"
#include "predict/sampleset.h"
#include "util/rng.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace gantry;
using namespace gantry::predict;

namespace {

Job job(const QString& user, double iterations, double arrivalS)
{
    Job j = Job::duration(user + QString::number(arrivalS), arrivalS, 1, iterations);
    j.user = user;
    return j;
}

// count jobs, one a second, from users u0..u(users-1); user u's iterations are log-normal
// around 1000 x (u + 1) with log-sigma sigma: the same law before and after any split.
std::vector<Job> workload(std::uint64_t seed, int count, int users, double sigma)
{
    Rng rng(seed);
    std::vector<Job> jobs;
    for (int i = 0; i < count; ++i) {
        const int u = int(rng.uniform() * users) % users;
        jobs.push_back(job(QStringLiteral("u%1").arg(u),
                           1000.0 * (u + 1) * std::exp(sigma * rng.normal()), double(i)));
    }
    return jobs;
}

std::shared_ptr<Predictor> make(const QString& name)
{
    auto p = PredictorRegistry::create(name, 0, 500.0);
    return p ? p.value() : nullptr;
}

} // namespace

class TstPredictionDistribution : public QObject
{
    Q_OBJECT

private slots:
    void sampleSetSortedIsEveryValueAscending();
    void quantiles_data();
    void quantiles();
    void pointPredictorsGivePoints_data();
    void pointPredictorsGivePoints();
    void meanUsesTheGroupOnceItHasEnough();
    void forestSpreadsByItsOwnRatios();
    void spreadKeptOnlyWhenAsked_data();
    void spreadKeptOnlyWhenAsked();
    void calibration_data();
    void calibration();
};

// The ascending copy, made again once the values grew by an eighth (at every value while few),
// is every value added up to then in order, repeated values included, whatever order they came
// in; between two copies the last one is shared as it was.
void TstPredictionDistribution::sampleSetSortedIsEveryValueAscending()
{
    SampleSet set;
    std::vector<double> added;
    Rng rng(5);
    std::shared_ptr<const std::vector<double>> last;
    std::size_t copies = 0;
    for (int i = 0; i < 5000; ++i) {
        const double v = i % 7 == 0 ? 2.5 : std::exp(4.0 * rng.uniform()); // repeats too
        set.add(v);
        added.push_back(v);
        set.add(-1.0); // ignored: not > 0
        const auto sorted = set.sorted();
        if (sorted != last) {
            ++copies;
            std::vector<double> expected = added;
            std::sort(expected.begin(), expected.end());
            QCOMPARE(*sorted, expected);
            last = sorted;
        }
    }
    QCOMPARE(set.size(), std::size_t(5000));
    QVERIFY(copies > 64 && copies < 120); // each value while few, then every eighth
}

void TstPredictionDistribution::quantiles_data()
{
    QTest::addColumn<double>("q");
    QTest::addColumn<double>("expected");
    // 10 x {1, 2, 3, 4}: order statistics at q = 0, 1/3, 2/3, 1, linear between them.
    QTest::newRow("lowest") << 0.0 << 10.0;
    QTest::newRow("median between two samples") << 0.5 << 25.0;
    QTest::newRow("on a sample") << 1.0 / 3.0 << 20.0;
    QTest::newRow("highest") << 1.0 << 40.0;
    QTest::newRow("clamped below") << -1.0 << 10.0;
    QTest::newRow("clamped above") << 2.0 << 40.0;
}

void TstPredictionDistribution::quantiles()
{
    QFETCH(double, q);
    QFETCH(double, expected);
    const auto d = IterationDistribution::scaled(
        10.0, std::make_shared<const std::vector<double>>(std::vector<double>{1, 2, 3, 4}));
    QVERIFY(!d.isPoint());
    QCOMPARE(d.size(), std::size_t(4));
    QVERIFY(std::abs(d.quantile(q) - expected) < 1e-9);
    QCOMPARE(d.mean(), 25.0);
    const auto p = IterationDistribution::point(7.0);
    QVERIFY(p.isPoint());
    QCOMPARE(p.quantile(q), 7.0);
    QCOMPARE(p.mean(), 7.0);
    // No samples is the point of the scale.
    QCOMPARE(IterationDistribution::scaled(3.0, nullptr).quantile(q), 3.0);
}

void TstPredictionDistribution::pointPredictorsGivePoints_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("oracle") << QStringLiteral("oracle");
    QTest::newRow("noisy") << QStringLiteral("noisy:0.5");
}

void TstPredictionDistribution::pointPredictorsGivePoints()
{
    QFETCH(QString, name);
    auto p = make(name);
    QVERIFY(p);
    const Job j = job(QStringLiteral("a"), 1234.0, 0.0);
    const IterationDistribution d = p->distribution(j, 0);
    QVERIFY(d.isPoint());
    auto again = make(name);
    QCOMPARE(d.quantile(0.5), again->predict(j, 0));
}

void TstPredictionDistribution::meanUsesTheGroupOnceItHasEnough()
{
    MeanPredictor mean(500.0);
    const Job a = job(QStringLiteral("a"), 100.0, 0.0);
    // Before any history: the cold-start point.
    QVERIFY(mean.distribution(a, 0).isPoint());
    QCOMPARE(mean.distribution(a, 0).quantile(0.9), 500.0);
    // Group b finishes ten jobs of 10000 iterations, group a nine of 100.
    for (int i = 0; i < int(MeanPredictor::kGroupMin); ++i)
        mean.observe(job(QStringLiteral("b"), 10000.0, i), 10000.0);
    for (int i = 0; i + 1 < int(MeanPredictor::kGroupMin); ++i)
        mean.observe(a, 100.0);
    // a's group is one job short: the whole history (19 jobs, 10 of them 10000).
    IterationDistribution d = mean.distribution(a, 0);
    QCOMPARE(d.size(), 2 * MeanPredictor::kGroupMin - 1);
    QCOMPARE(d.quantile(0.0), 100.0);
    QCOMPARE(d.quantile(1.0), 10000.0);
    // The point prediction stays the mean of everything.
    QVERIFY(std::abs(mean.predict(a, 0) - (10 * 10000.0 + 9 * 100.0) / 19.0) < 1e-9);
    mean.observe(a, 100.0);
    d = mean.distribution(a, 0);
    QCOMPARE(d.size(), MeanPredictor::kGroupMin);
    QCOMPARE(d.quantile(1.0), 100.0);
    // A job of no user and no model has no group.
    Job anonymous = Job::duration(QStringLiteral("x"), 0.0, 1, 1.0);
    QCOMPARE(mean.distribution(anonymous, 0).size(), 2 * MeanPredictor::kGroupMin);
}

void TstPredictionDistribution::forestSpreadsByItsOwnRatios()
{
    auto p = make(QStringLiteral("rf-fast"));
    QVERIFY(p);
    const std::vector<Job> jobs = workload(7, 400, 4, 0.3);
    for (int i = 0; i < 300; ++i) {
        p->predict(jobs[std::size_t(i)], i);
        p->observe(jobs[std::size_t(i)], jobs[std::size_t(i)].trueIterations());
    }
    const Job& next = jobs[300];
    const IterationDistribution d = p->distribution(next, 300);
    QVERIFY(!d.isPoint());
    // One ratio per job observed once a forest was trained (the first after minSamples).
    QVERIFY(d.size() >= 250 && d.size() < 300);
    // Scaled around the forest's point, and spread as the workload is (log-sigma 0.3: the 90 %
    // interval of one user spans about e^(2 x 1.645 x 0.3) = 2.7x).
    const double point = p->predict(next, 300);
    QVERIFY2(d.quantile(0.05) < point && point < d.quantile(0.95),
             qPrintable(QString::number(point)));
    const double width = d.quantile(0.95) / d.quantile(0.05);
    QVERIFY2(width > 1.8 && width < 4.5, qPrintable(QString::number(width)));
}

void TstPredictionDistribution::spreadKeptOnlyWhenAsked_data()
{
    QTest::addColumn<QString>("predictor");
    QTest::newRow("mean") << QStringLiteral("mean");
    QTest::newRow("rf-fast") << QStringLiteral("rf-fast");
}

// A run whose policy reads no distribution turns the spread off: the predictor keeps nothing
// for it, and its point predictions are those of a predictor that keeps everything.
void TstPredictionDistribution::spreadKeptOnlyWhenAsked()
{
    QFETCH(QString, predictor);
    auto keeping = make(predictor);
    auto lean = make(predictor);
    QVERIFY(keeping && lean);
    QVERIFY(keeping->keepsSpread());
    lean->setKeepsSpread(false);
    const std::vector<Job> jobs = workload(11, 200, 3, 0.3);
    for (int i = 0; i < 150; ++i) {
        const Job& j = jobs[std::size_t(i)];
        QCOMPARE(lean->predict(j, i), keeping->predict(j, i));
        keeping->observe(j, j.trueIterations());
        lean->observe(j, j.trueIterations());
    }
    QVERIFY(!keeping->distribution(jobs[150], 150).isPoint());
    QVERIFY(lean->distribution(jobs[150], 150).isPoint());
    QCOMPARE(lean->predict(jobs[151], 151), keeping->predict(jobs[151], 151));
}

void TstPredictionDistribution::calibration_data()
{
    QTest::addColumn<QString>("predictor");
    QTest::addColumn<double>("low50");
    QTest::addColumn<double>("high50");
    QTest::addColumn<double>("low90");
    QTest::addColumn<double>("high90");
    // The oracle's point always holds the truth; a noisy point never does; the history's
    // own distribution and the forest's ratios are calibrated on a workload whose law does not
    // change (2000 jobs: one standard error of a coverage is about 1.1 points).
    QTest::newRow("oracle") << QStringLiteral("oracle") << 1.0 << 1.0 << 1.0 << 1.0;
    QTest::newRow("noisy") << QStringLiteral("noisy:0.5") << 0.0 << 0.0 << 0.0 << 0.0;
    QTest::newRow("mean") << QStringLiteral("mean") << 0.44 << 0.56 << 0.86 << 0.94;
    QTest::newRow("rf-fast") << QStringLiteral("rf-fast") << 0.44 << 0.56 << 0.86 << 0.94;
}

void TstPredictionDistribution::calibration()
{
    QFETCH(QString, predictor);
    QFETCH(double, low50);
    QFETCH(double, high50);
    QFETCH(double, low90);
    QFETCH(double, high90);
    auto p = make(predictor);
    QVERIFY(p);
    const Calibration c = Calibration::measure(workload(11, 4000, 5, 0.4), *p);
    QCOMPARE(c.history, 2000);
    QCOMPARE(c.heldOut, 2000);
    const QString got = QStringLiteral("%1 %2").arg(c.coverage50).arg(c.coverage90);
    QVERIFY2(c.coverage50 >= low50 && c.coverage50 <= high50, qPrintable(got));
    QVERIFY2(c.coverage90 >= low90 && c.coverage90 <= high90, qPrintable(got));
    QVERIFY(c.width90 >= 1.0);
}

QTEST_GUILESS_MAIN(TstPredictionDistribution)
#include "tst_predictiondistribution.moc"
