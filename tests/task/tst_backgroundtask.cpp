// BackgroundTask (ui/task): each start ends with exactly one of finished, cancelled or failed,
// in the task's thread, after the work's thread has ended; one piece of work at a time; a task
// destroyed while its work runs cancels it and waits.
#include "task/backgroundtask.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <atomic>
#include <memory>

using namespace gantry;
using namespace gantry::ui;

class TstBackgroundTask : public QObject
{
    Q_OBJECT

private slots:
    void endsOnce_data();
    void endsOnce();
    void cancelStopsTheWork();
    void oneAtATime();
    void destroyedWhileRunning();
};

void TstBackgroundTask::endsOnce_data()
{
    QTest::addColumn<int>("outcome"); // 0 ok, 1 cancelled, 2 failed
    QTest::newRow("ok") << 0;
    QTest::newRow("cancelled") << 1;
    QTest::newRow("failed") << 2;
}

void TstBackgroundTask::endsOnce()
{
    QFETCH(int, outcome);
    BackgroundTask task;
    QSignalSpy finished(&task, &BackgroundTask::finished);
    QSignalSpy cancelled(&task, &BackgroundTask::cancelled);
    QSignalSpy failed(&task, &BackgroundTask::failed);
    QSignalSpy progress(&task, &BackgroundTask::progress);
    std::atomic<bool> onOtherThread{false};
    QThread* const main = QThread::currentThread();
    QVERIFY(task.start([&](Feedback& feedback) -> Status {
        onOtherThread = QThread::currentThread() != main;
        feedback.progress(0.5, QStringLiteral("half"));
        if (outcome == 1)
            return Error::cancelled();
        if (outcome == 2)
            return Error::invalid(QStringLiteral("bad input"));
        return {};
    }));
    QVERIFY(task.isRunning());
    QTRY_COMPARE(finished.count() + cancelled.count() + failed.count(), 1);
    QVERIFY(!task.isRunning());
    QVERIFY(onOtherThread);
    QCOMPARE(finished.count(), outcome == 0 ? 1 : 0);
    QCOMPARE(cancelled.count(), outcome == 1 ? 1 : 0);
    QCOMPARE(failed.count(), outcome == 2 ? 1 : 0);
    if (outcome == 2)
        QCOMPARE(failed.front().front().toString(), QStringLiteral("bad input"));
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.front().at(1).toString(), QStringLiteral("half"));
    // Nothing more arrives once it has ended.
    QCoreApplication::processEvents();
    QCOMPARE(finished.count() + cancelled.count() + failed.count(), 1);
}

void TstBackgroundTask::cancelStopsTheWork()
{
    BackgroundTask task;
    QSignalSpy cancelled(&task, &BackgroundTask::cancelled);
    std::atomic<bool> started{false};
    QVERIFY(task.start([&](Feedback& feedback) -> Status {
        started = true;
        while (!feedback.cancelled())
            QThread::yieldCurrentThread();
        return Error::cancelled();
    }));
    QTRY_VERIFY(started.load());
    QVERIFY(!task.cancelRequested());
    task.cancel();
    QVERIFY(task.cancelRequested());
    QVERIFY(cancelled.wait(30000));
    QVERIFY(!task.isRunning());
}

void TstBackgroundTask::oneAtATime()
{
    BackgroundTask task;
    QSignalSpy finished(&task, &BackgroundTask::finished);
    std::atomic<bool> release{false};
    QVERIFY(task.start([&](Feedback&) -> Status {
        while (!release)
            QThread::yieldCurrentThread();
        return {};
    }));
    QVERIFY(!task.start([](Feedback&) { return Status(); })); // refused while running
    release = true;
    QVERIFY(finished.wait(30000));
    // Once it has ended, the next start is taken.
    QVERIFY(task.start([](Feedback&) { return Status(); }));
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.count(), 2);
}

void TstBackgroundTask::destroyedWhileRunning()
{
    auto stopped = std::make_shared<std::atomic<bool>>(false);
    {
        BackgroundTask task;
        std::atomic<bool> started{false};
        QVERIFY(task.start([&started, stopped](Feedback& feedback) -> Status {
            started = true;
            while (!feedback.cancelled())
                QThread::yieldCurrentThread();
            *stopped = true;
            return Error::cancelled();
        }));
        QTRY_VERIFY(started.load());
    } // the destructor cancels the work and waits for its thread
    QVERIFY(stopped->load());
}

QTEST_MAIN(TstBackgroundTask)
#include "tst_backgroundtask.moc"
