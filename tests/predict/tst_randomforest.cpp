// The rf predictor: docs/asrpt.md E9, determinism, feature encoding, cold start, the retraining
// schedule, prediction quality on recurring workloads, and the prediction metrics of a run.
#include "predict/distinctrows.h"
#include "predict/featureencoder.h"
#include "predict/forestbenchmark.h"
#include "predict/foresttrainer.h"
#include "predict/meanpredictor.h"
#include "predict/predictorregistry.h"
#include "predict/randomforest.h"
#include "predict/randomforestpredictor.h"
#include "run/resultwriter.h"
#include "run/runner.h"
#include "sim/metrics.h"
#include "util/rng.h"

#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>

using namespace gantry;
using namespace gantry::predict;

namespace {

Job durationJob(const QString& user, double seconds, double arrivalS = 0.0)
{
    Job j;
    j.id = user + QString::number(seconds);
    j.kind = JobKind::Duration;
    j.gpus = 1;
    j.durationS = seconds;
    j.user = user;
    j.arrivalS = arrivalS;
    return j;
}

// Friedman #1 rows (as the benchmark): 5 informative features of cols.
void friedman(std::uint64_t seed, int rows, int cols, std::vector<float>& x, std::vector<float>& y)
{
    Rng rng(seed);
    x.resize(std::size_t(rows * cols));
    y.resize(std::size_t(rows));
    for (int i = 0; i < rows; ++i) {
        float* r = x.data() + std::size_t(i * cols);
        for (int c = 0; c < cols; ++c)
            r[c] = float(rng.uniform());
        y[std::size_t(i)] =
            float(10.0 * std::sin(3.14159265 * r[0] * r[1]) + 20.0 * (r[2] - 0.5) * (r[2] - 0.5) +
                  10.0 * r[3] + 5.0 * r[4] + rng.normal());
    }
}

// A recurring workload: templates = user x model x dataset, each with its own log-normal
// duration (median from 100 s to 30000 s, log-sigma 0.2) and GPU count; jobs drawn from them.
std::vector<Job> recurringJobs(std::uint64_t seed, int count, double firstArrivalS)
{
    Rng rng(seed);
    struct Template
    {
        QString user, model, dataset;
        double median;
        int gpus;
    };
    const QStringList models{"resnet50", "bert-large", "gpt2", "vgg16", "t5-base"};
    const QStringList datasets{"imagenet", "wiki", "c4", "cifar10"};
    Rng templateRng(1234); // the templates are the same for every seed
    std::vector<Template> templates;
    for (int t = 0; t < 20; ++t)
        templates.push_back({QStringLiteral("user%1").arg(t % 7), models[t % 5],
                             datasets[(t / 5) % 4],
                             100.0 * std::exp(templateRng.uniform() * std::log(300.0)),
                             1 + int(templateRng.below(4))});
    std::vector<Job> jobs;
    double t = firstArrivalS;
    for (int i = 0; i < count; ++i) {
        const Template& tp = templates[rng.below(templates.size())];
        Job j = durationJob(tp.user, tp.median * std::exp(0.2 * rng.normal()), t);
        j.id = QStringLiteral("j%1").arg(i + int(firstArrivalS));
        j.model = tp.model;
        j.gpus = tp.gpus;
        j.features.insert(QStringLiteral("dataset"), tp.dataset);
        jobs.push_back(j);
        t += 30.0 * rng.uniform();
    }
    return jobs;
}

Scenario bigCluster()
{
    Scenario s;
    s.name = QStringLiteral("recurring");
    s.cluster.gpuTypes = {{QStringLiteral("a100"), 300, 80, 1.0}};
    s.cluster.racks = {{QStringLiteral("r0"), 1600}};
    for (int i = 0; i < 32; ++i)
        s.cluster.servers.push_back({QStringLiteral("s%1").arg(i), 0, 0, 8, 600, 200});
    s.cluster.finalize();
    return s;
}

} // namespace

class TestRandomForest : public QObject
{
    Q_OBJECT
private slots:
    void e9_data();
    void e9();
    void deterministicForSeed();
    void treeWalkEqualsXgboost_data();
    void treeWalkEqualsXgboost();
    void sameOnAnyThreadCount_data();
    void sameOnAnyThreadCount();
    void nativeSameOnAnyThreadCount_data();
    void nativeSameOnAnyThreadCount();
    void keptDistinctRowsTrainTheSame();
    void nativeCutsAreQuantilesOfEveryRow_data();
    void nativeCutsAreQuantilesOfEveryRow();
    void encoderCodesAndMissing();
    void encoderFitAppendsEncoding_data();
    void encoderFitAppendsEncoding();
    void coldStart_data();
    void coldStart();
    void retrainingSchedule_data();
    void retrainingSchedule();
    void registryCreatesRf();
    void rfBeatsMeanOnRecurringWorkload_data();
    void rfBeatsMeanOnRecurringWorkload();
    void nativeForest_data();
    void nativeForest();
    void predictionMetrics_data();
    void predictionMetrics();
    void summaryJsonHasPredictionMetrics();
    void benchmarkRuns();
};

// docs/asrpt.md E9. xgboost splits as `x < threshold`: hist's threshold is the next bin cut (3 for
// the split between 2 and 3), exact's the midpoint 2.5; both give E9's predictions at 1.7 and 3.2
// and its leaves exactly (no subsampling, all features, leaves unscaled, see randomforest.cpp).
void TestRandomForest::e9_data()
{
    QTest::addColumn<bool>("exact");
    QTest::addColumn<int>("trees");
    QTest::addColumn<QList<double>>("y");
    QTest::addColumn<double>("at17");
    QTest::addColumn<double>("at32");
    const QList<double> linear{10, 20, 30, 40}, step{10, 10, 30, 30};
    for (bool exact : {false, true}) {
        const char* m = exact ? "exact" : "hist";
        for (int trees : {1, 7, 100}) {
            QTest::addRow("%s, %d tree(s), y = 10 20 30 40", m, trees)
                << exact << trees << linear << 15.0 << 35.0;
            QTest::addRow("%s, %d tree(s), y = 10 10 30 30", m, trees)
                << exact << trees << step << 10.0 << 30.0;
        }
    }
}

void TestRandomForest::e9()
{
    QFETCH(bool, exact);
    QFETCH(int, trees);
    QFETCH(QList<double>, y);
    QFETCH(double, at17);
    QFETCH(double, at32);
    RandomForest::Params p;
    p.trees = trees;
    p.maxDepth = 1;
    p.subsample = 1.0; // bootstrap = false
    p.colsampleByNode = 1.0;
    p.minChildWeight = 1.0; // min_samples_leaf = 1: E9's leaves hold two rows
    p.method = exact ? RandomForest::TreeMethod::Exact : RandomForest::TreeMethod::Hist;
    std::vector<float> ys;
    for (double v : y)
        ys.push_back(float(v));
    RandomForest f;
    QVERIFY(f.train({1, 2, 3, 4}, 4, 1, ys, p).ok());
    const float x17 = 1.7f, x32 = 3.2f;
    QCOMPARE(f.predict(&x17), at17);
    QCOMPARE(f.predict(&x32), at32);
    QVERIFY(f.predict(&x17) == at17 && f.predict(&x32) == at32); // exactly, not fuzzily
    // The leaves: every training point gets its side's value.
    const std::vector<double> leaves = f.predict({1, 2, 3, 4}, 4);
    QCOMPARE(leaves, (std::vector<double>{at17, at17, at32, at32}));
}

void TestRandomForest::deterministicForSeed()
{
    std::vector<float> x, y, tx, ty;
    friedman(1, 3000, 10, x, y);
    friedman(2, 500, 10, tx, ty);
    RandomForest::Params p; // the rf defaults: subsampled rows, one thread
    p.seed = 7;
    RandomForest a, b, c;
    QVERIFY(a.train(x, 3000, 10, y, p).ok());
    QVERIFY(b.train(x, 3000, 10, y, p).ok());
    p.seed = 8;
    QVERIFY(c.train(x, 3000, 10, y, p).ok());
    const std::vector<double> pa = a.predict(tx, 500), pb = b.predict(tx, 500),
                              pc = c.predict(tx, 500);
    QVERIFY(pa == pb); // bit-identical
    QVERIFY(pa != pc); // another seed draws other subsamples
}

void TestRandomForest::treeWalkEqualsXgboost_data()
{
    QTest::addColumn<bool>("exact");
    QTest::addColumn<int>("trees");
    QTest::addColumn<int>("depth");
    QTest::addColumn<double>("missing"); // share of feature values left out (NaN)
    QTest::newRow("rf defaults") << false << 20 << 10 << 0.0;
    QTest::newRow("rf defaults, missing values") << false << 20 << 10 << 0.2;
    QTest::newRow("one tree, depth 3") << false << 1 << 3 << 0.1;
    QTest::newRow("exact, 7 trees, depth 8, missing values") << true << 7 << 8 << 0.1;
}

// predict() walks the trees read back from the model itself: the same numbers as xgboost's
// own prediction, bit for bit, on training rows, new rows and rows with missing values.
void TestRandomForest::treeWalkEqualsXgboost()
{
    QFETCH(bool, exact);
    QFETCH(int, trees);
    QFETCH(int, depth);
    QFETCH(double, missing);
    std::vector<float> x, y, tx, ty;
    friedman(21, 2000, 10, x, y);
    friedman(22, 700, 10, tx, ty);
    Rng rng(23);
    for (std::vector<float>* m : {&x, &tx})
        for (float& v : *m)
            if (rng.uniform() < missing)
                v = std::nanf("");
    RandomForest::Params p;
    p.seed = 5;
    p.trees = trees;
    p.maxDepth = depth;
    p.method = exact ? RandomForest::TreeMethod::Exact : RandomForest::TreeMethod::Hist;
    RandomForest f;
    QVERIFY(f.train(x, 2000, 10, y, p).ok());
    QVERIFY(f.walksTrees());
    for (const auto& [m, rows] : {std::pair{&x, 2000}, std::pair{&tx, 700}}) {
        const std::vector<double> walked = f.predict(*m, rows);
        const std::vector<double> xgb = f.predictByXgboost(*m, rows);
        QCOMPARE(walked.size(), xgb.size());
        for (std::size_t i = 0; i < walked.size(); ++i)
            if (walked[i] != xgb[i]) // bit for bit, not within a tolerance
                QFAIL(qPrintable(QStringLiteral("row %1: %2 against xgboost's %3")
                                     .arg(i)
                                     .arg(walked[i], 0, 'g', 17)
                                     .arg(xgb[i], 0, 'g', 17)));
        QVERIFY(f.predict(m->data()) == xgb.front());
    }
}

void TestRandomForest::sameOnAnyThreadCount_data()
{
    QTest::addColumn<int>("threads");
    QTest::addColumn<bool>("exact");
    for (int threads : {2, 3, 4}) {
        QTest::addRow("hist, %d threads", threads) << threads << false;
        QTest::addRow("exact, %d threads", threads) << threads << true;
    }
}

// The rf default trains on one thread; a forest trained on more predicts bit-identically.
void TestRandomForest::sameOnAnyThreadCount()
{
    QFETCH(int, threads);
    QFETCH(bool, exact);
    std::vector<float> x, y, tx, ty;
    friedman(3, 2000, 10, x, y);
    friedman(4, 300, 10, tx, ty);
    RandomForest::Params p;
    p.seed = 11;
    p.method = exact ? RandomForest::TreeMethod::Exact : RandomForest::TreeMethod::Hist;
    QCOMPARE(p.threads, 1);
    RandomForest one, many;
    QVERIFY(one.train(x, 2000, 10, y, p).ok());
    p.threads = threads;
    QVERIFY(many.train(x, 2000, 10, y, p).ok());
    QVERIFY(one.predict(tx, 300) == many.predict(tx, 300));
}

void TestRandomForest::nativeSameOnAnyThreadCount_data()
{
    QTest::addColumn<int>("threads");
    QTest::addColumn<double>("colsample");
    QTest::addColumn<double>("subsample");
    QTest::addColumn<int>("rows");
    for (int threads : {2, 3, 0})
        for (double colsample : {1.0, 0.5})
            for (double subsample : {0.632, 1.0})
                QTest::addRow("%d threads, colsample %.1f, subsample %.3f", threads, colsample,
                              subsample)
                    << threads << colsample << subsample << 6000;
    // The online predictor's early trainings: a few hundred rows also grow on many threads.
    QTest::addRow("2 threads, 250 rows") << 2 << 1.0 << 0.632 << 250;
    QTest::addRow("3 threads, 600 rows") << 3 << 1.0 << 0.632 << 600;
}

// rf-fast grows its trees on every core; a forest grown on one thread is the same, bit for bit
// (with column sampling the trees stay on one thread, so that the draws keep their order).
void TestRandomForest::nativeSameOnAnyThreadCount()
{
    QFETCH(int, threads);
    QFETCH(double, colsample);
    QFETCH(double, subsample);
    QFETCH(int, rows);
    std::vector<float> x, y, tx, ty;
    friedman(5, rows, 10, x, y);
    friedman(6, 300, 10, tx, ty);
    for (std::size_t i = 0; i < x.size(); i += 7)
        x[i] = std::nanf(""); // missing values take the side that fits best
    RandomForest::Params p;
    p.seed = 12;
    p.method = RandomForest::TreeMethod::Native;
    p.colsampleByNode = colsample;
    p.subsample = subsample;
    p.threads = 1;
    RandomForest one, many;
    QVERIFY(one.train(x, rows, 10, y, p).ok());
    p.threads = threads;
    QVERIFY(many.train(x, rows, 10, y, p).ok());
    const std::vector<double> a = one.predict(tx, 300), b = many.predict(tx, 300);
    QVERIFY(a == b);
    QVERIFY(std::adjacent_find(a.begin(), a.end(), std::not_equal_to<>()) != a.end());
}

// The online predictor keeps the distinct rows of its growing set from one training to the
// next: trained in steps with them kept, every forest and every entry is the one found from
// scratch; a set narrower than the kept one, or shorter, starts again.
// A column with more distinct values than maxBin is cut at the values found at the quantile
// positions k x n / maxBin of every row's value in sorted order, a value held by many rows
// counting once per row: every split of the native forest is at one of those cuts.
void TestRandomForest::nativeCutsAreQuantilesOfEveryRow_data()
{
    QTest::addColumn<QList<int>>("rowsOfValue"); // rows holding value i
    QTest::addColumn<QList<double>>("cuts");
    QList<int> once, doubling;
    for (int i = 0; i < 1000; ++i)
        once.append(1);
    for (int i = 0; i < 10; ++i)
        doubling.append(1 << i);
    // 1000 values once each: positions 250, 500, 750.
    QTest::newRow("every value once") << once << QList<double>{250, 500, 750};
    // Value i held by 2^i rows (1023 rows): positions 255, 511 and 767 fall in 8's rows (from
    // 255) and 9's (from 511): two cuts.
    QTest::newRow("value i on 2^i rows") << doubling << QList<double>{8, 9};
}

void TestRandomForest::nativeCutsAreQuantilesOfEveryRow()
{
    QFETCH(QList<int>, rowsOfValue);
    QFETCH(QList<double>, cuts);
    std::vector<float> x, y;
    for (int i = 0; i < int(rowsOfValue.size()); ++i)
        for (int k = 0; k < rowsOfValue[i]; ++k)
            x.push_back(float(i));
    // Rows in a scrambled order, the target the value itself (every cut is worth a split).
    Rng rng(5);
    for (std::size_t i = x.size(); i > 1; --i)
        std::swap(x[i - 1], x[std::size_t(rng.below(i))]);
    y = x;
    RandomForest::Params p;
    p.method = RandomForest::TreeMethod::Native;
    p.maxBin = 4;
    p.trees = 3;
    p.maxDepth = 4;
    p.subsample = 1.0;
    p.minChildWeight = 1.0;
    const auto forest = ForestTrainer::train(x, int(x.size()), 1, y, p, 0.0f);
    QCOMPARE(int(forest.size()), 3);
    QSet<double> used;
    for (const auto& tree : forest)
        for (const RandomForest::Node& node : tree)
            if (node.left >= 0)
                used.insert(double(node.cond));
    QCOMPARE(used, QSet<double>(cuts.begin(), cuts.end()));
}

void TestRandomForest::keptDistinctRowsTrainTheSame()
{
    std::vector<float> x, y, tx, ty;
    friedman(7, 2000, 5, x, y);
    friedman(8, 300, 5, tx, ty);
    for (std::size_t i = 0; i < x.size(); ++i)
        x[i] = std::round(x[i] * 2.0f) / 2.0f; // few distinct rows, as recurring jobs give
    for (std::size_t i = 0; i < x.size(); i += 11)
        x[i] = std::nanf("");
    RandomForest::Params p;
    p.seed = 3;
    p.method = RandomForest::TreeMethod::Native;
    gantry::predict::DistinctRows kept;
    for (int rows : {50, 51, 400, 1200, 2000}) {
        const std::vector<float> xs(x.begin(), x.begin() + std::ptrdiff_t(rows) * 5);
        const std::vector<float> ys(y.begin(), y.begin() + rows);
        RandomForest withKept, fresh;
        QVERIFY(withKept.train(xs, rows, 5, ys, p, &kept).ok());
        QVERIFY(fresh.train(xs, rows, 5, ys, p).ok());
        QVERIFY(withKept.predict(tx, 300) == fresh.predict(tx, 300));
        gantry::predict::DistinctRows scratch;
        scratch.extend(xs, rows, 5);
        QCOMPARE(kept.taken(), rows);
        QVERIFY(kept.first == scratch.first);
        QVERIFY(kept.count == scratch.count);
        QVERIFY(kept.ofRow == scratch.ofRow);
        QVERIFY(int(kept.first.size()) < rows / 2 || rows < 2000); // rows were merged
    }
    // Fewer rows, or another width: from row 0 again.
    kept.extend(x, 10, 5);
    QCOMPARE(kept.taken(), 10);
    const std::vector<float> wide(x.begin(), x.begin() + 10 * 10);
    kept.extend(wide, 10, 10);
    gantry::predict::DistinctRows scratch;
    scratch.extend(wide, 10, 10);
    QVERIFY(kept.ofRow == scratch.ofRow && kept.first == scratch.first);
}

void TestRandomForest::encoderCodesAndMissing()
{
    std::vector<FeatureEncoder::Raw> rows;
    for (const char* u : {"bob", "ann", "bob", "cid"}) {
        Job j = durationJob(QString::fromLatin1(u), 100.0, 3600.0 * 26 + 5); // 02:00 next day
        j.features.insert(QStringLiteral("vc"), QStringLiteral("vc%1").arg(u[0] == 'b' ? 2 : 1));
        j.features.insert(QStringLiteral("queue"), QStringLiteral("q"));
        j.features.insert(QStringLiteral("lr"), 0.1);
        rows.push_back(FeatureEncoder::extract(j));
    }
    FeatureEncoder enc;
    enc.fit(rows);
    QCOMPARE(enc.code("user", "bob"), 0); // first appearance order
    QCOMPARE(enc.code("user", "ann"), 1);
    QCOMPARE(enc.code("user", "cid"), 2);
    QCOMPARE(enc.code("vc", "vc2"), 0);
    QCOMPARE(enc.code("vc", "vc1"), 1);
    QCOMPARE(enc.code("user", "zed"), -1);
    const QStringList cols = enc.columnNames();
    QCOMPARE(cols, (QStringList{"model", "dataset", "user", "vc", "name", "feature:queue",
                                "parameters", "global_batch", "dp", "pp", "tp", "ep", "gpus",
                                "requested_iterations", "submit_hour", "feature:lr"}));

    Job later = durationJob(QStringLiteral("zed"), 5.0, 3600.0 * 13.5);
    later.features.insert(QStringLiteral("vc"), QStringLiteral("vc1"));
    later.features.insert(QStringLiteral("brand-new"), QStringLiteral("x")); // ignored
    later.predictedIterations = 42.0;
    const std::vector<float> v = enc.encode(FeatureEncoder::extract(later));
    QCOMPARE(int(v.size()), enc.width());
    const auto at = [&cols, &v](const char* c) { return v[std::size_t(cols.indexOf(c))]; };
    QCOMPARE(at("user"), -1.0f);           // unseen
    QCOMPARE(at("vc"), 1.0f);              // seen
    QVERIFY(std::isnan(at("model")));      // absent category
    QVERIFY(std::isnan(at("dp")));         // not a model job
    QVERIFY(std::isnan(at("feature:lr"))); // absent number
    QCOMPARE(at("requested_iterations"), 42.0f);
    QCOMPARE(at("submit_hour"), 13.0f);
    QCOMPARE(at("gpus"), 1.0f);
    const std::vector<float> first = enc.encode(rows.front());
    QCOMPARE(first[std::size_t(cols.indexOf("submit_hour"))], 2.0f);
    QVERIFY(std::isnan(first[std::size_t(cols.indexOf("requested_iterations"))]));
    QCOMPARE(first[std::size_t(cols.indexOf("feature:lr"))], 0.1f);

    // Later fits extend the codes, keep the old ones and the columns.
    enc.fit({FeatureEncoder::extract(later)});
    QCOMPARE(enc.code("user", "zed"), 3);
    QCOMPARE(enc.code("user", "bob"), 0);
    QCOMPARE(enc.columnNames(), cols);

    // A value is found by its text's buffer when the encoder met that buffer lately: the code of
    // a value encoded unseen before the fit is its new one after, an equal text in another buffer
    // gets the same code, and many values (more than the slots) each keep their own.
    const FeatureEncoder::Raw again = FeatureEncoder::extract(later);
    QCOMPARE(enc.encode(again)[std::size_t(cols.indexOf("user"))], 3.0f);
    Job otherBuffer = later;
    otherBuffer.user = QString::fromLatin1(QByteArray("zed"));
    QVERIFY(otherBuffer.user.constData() != later.user.constData());
    const auto bits = [](const std::vector<float>& v) { // missing values are NaN: compare bits
        return QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(v.size() * 4));
    };
    QCOMPARE(bits(enc.encode(FeatureEncoder::extract(otherBuffer))), bits(enc.encode(again)));
    std::vector<FeatureEncoder::Raw> many;
    for (int k = 0; k < 300; ++k)
        many.push_back(FeatureEncoder::extract(
            durationJob(QStringLiteral("user%1").arg(k % 150), 1.0, double(k))));
    enc.fit(many);
    for (int round = 0; round < 2; ++round)
        for (int k = 0; k < 300; ++k)
            QCOMPARE(enc.encode(many[std::size_t(k)])[std::size_t(cols.indexOf("user"))],
                     float(enc.code("user", QStringLiteral("user%1").arg(k % 150))));
}

void TestRandomForest::encoderFitAppendsEncoding_data()
{
    QTest::addColumn<int>("variant");
    QTest::newRow("strings and numbers") << 0;
    QTest::newRow("a free feature both string and number") << 1;
    QTest::newRow("empty strings beside numbers") << 2;
}

// fit(rows, &encoded) appends exactly what encode() gives for each row after fit(rows), over
// two fits (the second with new categories), and a categorical column given a number codes
// the number's 17-digit text.
void TestRandomForest::encoderFitAppendsEncoding()
{
    QFETCH(int, variant);
    const auto rowsOf = [variant](int first, int count) {
        std::vector<FeatureEncoder::Raw> rows;
        for (int i = first; i < first + count; ++i) {
            Job j = durationJob(QStringLiteral("u%1").arg(i % 3), 100.0, 3600.0 * i);
            j.features.insert(QStringLiteral("vc"), QStringLiteral("vc%1").arg(i % 4));
            if (variant == 1) {
                if (i % 2 == 0)
                    j.features.insert(QStringLiteral("queue"), QStringLiteral("q%1").arg(i % 5));
                else
                    j.features.insert(QStringLiteral("queue"), 0.5 * i);
            }
            j.features.insert(QStringLiteral("lr"), 0.01 * i);
            FeatureEncoder::Raw r = FeatureEncoder::extract(j);
            if (variant == 2) {
                r.setCategory(QStringLiteral("model"), QString()); // empty: the number
                r.setNumber(QStringLiteral("model"), double(i % 2));
                r.setCategory(QStringLiteral("dataset"), QString()); // empty, no number
            }
            rows.push_back(r);
        }
        return rows;
    };
    const std::vector<FeatureEncoder::Raw> a = rowsOf(0, 9), b = rowsOf(9, 7);
    FeatureEncoder twoPass, onePass;
    std::vector<float> expected, encoded;
    for (const std::vector<FeatureEncoder::Raw>* rows : {&a, &b}) {
        twoPass.fit(*rows);
        for (const FeatureEncoder::Raw& r : *rows) {
            const std::vector<float> v = twoPass.encode(r);
            expected.insert(expected.end(), v.begin(), v.end());
        }
        onePass.fit(*rows, &encoded);
    }
    QCOMPARE(onePass.columnNames(), twoPass.columnNames());
    QCOMPARE(encoded.size(), expected.size());
    QCOMPARE(encoded.size(), std::size_t(16 * twoPass.width()));
    for (std::size_t i = 0; i < encoded.size(); ++i)
        QVERIFY2((std::isnan(encoded[i]) && std::isnan(expected[i])) || encoded[i] == expected[i],
                 qPrintable(QStringLiteral("value %1").arg(i)));
    const QStringList cols = twoPass.columnNames();
    const int width = twoPass.width();
    const auto at = [&](int row, const char* column) {
        return encoded[std::size_t(row * width + cols.indexOf(QLatin1String(column)))];
    };
    QCOMPARE(at(10, "vc"), float(twoPass.code("vc", "vc2")));
    QCOMPARE(at(4, "user"), float(twoPass.code("user", "u1")));
    QCOMPARE(at(5, "feature:lr"), 0.05f);
    if (variant == 1) {
        QCOMPARE(at(2, "feature:queue"), float(twoPass.code("feature:queue", "q2")));
        QCOMPARE(at(3, "feature:queue"), float(twoPass.code("feature:queue", "1.5")));
    }
    if (variant == 2) {
        QCOMPARE(at(1, "model"), float(twoPass.code("model", "1")));
        QVERIFY(std::isnan(at(1, "dataset")));
    }
}

// Cold start (docs/asrpt.md, "Iteration prediction"): < 10 samples -> median history ->
// requested -> default.
void TestRandomForest::coldStart_data()
{
    QTest::addColumn<QList<double>>("history");
    QTest::addColumn<double>("requested"); // 0: none
    QTest::addColumn<double>("expected");
    QTest::newRow("nothing: default") << QList<double>{} << 0.0 << 777.0;
    QTest::newRow("requested iterations") << QList<double>{} << 55.0 << 55.0;
    QTest::newRow("median of odd history") << QList<double>{9, 1, 5} << 55.0 << 5.0;
    QTest::newRow("median of even history") << QList<double>{8, 2, 6, 4} << 0.0 << 5.0;
    QTest::newRow("nine samples: still median")
        << QList<double>{1, 2, 3, 4, 100, 6, 7, 8, 9} << 0.0 << 6.0;
}

void TestRandomForest::coldStart()
{
    QFETCH(QList<double>, history);
    QFETCH(double, requested);
    QFETCH(double, expected);
    RandomForestPredictor rf({}, 777.0);
    for (double k : history)
        rf.observe(durationJob(QStringLiteral("u"), k), k);
    Job j = durationJob(QStringLiteral("u"), 1.0);
    if (requested > 0.0)
        j.predictedIterations = requested;
    QCOMPARE(rf.predict(j, 0), expected);
    QCOMPARE(rf.trainings(), 0);
}

void TestRandomForest::retrainingSchedule_data()
{
    QTest::addColumn<double>("growth");
    QTest::addColumn<int>("minJobs");
    QTest::addColumn<QList<int>>("sizes"); // training-set sizes at which it trained, up to 1000
    // 10, then +50 while 25 % is less than 50, then +25 % (rounded up).
    QTest::newRow("default: 25 % and 50 jobs")
        << 0.25 << 50 << QList<int>{10, 60, 110, 160, 210, 263, 329, 412, 515, 644, 805};
    QTest::newRow("doubling") << 1.0 << 0 << QList<int>{10, 20, 40, 80, 160, 320, 640};
}

void TestRandomForest::retrainingSchedule()
{
    QFETCH(double, growth);
    QFETCH(int, minJobs);
    QFETCH(QList<int>, sizes);
    RandomForestPredictor::Options o;
    o.retrainGrowth = growth;
    o.retrainMinJobs = minJobs;
    o.forest.trees = 5; // speed; the schedule does not depend on the forest
    RandomForestPredictor rf(o, 1000.0);
    QList<int> seen;
    Rng rng(3);
    for (int i = 0; i < 1000; ++i) {
        const Job j = durationJob(QStringLiteral("u%1").arg(i % 3), 10.0 + double(rng.below(90)));
        rf.observe(j, j.durationS);
        const int before = rf.trainings();
        const double k = rf.predict(j, i);
        QVERIFY(k >= 1.0);
        if (rf.trainings() != before)
            seen << rf.trainedOn();
    }
    QCOMPARE(seen, sizes);
    QCOMPARE(rf.trainings(), int(sizes.size()));
}

void TestRandomForest::registryCreatesRf()
{
    for (const char* n : {"rf", "rf:log", "rf-fast"}) {
        auto p = PredictorRegistry::create(QString::fromLatin1(n), 0, 1000.0);
        QVERIFY(p.ok());
        QCOMPARE(p.value()->name(), QString::fromLatin1(n));
        QVERIFY(PredictorRegistry::names().contains(QString::fromLatin1(n)));
    }
    auto log = PredictorRegistry::create(QStringLiteral("rf-fast:log"), 0, 1000.0);
    QVERIFY(log.ok());
    QCOMPARE(log.value()->name(), QStringLiteral("rf-fast:log"));
}

void TestRandomForest::rfBeatsMeanOnRecurringWorkload_data()
{
    QTest::addColumn<QString>("predictor");
    QTest::newRow("rf") << QStringLiteral("rf");
    QTest::newRow("rf-fast") << QStringLiteral("rf-fast");
}

// Recurring templates: the forest learns each template's iterations; `mean` cannot.
void TestRandomForest::rfBeatsMeanOnRecurringWorkload()
{
    QFETCH(QString, predictor);
    Scenario s = bigCluster();
    s.jobs = recurringJobs(11, 400, 0.0);
    RunConfig c;
    c.policy = QStringLiteral("asrpt");
    c.seed = 5;
    c.history = recurringJobs(12, 60, -1e6); // a few finished jobs of the same templates
    c.predictor = predictor;
    const auto rf = Runner::run(s, c);
    QVERIFY(rf.ok());
    c.predictor = QStringLiteral("mean");
    const auto mean = Runner::run(s, c);
    QVERIFY(mean.ok());
    const RunSummary& a = rf.value().summary;
    const RunSummary& b = mean.value().summary;
    qInfo("recurring workload (400 jobs, 20 templates): %s R^2 %.3f MAPE %.3f, mean R^2 %.3f "
          "MAPE %.3f",
          qPrintable(predictor), a.predictionR2, a.predictionMape, b.predictionR2,
          b.predictionMape);
    QCOMPARE(a.jobs, 400);
    QVERIFY2(a.predictionR2 > 0.5, qPrintable(QString::number(a.predictionR2)));
    QVERIFY(a.predictionR2 > b.predictionR2 + 0.3);
    QVERIFY(a.predictionMape < b.predictionMape);
    // Deterministic for the seed: the same run again gives the same predictions.
    c.predictor = predictor;
    const auto again = Runner::run(s, c);
    QVERIFY(again.ok());
    for (std::size_t i = 0; i < again.value().jobs.size(); ++i)
        QCOMPARE(again.value().jobs[i].predictedIterations, rf.value().jobs[i].predictedIterations);
}

void TestRandomForest::nativeForest_data()
{
    QTest::addColumn<double>("missing");   // share of feature values left out (NaN)
    QTest::addColumn<int>("emptyColumns"); // columns without any value appended
    QTest::addColumn<int>("copies");       // each row repeated this many times
    QTest::addColumn<double>("colsample"); // features tried per split
    QTest::addRow("rf defaults") << 0.0 << 0 << 1 << 1.0;
    QTest::addRow("missing values") << 0.2 << 0 << 1 << 1.0;
    QTest::addRow("empty columns") << 0.0 << 3 << 1 << 1.0;
    QTest::addRow("repeated rows (trained as groups)") << 0.0 << 0 << 4 << 1.0;
    QTest::addRow("half the features per split") << 0.0 << 0 << 1 << 0.5;
}

// rf-fast's forest (Gantry's own training): deterministic for the seed, as accurate on held-out
// Friedman rows as xgboost's forest of the same parameters (within 0.03 of R^2), and robust to
// missing values, empty columns and repeated rows.
void TestRandomForest::nativeForest()
{
    QFETCH(double, missing);
    QFETCH(int, emptyColumns);
    QFETCH(int, copies);
    QFETCH(double, colsample);
    const int rows = 2500, cols = 10 + emptyColumns;
    std::vector<float> x0, y0, tx0, ty;
    friedman(31, rows, 10, x0, y0);
    friedman(32, 800, 10, tx0, ty);
    Rng rng(33);
    const auto widen = [&](const std::vector<float>& in, int n) {
        std::vector<float> out;
        for (int i = 0; i < n; ++i) {
            for (int c = 0; c < 10; ++c) {
                const float v = in[std::size_t(i * 10 + c)];
                out.push_back(rng.uniform() < missing ? std::nanf("") : v);
            }
            for (int c = 0; c < emptyColumns; ++c)
                out.push_back(std::nanf(""));
        }
        return out;
    };
    std::vector<float> x1 = widen(x0, rows), tx = widen(tx0, 800), x, y;
    for (int i = 0; i < rows; ++i)
        for (int k = 0; k < copies; ++k) {
            x.insert(x.end(), x1.begin() + i * cols, x1.begin() + (i + 1) * cols);
            y.push_back(y0[std::size_t(i)]);
        }
    const int n = rows * copies;
    RandomForest::Params p;
    p.seed = 9;
    p.colsampleByNode = colsample;
    p.method = RandomForest::TreeMethod::Native;
    RandomForest a, b, c, xgb;
    QVERIFY(a.train(x, n, cols, y, p).ok());
    QVERIFY(a.trained());
    QCOMPARE(a.columns(), cols);
    QVERIFY(b.train(x, n, cols, y, p).ok());
    p.seed = 10;
    QVERIFY(c.train(x, n, cols, y, p).ok());
    p.method = RandomForest::TreeMethod::Hist;
    QVERIFY(xgb.train(x, n, cols, y, p).ok());
    const std::vector<double> pa = a.predict(tx, 800), pb = b.predict(tx, 800),
                              pc = c.predict(tx, 800), px = xgb.predict(tx, 800);
    QVERIFY(pa == pb); // bit-identical for the seed
    QVERIFY(pa != pc); // another seed draws other rows
    for (double v : pa)
        QVERIFY(std::isfinite(v));
    const auto r2of = [&ty](const std::vector<double>& pred) {
        double mean = 0.0, sse = 0.0, sst = 0.0;
        for (float v : ty)
            mean += v / double(ty.size());
        for (std::size_t i = 0; i < ty.size(); ++i) {
            sse += (pred[i] - ty[i]) * (pred[i] - ty[i]);
            sst += (ty[i] - mean) * (ty[i] - mean);
        }
        return 1.0 - sse / sst;
    };
    const double r2 = r2of(pa), r2x = r2of(px);
    qInfo("native forest R^2 %.3f, xgboost's %.3f", r2, r2x);
    QVERIFY2(r2 > r2x - 0.03, qPrintable(QStringLiteral("%1 against %2").arg(r2).arg(r2x)));
    QCOMPARE(a.predict(tx.data()), pa.front());
}

void TestRandomForest::predictionMetrics_data()
{
    QTest::addColumn<QList<double>>("predicted");
    QTest::addColumn<QList<double>>("truth");
    QTest::addColumn<double>("mae");
    QTest::addColumn<double>("mape");
    QTest::addColumn<double>("r2");
    QTest::newRow("exact") << QList<double>{10, 40} << QList<double>{10, 40} << 0.0 << 0.0 << 1.0;
    // SSE 400, SST 450.
    QTest::newRow("one off") << QList<double>{10, 20} << QList<double>{10, 40} << 10.0 << 0.25
                             << 1.0 - 400.0 / 450.0;
    QTest::newRow("SST 0: R^2 0") << QList<double>{5, 15} << QList<double>{10, 10} << 5.0 << 0.5
                                  << 0.0;
}

void TestRandomForest::predictionMetrics()
{
    QFETCH(QList<double>, predicted);
    QFETCH(QList<double>, truth);
    QFETCH(double, mae);
    QFETCH(double, mape);
    QFETCH(double, r2);
    std::vector<JobRecord> jobs;
    for (qsizetype i = 0; i < predicted.size(); ++i) {
        JobRecord r;
        r.predictedIterations = predicted[i];
        r.iterations = truth[i];
        r.finishS = 1.0;
        r.jctS = 1.0;
        jobs.push_back(r);
    }
    const RunSummary s = Metrics::summarize(jobs, 1);
    QCOMPARE(s.predictionMae, mae);
    QCOMPARE(s.predictionMape, mape);
    QCOMPARE(s.predictionR2 + 1.0, r2 + 1.0); // fuzzy compare around 0 needs the shift
}

void TestRandomForest::summaryJsonHasPredictionMetrics()
{
    Scenario s = bigCluster();
    s.jobs = recurringJobs(4, 30, 0.0);
    RunConfig c;
    c.predictor = QStringLiteral("rf");
    const auto r = Runner::run(s, c);
    QVERIFY(r.ok());
    const QJsonObject o = ResultWriter::summaryJson(r.value());
    for (const char* k : {"prediction_mae", "prediction_mape", "prediction_r2"})
        QVERIFY2(o.value(QLatin1String(k)).isDouble(), k);
    QCOMPARE(o.value("prediction_mae").toDouble(), r.value().summary.predictionMae);
    QCOMPARE(o.value("prediction_mape").toDouble(), r.value().summary.predictionMape);
    QCOMPARE(o.value("prediction_r2").toDouble(), r.value().summary.predictionR2);
    QVERIFY(r.value().summary.predictionMae > 0.0);
}

void TestRandomForest::benchmarkRuns()
{
    const ForestBenchmark::Result b = ForestBenchmark::run(2000, 10, 1);
    QVERIFY(b.ok);
    qInfo("forest benchmark 2000 x 10: train %.3f s, test R^2 %.3f", b.trainS, b.testR2);
    QVERIFY(b.testR2 > 0.6);
}

QTEST_GUILESS_MAIN(TestRandomForest)
#include "tst_randomforest.moc"
