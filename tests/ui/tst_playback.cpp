// PlaybackController and PlaybackBar: stepping visits the schedule's event times in order
// both ways, playing advances at the speed and stops at the end, and the bar's counters show
// the schedule's free GPUs, queue and running jobs at the cursor.
#include "format/readabletext.h"
#include "playback/playbackbar.h"
#include "playback/playbackcontroller.h"
#include "viewfixtures.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using namespace gantry;
using namespace gantry::ui;

class TestPlayback : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stepping_data();
    void stepping();
    void playing();
    void barCounters();
    void readableText_data();
    void readableText();
};

void TestPlayback::stepping_data()
{
    QTest::addColumn<QString>("policy");
    QTest::newRow("fifo") << "fifo";
    QTest::newRow("srtf") << "srtf";
    QTest::newRow("asrpt") << "asrpt";
}

void TestPlayback::stepping()
{
    QFETCH(QString, policy);
    const Scenario s = test::classroom();
    const auto [result, schedule] = test::runWith(s, policy);
    std::vector<double> times;
    for (const ScheduleEvent& e : schedule.events)
        times.push_back(e.timeS);
    PlaybackController c;
    c.setTimeline(times, result.summary.makespanS);
    std::vector<double> distinct = times;
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    QCOMPARE(c.eventTimes(), distinct);
    QSignalSpy spy(&c, &PlaybackController::cursorChanged);
    QCOMPARE(c.cursor(), 0.0);
    // Forward from 0: every later event time once, in order.
    std::vector<double> visited;
    for (std::size_t i = 1; i < distinct.size(); ++i) {
        c.stepForward();
        visited.push_back(c.cursor());
    }
    QCOMPARE(visited, std::vector<double>(distinct.begin() + 1, distinct.end()));
    QCOMPARE(spy.count(), int(distinct.size()) - 1);
    c.stepForward(); // at the last event: stays at the end
    QCOMPARE(c.cursor(), c.endS());
    // Back from the end (the last completion): the earlier times in reverse.
    QCOMPARE(c.endS(), distinct.back());
    std::vector<double> back;
    for (std::size_t i = 0; i < distinct.size() - 1; ++i) {
        c.stepBack();
        back.push_back(c.cursor());
    }
    const std::vector<double> expected(distinct.rbegin() + 1, distinct.rend());
    QCOMPARE(back, expected);
}

void TestPlayback::playing()
{
    PlaybackController c;
    c.setTimeline({0.0, 10.0, 20.0}, 60.0);
    QCOMPARE(c.speed(), 1.0); // the whole minute-long timeline in a minute
    c.setSpeed(20.0);
    QSignalSpy playing(&c, &PlaybackController::playingChanged);
    c.play();
    QVERIFY(c.isPlaying());
    c.advance(0.5);
    QCOMPARE(c.cursor(), 10.0);
    c.advance(10.0); // past the end: clamps and stops
    QCOMPARE(c.cursor(), 60.0);
    QVERIFY(!c.isPlaying());
    QCOMPARE(playing.count(), 2);
    // The timer plays on its own.
    c.setCursor(0.0);
    c.play();
    QTRY_VERIFY(c.cursor() > 0.0);
    c.pause();
    QVERIFY(!c.isPlaying());
}

void TestPlayback::barCounters()
{
    const Scenario s = test::classroom();
    const auto [result, schedule] = test::runWith(s, QStringLiteral("fifo"));
    std::vector<double> times;
    for (const ScheduleEvent& e : schedule.events)
        times.push_back(e.timeS);
    PlaybackController c;
    c.setTimeline(times, 160.0);
    PlaybackBar bar(&c);
    bar.setCounters(schedule.counters, 8);
    auto* label = bar.findChild<QLabel*>(QStringLiteral("counters"));
    QVERIFY(label);
    // fifo: at 2 s j1 runs on 4 GPUs, j2 and j3 wait.
    c.setCursor(2.5);
    QCOMPARE(label->text(), QStringLiteral("4 GPUs free · 2 jobs waiting · 1 running"));
    // The step button moves to the next event: j1 finishes and j2 starts at 100 s.
    bar.findChild<QToolButton*>(QStringLiteral("stepForward"))->click();
    QCOMPARE(c.cursor(), 100.0);
    QCOMPARE(label->text(), QStringLiteral("0 GPUs free · 1 job waiting · 1 running"));
    c.setCursor(160.0);
    QCOMPARE(label->text(), QStringLiteral("8 GPUs free · 0 jobs waiting · 0 running"));

    // The speed says how long the whole run plays, and the default plays it in a minute.
    auto* speed = bar.findChild<QComboBox*>(QStringLiteral("speed"));
    QVERIFY(speed);
    QCOMPARE(speed->currentText(), QStringLiteral("whole run in 1 min"));
    QCOMPARE(c.speed(), 160.0 / 60.0);
    QVERIFY2(speed->toolTip().contains(QLatin1String("2.67 s of the run per second")),
             qPrintable(speed->toolTip()));
}

void TestPlayback::readableText_data()
{
    QTest::addColumn<double>("seconds");
    QTest::addColumn<QString>("text");
    QTest::newRow("seconds") << 45.0 << "45 s";
    QTest::newRow("fraction") << 2.5 << "2.5 s";
    QTest::newRow("minutes") << 750.0 << "12.5 min";
    QTest::newRow("hours") << 3.0 * 3600.0 << "3 h";
    QTest::newRow("days") << 9'408'690.0 << "109 days";
    QTest::newRow("zero") << 0.0 << "0 s";
}

// Durations in the unit people read; counts with the right plural.
void TestPlayback::readableText()
{
    QFETCH(double, seconds);
    QFETCH(QString, text);
    QCOMPARE(ReadableText::duration(seconds), text);
    QCOMPARE(ReadableText::count(1, QStringLiteral("GPU"), QStringLiteral("GPUs")),
             QStringLiteral("1 GPU"));
    QCOMPARE(ReadableText::count(1024, QStringLiteral("job"), QStringLiteral("jobs")),
             QStringLiteral("1,024 jobs"));
}

QTEST_MAIN(TestPlayback)
#include "tst_playback.moc"
