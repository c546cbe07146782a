// HeatmapPainter and HeatmapView: the hottest cell drawn is where the traffic is (the matrix's
// argmax, and the pixel there has the scale's top colour while idle pairs stay white), the view
// switches between GPU and server level and windows around the cursor, and hover text names
// both endpoints and the bytes.
#include "heatmap/heatmappainter.h"
#include "heatmap/heatmapview.h"
#include "viewfixtures.h"

#include <QImage>
#include <QPainter>
#include <QTest>

using namespace gantry;
using namespace gantry::ui;

namespace {

Job pairJob(const QString& id, double bytes, double iterations)
{
    Job j;
    j.id = id;
    j.kind = JobKind::Graph;
    j.iterations = iterations;
    j.graph.workers = {{0.1, 0.0, 1.0}, {0.1, 0.0, 1.0}};
    j.graph.edges = {{0, 1, bytes}};
    return j;
}

// x: GPUs 1 and 2 (a/g1, b/g0) exchange 1 MB x 50 over [0, 10]; y: GPUs 0 and 1 exchange
// 1 KB x 20 over [10, 20].
std::pair<Scenario, Schedule> traffic()
{
    Scenario s = test::twoServers(2);
    s.jobs = {pairJob(QStringLiteral("x"), 1e6, 50), pairJob(QStringLiteral("y"), 1e3, 20)};
    Schedule sc;
    sc.totalGpus = 4;
    sc.addSegment(0, 0.0, 10.0, std::vector<int>{1, 2}, 50.0, ScheduleSegment::End::Finished);
    sc.addSegment(1, 10.0, 20.0, std::vector<int>{0, 1}, 20.0, ScheduleSegment::End::Finished);
    return {s, sc};
}

} // namespace

class TestHeatmap : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hottestCell_data();
    void hottestCell();
    void view();
    void noTrafficSaysSo();
};

void TestHeatmap::hottestCell_data()
{
    QTest::addColumn<bool>("byServer");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<int>("idleRow");
    QTest::addColumn<int>("idleColumn");
    QTest::newRow("gpu") << false << 1 << 2 << 3 << 3;
    QTest::newRow("server") << true << 0 << 1 << 1 << 1;
}

void TestHeatmap::hottestCell()
{
    QFETCH(bool, byServer);
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(int, idleRow);
    QFETCH(int, idleColumn);
    const auto [s, sc] = traffic();
    const TrafficMatrix m =
        byServer ? TrafficMatrix::byServer(s, sc, 0, 0) : TrafficMatrix::byGpu(s, sc, 0, 0);
    const HeatmapPainter painter(m);
    QCOMPARE(m.argmax() / m.size, std::min(row, column));
    QCOMPARE(m.argmax() % m.size, std::max(row, column));
    QCOMPARE(m.at(row, column), 5e7);
    QImage img(600, 400, QImage::Format_RGB32);
    QPainter p(&img);
    const QRectF area(0, 0, 600, 400);
    painter.paint(p, area);
    p.end();
    const QColor top = painter.colourFor(m.max());
    for (auto [r, c] : {std::pair{row, column}, std::pair{column, row}}) {
        const QPoint centre = painter.cellRect(area, r, c).center().toPoint();
        QCOMPARE(img.pixel(centre), top.rgb());
        QCOMPARE(painter.cellAt(area, centre), (std::pair<int, int>{r, c}));
    }
    const QPoint idle = painter.cellRect(area, idleRow, idleColumn).center().toPoint();
    QCOMPARE(img.pixel(idle), QColor(Qt::white).rgb());
    QVERIFY(top.rgb() != QColor(Qt::white).rgb());
}

void TestHeatmap::view()
{
    const auto [s, sc] = traffic();
    HeatmapView v;
    v.resize(600, 500);
    v.setSchedule(s, sc);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    QCOMPARE(v.painter()->matrix().size, 2); // server level first
    v.setLevel(HeatmapView::Level::Gpu);
    QCOMPARE(v.painter()->matrix().size, 4);
    QCOMPARE(v.describe(1, 2), QStringLiteral("a/g1 → b/g0: 50 MB (50000000 B)"));
    // A 4 s window around t = 15 sees only y's traffic (4 of its 10 s: 8 KB each way).
    v.setSpan(HeatmapView::Span::AroundCursor);
    v.setWindow(4.0);
    v.setCursorTime(15.0);
    QCOMPARE(v.painter()->matrix().at(1, 2), 0.0);
    QCOMPARE(v.painter()->matrix().at(0, 1), 8000.0);
    QCOMPARE(v.painter()->matrix().argmax(), 1);
    const QRectF canvas = v.canvasRect();
    QImage shot = v.grab().toImage();
    const QPoint hot = v.painter()->cellRect(canvas, 0, 1).center().toPoint();
    QCOMPARE(shot.pixel(hot), v.painter()->colourFor(8000.0).rgb());
}

// A run without traffic between GPUs (duration jobs) says so in words, instead of an empty grid
// labelled "none".
void TestHeatmap::noTrafficSaysSo()
{
    Scenario s = test::twoServers(2);
    s.jobs = {Job::duration(QStringLiteral("d"), 0.0, 2, 10.0)};
    const auto [result, schedule] = test::runWith(s, QStringLiteral("fifo"));
    const HeatmapPainter heat(TrafficMatrix::byServer(s, schedule, 0.0, 10.0));
    QCOMPARE(heat.matrix().max(), 0.0);
    QImage img(600, 400, QImage::Format_ARGB32_Premultiplied);
    QPainter p(&img);
    heat.paint(p, QRectF(0, 0, 600, 400));
    p.end();
    // Dark text in the middle, no grid: the pixels that are not white are few and grey.
    int dark = 0;
    for (int y = 0; y < 400; ++y)
        for (int x = 0; x < 600; ++x)
            dark += qGray(img.pixel(x, y)) < 160;
    QVERIFY2(dark > 200 && dark < 8000, qPrintable(QString::number(dark)));
}

QTEST_MAIN(TestHeatmap)
#include "tst_heatmap.moc"
