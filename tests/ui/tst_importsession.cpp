// A trace import without a window (ui/window/importsession.h): a trace read in the worker
// becomes a new scenario of the document, undoably and on the current scenario's cluster; a
// file that cannot be imported, or that leaves no job, adds nothing and says why, naming the
// file; cancel() ends the import at once and nothing it still sends lands in the document.
#include "document/projectdocument.h"
#include "io/scenarioreader.h"
#include "window/importsession.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using gantry::ui::ImportSession;
using gantry::ui::ProjectDocument;

Q_DECLARE_METATYPE(gantry::ui::ImportSession::Outcome)

namespace {

constexpr int ImportTimeoutMs = 120000;

QString sample(const char* name)
{
    return QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + QLatin1String(name);
}

// A document holding the teaching scenario, unmodified by any undoable edit.
bool openTeaching(ProjectDocument& document)
{
    auto read = gantry::ScenarioReader::readFile(sample("teaching.json"));
    if (!read.ok())
        return false;
    document.resetToScenario(read.value());
    return true;
}

ImportSession::Outcome outcomeOf(const QSignalSpy& ended, int i)
{
    return ended.at(i).at(0).value<ImportSession::Outcome>();
}

} // namespace

class TstImportSession : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void addsTheTraceUndoably();
    void failureAddsNothing_data();
    void failureAddsNothing();
    void cancelAddsNothing();

private:
    QTemporaryDir m_dir;
};

void TstImportSession::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TstImportSession::addsTheTraceUndoably()
{
    ProjectDocument document;
    QVERIFY(openTeaching(document));
    const auto cluster = document.current().cluster;
    ImportSession session(&document);
    QSignalSpy adding(&session, &ImportSession::adding);
    QSignalSpy ended(&session, &ImportSession::ended);

    QVERIFY(session.start(QStringLiteral("philly"), sample("philly.csv"), 40));
    QVERIFY(session.isImporting());
    // One import at a time.
    QVERIFY(!session.start(QStringLiteral("philly"), sample("philly.csv"), 10));
    QTRY_COMPARE_WITH_TIMEOUT(ended.size(), 1, ImportTimeoutMs);
    QVERIFY(!session.isImporting());
    QCOMPARE(outcomeOf(ended, 0), ImportSession::Outcome::Added);
    QVERIFY2(ended.at(0).at(1).toString().endsWith(
                 QLatin1String(" (Edit > Undo takes the import back)")),
             qPrintable(ended.at(0).at(1).toString()));
    // The last step said that it can no longer be cancelled, before it was taken.
    QCOMPARE(adding.size(), 1);
    QCOMPARE(adding.at(0).at(0).toString(),
             QStringLiteral("Adding 40 imported jobs to the project: too late to cancel, "
                            "Edit > Undo takes the import back..."));

    QCOMPARE(document.scenarioCount(), 2);
    QCOMPARE(document.currentIndex(), 1);
    QCOMPARE(document.current().name, QStringLiteral("philly"));
    QCOMPARE(int(document.current().jobs.size()), 40);
    QCOMPARE(document.current().cluster, cluster);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Import philly trace philly.csv"));
    document.undoStack()->undo();
    QCOMPARE(document.scenarioCount(), 1);
}

void TstImportSession::failureAddsNothing_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("says");
    QTest::newRow("missing file") << QStringLiteral("philly")
                                  << m_dir.filePath(QStringLiteral("nowhere.csv"))
                                  << QStringList{QStringLiteral("nowhere.csv")};
    QTest::newRow("another format")
        << QStringLiteral("gavel") << sample("philly.csv")
        << QStringList{sample("philly.csv"),
                       QStringLiteral("no job left to import as a gavel trace, nothing added"),
                       QStringLiteral("Is it a gavel file?")};
}

void TstImportSession::failureAddsNothing()
{
    QFETCH(QString, format);
    QFETCH(QString, file);
    QFETCH(QStringList, says);
    ProjectDocument document;
    QVERIFY(openTeaching(document));
    const int undo = document.undoStack()->count();
    ImportSession session(&document);
    QSignalSpy adding(&session, &ImportSession::adding);
    QSignalSpy ended(&session, &ImportSession::ended);

    QVERIFY(session.start(format, file, 100));
    QTRY_COMPARE_WITH_TIMEOUT(ended.size(), 1, ImportTimeoutMs);
    QCOMPARE(outcomeOf(ended, 0), ImportSession::Outcome::Failed);
    const QString message = ended.at(0).at(1).toString();
    for (const QString& part : says)
        QVERIFY2(message.contains(part), qPrintable(message));
    QVERIFY(adding.isEmpty());
    QVERIFY(!session.isImporting());
    QCOMPARE(document.scenarioCount(), 1);
    QCOMPARE(document.undoStack()->count(), undo);
}

void TstImportSession::cancelAddsNothing()
{
    ProjectDocument document;
    QVERIFY(openTeaching(document));
    const int undo = document.undoStack()->count();
    ImportSession session(&document);
    QSignalSpy ended(&session, &ImportSession::ended);

    QVERIFY(session.start(QStringLiteral("philly"), sample("philly.csv")));
    session.cancel();
    // Ended at once, cancelled, with nothing added.
    QCOMPARE(ended.size(), 1);
    QCOMPARE(outcomeOf(ended, 0), ImportSession::Outcome::Cancelled);
    QCOMPARE(ended.at(0).at(1).toString(), QStringLiteral("Import cancelled: nothing added"));
    QVERIFY(!session.isImporting());
    QCOMPARE(document.scenarioCount(), 1);
    session.cancel(); // nothing in progress: nothing happens
    QCOMPARE(ended.size(), 1);

    // The worker takes requests in order: once the next import is in, the cancelled one has had
    // every chance to arrive, and it is not heard.
    QVERIFY(session.start(QStringLiteral("philly"), sample("philly.csv"), 20));
    QTRY_COMPARE_WITH_TIMEOUT(ended.size(), 2, ImportTimeoutMs);
    QCOMPARE(outcomeOf(ended, 1), ImportSession::Outcome::Added);
    QCOMPARE(document.scenarioCount(), 2);
    QCOMPARE(int(document.current().jobs.size()), 20);
    QCOMPARE(document.undoStack()->count(), undo + 1);
}

QTEST_MAIN(TstImportSession)
#include "tst_importsession.moc"
