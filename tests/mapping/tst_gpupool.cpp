// GpuPool's per-free-count server sets: after any sequence of takes and gives they name the
// same servers as a scan of the free counts, and `consolidate` picks the server a plain
// best-fit scan picks (smallest free count that fits, lowest index on ties).
#include "mapping/consolidateplacement.h"
#include "mapping/gpupool.h"
#include "util/rng.h"

#include <QTest>

#include <algorithm>

using namespace gantry;

namespace {

// servers servers of a GPU count each drawn from sizes, all of one type without memory limits.
Cluster cluster(int servers, const QList<int>& sizes, Rng& rng)
{
    Cluster c;
    c.gpuTypes = {{QStringLiteral("gpu"), 100, 80, 1.0}};
    c.racks = {{QStringLiteral("r0"), 1000}};
    for (int s = 0; s < servers; ++s) {
        const int g = sizes[int(rng.next() % std::uint64_t(sizes.size()))];
        c.servers.push_back({QStringLiteral("s%1").arg(s), 0, 0, g, 100, 80});
    }
    c.finalize();
    return c;
}

// The best-fit server by a scan, as consolidate chose it before the sets: -1 when none fits.
int bestFitByScan(const GpuPool& pool, int n)
{
    int best = -1;
    for (int s = 0; s < int(pool.cluster().servers.size()); ++s)
        if (pool.freeOn(s) > 0 && pool.freeOn(s) >= n &&
            (best < 0 || pool.freeOn(s) < pool.freeOn(best)))
            best = s;
    return best;
}

} // namespace

class TestGpuPool : public QObject
{
    Q_OBJECT
private slots:
    void setsFollowTakesAndGives_data();
    void setsFollowTakesAndGives();
};

void TestGpuPool::setsFollowTakesAndGives_data()
{
    QTest::addColumn<int>("servers");
    QTest::addColumn<QList<int>>("sizes");
    QTest::addColumn<int>("seed");
    QTest::newRow("one server") << 1 << QList<int>{8} << 1;
    QTest::newRow("64 servers of 8 (one word)") << 64 << QList<int>{8} << 2;
    QTest::newRow("65 servers (two words)") << 65 << QList<int>{8} << 3;
    QTest::newRow("200 mixed servers") << 200 << QList<int>{1, 2, 4, 8, 16} << 4;
    QTest::newRow("130 servers of 1 or 3") << 130 << QList<int>{1, 3} << 5;
}

void TestGpuPool::setsFollowTakesAndGives()
{
    QFETCH(int, servers);
    QFETCH(QList<int>, sizes);
    QFETCH(int, seed);
    Rng rng{std::uint64_t(seed)};
    const Cluster c = cluster(servers, sizes, rng);
    GpuPool pool(c);
    ConsolidatePlacement consolidate;
    std::vector<Mapping> held;
    const int most = *std::max_element(sizes.begin(), sizes.end());
    QCOMPARE(pool.maxServerGpus(), most);
    for (int step = 0; step < 2000; ++step) {
        // Every free count's first server is the first one a scan finds with that count.
        for (int f = 0; f <= most; ++f) {
            int first = -1;
            for (int s = 0; s < servers && first < 0; ++s)
                if (pool.freeOn(s) == f)
                    first = s;
            QCOMPARE(pool.firstServerWithFree(f), first);
        }
        const bool give = !held.empty() && (pool.freeTotal() == 0 || rng.next() % 2 == 0);
        if (give) {
            const std::size_t i = std::size_t(rng.next() % held.size());
            pool.give(held[i]);
            held.erase(held.begin() + std::ptrdiff_t(i));
            continue;
        }
        Job job;
        job.kind = JobKind::Duration;
        job.gpus = 1 + int(rng.next() % std::uint64_t(most));
        const int expected = bestFitByScan(pool, job.gpus);
        const auto m = consolidate.place(job, pool);
        if (expected < 0)
            continue; // spread over servers (case 2), not the sets' concern
        QVERIFY(m.has_value());
        for (int g : m->gpus)
            QCOMPARE(c.serverOfGpu(g), expected);
        pool.take(*m);
        held.push_back(*m);
    }
}

QTEST_GUILESS_MAIN(TestGpuPool)
#include "tst_gpupool.moc"
