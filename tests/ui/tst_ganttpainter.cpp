// GanttPainter and GanttView: lane and bar counts on a small run (one bar per segment and GPU),
// aggregation into occupancy columns at full zoom-out on a big run and bars again when zoomed
// in, the virtual-machine band for asrpt, hit testing, and a click in the view selecting a job.
#include "gantt/ganttpainter.h"
#include "gantt/ganttview.h"
#include "io/scenarioreader.h"
#include "viewfixtures.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>

#include <cmath>

using namespace gantry;
using namespace gantry::ui;

namespace {

GanttPainter::Stats paintOnce(const GanttPainter& g, const GanttPainter::Options& o,
                              QSize size = QSize(800, 600))
{
    QImage img(size, QImage::Format_ARGB32_Premultiplied);
    QPainter p(&img);
    g.paint(p, QRectF(QPointF(0, 0), QSizeF(size)), o);
    return g.lastStats();
}

int pieces(const Schedule& s)
{
    int n = 0;
    for (const ScheduleSegment& g : s.segments)
        n += g.gpuCount;
    return n;
}

// Two 4-GPU servers, 2000 one-GPU jobs of 10 s arriving every 5 s: about 10,000 s of run.
Scenario busy()
{
    Scenario s = test::twoServers(4);
    for (int i = 0; i < 2000; ++i)
        s.jobs.push_back(Job::duration(QStringLiteral("k%1").arg(i), 5.0 * i, 1, 10.0));
    return s;
}

// 64 servers of 4 GPUs in 8 racks (256 lanes: thinner than 4 pixels in a small frame) and 6000
// jobs of 1 to 8 GPUs and 20 s to 2 days, 3 s apart: sub-pixel pieces and bars at full zoom-out,
// and enough pieces (over 20,000) for two threads to write the lanes.
Scenario crowded()
{
    Scenario s;
    s.name = QStringLiteral("crowded");
    s.cluster.gpuTypes.push_back({QStringLiteral("t"), 100, 80, 1.0});
    for (int r = 0; r < 8; ++r)
        s.cluster.racks.push_back({QStringLiteral("r%1").arg(r), 1000});
    for (int k = 0; k < 64; ++k)
        s.cluster.servers.push_back({QStringLiteral("s%1").arg(k), k / 8, 0, 4, 100, 80});
    s.cluster.finalize();
    for (int i = 0; i < 6000; ++i)
        s.jobs.push_back(Job::duration(QStringLiteral("c%1").arg(i), 3.0 * i, 1 << (i % 4),
                                       20.0 * std::pow(8640.0, double((i * 37) % 101) / 100)));
    return s;
}

// The chart of crowded() run under policy.
GanttPainter crowdedChart(const QString& policy)
{
    const Scenario s = crowded();
    const auto [result, schedule] = test::runWith(s, policy);
    return GanttPainter(s, schedule);
}

} // namespace

class TestGanttPainter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void labelsStayApartWhenCut();
    void smallRun_data();
    void smallRun();
    void aggregatesWhenZoomedOut();
    void virtualBand();
    void hitTest();
    void viewClickSelects();
    void laneLabelsFit_data();
    void laneLabelsFit();
    void jobNamesOnWideBars_data();
    void jobNamesOnWideBars();
    void keptFrameMatchesFreshPaint_data();
    void keptFrameMatchesFreshPaint();
    void directPixelsMatchImagePath_data();
    void directPixelsMatchImagePath();
    void summarizedMatchesEveryPiece_data();
    void summarizedMatchesEveryPiece();
    void sharesWhatItDraws();
};

void TestGanttPainter::smallRun_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<int>("segments");
    // fifo: one segment per job (4 + 8 + 4 pieces); srtf: j1 and j2 preempted twice in all.
    QTest::newRow("fifo") << "fifo" << 3;
    QTest::newRow("srtf") << "srtf" << 6;
}

void TestGanttPainter::smallRun()
{
    QFETCH(QString, policy);
    QFETCH(int, segments);
    const Scenario s = test::classroom();
    const auto [result, schedule] = test::runWith(s, policy);
    QCOMPARE(int(schedule.segments.size()), segments);
    const GanttPainter g(s, schedule);
    QCOMPARE(g.laneCount(), 8);
    QCOMPARE(g.laneLabel(0), QStringLiteral("r0/a/g0"));
    QCOMPARE(g.laneLabel(7), QStringLiteral("r0/b/g3"));
    GanttPainter::Options o; // the whole run, every lane
    const GanttPainter::Stats all = paintOnce(g, o);
    QCOMPARE(all.bars, pieces(schedule));
    QCOMPARE(all.aggregated, 0);
    // Only the lanes of server b: half of every job's pieces that used b.
    o.firstLane = 4;
    o.laneCount = 4;
    int onB = 0;
    for (const ScheduleSegment& seg : schedule.segments)
        for (int gpu : schedule.gpusOf(seg))
            onB += s.cluster.serverOfGpu(gpu) == 1;
    QCOMPARE(paintOnce(g, o).bars, onB);
    // A time range after the end draws nothing.
    o = {};
    o.fromS = g.endS() + 10;
    o.toS = g.endS() + 20;
    QCOMPARE(paintOnce(g, o).bars, 0);
}

void TestGanttPainter::aggregatesWhenZoomedOut()
{
    const Scenario s = busy();
    const auto [result, schedule] = test::runWith(s, QStringLiteral("fifo"));
    const GanttPainter g(s, schedule);
    QVERIFY(g.endS() > 9000);
    GanttPainter::Options o;
    const GanttPainter::Stats zoomedOut = paintOnce(g, o);
    // 10 s bars over ~10,000 s in under 700 px are narrower than a pixel.
    QCOMPARE(zoomedOut.bars + zoomedOut.aggregated, 2000);
    QVERIFY(zoomedOut.aggregated > 1900);
    // Lanes denser than pixels aggregate too, even for wide bars.
    o.fromS = 0;
    o.toS = 100;
    const GanttPainter::Stats thin = paintOnce(g, o, QSize(800, 26));
    QVERIFY(thin.aggregated > 0);
    QCOMPARE(thin.bars, 0);
    // Zoomed in on 100 s: whole bars, about 100 / 5 + 2 of them, none aggregated.
    const GanttPainter::Stats close = paintOnce(g, o);
    QCOMPARE(close.aggregated, 0);
    QVERIFY(close.bars >= 20 && close.bars <= 23);
    // The highlighted job is drawn as a bar even when sub-pixel.
    o = {};
    o.highlightJob = 1000;
    const GanttPainter::Stats hl = paintOnce(g, o);
    QCOMPARE(hl.bars, zoomedOut.bars + 1);
}

void TestGanttPainter::virtualBand()
{
    const Scenario s = test::classroom();
    const auto [result, schedule] = test::runWith(s, QStringLiteral("asrpt"));
    const GanttPainter g(s, schedule);
    QVERIFY(g.hasVirtualMachine());
    GanttPainter::Options o;
    o.showVirtualMachine = false;
    const int lanesOnly = paintOnce(g, o).bars;
    QCOMPARE(lanesOnly, pieces(schedule));
    o.showVirtualMachine = true;
    QCOMPARE(paintOnce(g, o).bars, lanesOnly + int(schedule.virtualSlices.size()));
    // The band takes room below the lanes.
    const QRectF area(0, 0, 800, 600);
    o.showVirtualMachine = false;
    const double without = g.chartRect(area, o).height();
    o.showVirtualMachine = true;
    QVERIFY(g.chartRect(area, o).height() < without);
    // A point in the band at j3's virtual slice (2 s to 7 s) hits j3.
    const QRectF chart = g.chartRect(area, o);
    const double x = chart.left() + 4.5 / g.endS() * chart.width();
    const GanttPainter::Hit hit = g.hitTest(area, o, QPointF(x, chart.bottom() + 20));
    QVERIFY(hit.virtualBand);
    QCOMPARE(hit.job, 2);
}

void TestGanttPainter::hitTest()
{
    const Scenario s = test::classroom();
    const auto [result, schedule] = test::runWith(s, QStringLiteral("fifo"));
    const GanttPainter g(s, schedule);
    const QRectF area(0, 0, 800, 600);
    GanttPainter::Options o;
    const QRectF chart = g.chartRect(area, o);
    auto at = [&](double t, int lane) {
        return QPointF(chart.left() + t / g.endS() * chart.width(),
                       chart.top() + (lane + 0.5) * chart.height() / g.laneCount());
    };
    // j1 runs on server a from 0 to 100, j2 on all GPUs from 100 to 150.
    QCOMPARE(g.hitTest(area, o, at(50, 0)).job, 0);
    QCOMPARE(g.hitTest(area, o, at(125, 6)).job, 1);
    QCOMPARE(g.hitTest(area, o, at(50, 6)).job, -1); // b is idle before 100
    QCOMPARE(g.hitTest(area, o, at(50, 6)).lane, 6);
}

void TestGanttPainter::viewClickSelects()
{
    const Scenario s = test::classroom();
    const auto [result, schedule] = test::runWith(s, QStringLiteral("fifo"));
    GanttView view;
    view.resize(800, 500);
    view.setSchedule(s, schedule);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy spy(&view, &GanttView::jobSelected);
    const QRectF area(view.viewport()->rect());
    const QRectF chart = view.painter()->chartRect(area, view.options());
    const QPoint p(int(chart.left() + 125 / view.painter()->endS() * chart.width()),
                   int(chart.top() + chart.height() * 0.9));
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, p);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 1);
    QCOMPARE(view.highlightedJob(), 1);
    QVERIFY(view.describe(1, 1).contains(QStringLiteral("j2")));
    // Zooming with the wheel narrows the time range around the mouse.
    const double before = view.visibleTo() - view.visibleFrom();
    QWheelEvent wheel(QPointF(p), view.viewport()->mapToGlobal(QPointF(p)), QPoint(),
                      QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view.viewport(), &wheel);
    QVERIFY(view.visibleTo() - view.visibleFrom() < before);
    QVERIFY(view.visibleFrom() <= 125 && view.visibleTo() >= 125);
}

void TestGanttPainter::laneLabelsFit_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("width");
    QTest::newRow("two-racks, 1600") << "two-racks.json" << 1600;
    QTest::newRow("two-racks, 1280") << "two-racks.json" << 1280;
    QTest::newRow("teaching, 1280") << "teaching.json" << 1280;
}

// Every lane label ("rack/server/gN") fits the label column whole at the window's widths, so
// no server name is cut to "rack-mi.../a100-0".
void TestGanttPainter::laneLabelsFit()
{
    QFETCH(QString, file);
    QFETCH(int, width);
    auto read = ScenarioReader::readFile(QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + file);
    QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().message));
    const Scenario s = read.value();
    const Schedule schedule;
    const GanttPainter g(s, schedule);
    const QRectF area(0, 0, width * 0.6, 400);
    const double column = g.chartRect(area, GanttPainter::Options{}).left() - area.left();
    QFont f;
    f.setPointSizeF(8.0);
    const QFontMetricsF fm(f);
    for (int lane = 0; lane < g.laneCount(); ++lane)
        QVERIFY2(fm.horizontalAdvance(g.laneLabel(lane)) <= column - 8.0,
                 qPrintable(g.laneLabel(lane)));
}

void TestGanttPainter::jobNamesOnWideBars_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("named");
    QTest::newRow("wide chart: the name fits") << 1200 << true;
    QTest::newRow("narrow chart: no room") << 200 << false;
}

// A bar wide and tall enough carries its job's name (text pixels inside the bar that are not
// the bar's colour); one too narrow for it does not (its name shows on hover).
void TestGanttPainter::jobNamesOnWideBars()
{
    QFETCH(int, width);
    QFETCH(bool, named);
    Scenario s = test::twoServers(2);
    s.jobs.push_back(Job::duration(QStringLiteral("a-rather-long-job-name"), 0.0, 4, 1000.0));
    s.jobs.push_back(Job::duration(QStringLiteral("short"), 1000.0, 1, 1000.0));
    const auto [result, schedule] = test::runWith(s, QStringLiteral("fifo"));
    GanttPainter g(s, schedule);
    GanttPainter::Options o;
    o.labels = false;
    o.showVirtualMachine = false;
    QImage img(QSize(width, 200), QImage::Format_ARGB32_Premultiplied);
    {
        QPainter p(&img);
        g.paint(p, QRectF(0, 0, width, 200), o);
    }
    const QRectF chart = g.chartRect(QRectF(0, 0, width, 200), o);
    // The first job fills every lane over the first half of the chart.
    const QColor bar = GanttPainter::jobColour(0);
    // Text pixels: in rows of the bar that are mostly its colour (the gaps between lanes and
    // the server line are whole rows of another colour), the pixels of another colour.
    int text = 0;
    const int x0 = int(chart.left()) + 2, x1 = int(chart.center().x()) - 2;
    for (int y = int(chart.top()) + 2; y < int(chart.bottom()) - 2; ++y) {
        int other = 0;
        for (int x = x0; x < x1; ++x) {
            const QColor c = img.pixelColor(x, y);
            other += std::abs(c.red() - bar.red()) + std::abs(c.green() - bar.green()) +
                         std::abs(c.blue() - bar.blue()) >=
                     30;
        }
        if (other < (x1 - x0) / 2)
            text += other;
    }
    QCOMPARE(text > 20, named);
}

// Playback: with reuseFrame the chart is drawn once and only the cursor again; every frame must
// still be the one a fresh paint gives, whatever changes between frames.
void TestGanttPainter::keptFrameMatchesFreshPaint_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<double>("toFraction"); // visible range [0, fraction x end]
    QTest::addColumn<int>("highlight");     // job highlighted in the last frame
    QTest::newRow("full zoom-out, fifo") << QStringLiteral("fifo") << 1.0 << 7;
    QTest::newRow("zoomed in, fifo") << QStringLiteral("fifo") << 0.02 << 3;
    QTest::newRow("asrpt with its virtual band") << QStringLiteral("asrpt") << 1.0 << 2;
}

void TestGanttPainter::keptFrameMatchesFreshPaint()
{
    QFETCH(QString, policy);
    QFETCH(double, toFraction);
    QFETCH(int, highlight);
    const Scenario s = policy == QLatin1String("asrpt") ? test::classroom() : busy();
    const auto [result, schedule] = test::runWith(s, policy);
    const GanttPainter kept(s, schedule), fresh(s, schedule);
    GanttPainter::Options o;
    o.toS = kept.endS() * toFraction;
    const auto frame = [](const GanttPainter& g, const GanttPainter::Options& opt) {
        QImage img(QSize(640, 360), QImage::Format_ARGB32_Premultiplied);
        QPainter p(&img);
        g.paint(p, QRectF(0, 0, 640, 360), opt);
        return img;
    };
    QImage previous;
    for (int step = 0; step < 4; ++step) {
        o.cursorS = o.toS * (0.2 + 0.25 * step);
        if (step == 3)
            o.highlightJob = highlight; // a change beside the cursor draws the chart anew
        GanttPainter::Options direct = o;
        direct.reuseFrame = false;
        const QImage a = frame(kept, o), b = frame(fresh, direct);
        QCOMPARE(a, b);
        QCOMPARE(kept.lastStats().bars, fresh.lastStats().bars);
        QCOMPARE(kept.lastStats().aggregated, fresh.lastStats().aggregated);
        QVERIFY(a != previous); // the cursor moved
        previous = a;
    }
}

void TestGanttPainter::directPixelsMatchImagePath_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("fromFraction"); // visible range, as fractions of the run
    QTest::addColumn<double>("toFraction");
    QTest::addColumn<bool>("labels");
    QTest::newRow("full zoom-out, fifo")
        << QStringLiteral("fifo") << QSize(640, 480) << 0.0 << 1.0 << true;
    QTest::newRow("full zoom-out, asrpt band")
        << QStringLiteral("asrpt") << QSize(900, 500) << 0.0 << 1.0 << true;
    QTest::newRow("dense lanes, asrpt")
        << QStringLiteral("asrpt") << QSize(700, 200) << 0.0 << 1.0 << true;
    QTest::newRow("first half, no labels")
        << QStringLiteral("sjf") << QSize(640, 400) << 0.0 << 0.5 << false;
}

// The lanes written straight into a 32-bit image (a white chart) give the pixels of the
// straightforward way, a transparent image of bars and occupancy drawn over the chart, which
// the painter takes where it cannot write the device's pixels (here: a non-premultiplied
// image); at an offset in the image too. Either way two threads write chunks of the lanes.
void TestGanttPainter::directPixelsMatchImagePath()
{
    QFETCH(QString, policy);
    QFETCH(QSize, size);
    QFETCH(double, fromFraction);
    QFETCH(double, toFraction);
    QFETCH(bool, labels);
    const GanttPainter g = crowdedChart(policy);
    GanttPainter::Options o;
    o.fromS = g.endS() * fromFraction;
    o.toS = g.endS() * toFraction;
    o.labels = labels;
    o.reuseFrame = false;
    for (const QPoint offset : {QPoint(0, 0), QPoint(13, 7)}) {
        const QRectF area(offset, size);
        const auto frame = [&](QImage::Format format) {
            QImage img(size + QSize(20, 10), format);
            img.fill(Qt::gray);
            QPainter p(&img);
            g.paint(p, area, o);
            p.end();
            return img.convertToFormat(QImage::Format_ARGB32_Premultiplied);
        };
        const QImage direct = frame(QImage::Format_ARGB32_Premultiplied);
        const GanttPainter::Stats stats = g.lastStats();
        QVERIFY(stats.aggregated > 20); // occupancy and bars both drawn
        QVERIFY(stats.bars > 10);
        QCOMPARE(direct, frame(QImage::Format_ARGB32));
        QCOMPARE(direct, frame(QImage::Format_RGB32));
    }
}

void TestGanttPainter::summarizedMatchesEveryPiece_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("highlight");
    QTest::newRow("thin lanes, asrpt band") << QStringLiteral("asrpt") << QSize(900, 500) << -1;
    QTest::newRow("thin lanes, highlighted") << QStringLiteral("asrpt") << QSize(900, 500) << 40;
    QTest::newRow("dense lanes, fifo") << QStringLiteral("fifo") << QSize(700, 200) << -1;
    QTest::newRow("dense lanes, highlighted") << QStringLiteral("fifo") << QSize(700, 200) << 40;
}

// Drawn by pixel columns (the level of detail of many pieces), a frame shows what drawing every
// piece shows: where a column holds only pieces narrower than a pixel their summed coverage is
// the lane's busy time there, and the bars are the same. The sums differ only in rounding (float
// sums piece by piece against double busy times), which moves an occupancy shade by one level
// of 255 at most, in few pixels.
void TestGanttPainter::summarizedMatchesEveryPiece()
{
    QFETCH(QString, policy);
    QFETCH(QSize, size);
    QFETCH(int, highlight);
    const GanttPainter g = crowdedChart(policy);
    GanttPainter::Options o;
    o.reuseFrame = false;
    o.highlightJob = highlight;
    const auto frame = [&](GanttLevels::Detail detail) {
        o.detail = detail;
        QImage img(size, QImage::Format_ARGB32_Premultiplied);
        QPainter p(&img);
        g.paint(p, QRectF(QPointF(0, 0), QSizeF(size)), o);
        p.end();
        return img;
    };
    const QImage every = frame(GanttLevels::Detail::EveryPiece);
    const GanttPainter::Stats everyStats = g.lastStats();
    const QImage summarized = frame(GanttLevels::Detail::Summarized);
    QCOMPARE(g.lastStats().bars, everyStats.bars);
    QVERIFY(everyStats.aggregated > 1000);
    int differing = 0;
    for (int y = 0; y < size.height(); ++y)
        for (int x = 0; x < size.width(); ++x) {
            const QRgb a = every.pixel(x, y), b = summarized.pixel(x, y);
            if (a == b)
                continue;
            ++differing;
            QVERIFY2(std::abs(qRed(a) - qRed(b)) <= 1 && std::abs(qGreen(a) - qGreen(b)) <= 1 &&
                         std::abs(qBlue(a) - qBlue(b)) <= 1,
                     qPrintable(QStringLiteral("pixel %1,%2").arg(x).arg(y)));
        }
    QVERIFY2(differing * 100 <= size.width() * size.height(),
             qPrintable(QString::number(differing)));
    // Automatic keeps drawing piece by piece at this size (too few pieces to gain).
    o.detail = GanttLevels::Detail::Automatic;
    QCOMPARE(frame(GanttLevels::Detail::Automatic), every);
}

// Lanes whose labels differ in the middle (two servers of one rack) stay apart when the label
// column is too narrow for them: the cut takes the start, never the server or the GPU.
void TestGanttPainter::labelsStayApartWhenCut()
{
    const QFontMetricsF fm(QFont{});
    const QString a = QStringLiteral("rack-mixed/a100-0/g0");
    const QString v = QStringLiteral("rack-mixed/v100-0/g0");
    const double width = fm.horizontalAdvance(QStringLiteral("mixed/a100-0/g0"));
    const QString fa = GanttPainter::fitLabel(a, fm, width);
    const QString fv = GanttPainter::fitLabel(v, fm, width);
    QVERIFY(fm.horizontalAdvance(fa) <= width);
    QVERIFY2(fa != fv, qPrintable(fa + QStringLiteral(" / ") + fv));
    QVERIFY2(fa.endsWith(QLatin1String("a100-0/g0")), qPrintable(fa));
    QCOMPARE(GanttPainter::fitLabel(a, fm, 1000.0), a); // room: whole
}

// The window's four Gantt charts of a run read its scenario and schedule where the run keeps
// them (a million-job run is several gigabytes otherwise); a scenario whose cluster was edited
// without finalize() is copied and finalized, and draws the same chart.
void TestGanttPainter::sharesWhatItDraws()
{
    const Scenario s = busy();
    const auto [result, schedule] = test::runWith(s, QStringLiteral("fifo"));
    auto scenario = std::make_shared<const Scenario>(s);
    auto shared = std::make_shared<const Schedule>(schedule);
    QVERIFY(scenario->cluster.finalized());
    const GanttPainter painter(scenario, shared);
    QCOMPARE(&painter.scenario(), scenario.get());
    QCOMPARE(&painter.schedule(), shared.get());

    Scenario edited = s;
    edited.cluster.servers.front().gpus += 1; // index tables now stale
    QVERIFY(!edited.cluster.finalized());
    auto stale = std::make_shared<const Scenario>(edited);
    const GanttPainter copied(stale, shared);
    QVERIFY(&copied.scenario() != stale.get());
    QVERIFY(copied.scenario().cluster.finalized());
    QCOMPARE(copied.laneCount(), GanttPainter(edited, schedule).laneCount());

    // The same pixels as a painter of copies.
    const GanttPainter own(s, schedule);
    GanttPainter::Options o;
    o.fromS = 0;
    o.toS = own.endS();
    for (const GanttPainter* g : {&painter, &own}) {
        QCOMPARE(g->endS(), own.endS());
        QCOMPARE(g->laneCount(), own.laneCount());
    }
    QImage a(640, 360, QImage::Format_ARGB32_Premultiplied), b = a;
    {
        QPainter p(&a);
        painter.paint(p, QRectF(0, 0, 640, 360), o);
    }
    {
        QPainter p(&b);
        own.paint(p, QRectF(0, 0, 640, 360), o);
    }
    QCOMPARE(a, b);

    GanttView view;
    view.setSchedule(scenario, shared);
    QCOMPARE(&view.painter()->schedule(), shared.get());

    // A second chart of the same pair shares what the first built and draws the same pixels.
    const GanttPainter again(scenario, shared);
    QImage c(640, 360, QImage::Format_ARGB32_Premultiplied);
    {
        QPainter p(&c);
        again.paint(p, QRectF(0, 0, 640, 360), o);
    }
    QCOMPARE(c, a);
    // A chart of another schedule, made once the first schedule's charts are gone (its address
    // may be reused), draws that schedule, not what was built for the first.
    Scenario shorter = s;
    shorter.jobs.resize(500);
    const auto [shortResult, shortSchedule] = test::runWith(shorter, QStringLiteral("fifo"));
    const double shortEnd = GanttPainter(shorter, shortSchedule).endS();
    QVERIFY(shortEnd < own.endS());
    for (int round = 0; round < 4; ++round) {
        const bool longOne = round % 2 == 0;
        const auto one = std::make_shared<const Schedule>(longOne ? schedule : shortSchedule);
        const GanttPainter chart(scenario, one);
        QCOMPARE(chart.endS(), longOne ? own.endS() : shortEnd);
    }
}

QTEST_MAIN(TestGanttPainter)
#include "tst_ganttpainter.moc"
