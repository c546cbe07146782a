// GapVector, the running jobs' array of the preemptive policies: every insert, erase and resize
// leaves the same values in the same order as std::vector does, wherever the change falls.
#include "util/gapvector.h"

#include <QTest>

#include <random>
#include <vector>

using namespace gantry;

namespace {

struct Entry
{
    long long key = 0;
    int job = 0;
    bool operator==(const Entry& o) const = default;
};

} // namespace

class TestGapVector : public QObject
{
    Q_OBJECT

private slots:
    void sameAsVector_data();
    void sameAsVector();
    void returnedPositions();
};

void TestGapVector::sameAsVector_data()
{
    QTest::addColumn<quint32>("seed");
    QTest::addColumn<double>("front"); // share of changes at the first few places
    QTest::addColumn<double>("back");  // share at the last few places; the rest anywhere
    QTest::addColumn<int>("ops");
    QTest::newRow("front-heavy") << 1u << 0.8 << 0.1 << 5000;
    QTest::newRow("back-heavy") << 2u << 0.1 << 0.8 << 5000;
    QTest::newRow("anywhere") << 3u << 0.0 << 0.0 << 5000;
    QTest::newRow("small, from empty") << 4u << 0.4 << 0.4 << 200;
}

void TestGapVector::sameAsVector()
{
    QFETCH(quint32, seed);
    QFETCH(double, front);
    QFETCH(double, back);
    QFETCH(int, ops);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    GapVector<Entry> gap;
    std::vector<Entry> ref;
    // A place among n + extra slots: near the front, near the back or anywhere.
    const auto place = [&](std::size_t n) {
        const double r = unit(rng);
        const std::size_t near = std::min<std::size_t>(n, 3);
        if (r < front)
            return std::size_t(rng() % (near + 1));
        if (r < front + back)
            return n - std::size_t(rng() % (near + 1));
        return std::size_t(rng() % (n + 1));
    };
    for (int op = 0; op < ops; ++op) {
        const double r = unit(rng);
        if (r < 0.5 || ref.empty()) {
            const std::size_t at = place(ref.size());
            const Entry e{(long long)(rng()), op};
            gap.insert(gap.begin() + at, e);
            ref.insert(ref.begin() + std::ptrdiff_t(at), e);
        } else if (r < 0.95) {
            const std::size_t at = std::min(place(ref.size() - 1), ref.size() - 1);
            gap.erase(gap.begin() + at);
            ref.erase(ref.begin() + std::ptrdiff_t(at));
        } else {
            // Shrinks by up to a quarter or grows by up to 8 value-initialised entries.
            const std::size_t n = unit(rng) < 0.5 ? ref.size() - ref.size() / 4 : ref.size() + 8;
            gap.resize(n);
            ref.resize(n);
        }
        QCOMPARE(gap.size(), ref.size());
        QCOMPARE(gap.empty(), ref.empty());
        QVERIFY(std::equal(gap.begin(), gap.end(), ref.begin(), ref.end()));
        if (!ref.empty()) {
            QCOMPARE(gap.back(), ref.back());
            QCOMPARE(gap[0], ref[0]);
            QCOMPARE(gap.data(), gap.begin());
        }
    }
}

void TestGapVector::returnedPositions()
{
    GapVector<int> g;
    for (int v : {10, 20, 30, 40, 50})
        g.insert(g.end(), v);
    // insert() returns the new value's place; erase() the place of the value after.
    QCOMPARE(*g.insert(g.begin() + 1, 15), 15);
    QCOMPARE(*g.insert(g.begin() + 5, 45), 45);
    QCOMPARE(*g.erase(g.begin() + 1), 20);
    QCOMPARE(*g.erase(g.begin() + 4), 50);
    int* const last = g.erase(g.end() - 1);
    QCOMPARE(last, g.end());
    const std::vector<int> want{10, 20, 30, 40};
    QVERIFY(std::equal(g.begin(), g.end(), want.begin(), want.end()));
}

QTEST_GUILESS_MAIN(TestGapVector)
#include "tst_gapvector.moc"
