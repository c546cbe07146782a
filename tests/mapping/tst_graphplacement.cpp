// The `graph` placement: docs/asrpt.md E6, best fit and GPU-type preference on one server, memory
// limits, and never more cross-server traffic than `consolidate` on random instances.
#include "io/modelzoo.h"
#include "mapping/consolidateplacement.h"
#include "mapping/graphplacement.h"
#include "mapping/iterationmodel.h"
#include "model/modelgraphbuilder.h"
#include "util/rng.h"

#include <QTest>

#include <set>

using namespace gantry;

namespace {

Cluster makeCluster(const QList<int>& gpus, const QList<double>& speeds = {},
                    double intraGBps = 100, double nicGbps = 80)
{
    Cluster c;
    c.gpuTypes = {{QStringLiteral("fast"), 300, 80, 2.0},
                  {QStringLiteral("ref"), 100, 80, 1.0},
                  {QStringLiteral("small"), 100, 16, 1.0}};
    c.racks = {{QStringLiteral("r0"), 1000}};
    for (int i = 0; i < gpus.size(); ++i) {
        const double sp = i < speeds.size() ? speeds[i] : 1.0;
        const int type = sp == 2.0 ? 0 : (sp < 0 ? 2 : 1);
        c.servers.push_back({QStringLiteral("s%1").arg(i), 0, type, gpus[i], intraGBps, nicGbps});
    }
    c.finalize();
    return c;
}

Job pipeline()
{
    Job j;
    j.kind = JobKind::Graph;
    j.iterations = 1;
    j.graph.workers.assign(4, {1.0, 0.0});
    j.graph.edges = {{0, 1, 2e9}, {1, 2, 1e9}, {2, 3, 2e9}};
    return j;
}

std::vector<int> serversOf(const Mapping& m, const Cluster& c)
{
    std::vector<int> s;
    for (int g : m.gpus)
        s.push_back(c.serverOfGpu(g));
    return s;
}

bool valid(const Mapping& m, const GpuPool& pool, int workers)
{
    std::set<int> seen(m.gpus.begin(), m.gpus.end());
    if (int(seen.size()) != workers || int(m.gpus.size()) != workers)
        return false;
    for (int g : m.gpus)
        if (!pool.isFree(g))
            return false;
    return true;
}

} // namespace

class TestGraphPlacement : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void workedExampleE6_data();
    void workedExampleE6();
    void oneServerPrefersFasterThenBestFit();
    void memoryExcludesSmallGpus();
    void tensorGroupsStayInServers_data();
    void tensorGroupsStayInServers();
    void neverWorseThanConsolidate_data();
    void neverWorseThanConsolidate();
};

void TestGraphPlacement::workedExampleE6_data()
{
    QTest::addColumn<QList<int>>("gpusPerServer");
    QTest::addColumn<QList<int>>("expectServers");
    QTest::addColumn<double>("tau");
    QTest::addColumn<double>("crossGB");
    QTest::newRow("free (4, ...)") << QList<int>{4, 4} << QList<int>{0, 0, 0, 0} << 1.03 << 0.0;
    QTest::newRow("free (2, 2)") << QList<int>{2, 2} << QList<int>{0, 0, 1, 1} << 1.12 << 1.0;
}

void TestGraphPlacement::workedExampleE6()
{
    QFETCH(QList<int>, gpusPerServer);
    QFETCH(QList<int>, expectServers);
    QFETCH(double, tau);
    QFETCH(double, crossGB);
    const Cluster c = makeCluster(gpusPerServer); // B_in 100 GB/s, B_out 80 Gb/s = 10 GB/s
    const GpuPool pool(c);
    const Job j = pipeline();
    const auto m = GraphPlacement().place(j, pool);
    QVERIFY(m);
    QVERIFY(valid(*m, pool, 4));
    const std::vector<int> s = serversOf(*m, c);
    QCOMPARE(QList<int>(s.begin(), s.end()), expectServers);
    QVERIFY(qAbs(IterationModel::iterationTimeS(j, *m, c) - tau) < 1e-12);
    QVERIFY(qAbs(IterationModel::crossServerBytes(j, *m, c) - crossGB * 1e9) < 1e-3);
    // KL finds no positive swap from {s1,s2} | {s3,s4}.
    std::vector<int> parts = GraphPlacement::partition(j, {{0, 2}, {1, 2}});
    QCOMPARE(QList<int>(parts.begin(), parts.end()), (QList<int>{0, 0, 1, 1}));
    QCOMPARE(GraphPlacement::refine(j, parts), 0);
}

void TestGraphPlacement::oneServerPrefersFasterThenBestFit()
{
    // Servers: 8 free ref, 4 free ref, 8 free fast: a 4-worker job goes to the fast one
    // (shorter iteration, same zero traffic); with equal types it takes the best fit.
    const Cluster c = makeCluster({8, 4, 8}, {1.0, 1.0, 2.0});
    const GpuPool pool(c);
    const auto m = GraphPlacement().place(pipeline(), pool);
    QVERIFY(m);
    QCOMPARE(serversOf(*m, c), std::vector<int>(4, 2));
    const Cluster same = makeCluster({8, 4, 8});
    const GpuPool samePool(same);
    const auto b = GraphPlacement().place(pipeline(), samePool);
    QCOMPARE(serversOf(*b, same), std::vector<int>(4, 1));
}

void TestGraphPlacement::memoryExcludesSmallGpus()
{
    const Cluster c = makeCluster({4, 2, 2}, {-1.0, 1.0, 1.0}); // server 0 has 16 GB GPUs
    const GpuPool pool(c);
    Job j = pipeline();
    for (auto& w : j.graph.workers)
        w.memoryGb = 40.0;
    const auto m = GraphPlacement().place(j, pool);
    QVERIFY(m);
    for (int s : serversOf(*m, c))
        QVERIFY(s != 0);
    j.graph.workers.push_back({1.0, 40.0}); // five 40 GB workers: only four such GPUs
    QVERIFY(!GraphPlacement().place(j, pool));
}

// The (dp, pp, tp) fast path: with T dividing the server size every TP group shares a server,
// so only pipeline and data-parallel edges cross servers.
void TestGraphPlacement::tensorGroupsStayInServers_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("dp");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("servers");
    QTest::newRow("gpt3 dp8 pp8 tp8 on 128 x 8") << "gpt3-175b" << 8 << 8 << 8 << 128;
    QTest::newRow("llama dp4 pp2 tp4 on 8 x 8") << "llama-7b" << 4 << 2 << 4 << 8;
    QTest::newRow("gpt2 dp2 pp4 tp2 on 4 x 8") << "gpt2-xl" << 2 << 4 << 2 << 4;
}

void TestGraphPlacement::tensorGroupsStayInServers()
{
    QFETCH(QString, model);
    QFETCH(int, dp);
    QFETCH(int, pp);
    QFETCH(int, tp);
    QFETCH(int, servers);
    Cluster c;
    c.gpuTypes = {{QStringLiteral("A100-80G"), 312, 80, 1.0}};
    c.racks = {{QStringLiteral("r0"), 3200}};
    for (int s = 0; s < servers; ++s)
        c.servers.push_back({QStringLiteral("s%1").arg(s), 0, 0, 8, 600, 200});
    c.finalize();
    Job j;
    j.kind = JobKind::Model;
    j.model = model;
    j.parallelism = {dp, pp, tp, 1};
    j.iterations = 1;
    // Trained as the large runs are (selective recomputation, sequence parallelism, the
    // distributed optimizer), so that GPT-3's layout fits 80 GB GPUs.
    j.training.recompute = Recompute::Selective;
    j.training.sequenceParallel = true;
    j.training.optimizerSharding = OptimizerSharding::Distributed;
    j.graph = ModelGraphBuilder::build(*ModelZoo::find(model), j.parallelism, j.training);
    const GpuPool pool(c);
    const auto m = GraphPlacement().place(j, pool);
    QVERIFY(m);
    QVERIFY(valid(*m, pool, dp * pp * tp));
    QCOMPARE(IterationModel::serverCount(*m, c), (dp * pp * tp + 7) / 8);
    for (int a = 0; a < dp; ++a)
        for (int p = 0; p < pp; ++p)
            for (int t = 1; t < tp; ++t) {
                const int first = (a * pp + p) * tp;
                QCOMPARE(c.serverOfGpu(m->gpus[std::size_t(first + t)]),
                         c.serverOfGpu(m->gpus[std::size_t(first)]));
            }
    const auto k = ConsolidatePlacement().place(j, pool);
    QVERIFY(IterationModel::crossServerBytes(j, *m, c) <=
            IterationModel::crossServerBytes(j, *k, c));
}

void TestGraphPlacement::neverWorseThanConsolidate_data()
{
    QTest::addColumn<quint64>("seed");
    for (quint64 seed = 1; seed <= 200; ++seed)
        QTest::addRow("seed%llu", seed) << seed;
}

void TestGraphPlacement::neverWorseThanConsolidate()
{
    QFETCH(quint64, seed);
    Rng rng(seed);
    QList<int> gpus;
    const int servers = 2 + int(rng.below(4));
    for (int s = 0; s < servers; ++s)
        gpus << int(1 + rng.below(8));
    const Cluster c = makeCluster(gpus);
    GpuPool pool(c);
    // Occupy some GPUs at random.
    Mapping busy;
    for (int g = 0; g < c.totalGpus(); ++g)
        if (rng.below(4) == 0)
            busy.gpus.push_back(g);
    pool.take(busy);
    if (pool.freeTotal() < 2)
        return;
    Job j;
    j.kind = JobKind::Graph;
    j.iterations = 1;
    const int n = 2 + int(rng.below(std::uint64_t(std::min(pool.freeTotal() - 1, 15))));
    j.graph.workers.assign(std::size_t(n), {0.5, 0.0});
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b)
            if (rng.below(3) == 0)
                j.graph.edges.push_back({a, b, 1e8 * double(1 + rng.below(50))});
    const auto g = GraphPlacement().place(j, pool);
    const auto k = ConsolidatePlacement().place(j, pool);
    QVERIFY(g && k);
    QVERIFY(valid(*g, pool, n));
    QVERIFY(IterationModel::crossServerBytes(j, *g, c) <=
            IterationModel::crossServerBytes(j, *k, c) + 1e-6);
    QVERIFY(IterationModel::serverCount(*g, c) <= IterationModel::serverCount(*k, c));
}

QTEST_GUILESS_MAIN(TestGraphPlacement)
#include "tst_graphplacement.moc"
