// The reference iteration time per job shape: jobs of the same kind, parallelism and worker
// graph share it whatever their id, arrival or features, and any difference in the shape
// misses. A run under a pure placement gives every job the tau0 a fresh placement on the empty
// cluster gives; a stateful placement (random) is never served from the cache.
#include "io/workloadgenerator.h"
#include "mapping/gpupool.h"
#include "mapping/iterationmodel.h"
#include "mapping/placement.h"
#include "mapping/placementregistry.h"
#include "policies/policy.h"
#include "policies/policyregistry.h"
#include "predict/oraclepredictor.h"
#include "sim/referencetimes.h"
#include "sim/simulator.h"

#include <QTest>

#include <functional>

using namespace gantry;
using sim::ReferenceTimes;

namespace {

// A model-like graph job: two stages of two workers with traffic between and within them.
Job shapedJob(const QString& id)
{
    Job j;
    j.id = id;
    j.kind = JobKind::Model;
    j.model = QStringLiteral("m");
    j.parallelism = {2, 2, 1, 1};
    j.iterations = 100;
    for (int w = 0; w < 4; ++w)
        j.graph.workers.push_back({0.5, 1e12, 10.0});
    j.graph.edges = {{0, 1, 1e9}, {2, 3, 1e9}, {0, 2, 5e8}, {1, 3, 5e8}};
    return j;
}

// Two racks of two 4-GPU servers.
Cluster smallCluster()
{
    Cluster c;
    c.gpuTypes = {{QStringLiteral("gpu"), 100, 80, 1.0}};
    c.racks = {{QStringLiteral("r0"), 100}, {QStringLiteral("r1"), 100}};
    for (int s = 0; s < 4; ++s)
        c.servers.push_back({QStringLiteral("s%1").arg(s), s / 2, 0, 4, 300, 100});
    c.finalize();
    return c;
}

} // namespace

class TestReferenceTimes : public QObject
{
    Q_OBJECT
private slots:
    void shapes_data();
    void shapes();
    void runUsesFreshTimes_data();
    void runUsesFreshTimes();
};

using Change = std::function<void(Job&)>;
Q_DECLARE_METATYPE(Change)

void TestReferenceTimes::shapes_data()
{
    QTest::addColumn<Change>("change");
    QTest::addColumn<bool>("same");
    QTest::newRow("other id, arrival, features, user, iterations") << Change([](Job& j) {
        j.id = QStringLiteral("other");
        j.arrivalS = 99;
        j.features.insert(QStringLiteral("vc"), QStringLiteral("x"));
        j.user = QStringLiteral("u");
        j.iterations = 7;
    }) << true;
    QTest::newRow("one worker's flops")
        << Change([](Job& j) { j.graph.workers[2].flops *= 2; }) << false;
    QTest::newRow("one worker's memory")
        << Change([](Job& j) { j.graph.workers[0].memoryGb = 11; }) << false;
    QTest::newRow("one edge's bytes")
        << Change([](Job& j) { j.graph.edges[3].bytes = 6e8; }) << false;
    QTest::newRow("one edge's ends") << Change([](Job& j) { j.graph.edges[2].b = 3; }) << false;
    QTest::newRow("an edge more") << Change([](Job& j) {
        j.graph.edges.push_back({0, 3, 1.0});
    }) << false;
    QTest::newRow("a worker more") << Change([](Job& j) {
        j.graph.workers.push_back({0.5, 1e12, 10.0});
    }) << false;
    QTest::newRow("parallelism") << Change([](Job& j) { j.parallelism = {4, 1, 1, 1}; }) << false;
    QTest::newRow("kind") << Change([](Job& j) { j.kind = JobKind::Graph; }) << false;
}

void TestReferenceTimes::shapes()
{
    QFETCH(Change, change);
    QFETCH(bool, same);
    const Job a = shapedJob(QStringLiteral("a"));
    Job b = shapedJob(QStringLiteral("b"));
    change(b);
    QCOMPARE(ReferenceTimes::sameShape(a, b), same);
    if (same)
        QCOMPARE(ReferenceTimes::hashOf(a), ReferenceTimes::hashOf(b));
    ReferenceTimes cache;
    QVERIFY(!cache.find(b));
    cache.insert(a, 1.25);
    QCOMPARE(cache.find(a), std::optional<double>(1.25));
    QCOMPARE(cache.find(b).has_value(), same);
    if (same)
        QCOMPARE(*cache.find(b), 1.25);
    cache.insert(b, 2.5); // a known shape keeps its time; another shape gets its own
    QCOMPARE(cache.find(a), std::optional<double>(1.25));
    QCOMPARE(*cache.find(b), same ? 1.25 : 2.5);
    QCOMPARE(cache.size(), same ? 1 : 2);
}

void TestReferenceTimes::runUsesFreshTimes_data()
{
    QTest::addColumn<QString>("placement");
    QTest::addColumn<bool>("pure");
    QTest::addColumn<int>("jobs");
    QTest::newRow("graph") << QStringLiteral("graph") << true << 150;
    QTest::newRow("consolidate") << QStringLiteral("consolidate") << true << 150;
    QTest::newRow("search") << QStringLiteral("search") << true << 40; // costly per call
    QTest::newRow("random") << QStringLiteral("random") << false << 150;
}

void TestReferenceTimes::runUsesFreshTimes()
{
    QFETCH(QString, placement);
    QFETCH(bool, pure);
    QFETCH(int, jobs);
    WorkloadGenerator::Options o;
    o.jobs = jobs;
    o.load = 0.9;
    o.seed = 3;
    auto generated = WorkloadGenerator::generate(smallCluster(), o);
    QVERIFY(generated.ok());
    const Scenario s = generated.value();
    auto place = PlacementRegistry::create(placement, {});
    QVERIFY(place);
    QCOMPARE(place->pure(), pure);
    auto policy = PolicyRegistry::create(QStringLiteral("asrpt"));
    predict::OraclePredictor predictor;
    sim::Simulator simulator(s, *policy, *place, predictor, 0);
    QVERIFY(simulator.run().ok());

    // tau0 of every job, placed afresh on the empty cluster.
    auto fresh = PlacementRegistry::create(placement, {});
    ReferenceTimes shapes;
    int repeats = 0;
    for (int j = 0; j < int(s.jobs.size()); ++j) {
        const Job& job = s.jobs[std::size_t(j)];
        if (job.kind == JobKind::Duration)
            continue;
        repeats += shapes.find(job).has_value() ? 1 : 0;
        shapes.insert(job, 0.0);
        if (!pure)
            continue; // random's draws depend on the whole call sequence
        const auto m = fresh->place(job, GpuPool(s.cluster));
        QVERIFY(m);
        QCOMPARE(simulator.state().state(j).referenceIterationS,
                 IterationModel::iterationTimeS(job, *m, s.cluster));
    }
    QVERIFY2(repeats > jobs / 3, "the generated mix repeats its shapes");
}

QTEST_GUILESS_MAIN(TestReferenceTimes)
#include "tst_referencetimes.moc"
