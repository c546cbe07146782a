// File > Import Trace runs in a worker thread: the window stays responsive with progress in the
// run panel, Cancel leaves the project as it was, and a finished import adds its scenario
// (undoably); a failed one adds nothing and names the file.

#include "document/projectdocument.h"
#include "mainwindow.h"

#include <QAction>
#include <QCoreApplication>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using gantry::ui::MainWindow;

namespace {

constexpr int ImportTimeoutMs = 120000;

QString sample(const char* name)
{
    return QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + QLatin1String(name);
}

} // namespace

class TstTraceImport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void importRunsInTheBackground_data();
    void importRunsInTheBackground();
    void cancelAddsNothing();
    void failureAddsNothing_data();
    void failureAddsNothing();

private:
    QTemporaryDir m_dir;
};

void TstTraceImport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("GantryTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_traceimport"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath("settings"));
}

void TstTraceImport::importRunsInTheBackground_data()
{
    QTest::addColumn<int>("limit");
    QTest::newRow("first 200 jobs") << 200;
    QTest::newRow("whole trace") << 0;
}

void TstTraceImport::importRunsInTheBackground()
{
    QFETCH(int, limit);
    MainWindow w;
    w.setInteractive(false);
    QVERIFY2(w.openFile(sample("teaching.json")), qPrintable(w.lastError()));
    const int undo = w.document()->undoStack()->count();
    QSignalSpy ended(&w, &MainWindow::importEnded);

    QVERIFY2(w.startImport(QStringLiteral("philly"), sample("philly.csv"), limit),
             qPrintable(w.lastError()));
    // Returned before the trace was read: nothing added yet, and the window waits for it
    // (editing, running and another import are refused; Cancel is offered).
    QVERIFY(w.isImporting());
    QCOMPARE(int(w.projectScenarios().size()), 1);
    QVERIFY(!w.findChild<QAction*>(QStringLiteral("runAction"))->isEnabled());
    QVERIFY(w.findChild<QPushButton*>(QStringLiteral("cancelButton"))->isEnabled());
    QVERIFY(!w.startRun());
    QVERIFY(!w.startImport(QStringLiteral("philly"), sample("philly.csv"), limit));
    QVERIFY(!w.openFile(sample("teaching.json")));
    QVERIFY2(w.lastError().contains(QLatin1String("while an import is in progress")),
             qPrintable(w.lastError()));

    QTRY_VERIFY_WITH_TIMEOUT(!w.isImporting(), ImportTimeoutMs);
    QCOMPARE(ended.size(), 1);
    QCOMPARE(ended.front().front().toBool(), true);
    const auto scenarios = w.projectScenarios();
    QCOMPARE(int(scenarios.size()), 2);
    QCOMPARE(w.document()->currentIndex(), 1);
    QCOMPARE(scenarios.back().name, QStringLiteral("philly"));
    QVERIFY(!scenarios.back().jobs.empty());
    if (limit > 0)
        QCOMPARE(int(scenarios.back().jobs.size()), limit);
    QCOMPARE(w.document()->undoStack()->count(), undo + 1);
    QVERIFY(w.findChild<QAction*>(QStringLiteral("runAction"))->isEnabled());
    // Undoable as one step.
    w.undo();
    QCOMPARE(int(w.projectScenarios().size()), 1);
}

// Cancel ends the import at once and the trace never lands, even when the worker had read it
// already: the next import is the only one added.
void TstTraceImport::cancelAddsNothing()
{
    MainWindow w;
    w.setInteractive(false);
    QVERIFY2(w.openFile(sample("teaching.json")), qPrintable(w.lastError()));
    const int undo = w.document()->undoStack()->count();
    const bool modified = w.isModified();
    QSignalSpy ended(&w, &MainWindow::importEnded);

    QVERIFY(w.startImport(QStringLiteral("philly"), sample("philly.csv"), 0));
    w.findChild<QPushButton*>(QStringLiteral("cancelButton"))->click();
    QVERIFY(!w.isImporting());
    QCOMPARE(ended.size(), 1);
    QCOMPARE(ended.front().front().toBool(), false);
    QCOMPARE(int(w.projectScenarios().size()), 1);
    QCOMPARE(w.document()->undoStack()->count(), undo);
    QCOMPARE(w.isModified(), modified);

    // The worker takes requests in order: once this one is in, the cancelled one has had every
    // chance to arrive.
    QVERIFY2(w.importTrace(QStringLiteral("philly"), sample("philly.csv"), 50),
             qPrintable(w.lastError()));
    QCOMPARE(int(w.projectScenarios().size()), 2);
    QCOMPARE(int(w.projectScenarios().back().jobs.size()), 50);
    QCOMPARE(w.document()->undoStack()->count(), undo + 1);
}

void TstTraceImport::failureAddsNothing_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("says");
    QTest::newRow("missing file") << QStringLiteral("philly")
                                  << m_dir.filePath(QStringLiteral("nowhere.csv"))
                                  << QStringLiteral("nowhere.csv");
    QTest::newRow("another format")
        << QStringLiteral("gavel") << sample("philly.csv") << QStringLiteral("no job left");
}

void TstTraceImport::failureAddsNothing()
{
    QFETCH(QString, format);
    QFETCH(QString, file);
    QFETCH(QString, says);
    MainWindow w;
    w.setInteractive(false);
    QVERIFY2(w.openFile(sample("teaching.json")), qPrintable(w.lastError()));
    const int undo = w.document()->undoStack()->count();
    QVERIFY(!w.importTrace(format, file, 100));
    QVERIFY(!w.isImporting());
    QVERIFY2(w.lastError().contains(says), qPrintable(w.lastError()));
    QCOMPARE(int(w.projectScenarios().size()), 1);
    QCOMPARE(w.document()->undoStack()->count(), undo);
    // The window is usable again.
    QVERIFY(w.findChild<QAction*>(QStringLiteral("runAction"))->isEnabled());
}

QTEST_MAIN(TstTraceImport)
#include "tst_traceimport.moc"
