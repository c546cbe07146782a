// The playback animation (ui/export): AnimatedGifWriter's GIFs read back through Qt's GIF
// reader (frame count, size, delays, the colours of solid areas, LZW data that fills and
// clears the code table), PlaybackAnimation's frames (one per decision step or evenly spaced,
// the schedule cut at each moment, the caption's step), its atomic writes and cancel, and
// gantry-cli animate's exit statuses and files.
#include "../common/childprocess.h"
#include "../ui/viewfixtures.h"
#include "export/animatedgifwriter.h"
#include "export/animationworker.h"
#include "export/playbackanimation.h"
#include "io/scenarioreader.h"
#include "results/resultspanel.h"
#include "teaching/teachingpanel.h"
#include "window/resultstab.h"
#include "window/runsession.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QImageReader>
#include <QLabel>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace gantry;
using namespace gantry::ui;

namespace {

struct ReadBack
{
    int frames = 0;
    QSize size;
    std::vector<int> delays;
    std::vector<QImage> images;
};

ReadBack readBack(QIODevice* device)
{
    ReadBack r;
    QImageReader reader(device, "gif");
    r.size = reader.size();
    for (QImage image; reader.read(&image);) {
        r.images.push_back(image.convertToFormat(QImage::Format_RGB32));
        r.delays.push_back(reader.nextImageDelay());
        ++r.frames;
    }
    return r;
}

ReadBack readBack(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return readBack(&f);
}

QImage solid(const QSize& size, const std::vector<QColor>& bands)
{
    // Vertical bands of solid colours, one per entry.
    QImage image(size, QImage::Format_RGB32);
    const int w = size.width() / int(bands.size());
    for (int y = 0; y < size.height(); ++y)
        for (int x = 0; x < size.width(); ++x)
            image.setPixel(x, y, bands[std::size_t(std::min(x / w, int(bands.size()) - 1))].rgb());
    return image;
}

QString sample(const char* name)
{
    return QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + QLatin1String(name);
}

std::pair<Scenario, std::pair<RunResult, Schedule>> teachingRun(const QString& policy)
{
    auto s = ScenarioReader::readFile(sample("teaching.json"));
    if (!s)
        qFatal("%s", qPrintable(s.error().message));
    return {s.value(), test::runWith(s.value(), policy)};
}

} // namespace

class TestAnimation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gifReadsBack_data();
    void gifReadsBack();
    void lzwFillsTheTable();
    void writerRefuses();
    void framesFollowThePlayback_data();
    void framesFollowThePlayback();
    void captionsSpeakInSeconds_data();
    void captionsSpeakInSeconds();
    void scheduleAtCutsSegments();
    void writeIsAtomic();
    void cancelLeavesNoFile();
    void cliAnimate_data();
    void cliAnimate();
    void windowExport_data();
    void windowExport();
};

void TestAnimation::gifReadsBack_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("frames");
    QTest::addColumn<int>("delayMs");
    QTest::newRow("one frame") << QSize(40, 30) << 1 << 100;
    QTest::newRow("three frames") << QSize(120, 80) << 3 << 500;
    QTest::newRow("odd size") << QSize(257, 19) << 4 << 40;
    QTest::newRow("unchanged frames") << QSize(64, 64) << 5 << 1000;
}

void TestAnimation::gifReadsBack()
{
    QFETCH(QSize, size);
    QFETCH(int, frames);
    QFETCH(int, delayMs);
    const std::vector<QColor> colours = {QColor(255, 255, 255), QColor(200, 30, 30),
                                         QColor(40, 120, 220), QColor(30, 30, 30),
                                         QColor(120, 200, 90)};
    std::vector<QImage> images;
    for (int i = 0; i < frames; ++i) {
        // Frames rotate the bands; "unchanged frames" repeats the first one.
        std::vector<QColor> bands = colours;
        if (QByteArray(QTest::currentDataTag()) != "unchanged frames")
            std::rotate(bands.begin(), bands.begin() + i % int(bands.size()), bands.end());
        images.push_back(solid(size, bands));
    }
    QList<QRgb> required;
    for (const QColor& c : colours)
        required << c.rgb();
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    AnimatedGifWriter gif;
    QVERIFY2(gif.open(&buffer, size, AnimatedGifWriter::palette(images, required)),
             qPrintable(gif.error()));
    for (const QImage& image : images)
        QVERIFY(gif.addFrame(image, delayMs));
    QVERIFY(gif.close());
    QCOMPARE(gif.frameCount(), frames);
    QVERIFY(buffer.data().startsWith("GIF89a"));
    QVERIFY(buffer.data().contains("NETSCAPE2.0"));
    QVERIFY(buffer.data().endsWith(';'));

    buffer.close();
    buffer.open(QIODevice::ReadOnly);
    const ReadBack r = readBack(&buffer);
    QCOMPARE(r.size, size);
    QCOMPARE(r.frames, frames);
    for (int i = 0; i < frames; ++i) {
        QCOMPARE(r.delays[std::size_t(i)], delayMs);
        QCOMPARE(r.images[std::size_t(i)].size(), size);
        // Every pixel of a solid frame comes back exactly (its colours are in the table).
        QCOMPARE(r.images[std::size_t(i)], images[std::size_t(i)]);
    }
}

void TestAnimation::lzwFillsTheTable()
{
    // Random pixels fill the 4096-code table many times over: clear codes and the widening of
    // codes from 9 to 12 bits must agree with Qt's decoder, pixel for pixel.
    const QSize size(300, 200);
    QImage image(size, QImage::Format_RGB32);
    QList<QRgb> colours;
    for (int i = 0; i < 256; ++i)
        colours << qRgb(i, (i * 7) % 256, 255 - i);
    QRandomGenerator rng(7);
    for (int y = 0; y < size.height(); ++y)
        for (int x = 0; x < size.width(); ++x)
            image.setPixel(x, y, colours[int(rng.bounded(x < 150 ? 256u : 3u))]);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    AnimatedGifWriter gif;
    QVERIFY(gif.open(&buffer, size, colours));
    QVERIFY(gif.addFrame(image, 100));
    QVERIFY(gif.close());
    buffer.close();
    buffer.open(QIODevice::ReadOnly);
    const ReadBack r = readBack(&buffer);
    QCOMPARE(r.frames, 1);
    QCOMPARE(r.images.front(), image);
}

void TestAnimation::writerRefuses()
{
    QBuffer buffer;
    AnimatedGifWriter gif;
    QVERIFY(!gif.open(&buffer, QSize(10, 10), {qRgb(0, 0, 0)})); // not open for writing
    buffer.open(QIODevice::WriteOnly);
    QVERIFY(!gif.open(&buffer, QSize(0, 10), {qRgb(0, 0, 0)}));
    QVERIFY(!gif.open(&buffer, QSize(10, 10), {}));
    QVERIFY(!gif.addFrame(QImage(10, 10, QImage::Format_RGB32), 10));
    QVERIFY(!gif.error().isEmpty());
}

void TestAnimation::framesFollowThePlayback_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<int>("frames");
    QTest::newRow("asrpt per step") << "asrpt" << 0;
    QTest::newRow("asrpt 7 frames") << "asrpt" << 7;
    QTest::newRow("fifo per step") << "fifo" << 0;
    QTest::newRow("srtf 1 frame") << "srtf" << 1;
}

void TestAnimation::framesFollowThePlayback()
{
    QFETCH(QString, policy);
    QFETCH(int, frames);
    const auto [scenario, run] = teachingRun(policy);
    PlaybackAnimation::Options o;
    o.size = QSize(640, 360);
    o.frames = frames;
    PlaybackAnimation a(scenario, run.second, run.first, o);
    const std::vector<DecisionStep> steps =
        DecisionExplainer::explain(scenario, run.second, run.first.config, run.first.jobs);
    QCOMPARE(a.frameCount(), frames > 0 ? frames : int(steps.size()));
    for (int i = 0; i < a.frameCount(); ++i) {
        if (i > 0)
            QVERIFY(a.frameTime(i) > a.frameTime(i - 1));
        if (frames == 0) {
            QCOMPARE(a.frameTime(i), steps[std::size_t(i)].timeS);
            QCOMPARE(a.frameStep(i), i);
        }
        QCOMPARE(a.frameDelayMs(i), i == a.frameCount() - 1 ? 3 * o.delayMs : o.delayMs);
    }
    QCOMPARE(a.frameTime(a.frameCount() - 1), run.first.summary.makespanS);
    const QImage last = a.frame(a.frameCount() - 1);
    QCOMPARE(last.size(), o.size);
    // Frames differ as the schedule grows (unless there is only one).
    if (a.frameCount() > 1)
        QVERIFY(a.frame(0) != last);
}

void TestAnimation::captionsSpeakInSeconds_data()
{
    QTest::addColumn<QString>("policy");
    QTest::newRow("srtf") << "srtf";
    QTest::newRow("asrpt") << "asrpt";
    QTest::newRow("fifo") << "fifo";
}

// A caption's heading gives its moment as its sentences and the teaching panel do (a run over
// an hour long: minutes and hours would read differently), never in another unit.
void TestAnimation::captionsSpeakInSeconds()
{
    QFETCH(QString, policy);
    auto s = ScenarioReader::readFile(sample("two-racks.json"));
    QVERIFY(s.ok());
    const auto run = test::runWith(s.value(), policy);
    QVERIFY(run.first.summary.makespanS > 3600.0);
    PlaybackAnimation::Options o;
    o.frames = 12;
    PlaybackAnimation a(s.value(), run.second, run.first, o);
    TeachingPanel panel;
    panel.setRun(s.value(), run.second, run.first);
    int checked = 0;
    for (int i = 0; i < a.frameCount(); ++i) {
        const int step = a.frameStep(i);
        if (step < 0)
            continue;
        const QString heading = a.caption(i).heading;
        const QString at = QStringLiteral(" at %1 ").arg(NoteContext::seconds(
            DecisionExplainer(s.value(), run.second, run.first.config, run.first.jobs)
                .stepTime(step)));
        QVERIFY2(heading.contains(at), qPrintable(heading + QLatin1String(" lacks") + at));
        for (const char* unit : {" min", " h ", " h·", " days"})
            QVERIFY2(!heading.contains(QString::fromUtf8(unit)), qPrintable(heading));
        panel.showStep(step);
        QString title;
        for (const QLabel* l : panel.findChildren<QLabel*>())
            if (l->text().startsWith(QLatin1String("Decision ")))
                title = l->text();
        QVERIFY2(title.contains(at), qPrintable(title + QLatin1String(" lacks") + at));
        ++checked;
    }
    QVERIFY(checked >= 10);
}

void TestAnimation::scheduleAtCutsSegments()
{
    const auto [scenario, run] = teachingRun(QStringLiteral("asrpt"));
    const Schedule& full = run.second;
    QVERIFY(!full.virtualSlices.empty());
    const double end = run.first.summary.makespanS;
    for (double t : {0.0, end / 3, end / 2, end}) {
        const Schedule s = PlaybackAnimation::scheduleAt(full, t);
        QVERIFY(!s.virtualSlices.empty()); // the band stays in the layout
        for (const ScheduleSegment& seg : s.segments) {
            QVERIFY(seg.startS <= t);
            QVERIFY(seg.endS <= t);
        }
        for (const VirtualSlice& v : s.virtualSlices)
            QVERIFY(v.toS <= t);
        for (const ScheduleEvent& e : s.events)
            QVERIFY(e.timeS <= t);
    }
    QCOMPARE(PlaybackAnimation::scheduleAt(full, end).segments.size(), full.segments.size());
}

void TestAnimation::writeIsAtomic()
{
    const auto [scenario, run] = teachingRun(QStringLiteral("asrpt"));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("play.gif"));
    PlaybackAnimation::Options o;
    o.size = QSize(480, 320);
    o.frames = 4;
    o.delayMs = 200;
    // Bad options: nothing written, an existing file untouched.
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("old");
    }
    PlaybackAnimation::Options bad = o;
    bad.size = QSize(10, 10);
    const Status refused = PlaybackAnimation(scenario, run.second, run.first, bad).write(path);
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, ErrorKind::InvalidInput);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("old"));
    f.close();
    // A file that cannot be created: an internal error naming it, nothing left behind.
    const QString missing = dir.filePath(QStringLiteral("no/such/dir/play.gif"));
    const Status failed = PlaybackAnimation(scenario, run.second, run.first, o).write(missing);
    QVERIFY(!failed);
    QCOMPARE(failed.error().kind, ErrorKind::Internal);
    QVERIFY(failed.error().message.contains(missing));
    // A good write replaces the file.
    QVERIFY(PlaybackAnimation(scenario, run.second, run.first, o).write(path));
    const ReadBack r = readBack(path);
    QCOMPARE(r.frames, 4);
    QCOMPARE(r.size, o.size);
    QCOMPARE(r.delays, (std::vector<int>{200, 200, 200, 600}));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("play.gif")});
}

void TestAnimation::cancelLeavesNoFile()
{
    const auto [scenario, run] = teachingRun(QStringLiteral("asrpt"));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("play.gif"));
    PlaybackAnimation::Options o;
    o.size = QSize(480, 320);
    o.frames = 6;
    Feedback* self = nullptr;
    double last = 0.0;
    Feedback feedback([&](double fraction, const QString&) {
        last = fraction;
        if (fraction >= 0.3)
            self->cancel();
    });
    self = &feedback;
    const Status s = PlaybackAnimation(scenario, run.second, run.first, o).write(path, &feedback);
    QVERIFY(!s);
    QCOMPARE(s.error().kind, ErrorKind::Cancelled);
    QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    QVERIFY(last >= 0.3 && last < 1.0);
}

void TestAnimation::cliAnimate_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<int>("frames");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("message");
    const QString teaching = sample("teaching.json");
    QTest::newRow("per step") << QStringList{teaching, "--policy", "asrpt", "--size", "640x360"}
                              << 0 << -1 << QSize(640, 360) << QString();
    QTest::newRow("5 frames") << QStringList{teaching, "--policy",   "fifo", "--frames",
                                             "5",      "--delay-ms", "300",  "--no-captions"}
                              << 0 << 5 << QSize(1280, 720) << QString();
    QTest::newRow("bad size") << QStringList{teaching, "--policy", "asrpt", "--size", "12x"} << 2
                              << 0 << QSize() << QStringLiteral("--size");
    QTest::newRow("bad frames") << QStringList{teaching, "--frames", "-3"} << 2 << 0 << QSize()
                                << QStringLiteral("--frames");
    QTest::newRow("bad delay") << QStringList{teaching, "--delay-ms", "x"} << 2 << 0 << QSize()
                               << QStringLiteral("--delay-ms");
    QTest::newRow("unknown policy")
        << QStringList{teaching, "--policy", "nope"} << 2 << 0 << QSize() << QStringLiteral("nope");
    QTest::newRow("malformed scenario")
        << QStringList{QStringLiteral(GANTRY_TEST_DATA "/malformed/empty_file.json")} << 2 << 0
        << QSize() << QStringLiteral("empty_file.json");
    QTest::newRow("no output") << QStringList{teaching, "--policy", "asrpt", "-o", ""} << 2 << 0
                               << QSize() << QStringLiteral("-o");
    QTest::newRow("unwritable") << QStringList{teaching, "--policy", "asrpt", "-o",
                                               QStringLiteral("%1").arg(QString(300, u'x'))}
                                << 1 << 0 << QSize() << QStringLiteral("cannot write");
}

void TestAnimation::cliAnimate()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(int, frames);
    QFETCH(QSize, size);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out.gif"));
    QStringList full = QStringList{QStringLiteral("animate")} + args;
    if (!args.contains(QStringLiteral("-o")))
        full << QStringLiteral("-o") << out;
    else
        for (QString& a : full)
            if (a.startsWith(u'x'))
                a = dir.filePath(a); // a file name too long to create, in an existing folder
    const auto child = test::ChildProcess::run(QStringLiteral(GANTRY_CLI_PATH), full);
    QVERIFY2(child.finished, qPrintable(child.explain()));
    QVERIFY2(child.exitCode == exitCode, qPrintable(child.explain()));
    if (exitCode != 0) {
        QVERIFY2(QString::fromUtf8(child.err).contains(message), qPrintable(child.explain()));
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
        return;
    }
    const ReadBack r = readBack(out);
    QCOMPARE(r.size, size);
    if (frames > 0) {
        QCOMPARE(r.frames, frames);
    } else {
        const auto [scenario, run] = teachingRun(QStringLiteral("asrpt"));
        const auto steps =
            DecisionExplainer::explain(scenario, run.second, run.first.config, run.first.jobs);
        QCOMPARE(r.frames, int(steps.size()));
    }
    QVERIFY(QString::fromUtf8(child.err).contains(QStringLiteral("frames")));
}

void TestAnimation::windowExport_data()
{
    QTest::addColumn<bool>("cancel");
    QTest::newRow("written") << false;
    QTest::newRow("cancelled") << true;
}

void TestAnimation::windowExport()
{
    // The Results tab's Export Animation without its dialogs: the run shown (asrpt of the
    // window's comparison) in the background, animationEnded() at the end.
    QFETCH(bool, cancel);
    auto s = ScenarioReader::readFile(sample("teaching.json"));
    QVERIFY(s);
    RunSession session;
    RunRequest request;
    request.scenario = std::make_shared<const Scenario>(s.value());
    request.scenarioIndex = 0;
    for (const char* policy : {"fifo", "asrpt"}) {
        RunConfig c;
        c.policy = QString::fromLatin1(policy);
        request.configs << c;
    }
    QSignalSpy ran(&session, &RunSession::ended);
    QVERIFY(session.start(std::move(request)));
    QVERIFY(ran.wait(120000));
    ResultsTab tab(&session);
    tab.showRuns(s.value(), true);
    QCOMPARE(tab.resultsPanel()->currentRun(), 1); // the run with the virtual machine

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("slides.gif"));
    PlaybackAnimation::Options o;
    o.size = QSize(800, 450);
    o.frames = cancel ? PlaybackAnimation::MaxFrames : 6;
    QSignalSpy ended(&tab, &ResultsTab::animationEnded);
    QSignalSpy progress(tab.animationWorker(), &AnimationWorker::progress);
    QVERIFY(tab.startAnimationExport(path, o));
    QVERIFY(!tab.startAnimationExport(path, o)); // one at a time
    if (cancel)
        tab.animationWorker()->cancel();
    QVERIFY(ended.wait(120000));
    QCOMPARE(ended.count(), 1);
    QCOMPARE(ended.first().at(0).toBool(), !cancel);
    if (cancel) {
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
        return;
    }
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(0).toDouble(), 1.0);
    const ReadBack r = readBack(path);
    QCOMPARE(r.frames, 6);
    QCOMPARE(r.size, o.size);
}

QTEST_MAIN(TestAnimation)
#include "tst_animation.moc"
