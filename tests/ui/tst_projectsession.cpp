// The window's project file life cycle (ui/window/projectsession.h) without a window: Save As
// and Open of a project round-trip with their status texts, the recent files and the window
// title; a failed save or open reports the error, names the file and leaves the project that
// was open as it was; New and Open are refused in words while the window is busy. A save writes
// on a thread of its own while the window stays live (LiveWait).
#include "document/projectdocument.h"
#include "task/livewait.h"
#include "window/projectsession.h"
#include "window/recentfiles.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QProgressDialog>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QWidget>

#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <thread>

using gantry::ui::ProjectDocument;
using gantry::ui::ProjectSession;
using gantry::ui::RecentFiles;

namespace {

QString sample(const char* name)
{
    return QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + QLatin1String(name);
}

bool writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}

QByteArray checksum(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly)
               ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex()
               : QByteArray("<missing>");
}

// A document, the recent files of a menu nobody shows, and the session over them; not
// interactive, so that nothing waits for a dialog.
struct Fixture
{
    ProjectDocument document;
    QMenu menu;
    RecentFiles recent{&menu};
    ProjectSession session{&document, &recent, nullptr};
    QSignalSpy replacing{&session, &ProjectSession::replacing};
    QSignalSpy opened{&session, &ProjectSession::opened};
    QSignalSpy status{&session, &ProjectSession::status};
    QSignalSpy failed{&session, &ProjectSession::failed};

    Fixture() { session.setInteractive(false); }
    void clearSpies()
    {
        replacing.clear();
        opened.clear();
        status.clear();
        failed.clear();
    }
    QString lastStatus() const
    {
        return status.isEmpty() ? QString() : status.last().at(0).toString();
    }
    QString lastFailure() const
    {
        return failed.isEmpty() ? QString() : failed.last().at(0).toString();
    }
};

} // namespace

class TstProjectSession : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    void saveAsAndOpenRoundTrip();
    void failedSaveKeepsProject_data();
    void failedSaveKeepsProject();
    void malformedScenarioKeepsProject_data();
    void malformedScenarioKeepsProject();
    void failedProjectOpenKeepsProject();
    void busyRefusesNewAndOpen_data();
    void busyRefusesNewAndOpen();
    void newProjectIsUntitled();
    void liveWaitKeepsWindowLive();

private:
    QTemporaryDir m_dir;
};

void TstProjectSession::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("GantryTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_projectsession"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath("settings"));
}

void TstProjectSession::init()
{
    QSettings().clear();
}

// A scenario becomes a project with Save As; opening that project again says what it holds,
// and both land first in the recent files; the title follows the file and the modified state.
void TstProjectSession::saveAsAndOpenRoundTrip()
{
    const QString project = m_dir.filePath(QStringLiteral("round.gantry"));
    QFile::remove(project);
    {
        Fixture f;
        QVERIFY(f.session.openScenario(sample("teaching.json")));
        QCOMPARE(f.replacing.count(), 1);
        QCOMPARE(f.opened.count(), 1);
        QVERIFY(f.failed.isEmpty());
        QVERIFY2(f.lastStatus().startsWith(QLatin1String("Opened teaching.json: ")),
                 qPrintable(f.lastStatus()));
        QCOMPARE(f.session.scenarioPath(), sample("teaching.json"));
        const QString name = f.document.current().name;
        QCOMPARE(f.session.windowTitle(), QStringLiteral("untitled [%1]* - Gantry").arg(name));

        QVERIFY(f.session.saveProjectAs(project));
        QCOMPARE(f.lastStatus(), QStringLiteral("Saved round.gantry"));
        QCOMPARE(f.document.path(), project);
        QCOMPARE(f.session.scenarioPath(), project);
        QVERIFY(!f.document.isModified());
        QCOMPARE(f.session.windowTitle(), QStringLiteral("round.gantry [%1] - Gantry").arg(name));
        QCOMPARE(RecentFiles::files().value(0), QFileInfo(project).absoluteFilePath());
        QCOMPARE(RecentFiles::files().value(1),
                 QFileInfo(sample("teaching.json")).absoluteFilePath());

        // Save to the project's own file counts what it recorded.
        QVERIFY(f.document.setScenarioName(QStringLiteral("renamed")));
        QCOMPARE(f.session.windowTitle(), QStringLiteral("round.gantry [renamed]* - Gantry"));
        QVERIFY(f.session.saveProject());
        QCOMPARE(f.lastStatus(), QStringLiteral("Saved round.gantry (0 runs recorded)"));
        QVERIFY(f.failed.isEmpty());
    }
    Fixture f;
    QVERIFY(f.session.openFile(project));
    QCOMPARE(f.opened.count(), 1);
    QCOMPARE(f.lastStatus(), QStringLiteral("Opened round.gantry: 1 scenario, 0 recorded runs"));
    QCOMPARE(f.document.path(), project);
    QCOMPARE(f.document.current().name, QStringLiteral("renamed"));
    QCOMPARE(f.session.scenarioPath(), project);
}

void TstProjectSession::failedSaveKeepsProject_data()
{
    QTest::addColumn<QString>("target"); // relative to the test folder; empty: Save, not Save As
    QTest::addColumn<QString>("says");
    QTest::newRow("save as into a missing folder")
        << QStringLiteral("no/such/folder/p.gantry") << QStringLiteral("p.gantry");
    QTest::newRow("save as onto a folder")
        << QStringLiteral("folder.gantry") << QStringLiteral("folder.gantry");
}

// A save that fails reports why and changes nothing: the project keeps its file (and that file
// its content), its edits stay unsaved, and the scenario still comes from where it did.
void TstProjectSession::failedSaveKeepsProject()
{
    QFETCH(QString, target);
    QFETCH(QString, says);
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("folder.gantry")));
    const QString project = m_dir.filePath(QStringLiteral("kept.gantry"));
    QFile::remove(project);

    Fixture f;
    QVERIFY(f.session.openScenario(sample("teaching.json")));
    QVERIFY(f.session.saveProjectAs(project));
    const QByteArray before = checksum(project);
    QVERIFY(f.document.setScenarioName(QStringLiteral("edited")));
    QVERIFY(f.document.isModified());
    const QString title = f.session.windowTitle();
    f.clearSpies();

    QVERIFY(!f.session.saveProjectAs(m_dir.filePath(target)));
    QCOMPARE(f.failed.count(), 1);
    QVERIFY2(f.lastFailure().contains(says), qPrintable(f.lastFailure()));
    QVERIFY(f.status.isEmpty());
    QCOMPARE(f.document.path(), project);
    QCOMPARE(f.session.scenarioPath(), project);
    QVERIFY(f.document.isModified());
    QCOMPARE(f.document.current().name, QStringLiteral("edited"));
    QCOMPARE(f.session.windowTitle(), title);
    QCOMPARE(checksum(project), before);
    QCOMPARE(RecentFiles::files().value(0), QFileInfo(project).absoluteFilePath());
}

void TstProjectSession::malformedScenarioKeepsProject_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("mentions"); // besides the file name
    QTest::newRow("empty") << QByteArray() << QString();
    QTest::newRow("not json") << QByteArray("this is not a scenario") << QString();
    QTest::newRow("wrong format") << QByteArray(R"({"format":"something-else","version":1})")
                                  << QStringLiteral("format");
    QTest::newRow("missing file") << QByteArray("<no file>") << QString();
}

// Open of a malformed scenario names the file and keeps the project that was open.
void TstProjectSession::malformedScenarioKeepsProject()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, mentions);
    const QString path = m_dir.filePath(QStringLiteral("bad-%1.json")
                                            .arg(QTest::currentDataTag())
                                            .replace(QLatin1Char(' '), QLatin1Char('-')));
    QFile::remove(path);
    if (content != "<no file>")
        QVERIFY(writeFile(path, content));

    Fixture f;
    QVERIFY(f.session.openScenario(sample("teaching.json")));
    const std::vector<gantry::Scenario> before = f.document.scenarios();
    f.clearSpies();

    QVERIFY(!f.session.openScenario(path));
    QCOMPARE(f.failed.count(), 1);
    const QString error = f.lastFailure();
    QVERIFY2(error.contains(QFileInfo(path).fileName()), qPrintable(error));
    if (!mentions.isEmpty())
        QVERIFY2(error.contains(mentions), qPrintable(error));
    QVERIFY(f.opened.isEmpty());
    QVERIFY(f.status.isEmpty());
    QCOMPARE(f.session.scenarioPath(), sample("teaching.json"));
    QCOMPARE(f.document.scenarios().size(), before.size());
    QCOMPARE(f.document.current().name, before.front().name);
    QCOMPARE(f.document.current().jobs.size(), before.front().jobs.size());
    QVERIFY(!RecentFiles::files().contains(QFileInfo(path).absoluteFilePath()));
}

// A file that is no project leaves the open project as it was.
void TstProjectSession::failedProjectOpenKeepsProject()
{
    const QString bad = m_dir.filePath(QStringLiteral("garbage.gantry"));
    QVERIFY(writeFile(bad, "not a database"));
    Fixture f;
    QVERIFY(f.session.openScenario(sample("two-racks.json")));
    const QString name = f.document.current().name;
    f.clearSpies();

    QVERIFY(!f.session.openFile(bad));
    QCOMPARE(f.failed.count(), 1);
    QVERIFY2(f.lastFailure().contains(QLatin1String("garbage.gantry")),
             qPrintable(f.lastFailure()));
    QVERIFY(f.opened.isEmpty());
    QVERIFY(f.document.path().isEmpty());
    QCOMPARE(f.document.current().name, name);
    QCOMPARE(f.session.scenarioPath(), sample("two-racks.json"));
}

void TstProjectSession::busyRefusesNewAndOpen_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("refusal");
    const QString scenario = sample("two-racks.json");
    QTest::newRow("new") << QStringLiteral("new")
                         << QStringLiteral("Cannot start a new project while a run is in "
                                           "progress.");
    QTest::newRow("open scenario")
        << QStringLiteral("open")
        << QStringLiteral("Cannot open %1 while a run is in progress.").arg(scenario);
}

// While the window is busy, New and Open say what waits, and the project stays.
void TstProjectSession::busyRefusesNewAndOpen()
{
    QFETCH(QString, action);
    QFETCH(QString, refusal);
    Fixture f;
    QVERIFY(f.session.openScenario(sample("teaching.json")));
    const QString name = f.document.current().name;
    bool busy = true;
    f.session.setBusyCheck([&busy] { return busy ? QStringLiteral("a run") : QString(); });
    f.clearSpies();

    const bool done = action == QLatin1String("new") ? f.session.newProject()
                                                     : f.session.openFile(sample("two-racks.json"));
    QVERIFY(!done);
    QCOMPARE(f.lastFailure(), refusal);
    QVERIFY(f.replacing.isEmpty());
    QVERIFY(f.opened.isEmpty());
    QCOMPARE(f.document.current().name, name);

    // Once the window is free, the same action goes through.
    busy = false;
    QVERIFY(action == QLatin1String("new") ? f.session.newProject()
                                           : f.session.openFile(sample("two-racks.json")));
    QCOMPARE(f.replacing.count(), 1);
    QCOMPARE(f.opened.count(), 1);
}

void TstProjectSession::newProjectIsUntitled()
{
    Fixture f;
    QVERIFY(f.session.openScenario(sample("teaching.json")));
    f.clearSpies();
    QVERIFY(f.session.newProject());
    QCOMPARE(
        f.lastStatus(),
        QStringLiteral("New project: open a scenario (File > Open) or add racks and servers."));
    QVERIFY(f.session.scenarioPath().isEmpty());
    QVERIFY(f.document.path().isEmpty());
    QVERIFY(!f.document.hasCurrent());
    QCOMPARE(f.session.windowTitle(), QStringLiteral("untitled - Gantry"));
    // Save of an untitled project (no dialog without interaction) says what to do.
    QVERIFY(!f.session.saveProject());
    QCOMPARE(f.lastFailure(), QStringLiteral("The project has no file yet: use File > Save As."));
}

// The work runs on another thread; meanwhile the window's timers run and, after a moment, a
// busy dialog over the window says what is being done; it is gone once the work has ended, and
// what the work throws is thrown to the caller.
void TstProjectSession::liveWaitKeepsWindowLive()
{
    QWidget window;
    window.resize(400, 300);
    window.show();
    std::atomic<int> ticks{0};
    std::atomic<bool> dialogShown{false};
    QTimer timer;
    QObject::connect(&timer, &QTimer::timeout, &window, [&] {
        ++ticks;
        if (auto* d = window.findChild<QProgressDialog*>(QStringLiteral("liveWaitDialog"));
            d && d->isVisible() && d->labelText() == QLatin1String("Saving x.gantry..."))
            dialogShown = true;
    });
    timer.start(10);
    QThread* const gui = QThread::currentThread();
    QThread* ranOn = gui;
    gantry::ui::LiveWait::run(&window, QStringLiteral("Saving x.gantry..."), [&] {
        ranOn = QThread::currentThread();
        // Ends once the window showed the dialog (or after 20 s, which fails below).
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (!dialogShown && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
    });
    QVERIFY(ranOn != gui);
    QVERIFY(dialogShown);
    QVERIFY(ticks >= 2);
    QVERIFY(!window.findChild<QProgressDialog*>(QStringLiteral("liveWaitDialog")));

    bool caught = false;
    try {
        gantry::ui::LiveWait::run(nullptr, QString(),
                                  [] { throw std::runtime_error("disk full"); });
    } catch (const std::runtime_error& e) {
        caught = QLatin1String(e.what()) == QLatin1String("disk full");
    }
    QVERIFY(caught);
}

QTEST_MAIN(TstProjectSession)
#include "tst_projectsession.moc"
