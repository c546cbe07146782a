// The Gantt chart's occupancy aggregation (ui/gantt/occupancy.h) against the plain computation
// it replaces: for lanes of pieces (and overlapping slices, through aggregateOverlapping) at
// several zooms and widths, aggregate gives bit for bit the sums of adding every sub-pixel piece
// with addCoverage, the same touched columns and the same
// pieces left to draw as bars (highlighted ones included); alphas gives each column's alpha as
// the scalar formula does, on the values where the alpha steps and on seeded random ones.
#include "gantt/occupancy.h"

#include <QTest>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

using namespace gantry::ui;

namespace {

struct Span
{
    double startS;
    double endS;
};

// The alpha as the painter computed it before occupancy::alpha (a branch on o > 0).
int referenceAlpha(float o)
{
    if (!(o > 0.0f))
        return 0;
    const double a = 0.25 + 0.75 * std::min(1.0, double(o));
    return int(a * 255.0);
}

// Slices sorted by start that overlap many at once, as the virtual machine's do. Seeded.
std::vector<Span> overlapping(int pieces, double meanS, unsigned seed)
{
    std::mt19937 rng(seed);
    std::exponential_distribution<double> step(20.0 / meanS);
    std::uniform_real_distribution<double> logLength(-3.0, 1.0);
    std::vector<Span> spans;
    double t = 0.0;
    for (int i = 0; i < pieces; ++i) {
        t += step(rng);
        spans.push_back({t, t + meanS * std::pow(10.0, logLength(rng))});
    }
    return spans;
}

// One lane: pieces one after another with gaps, lengths spread over several orders of magnitude
// so that a zoom finds both sub-pixel pieces and bars. Seeded.
std::vector<Span> lane(int pieces, double meanS, unsigned seed)
{
    std::mt19937 rng(seed);
    std::exponential_distribution<double> gap(1.0 / meanS);
    std::uniform_real_distribution<double> logLength(-3.0, 1.5);
    std::vector<Span> spans;
    double t = 0.0;
    for (int i = 0; i < pieces; ++i) {
        t += gap(rng);
        const double length = meanS * std::pow(10.0, logLength(rng));
        spans.push_back({t, t + (i % 17 == 0 ? 0.0 : length)}); // a few of zero length
        t += length;
    }
    return spans;
}

bool sameBits(float a, float b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

} // namespace

class TestOccupancy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aggregateEqualsPlainSums_data();
    void aggregateEqualsPlainSums();
    void alphasEqualScalarFormula_data();
    void alphasEqualScalarFormula();
};

void TestOccupancy::aggregateEqualsPlainSums_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<double>("fromFraction"); // visible range, as fractions of the lane's end
    QTest::addColumn<double>("toFraction");
    QTest::addColumn<bool>("dense");
    QTest::addColumn<double>("weight");
    QTest::addColumn<int>("highlight"); // job highlighted (-1: none)
    QTest::addColumn<bool>("overlap");  // slices that overlap, through aggregateOverlapping
    QTest::newRow("full zoom-out, 1490 px") << 1490 << 0.0 << 1.0 << false << 1.0 << -1 << false;
    QTest::newRow("full zoom-out, 317 px") << 317 << 0.0 << 1.0 << false << 1.0 << -1 << false;
    QTest::newRow("a tenth, 1490 px") << 1490 << 0.45 << 0.55 << false << 1.0 << -1 << false;
    QTest::newRow("a thousandth, 800 px") << 800 << 0.5 << 0.501 << false << 1.0 << -1 << false;
    QTest::newRow("full zoom-out, highlight") << 1490 << 0.0 << 1.0 << false << 1.0 << 3 << false;
    QTest::newRow("range past the end") << 640 << 0.8 << 1.3 << false << 1.0 << -1 << false;
    QTest::newRow("dense lanes, full") << 1001 << 0.0 << 1.0 << true << 0.37 << -1 << false;
    QTest::newRow("dense lanes, a tenth, highlight")
        << 1001 << 0.3 << 0.4 << true << 0.58 << 5 << false;
    QTest::newRow("overlapping slices, full") << 1490 << 0.0 << 1.0 << false << 1.0 << -1 << true;
    QTest::newRow("overlapping slices, a tenth, highlight")
        << 1200 << 0.2 << 0.3 << false << 1.0 << 2 << true;
    QTest::newRow("overlapping slices, 97 px") << 97 << 0.0 << 1.0 << false << 1.0 << -1 << true;
}

void TestOccupancy::aggregateEqualsPlainSums()
{
    QFETCH(int, width);
    QFETCH(double, fromFraction);
    QFETCH(double, toFraction);
    QFETCH(bool, dense);
    QFETCH(double, weight);
    QFETCH(int, highlight);
    QFETCH(bool, overlap);
    for (unsigned seed = 1; seed <= 4; ++seed) {
        const std::vector<Span> spans =
            overlap ? overlapping(3000, 40.0, seed) : lane(3000, 40.0, seed);
        std::vector<int> jobs(spans.size());
        for (std::size_t k = 0; k < jobs.size(); ++k)
            jobs[k] = int(k % 7);
        double end = 0.0;
        for (const Span& s : spans)
            end = std::max(end, s.endS);
        const double fromS = end * fromFraction, toS = end * toFraction;
        const double pxPerS = width / (toS - fromS);
        double longest = 0.0;
        for (const Span& s : spans)
            longest = std::max(longest, s.endS - s.startS);
        const Span* first =
            std::lower_bound(spans.data(), spans.data() + spans.size(), fromS - longest,
                             [](const Span& sp, double t) { return sp.startS < t; });

        std::vector<float> row(std::size_t(width) + 1, 0.0f);
        int from = width, to = -1;
        std::vector<int> wide;
        const int added =
            overlap
                ? occupancy::aggregateOverlapping(spans.data(), first, spans.data() + spans.size(),
                                                  jobs.data(), highlight, fromS, toS, pxPerS, width,
                                                  weight, row.data(), from, to, wide)
            : dense ? occupancy::aggregate<true>(spans.data(), first, spans.data() + spans.size(),
                                                 jobs.data(), highlight, fromS, toS, pxPerS, width,
                                                 weight, row.data(), from, to, wide)
                    : occupancy::aggregate<false>(spans.data(), first, spans.data() + spans.size(),
                                                  jobs.data(), highlight, fromS, toS, pxPerS, width,
                                                  weight, row.data(), from, to, wide);

        // The plain computation: every piece in order, addCoverage for the aggregated ones.
        std::vector<float> expected(std::size_t(width), 0.0f);
        int expectedFrom = width, expectedTo = -1, expectedAdded = 0;
        std::vector<int> expectedWide;
        for (std::size_t k = 0; k < spans.size(); ++k) {
            const Span& s = spans[k];
            if (s.startS >= toS || s.endS <= fromS)
                continue;
            const double x0 = (std::max(s.startS, fromS) - fromS) * pxPerS;
            const double x1 = (std::min(s.endS, toS) - fromS) * pxPerS;
            if ((dense || x1 - x0 < 1.0) && jobs[k] != highlight) {
                occupancy::addCoverage(expected.data(), width, x0, x1, weight);
                const double c0 = std::max(0.0, x0), c1 = std::min(double(width), x1);
                if (c1 > c0) {
                    expectedFrom = std::min(expectedFrom, int(c0));
                    expectedTo = std::min(width - 1, std::max(expectedTo, int(std::ceil(c1)) - 1));
                }
                ++expectedAdded;
            } else {
                expectedWide.push_back(int(k));
            }
        }
        QCOMPARE(added, expectedAdded);
        QVERIFY(added + int(wide.size()) > 0); // the range is not empty
        QCOMPARE(wide, expectedWide);
        QCOMPARE(from, expectedFrom);
        QCOMPARE(to, expectedTo);
        for (int x = 0; x < width; ++x)
            QVERIFY2(sameBits(row[std::size_t(x)], expected[std::size_t(x)]),
                     qPrintable(QStringLiteral("seed %1, column %2: %3, expected %4")
                                    .arg(seed)
                                    .arg(x)
                                    .arg(double(row[std::size_t(x)]), 0, 'g', 9)
                                    .arg(double(expected[std::size_t(x)]), 0, 'g', 9)));
        QCOMPARE(row[std::size_t(width)], 0.0f); // the spare cell only ever gets zeros
    }
}

void TestOccupancy::alphasEqualScalarFormula_data()
{
    QTest::addColumn<QString>("values");
    QTest::newRow("where the alpha steps") << QStringLiteral("steps");
    QTest::newRow("edge values") << QStringLiteral("edges");
    QTest::newRow("seeded random fractions") << QStringLiteral("random");
}

void TestOccupancy::alphasEqualScalarFormula()
{
    QFETCH(QString, values);
    std::vector<float> o;
    if (values == QLatin1String("steps")) {
        // The alpha is k where (0.25 + 0.75 c) * 255 = k, c = (4k - 255) / 765: the floats
        // around each such c.
        for (int k = 64; k <= 255; ++k) {
            const float c = float((4.0 * k - 255.0) / 765.0);
            float below = c, above = c;
            for (int i = 0; i < 3; ++i) {
                below = std::nextafter(below, 0.0f);
                above = std::nextafter(above, 2.0f);
                o.push_back(below);
                o.push_back(above);
            }
            o.push_back(c);
        }
    } else if (values == QLatin1String("edges")) {
        o = {0.0f,
             -0.0f,
             1e-30f,
             std::numeric_limits<float>::denorm_min(),
             1e-7f,
             0.5f,
             1.0f,
             std::nextafter(1.0f, 0.0f),
             std::nextafter(1.0f, 2.0f),
             2.0f,
             1e9f,
             -1e-7f,
             std::numeric_limits<float>::max()};
    } else {
        std::mt19937 rng(7);
        std::uniform_real_distribution<float> f(0.0f, 1.2f);
        for (int i = 0; i < 20000; ++i)
            o.push_back(i % 5 == 0 ? 0.0f : f(rng));
    }
    // Every start and length, so that both the four-column loop and the tail run.
    for (int x0 = 0; x0 < 4; ++x0) {
        const int x1 = int(o.size()) - x0 % 3;
        std::vector<quint32> out(o.size(), 0xdeadbeefu);
        occupancy::alphas(o.data(), x0, x1, out.data());
        for (int x = 0; x < int(o.size()); ++x) {
            const quint32 want =
                x >= x0 && x < x1 ? quint32(referenceAlpha(o[std::size_t(x)])) : 0xdeadbeefu;
            QVERIFY2(out[std::size_t(x)] == want,
                     qPrintable(QStringLiteral("o %1: %2, expected %3")
                                    .arg(double(o[std::size_t(x)]), 0, 'g', 9)
                                    .arg(out[std::size_t(x)])
                                    .arg(want)));
            if (x >= x0 && x < x1)
                QCOMPARE(occupancy::alpha(o[std::size_t(x)]), int(want));
        }
    }
}

QTEST_GUILESS_MAIN(TestOccupancy)
#include "tst_occupancy.moc"
