// The `search` placement: on seeded random small instances (<= 10 workers, <= 4 servers) it
// reaches the brute-force optimum of the iteration time within 1% in at least 95% of cases and
// is never worse than `graph`; its mappings are valid; the thread count and the back end do not
// change the result (the CUDA rows skip, and say so, without a usable device).
#include "mapping/graphplacement.h"
#include "mapping/iterationmodel.h"
#include "mapping/placementregistry.h"
#include "mapping/searchplacement.h"
#include "search/mappingsearch.h"
#include "util/rng.h"

#include <QTest>

#include <functional>
#include <set>

using namespace gantry;

namespace {

struct Instance
{
    Cluster cluster;
    Job job;
    Mapping busy;
};

// Up to 4 servers of 1..8 GPUs (some taken), optionally two speeds, two racks and 16 GB GPUs;
// a job of 2..10 workers (no more than the free GPUs) with random traffic.
Instance makeInstance(quint64 seed, bool twoSpeeds, bool twoRacks, bool memory, double density)
{
    Rng rng(seed);
    Instance in;
    Cluster& c = in.cluster;
    c.gpuTypes = {{QStringLiteral("ref"), 100, 80, 1.0},
                  {QStringLiteral("fast"), 300, 80, 2.0},
                  {QStringLiteral("small"), 100, 16, 1.0}};
    c.racks = {{QStringLiteral("r0"), 400}, {QStringLiteral("r1"), 400}};
    const int servers = 2 + int(rng.below(3));
    for (int s = 0; s < servers; ++s) {
        int type = 0;
        if (twoSpeeds && rng.below(2) == 0)
            type = 1;
        if (memory && rng.below(3) == 0)
            type = 2;
        const int rack = twoRacks ? int(rng.below(2)) : 0;
        const double nic = twoRacks ? 100.0 + 100.0 * double(rng.below(3)) : 200.0;
        c.servers.push_back(
            {QStringLiteral("s%1").arg(s), rack, type, int(1 + rng.below(8)), 300.0, nic});
    }
    c.finalize();
    for (int g = 0; g < c.totalGpus(); ++g)
        if (rng.below(4) == 0)
            in.busy.gpus.push_back(g);
    int free = c.totalGpus() - int(in.busy.gpus.size());
    while (free < 2 && !in.busy.gpus.empty()) {
        in.busy.gpus.pop_back();
        ++free;
    }
    Job& j = in.job;
    j.kind = JobKind::Graph;
    j.iterations = 100;
    const int workers = 2 + int(rng.below(quint64(std::min(10, free) - 1)));
    for (int v = 0; v < workers; ++v) {
        JobGraph::Worker w;
        w.computeS = 0.05 + 0.5 * rng.uniform();
        w.memoryGb = memory && rng.below(3) == 0 ? 40.0 : 8.0;
        j.graph.workers.push_back(w);
    }
    const int edges = int(double(workers) * density) + int(rng.below(quint64(workers)));
    for (int e = 0; e < edges; ++e) {
        const int a = int(rng.below(quint64(workers)));
        int b = int(rng.below(quint64(workers - 1)));
        b += b >= a ? 1 : 0;
        j.graph.edges.push_back({a, b, 1e8 + 4e9 * rng.uniform()});
    }
    return in;
}

// Minimum iteration time over every assignment of workers to servers within the free GPUs and
// memory (GPUs of one server are interchangeable), evaluated as IterationModel does.
double bruteForce(const Job& j, const GpuPool& pool)
{
    const Cluster& c = pool.cluster();
    const int n = j.gpuCount();
    const int S = int(c.servers.size());
    std::vector<int> assign(std::size_t(n), 0);
    std::vector<int> left(static_cast<std::size_t>(S));
    for (int s = 0; s < S; ++s)
        left[std::size_t(s)] = pool.freeOn(s);
    std::vector<double> intra(static_cast<std::size_t>(n)), inter(static_cast<std::size_t>(n));
    double best = -1.0;
    std::function<void(int)> rec = [&](int v) {
        if (v == n) {
            std::fill(intra.begin(), intra.end(), 0.0);
            std::fill(inter.begin(), inter.end(), 0.0);
            for (const auto& e : j.graph.edges) {
                const int sa = assign[std::size_t(e.a)], sb = assign[std::size_t(e.b)];
                const double dt = e.bytes / c.bytesPerSecond(sa, sb);
                auto& sum = sa == sb ? intra : inter;
                sum[std::size_t(e.a)] += dt;
                sum[std::size_t(e.b)] += dt;
            }
            double t = 0.0;
            for (int u = 0; u < n; ++u) {
                const GpuType& type =
                    c.gpuTypes[std::size_t(c.servers[std::size_t(assign[std::size_t(u)])].gpuType)];
                t = std::max(t,
                             IterationModel::computeTimeS(j.graph.workers[std::size_t(u)], type) +
                                 intra[std::size_t(u)] + inter[std::size_t(u)]);
            }
            if (best < 0.0 || t < best)
                best = t;
            return;
        }
        for (int s = 0; s < S; ++s) {
            if (left[std::size_t(s)] == 0 ||
                j.graph.workers[std::size_t(v)].memoryGb > c.memoryOfServer(s))
                continue;
            --left[std::size_t(s)];
            assign[std::size_t(v)] = s;
            rec(v + 1);
            ++left[std::size_t(s)];
        }
    };
    rec(0);
    return best;
}

bool valid(const Mapping& m, const Job& j, const GpuPool& pool)
{
    const std::set<int> seen(m.gpus.begin(), m.gpus.end());
    if (int(m.gpus.size()) != j.gpuCount() || int(seen.size()) != j.gpuCount())
        return false;
    for (std::size_t v = 0; v < m.gpus.size(); ++v) {
        const int g = m.gpus[v];
        if (g < 0 || g >= pool.cluster().totalGpus() || !pool.isFree(g))
            return false;
        if (j.graph.workers[v].memoryGb >
            pool.cluster().memoryOfServer(pool.cluster().serverOfGpu(g)))
            return false;
    }
    return true;
}

} // namespace

class TestSearchPlacement : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void nearOptimalAndNeverWorseThanGraph_data();
    void nearOptimalAndNeverWorseThanGraph();
    void threadsDoNotChangeTheResult_data();
    void threadsDoNotChangeTheResult();
    void cudaMatchesCpu_data();
    void cudaMatchesCpu();
    void fasterSingleServerWins();
    void registryAndBackendNote();
};

void TestSearchPlacement::nearOptimalAndNeverWorseThanGraph_data()
{
    QTest::addColumn<quint64>("firstSeed");
    QTest::addColumn<bool>("twoSpeeds");
    QTest::addColumn<bool>("twoRacks");
    QTest::addColumn<bool>("memory");
    QTest::addColumn<double>("density");
    QTest::newRow("homogeneous") << quint64(1000) << false << false << false << 1.0;
    QTest::newRow("two speeds") << quint64(2000) << true << false << false << 1.0;
    QTest::newRow("two racks, memory") << quint64(3000) << true << true << true << 1.0;
    QTest::newRow("dense traffic") << quint64(4000) << true << true << false << 3.0;
}

void TestSearchPlacement::nearOptimalAndNeverWorseThanGraph()
{
    QFETCH(quint64, firstSeed);
    QFETCH(bool, twoSpeeds);
    QFETCH(bool, twoRacks);
    QFETCH(bool, memory);
    QFETCH(double, density);
    const int cases = 50;
    int tried = 0;
    int close = 0;
    int searched = 0;
    int improved = 0;
    for (quint64 seed = firstSeed; seed < firstSeed + quint64(cases); ++seed) {
        const Instance in = makeInstance(seed, twoSpeeds, twoRacks, memory, density);
        GpuPool pool(in.cluster);
        pool.take(in.busy);
        const auto graph = GraphPlacement().place(in.job, pool);
        if (!graph)
            continue; // memory leaves too few GPUs: nothing to compare
        SearchPlacement search(seed, QStringLiteral("cpu"));
        const auto m = search.place(in.job, pool);
        QVERIFY2(m, qPrintable(QStringLiteral("seed %1: no mapping").arg(seed)));
        QVERIFY2(valid(*m, in.job, pool), qPrintable(QStringLiteral("seed %1: invalid").arg(seed)));
        const double tSearch = IterationModel::iterationTimeS(in.job, *m, in.cluster);
        const double tGraph = IterationModel::iterationTimeS(in.job, *graph, in.cluster);
        const double opt = bruteForce(in.job, pool);
        QVERIFY2(tSearch <= tGraph, qPrintable(QStringLiteral("seed %1: search %2 > graph %3")
                                                   .arg(seed)
                                                   .arg(tSearch)
                                                   .arg(tGraph)));
        QVERIFY2(tSearch >= opt * (1 - 1e-12),
                 qPrintable(QStringLiteral("seed %1: below the optimum").arg(seed)));
        ++tried;
        close += tSearch <= opt * 1.01 ? 1 : 0;
        searched += search.lastBackend() != QLatin1String("none") ? 1 : 0;
        improved += tSearch < tGraph ? 1 : 0;
    }
    qInfo("%d of %d within 1%% of the brute-force optimum; %d searched, %d faster than graph",
          close, tried, searched, improved);
    QVERIFY(tried >= cases / 2);
    QVERIFY2(close * 100 >= tried * 95,
             qPrintable(QStringLiteral("%1 of %2 within 1% of optimum").arg(close).arg(tried)));
}

void TestSearchPlacement::threadsDoNotChangeTheResult_data()
{
    QTest::addColumn<quint64>("seed");
    for (quint64 s = 1; s <= 6; ++s)
        QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(s))) << s;
}

void TestSearchPlacement::threadsDoNotChangeTheResult()
{
    QFETCH(quint64, seed);
    const Instance in = makeInstance(seed * 77, true, true, false, 2.0);
    GpuPool pool(in.cluster);
    pool.take(in.busy);
    std::optional<Mapping> first;
    for (int threads : {1, 2, 0}) {
        SearchPlacement search(seed, QStringLiteral("cpu"), threads);
        search.setSteps(3000);
        const auto m = search.place(in.job, pool);
        QVERIFY(m);
        QVERIFY(valid(*m, in.job, pool));
        if (!first)
            first = m;
        QCOMPARE(m->gpus, first->gpus);
    }
}

void TestSearchPlacement::cudaMatchesCpu_data()
{
    QTest::addColumn<quint64>("seed");
    for (quint64 s = 1; s <= 4; ++s)
        QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(s))) << s;
}

void TestSearchPlacement::cudaMatchesCpu()
{
    QFETCH(quint64, seed);
    std::string why;
    if (!mapping::MappingSearch::cudaUsable(&why))
        QSKIP(qPrintable(
            QStringLiteral("no usable CUDA device (%1)").arg(QString::fromStdString(why))));
    const Instance in = makeInstance(seed * 131, true, true, true, 2.0);
    GpuPool pool(in.cluster);
    pool.take(in.busy);
    SearchPlacement cpu(seed, QStringLiteral("cpu"));
    SearchPlacement cuda(seed, QStringLiteral("cuda"));
    const auto a = cpu.place(in.job, pool);
    const auto b = cuda.place(in.job, pool);
    QVERIFY(a && b);
    QCOMPARE(b->gpus, a->gpus);
    if (cuda.lastBackend() != QLatin1String("none"))
        QCOMPARE(cuda.lastBackend(), QStringLiteral("cuda"));
}

void TestSearchPlacement::fasterSingleServerWins()
{
    // A 4-worker job, free: 4 ref GPUs (graph's best fit) and 8 fast ones: search takes the fast.
    Cluster c;
    c.gpuTypes = {{QStringLiteral("ref"), 100, 80, 1.0}, {QStringLiteral("fast"), 300, 80, 2.0}};
    c.racks = {{QStringLiteral("r0"), 400}};
    c.servers = {{QStringLiteral("a"), 0, 0, 4, 300, 200},
                 {QStringLiteral("b"), 0, 1, 8, 300, 200}};
    c.finalize();
    GpuPool pool(c);
    Job j;
    j.kind = JobKind::Graph;
    j.iterations = 1;
    j.graph.workers.assign(4, {1.0, 0.0, 0.0});
    j.graph.edges = {{0, 1, 1e9}, {1, 2, 1e9}, {2, 3, 1e9}};
    SearchPlacement search(1, QStringLiteral("cpu"));
    const auto m = search.place(j, pool);
    QVERIFY(m);
    QVERIFY(valid(*m, j, pool));
    const auto graph = GraphPlacement().place(j, pool);
    QVERIFY(graph);
    QVERIFY(IterationModel::iterationTimeS(j, *m, c) <=
            IterationModel::iterationTimeS(j, *graph, c));
    for (int g : m->gpus)
        QCOMPARE(c.serverOfGpu(g), 1);
}

void TestSearchPlacement::registryAndBackendNote()
{
    QVERIFY(PlacementRegistry::contains(QStringLiteral("search")));
    PlacementOptions o;
    o.seed = 5;
    o.mappingBackend = QStringLiteral("cuda");
    o.threads = 2;
    auto p = PlacementRegistry::create(QStringLiteral("search"), o);
    QVERIFY(p);
    QCOMPARE(p->name(), QStringLiteral("search"));
    // A job that must span servers always searches; without a device the note says so.
    const Instance in = makeInstance(99, true, true, false, 2.0);
    GpuPool pool(in.cluster);
    pool.take(in.busy);
    auto* s = static_cast<SearchPlacement*>(p.get());
    s->setSteps(2000);
    const auto m = s->place(in.job, pool);
    QVERIFY(m);
    QVERIFY(valid(*m, in.job, pool));
    if (!mapping::MappingSearch::cudaUsable() && s->lastBackend() != QLatin1String("none")) {
        QCOMPARE(s->lastBackend(), QStringLiteral("cpu"));
        QVERIFY(s->lastStatus().contains(QStringLiteral("no usable CUDA device")));
    }
}

QTEST_GUILESS_MAIN(TestSearchPlacement)
#include "tst_searchplacement.moc"
