// SweepSession on the sample sweep: the recommendation equals brute force over the points, the
// files are the same on every thread count and through evaluate/accept in any order, a
// cancelled sweep resumes without rerunning finished points and ends with identical files, and
// a point's metrics equal a plain run of the scenario it describes.
#include "io/scenarioreader.h"
#include "plan/sweeppoints.h"
#include "plan/sweepreader.h"
#include "plan/sweepsession.h"
#include "run/resultwriter.h"
#include "run/runner.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace gantry;
using namespace gantry::plan;

namespace {
QString sampleSweep()
{
    return QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/two-racks-sweep.json");
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

struct Files
{
    QByteArray csv;
    QByteArray json;
};

Files runWith(int threads, const QString& outDir = {})
{
    auto s = SweepSession::open(sampleSweep(), outDir, false);
    if (!s.ok())
        qFatal("%s", qPrintable(s.error().message));
    const Status r = s.value().runAll(threads);
    if (!r.ok())
        qFatal("%s", qPrintable(r.error().message));
    if (!s.value().finish().ok())
        qFatal("finish failed");
    return {s.value().pointsCsv(), s.value().sweepJson()};
}
} // namespace

class TestSweepSession : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void sameOnEveryThreadCount_data();
    void sameOnEveryThreadCount();
    void evaluateAcceptInAnyOrder();
    void recommendationIsBruteForce();
    void resumeAfterCancel();
    void pointEqualsPlainRun_data();
    void pointEqualsPlainRun();
    void csvLayout();
    void sharedScenarioEqualsDerived();

private:
    Files m_reference;
};

void TestSweepSession::initTestCase()
{
    m_reference = runWith(1);
    QVERIFY(!m_reference.csv.isEmpty());
}

void TestSweepSession::sameOnEveryThreadCount_data()
{
    QTest::addColumn<int>("threads");
    QTest::newRow("2") << 2;
    QTest::newRow("4") << 4;
}

void TestSweepSession::sameOnEveryThreadCount()
{
    QFETCH(int, threads);
    const Files f = runWith(threads);
    QCOMPARE(f.csv, m_reference.csv);
    QCOMPARE(f.json, m_reference.json);
}

void TestSweepSession::evaluateAcceptInAnyOrder()
{
    // What an MPI farm does: points evaluated anywhere, accepted as they come back.
    auto s = SweepSession::open(sampleSweep(), QString(), false);
    QVERIFY(s.ok());
    SweepSession& session = s.value();
    std::vector<std::size_t> order = session.pending();
    QCOMPARE(order.size(), session.pointCount());
    std::reverse(order.begin(), order.end());
    for (std::size_t i : order) {
        const auto r = session.evaluate(i);
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message));
        QVERIFY(session.accept(i, r.value()).ok());
    }
    QVERIFY(session.pending().empty());
    QVERIFY(session.finish().ok());
    QCOMPARE(session.pointsCsv(), m_reference.csv);
    QCOMPARE(session.sweepJson(), m_reference.json);
    // A result for another point is refused.
    const auto r0 = session.evaluate(0);
    QVERIFY(!session.accept(1, r0.value()).ok());
}

void TestSweepSession::recommendationIsBruteForce()
{
    const QJsonObject doc = QJsonDocument::fromJson(m_reference.json).object();
    const QJsonArray points = doc.value("points").toArray();
    const QJsonArray recs = doc.value("recommendations").toArray();
    const auto spec = SweepReader::readFile(sampleSweep());
    QVERIFY(spec.ok());
    const QString metric = spec.value().target.metric;
    const double max = spec.value().target.max.value();
    // Brute force: for every (load_scale, policy), every cluster (h100, a100 counts): mean cost
    // and metric over the seeds if every seed's point is feasible; the cheapest meeting the
    // target.
    struct Acc
    {
        double cost = 0, metric = 0;
        int n = 0;
        bool feasible = true;
        int first = -1;
    };
    std::map<QString, std::map<QString, Acc>> groups;
    for (int i = 0; i < points.size(); ++i) {
        const QJsonObject p = points[i].toObject();
        const QString g = QString::number(p.value("load_scale").toDouble()) + QLatin1Char('/') +
                          p.value("policy").toString();
        const QString c = QString::number(p.value("servers.h100.count").toInt()) +
                          QLatin1Char('/') + QString::number(p.value("servers.a100.count").toInt());
        Acc& a = groups[g][c];
        if (a.first < 0)
            a.first = i;
        if (!p.value("feasible").toBool()) {
            a.feasible = false;
            continue;
        }
        a.cost += p.value("cost_usd").toDouble();
        a.metric += p.value(metric).toDouble();
        ++a.n;
    }
    QCOMPARE(recs.size(), qsizetype(groups.size()));
    int withAnswer = 0;
    for (const QJsonValue& rv : recs) {
        const QJsonObject r = rv.toObject();
        const QString g = QString::number(r.value("load_scale").toDouble()) + QLatin1Char('/') +
                          r.value("policy").toString();
        QVERIFY(groups.count(g));
        int best = -1;
        double bestCost = 0;
        for (const auto& [c, a] : groups[g]) {
            if (!a.feasible || a.metric / a.n > max)
                continue;
            const double cost = a.cost / a.n;
            if (best < 0 || cost < bestCost || (cost == bestCost && a.first < best)) {
                best = a.first;
                bestCost = cost;
            }
        }
        if (best < 0) {
            QVERIFY(r.value("point").isNull());
            continue;
        }
        ++withAnswer;
        QCOMPARE(r.value("point").toInt(), best);
        QCOMPARE(r.value("cost_usd").toDouble(), bestCost);
    }
    QVERIFY(withAnswer > 0); // the sample has an answer to check
    // Every Pareto point is feasible and no other feasible cluster beats it on both.
    for (const QJsonValue& pv : doc.value("pareto").toArray())
        for (const QJsonValue& row : pv.toObject().value("points").toArray())
            QVERIFY(points[row.toInt()].toObject().value("feasible").toBool());
}

void TestSweepSession::resumeAfterCancel()
{
    QTemporaryDir full, cut;
    QVERIFY(full.isValid() && cut.isValid());
    const Files reference = runWith(2, full.path());
    QCOMPARE(readAll(full.filePath("points.csv")), reference.csv);
    QCOMPARE(readAll(full.filePath("sweep.json")), reference.json);

    std::size_t total = 0;
    {
        auto s = SweepSession::open(sampleSweep(), cut.path(), false);
        QVERIFY(s.ok());
        total = s.value().pointCount();
        Feedback feedback;
        const Status r = s.value().runAll(2, &feedback, [&](std::size_t done, std::size_t) {
            if (done >= total / 3)
                feedback.cancel();
        });
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind, ErrorKind::Cancelled);
        QVERIFY(!QFile::exists(cut.filePath("points.csv")));
    }
    auto s = SweepSession::open(sampleSweep(), cut.path(), true);
    QVERIFY(s.ok());
    const std::size_t pending = s.value().pending().size();
    QVERIFY2(pending > 0 && pending < total, qPrintable(QString::number(pending)));
    QVERIFY(s.value().runAll(2).ok());
    QCOMPARE(s.value().evaluatedCount(), pending); // finished points were not rerun
    QVERIFY(s.value().finish().ok());
    QCOMPARE(readAll(cut.filePath("points.csv")), reference.csv);
    QCOMPARE(readAll(cut.filePath("sweep.json")), reference.json);
    // A second resume runs nothing.
    auto again = SweepSession::open(sampleSweep(), cut.path(), true);
    QVERIFY(again.ok());
    QVERIFY(again.value().pending().empty());
}

void TestSweepSession::pointEqualsPlainRun_data()
{
    QTest::addColumn<int>("row");
    for (int row : {16, 41, 64, 74, 95})
        QTest::addRow("point %d", row) << row;
}

void TestSweepSession::pointEqualsPlainRun()
{
    QFETCH(int, row);
    auto s = SweepSession::open(sampleSweep(), QString(), false);
    QVERIFY(s.ok());
    const SweepPoint& p = s.value().point(std::size_t(row));
    QVERIFY(p.feasible);
    // The scenario the point describes, read as a file is read.
    const auto scenario = ScenarioReader::readJson(QJsonDocument(p.scenarioJson).toJson(),
                                                   QStringLiteral("point.json"));
    QVERIFY2(scenario.ok(), qPrintable(scenario.ok() ? QString() : scenario.error().message));
    const auto run = Runner::run(scenario.value(), p.config);
    QVERIFY(run.ok());
    const QJsonObject plain = ResultWriter::summaryJson(run.value());
    const QJsonObject point = QJsonDocument::fromJson(m_reference.json)
                                  .object()
                                  .value("points")
                                  .toArray()[row]
                                  .toObject();
    for (const QString& m : SweepReader::metricNames())
        QVERIFY2(plain.value(m) == point.value(m), qPrintable(m));
}

void TestSweepSession::csvLayout()
{
    const QList<QByteArray> lines = m_reference.csv.trimmed().split('\n');
    QCOMPARE(lines.size(), qsizetype(1 + 96));
    QVERIFY(lines[0].startsWith(
        "servers.h100.count,servers.a100.count,load_scale,policy,seed,jobs,total_jct_s,"));
    QVERIFY(lines[0].endsWith(",cost_usd,cloud_cost_usd,feasible,meets_target"));
    QVERIFY(!lines[0].contains("wall_s"));
    // Row 1 is the first point: every axis at its first value; the last axis changes fastest.
    QVERIFY(lines[1].startsWith("0,0,1,fifo,0,"));
    QVERIFY(lines[2].startsWith("0,0,1,fifo,1,"));
    QVERIFY(lines[1].endsWith(",,,false,false")); // no servers able to hold every job
}

// Points that differ only in run settings share one derived scenario; each equals the point
// derived on its own (scenario, feasibility, key), and the sharing does happen.
void TestSweepSession::sharedScenarioEqualsDerived()
{
    auto s = SweepSession::open(sampleSweep(), QString(), false);
    QVERIFY(s.ok());
    const SweepSpec& spec = s.value().spec();
    std::map<std::vector<std::size_t>, int> groups;
    for (std::size_t i = 0; i < s.value().pointCount(); ++i) {
        const SweepPoint& shared = s.value().point(i);
        const Result<SweepPoint> alone = SweepPoints::derive(spec, i);
        QVERIFY(alone.ok());
        QCOMPARE(shared.key, alone.value().key);
        QCOMPARE(shared.scenarioHash, alone.value().scenarioHash);
        QCOMPARE(shared.feasible, alone.value().feasible);
        QCOMPARE(shared.infeasibleReason, alone.value().infeasibleReason);
        QCOMPARE(shared.config, alone.value().config);
        QCOMPARE(shared.values, alone.value().values);
        QVERIFY(shared.scenarioJson == alone.value().scenarioJson);
        QCOMPARE(ResultWriter::scenarioHash(shared.scenario), alone.value().scenarioHash);
        ++groups[SweepPoints::scenarioAxes(spec, i)];
    }
    QVERIFY(groups.size() < s.value().pointCount());
}

QTEST_GUILESS_MAIN(TestSweepSession)
#include "tst_sweepsession.moc"
