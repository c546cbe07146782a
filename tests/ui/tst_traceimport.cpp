// File > Import Trace runs in a worker thread: the window stays responsive with progress in the
// run panel, Cancel leaves the project as it was, and a finished import adds its scenario
// (undoably); a failed one adds nothing and names the file. The worker's progress follows the
// importer itself to 1, and its cancel stops the importer mid-parse.

#include "document/projectdocument.h"
#include "io/gpucatalogue.h"
#include "io/import/traceimporterregistry.h"
#include "mainwindow.h"
#include "window/importworker.h"

#include <QAction>
#include <QCoreApplication>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
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
    void cancelAtEveryStage_data();
    void cancelAtEveryStage();
    void lastStepRefusesCancelInWords();
    void workerProgressReachesOne();
    void workerCancelStopsTheParse();
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

void TstTraceImport::cancelAtEveryStage_data()
{
    QTest::addColumn<QString>("stage"); // the status when Cancel is clicked (a pattern)
    QTest::addColumn<bool>("refused");  // the stage that a cancel no longer stops
    QTest::newRow("started") << QStringLiteral("^Importing philly\\.csv\\.\\.\\.$") << false;
    QTest::newRow("reading") << QStringLiteral("^Reading philly\\.csv \\(\\d+%\\)$") << false;
    QTest::newRow("read, importing rows")
        << QStringLiteral("^Importing \\d+ row\\S* of philly\\.csv$") << false;
    QTest::newRow("parsing") << QStringLiteral("^Parsing philly\\.csv$") << false;
    QTest::newRow("assembling") << QStringLiteral("^Assembling \\d+ rows of philly\\.csv$")
                                << false;
    QTest::newRow("adding") << QStringLiteral("^Adding [\\d,]+ imported jobs to the project")
                            << true;
}

// Cancel clicked while the status names a stage (at once, in the status's own signal: a click
// queued behind it could land after the worker had moved on; queued when Cancel is not enabled
// yet, as while the import starts, or no longer) ends the import all or nothing:
// cancelled, the status says so, and the project is as it was; or, once adding the jobs has
// begun, refused in words (the status says it is too late and how Undo takes the import back)
// with the whole trace added, as an import nobody cancelled.
void TstTraceImport::cancelAtEveryStage()
{
    QFETCH(QString, stage);
    QFETCH(bool, refused);
    const QRegularExpression pattern(stage);
    QVERIFY(pattern.isValid());
    MainWindow w;
    w.setInteractive(false);
    QVERIFY2(w.openFile(sample("teaching.json")), qPrintable(w.lastError()));
    const gantry::Scenario before = w.document()->current();
    const int undo = w.document()->undoStack()->count();
    auto* cancel = w.findChild<QPushButton*>(QStringLiteral("cancelButton"));
    QVERIFY(cancel);
    QString clickedAt;
    int clicks = 0;
    QStringList messages;
    connect(w.statusBar(), &QStatusBar::messageChanged, &w, [&](const QString& text) {
        messages << text;
        if (clickedAt.isEmpty() && pattern.match(text).hasMatch()) {
            clickedAt = text;
            const auto click = [cancel, &clicks] {
                cancel->click();
                ++clicks;
            };
            if (cancel->isEnabled())
                click();
            else // as a user's click arrives: after the window has done what it does now
                QTimer::singleShot(0, cancel, click);
        }
    });
    QSignalSpy ended(&w, &MainWindow::importEnded);
    QVERIFY(w.startImport(QStringLiteral("philly"), sample("philly.csv"), 0));
    QTRY_VERIFY_WITH_TIMEOUT(!ended.isEmpty(), ImportTimeoutMs);
    QVERIFY2(!clickedAt.isEmpty(), qPrintable(messages.join(QLatin1Char('\n'))));
    QTRY_COMPARE(clicks, 1); // a click queued while adding the jobs arrives after the end
    QVERIFY(!w.isImporting());
    const QString status = w.statusBar()->currentMessage();
    // The bar is idle and names the outcome.
    const auto* bar = w.findChild<QProgressBar*>(QStringLiteral("progressBar"));
    QVERIFY(bar);
    QCOMPARE(bar->format(), refused ? QStringLiteral("Imported") : QStringLiteral("Not imported"));
    if (!refused) {
        QCOMPARE(ended.front().front().toBool(), false);
        QVERIFY2(status.contains(QLatin1String("cancelled")), qPrintable(status));
        QCOMPARE(int(w.projectScenarios().size()), 1);
        QCOMPARE(w.document()->current(), before);
        QCOMPARE(w.document()->undoStack()->count(), undo);
    } else {
        QVERIFY2(clickedAt.contains(QLatin1String("too late to cancel")), qPrintable(clickedAt));
        QCOMPARE(ended.front().front().toBool(), true);
        QVERIFY2(status.contains(QLatin1String("Undo")), qPrintable(status));
        QCOMPARE(int(w.projectScenarios().size()), 2);
        QCOMPARE(w.document()->undoStack()->count(), undo + 1);
        // The whole trace, as the importer gives it to anyone who does not cancel.
        gantry::ImportOptions options;
        auto whole = gantry::TraceImporterRegistry::import(
            QStringLiteral("philly"), sample("philly.csv"), before.cluster, options);
        QVERIFY2(whole, qPrintable(whole ? QString() : whole.error().message));
        QVERIFY(w.projectScenarios().back().jobs == whole.value().scenario.jobs);
        const QString count = clickedAt.section(QLatin1Char(' '), 1, 1).remove(QLatin1Char(','));
        QCOMPARE(count, QString::number(whole.value().scenario.jobs.size()));
        // Undo takes it back whole.
        w.document()->undoStack()->undo();
        QCOMPARE(int(w.projectScenarios().size()), 1);
        QCOMPARE(w.projectScenarios().front(), before);
    }
    // Nothing arrives later either: the next import is the only one added.
    QVERIFY2(w.importTrace(QStringLiteral("philly"), sample("philly.csv"), 20),
             qPrintable(w.lastError()));
    QCOMPARE(int(w.projectScenarios().size()), 2);
    QCOMPARE(int(w.projectScenarios().back().jobs.size()), 20);
}

// Once the trace is read, adding it to the project is the one step a cancel does not stop: the
// status says so before it starts (a Cancel clicked then changes nothing) and, at the end, how
// to take the import back.
void TstTraceImport::lastStepRefusesCancelInWords()
{
    MainWindow w;
    w.setInteractive(false);
    QVERIFY2(w.openFile(sample("teaching.json")), qPrintable(w.lastError()));
    QStringList messages;
    connect(w.statusBar(), &QStatusBar::messageChanged, &w,
            [&](const QString& text) { messages << text; });
    QVERIFY2(w.importTrace(QStringLiteral("philly"), sample("philly.csv"), 200),
             qPrintable(w.lastError()));
    const auto adding = std::find_if(messages.begin(), messages.end(), [](const QString& m) {
        return m.startsWith(QLatin1String("Adding 200 imported jobs"));
    });
    QVERIFY2(adding != messages.end(), qPrintable(messages.join(QLatin1Char('\n'))));
    QVERIFY(adding->contains(QLatin1String("too late to cancel")));
    QVERIFY(w.statusBar()->currentMessage().contains(QLatin1String("Undo")));
    w.cancelRun(); // Cancel after the end: nothing happens, nothing is lost
    QCOMPARE(int(w.projectScenarios().size()), 2);
}

namespace {

gantry::ui::ImportWorker::Request phillyRequest()
{
    gantry::ui::ImportWorker::Request r;
    r.format = QStringLiteral("philly");
    r.path = sample("philly.csv");
    r.cluster = gantry::Cluster{};
    r.cluster->gpuTypes.push_back(*gantry::GpuCatalogue::find(QStringLiteral("V100")));
    r.cluster->racks.push_back({QStringLiteral("r0"), 400});
    r.cluster->servers.push_back({QStringLiteral("s0"), 0, 0, 64, 200, 100});
    r.cluster->finalize();
    return r;
}

} // namespace

// The bar moves on through the parse, never back, and reaches 1 before the scenario arrives.
void TstTraceImport::workerProgressReachesOne()
{
    gantry::ui::ImportWorker worker;
    QSignalSpy progress(&worker, &gantry::ui::ImportWorker::progress);
    QSignalSpy imported(&worker, &gantry::ui::ImportWorker::imported);
    worker.import(1, phillyRequest());
    QCOMPARE(imported.size(), 1);
    double last = -1.0;
    int parsing = 0;
    for (const QList<QVariant>& p : progress) {
        const double f = p.at(1).toDouble();
        QVERIFY2(f >= last, qPrintable(QStringLiteral("%1 after %2").arg(f).arg(last)));
        last = f;
        if (f > gantry::ui::ImportWorker::ReadShare && f < 1.0)
            ++parsing;
    }
    QCOMPARE(last, 1.0);
    QVERIFY2(parsing >= 100, qPrintable(QString::number(parsing)));
}

// A cancel while the importer parses stops it at its next report: no more progress, no result.
void TstTraceImport::workerCancelStopsTheParse()
{
    gantry::ui::ImportWorker worker;
    QSignalSpy imported(&worker, &gantry::ui::ImportWorker::imported);
    QSignalSpy cancelled(&worker, &gantry::ui::ImportWorker::cancelled);
    QSignalSpy failed(&worker, &gantry::ui::ImportWorker::failed);
    double atCancel = -1.0;
    int after = 0;
    connect(&worker, &gantry::ui::ImportWorker::progress, this,
            [&](quint64 ticket, double fraction, const QString&) {
                if (atCancel >= 0.0)
                    ++after;
                else if (fraction > 0.3) {
                    atCancel = fraction;
                    worker.cancel(ticket);
                }
            });
    worker.import(7, phillyRequest());
    QVERIFY(atCancel > 0.0 && atCancel < 0.5);
    QCOMPARE(imported.size(), 0);
    QCOMPARE(failed.size(), 0);
    QCOMPARE(cancelled.size(), 1);
    QCOMPARE(cancelled.front().front().toULongLong(), quint64(7));
    QCOMPARE(after, 0);
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
