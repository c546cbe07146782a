// gantry-uibench [--frames-only] [--dump DIR] [--rounds N] [--json] [SCENARIO]: runs the scenario
// (default sampledata/philly-512.json) under asrpt (oracle predictor, consolidate placement) with a
// ScheduleRecorder and times the same run recording decision notes against it without (medians of
// three pairs run alternately), then times GanttPainter frames into a 1600x900 image at full
// zoom-out and at a close zoom (1 hour, 64 lanes), each drawn anew and with the playback cursor
// moving (the kept frame reused): median of 30 frames, with the bars and aggregated pieces of a
// frame. Then runs the scenario again in a worker thread while a 10 ms timer on the main thread
// records the largest gap between ticks. Last, the window as a user waits for it: opening the
// scenario in a MainWindow, and saving its project with three runs (fifo, sjf, asrpt) to a new
// file, opening that project in a fresh window, and the longest the window stood still during each:
// medians of 3 windows (--rounds N windows). --frames-only stops after the frames; --dump DIR
// writes each kind of frame timed, as drawn last, to DIR/<n>.png, and a full frame with a job
// highlighted to DIR/highlighted.png (to compare the pixels of two builds), and the first window as
// its save's busy dialog shows to DIR/saving.png.
// --json prints the figures as one JSON object on standard output (the text goes to standard
// error), for gantry-cli bench
// --suite scale.
#include "gantt/ganttpainter.h"
#include "io/scenarioreader.h"
#include "mainwindow.h"
#include "run/runner.h"
#include "sim/schedulerecorder.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QPixmap>
#include <QProgressDialog>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

using namespace gantry;

namespace {

// Where the text goes: standard output, or standard error under --json.
std::FILE* textOut = stdout;

struct Frame
{
    double medianMs = 0.0;
    double maxMs = 0.0;
    ui::GanttPainter::Stats stats;
};

// Times frames of o; with playback the cursor moves across the visible range frame by frame
// (the kept frame is reused), else every frame is drawn anew.
Frame timeFrames(const ui::GanttPainter& gantt, ui::GanttPainter::Options o, int frames,
                 bool playback, const QString& dumpPath)
{
    QImage img(1600, 900, QImage::Format_ARGB32_Premultiplied);
    std::vector<double> ms;
    o.reuseFrame = playback;
    const double from = o.toS > o.fromS ? o.fromS : 0.0;
    const double to = o.toS > o.fromS ? o.toS : gantt.endS();
    for (int i = 0; i < frames; ++i) {
        if (playback)
            o.cursorS = from + (to - from) * (i + 0.5) / frames;
        QElapsedTimer t;
        t.start();
        QPainter p(&img);
        gantt.paint(p, QRectF(0, 0, 1600, 900), o);
        p.end();
        ms.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    if (!dumpPath.isEmpty() && !img.save(dumpPath))
        std::fprintf(stderr, "cannot write %s\n", qPrintable(dumpPath));
    std::sort(ms.begin(), ms.end());
    return {ms[ms.size() / 2], ms.back(), gantt.lastStats()};
}

RunConfig benchConfig()
{
    RunConfig c;
    c.policy = QStringLiteral("asrpt");
    c.predictor = QStringLiteral("oracle");
    c.placement = QStringLiteral("consolidate");
    return c;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

// The longest a 10 ms timer on the window's thread waited between two ticks, from start() on:
// how long the window stood still. With a dump file, the window as the busy dialog of a file's
// open or save first shows is written there.
class StallMeter
{
public:
    StallMeter(QWidget* window, QString dump) : m_window(window), m_dump(std::move(dump))
    {
        m_ticker.setInterval(10);
        QObject::connect(&m_ticker, &QTimer::timeout, [this] { tick(); });
    }
    void start()
    {
        m_clock.start();
        m_last = 0;
        m_worst = 0;
        m_ticker.start();
    }
    qint64 stop()
    {
        m_ticker.stop();
        return std::max(m_worst, m_clock.elapsed() - m_last);
    }

private:
    void tick()
    {
        const qint64 now = m_clock.elapsed();
        m_worst = std::max(m_worst, now - m_last);
        m_last = now;
        auto* busy = m_window->findChild<QProgressDialog*>(QStringLiteral("liveWaitDialog"));
        if (!m_dump.isEmpty() && busy && busy->isVisible()) {
            QPixmap shot = m_window->grab();
            QPainter painter(&shot);
            painter.drawPixmap(busy->geometry().topLeft() - m_window->geometry().topLeft(),
                               busy->grab());
            painter.end();
            if (shot.save(m_dump))
                m_dump.clear();
        }
    }

    QWidget* m_window;
    QString m_dump;
    QTimer m_ticker;
    QElapsedTimer m_clock;
    qint64 m_last = 0, m_worst = 0;
};

// Opens path in a fresh window and saves its project with three runs, rounds times; prints the
// medians (and the longest the window stood still during each) and puts them in figures. With
// dumpDir, the first window as the busy dialogs of the open and of the save first show goes to
// dumpDir/opening.png and dumpDir/saving.png. False when a step fails.
// A window as the user's: 1600x1000, shown, not interactive (no question, no file dialog).
std::unique_ptr<ui::MainWindow> freshWindow()
{
    auto w = std::make_unique<ui::MainWindow>();
    w->setInteractive(false);
    w->resize(1600, 1000);
    w->show();
    QCoreApplication::processEvents();
    return w;
}

// Times step (a file's open or save in window) until the window has taken its result in,
// adding its seconds and the window's longest stall; dump as StallMeter's. False when it fails.
bool timeStep(QWidget* window, const QString& dump, const std::function<bool()>& step,
              std::vector<double>& seconds, std::vector<double>& stallMs)
{
    StallMeter stall(window, dump);
    QElapsedTimer t;
    t.start();
    stall.start();
    if (!step())
        return false;
    QCoreApplication::processEvents(); // the views take the result in
    seconds.push_back(double(t.nsecsElapsed()) / 1e9);
    stallMs.push_back(double(stall.stop()));
    return true;
}

bool timeWindow(const QString& path, int rounds, QJsonObject& figures, const QString& dumpDir)
{
    QTemporaryDir dir;
    std::vector<double> openS, saveS, reopenS, openStallMs, saveStallMs, reopenStallMs;
    double sizeMb = 0.0;
    for (int round = 0; round < rounds; ++round) {
        auto w = freshWindow();
        const auto dump = [&](const char* name) {
            return dumpDir.isEmpty() || round > 0 ? QString()
                                                  : QDir(dumpDir).filePath(QLatin1String(name));
        };
        if (!timeStep(
                w.get(), dump("opening.png"), [&] { return w->openFile(path); }, openS,
                openStallMs))
            return false;

        w->setCheckedPolicies(
            {QStringLiteral("fifo"), QStringLiteral("sjf"), QStringLiteral("asrpt")});
        if (!w->setPlacementAndPredictor(QStringLiteral("consolidate"), QStringLiteral("oracle")))
            return false;
        QEventLoop loop;
        QObject::connect(w.get(), &ui::MainWindow::runEnded, &loop, &QEventLoop::quit);
        if (!w->startRun())
            return false;
        loop.exec();
        if (w->lastOutcome() != ui::MainWindow::Outcome::Completed)
            return false;
        const QString file = dir.filePath(QStringLiteral("philly-%1.gantry").arg(round));
        if (!timeStep(
                w.get(), dump("saving.png"), [&] { return w->saveProjectAs(file); }, saveS,
                saveStallMs))
            return false;
        sizeMb = double(QFileInfo(file).size()) / 1e6;

        // The saved project opened again in a fresh window, as the user's next session does
        // (the first one closed, so that the bench's peak memory is one window's).
        w.reset();
        const auto again = freshWindow();
        if (!timeStep(
                again.get(), QString(), [&] { return again->openFile(file); }, reopenS,
                reopenStallMs))
            return false;
    }
    std::fprintf(textOut,
                 "\nwindow (median of %d): open the scenario %.2f s (target 1.5 s); save its "
                 "project with three runs (fifo, sjf, asrpt) %.2f s, %.1f MB (target 3 s); "
                 "the window's longest stall during the open %.0f ms, during the save %.0f ms; "
                 "open the saved project in a fresh window %.2f s, longest stall %.0f ms\n",
                 rounds, median(openS), median(saveS), sizeMb, median(openStallMs),
                 median(saveStallMs), median(reopenS), median(reopenStallMs));
    figures.insert("window", QJsonObject{{"rounds", rounds},
                                         {"open_s", median(openS)},
                                         {"save_s", median(saveS)},
                                         {"open_stall_ms", median(openStallMs)},
                                         {"save_stall_ms", median(saveStallMs)},
                                         {"reopen_s", median(reopenS)},
                                         {"reopen_stall_ms", median(reopenStallMs)},
                                         {"project_mb", sizeMb}});
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QString path = QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/philly-512.json");
    QString dumpDir;
    bool framesOnly = false, json = false;
    int rounds = 3;
    const QStringList args = QCoreApplication::arguments();
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--frames-only"))
            framesOnly = true;
        else if (args[i] == QLatin1String("--json"))
            json = true;
        else if (args[i] == QLatin1String("--rounds") && i + 1 < args.size())
            rounds = std::max(1, args[++i].toInt());
        else if (args[i] == QLatin1String("--dump") && i + 1 < args.size())
            dumpDir = args[++i];
        else
            path = args[i];
    }
    if (json)
        textOut = stderr;
    QJsonObject figures;
    // Under --json the figures so far, whatever happens next.
    const auto finish = [&](int status) {
        if (json) {
            figures.insert("exit", status);
            std::printf("%s\n", QJsonDocument(figures).toJson(QJsonDocument::Compact).constData());
        }
        return status;
    };
    auto read = ScenarioReader::readFile(path);
    if (!read.ok()) {
        std::fprintf(stderr, "%s\n", qPrintable(read.error().message));
        return 2;
    }
    // Held until the window's part, which reads the file itself: the bench's own run, its
    // notes and its Gantt chart are freed before then, so that the peak memory is the window's.
    auto held = std::make_unique<const Scenario>(std::move(read).value());
    const Scenario& scenario = *held;
    QElapsedTimer runTimer;
    runTimer.start();
    ScheduleRecorder rec(scenario, ScheduleRecorder::Notes::Skip);
    auto run = Runner::run(scenario, benchConfig(), nullptr, {&rec});
    if (!run.ok()) {
        std::fprintf(stderr, "%s\n", qPrintable(run.error().message));
        return 2;
    }
    const double runS = double(runTimer.nsecsElapsed()) / 1e9;
    auto recorded = std::make_unique<const Schedule>(rec.take());
    const Schedule& schedule = *recorded;
    auto painter = std::make_unique<const ui::GanttPainter>(scenario, schedule);
    const ui::GanttPainter& gantt = *painter;
    std::fprintf(textOut,
                 "scenario %s: %zu jobs, %d lanes, %zu segments, %zu virtual slices; run %.2f s\n",
                 qPrintable(scenario.name), scenario.jobs.size(), gantt.laneCount(),
                 schedule.segments.size(), schedule.virtualSlices.size(), runS);
    figures.insert("scenario", scenario.name);
    figures.insert("jobs", qint64(scenario.jobs.size()));
    figures.insert("run_s", runS);
    // The same run recording the policy's decision notes, as the window does for teaching mode,
    // against the run without them: kNotePairs pairs run alternately, medians (a single pair
    // differs by a third either way, as the first of two runs pays for memory the second reuses).
    {
        constexpr int kNotePairs = 3;
        std::vector<double> plainS, notesS;
        std::size_t notes = 0;
        double notesMb = 0.0;
        bool ok = true;
        for (int pair = 0; pair < kNotePairs && ok; ++pair) {
            for (const bool withNotes : {false, true}) {
                QElapsedTimer t;
                t.start();
                ScheduleRecorder r(scenario, withNotes ? ScheduleRecorder::Notes::Record
                                                       : ScheduleRecorder::Notes::Skip);
                ok = Runner::run(scenario, benchConfig(), nullptr, {&r}).ok();
                (withNotes ? notesS : plainS).push_back(double(t.nsecsElapsed()) / 1e9);
                if (ok && withNotes) {
                    const Schedule kept = r.take();
                    notes = kept.notes.size();
                    notesMb = double(kept.notes.bytes()) / 1e6;
                }
            }
        }
        if (ok) {
            const double plain = median(plainS), noted = median(notesS);
            std::fprintf(textOut,
                         "same run recording decision notes: %.2f s against %.2f s without "
                         "(%.2fx; medians of %d alternated pairs), %zu notes, %.1f MB\n",
                         noted, plain, plain > 0.0 ? noted / plain : 0.0, kNotePairs, notes,
                         notesMb);
            figures.insert("notes_run_s", noted);
            figures.insert("notes_plain_run_s", plain);
            figures.insert("notes", qint64(notes));
            figures.insert("notes_mb", notesMb);
        }
    }

    ui::GanttPainter::Options full;
    full.fromS = 0;
    full.toS = gantt.endS();
    ui::GanttPainter::Options close;
    // An hour in the middle of the run, 64 lanes from the middle of the cluster.
    close.fromS = gantt.endS() / 2;
    close.toS = close.fromS + 3600.0;
    close.firstLane = std::max(0, gantt.laneCount() / 2 - 32);
    close.laneCount = 64;
    close.cursorS = close.fromS + 1800.0;
    const int frames = 30;
    int kind = 0; // frames of each kind are dumped to <kind>.png
    std::fprintf(textOut, "\n%-40s %10s %10s %8s %11s\n", "frame 1600x900", "median ms", "max ms",
                 "bars", "aggregated");
    QJsonArray frameRows;
    for (auto [label, o] :
         {std::pair{"full zoom-out", full}, std::pair{"close (1 h, 64 lanes)", close}}) {
        for (const bool playback : {false, true}) {
            const QString dump =
                dumpDir.isEmpty() ? QString() : dumpDir + QStringLiteral("/%1.png").arg(kind);
            ++kind;
            const Frame f = timeFrames(gantt, o, frames, playback, dump);
            const QString name =
                QString::fromLatin1(label) +
                (playback ? QStringLiteral(", cursor moving") : QStringLiteral(", drawn anew"));
            std::fprintf(textOut, "%-40s %10.2f %10.2f %8d %11d\n", qPrintable(name), f.medianMs,
                         f.maxMs, f.stats.bars, f.stats.aggregated);
            frameRows.append(QJsonObject{{"frame", name},
                                         {"median_ms", f.medianMs},
                                         {"max_ms", f.maxMs},
                                         {"bars", f.stats.bars},
                                         {"aggregated", f.stats.aggregated}});
            if (!playback && !qstrcmp(label, "full zoom-out"))
                figures.insert("full_zoom_out_anew_ms", f.medianMs);
        }
    }
    std::fprintf(textOut,
                 "target: under 8 ms a frame while the cursor moves (median of %d frames)\n",
                 frames);
    figures.insert("frames", frameRows);
    if (!dumpDir.isEmpty()) {
        // Also a frame with a job highlighted (the others dimmed), to compare those pixels too.
        ui::GanttPainter::Options highlighted = full;
        highlighted.highlightJob = int(scenario.jobs.size() / 3);
        timeFrames(gantt, highlighted, 1, false, dumpDir + QStringLiteral("/highlighted.png"));
    }
    if (framesOnly)
        return finish(0);
    painter.reset();
    recorded.reset();

    // Event-loop stall: the same run in a worker thread, a 10 ms timer on this thread.
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, worst = 0;
    long ticks = 0;
    QTimer timer;
    timer.setInterval(10);
    QObject::connect(&timer, &QTimer::timeout, [&] {
        const qint64 now = clock.elapsed();
        worst = std::max(worst, now - last);
        last = now;
        ++ticks;
    });
    bool ok = false;
    QThread* worker = QThread::create([&] {
        ScheduleRecorder r(scenario, ScheduleRecorder::Notes::Skip);
        ok = Runner::run(scenario, benchConfig(), nullptr, {&r}).ok();
        const Schedule s = r.take();
        Q_UNUSED(s);
    });
    QObject::connect(worker, &QThread::finished, &app, &QCoreApplication::quit);
    timer.start();
    last = clock.elapsed();
    worker->start();
    app.exec();
    timer.stop();
    worker->wait();
    delete worker;
    std::fprintf(textOut,
                 "\nevent loop during a run in a worker thread: %.2f s, %ld ticks of 10 ms, "
                 "largest gap %lld ms (target: no stall over 100 ms)%s\n",
                 double(clock.elapsed()) / 1000.0, ticks, worst, ok ? "" : " [run failed]");
    figures.insert("event_loop_gap_ms", double(worst));
    if (!ok)
        return finish(1);
    held.reset();
    if (!timeWindow(path, rounds, figures, dumpDir)) {
        std::fprintf(textOut, "window: a step failed\n");
        return finish(1);
    }
    return finish(0);
}
