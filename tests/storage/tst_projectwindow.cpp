// The window and project files: New, Open (.gantry and .json), Save, Save As, recent files, a
// failed open keeping what was open, and runs recorded on Save.
#include "../common/sampleproject.h"
#include "document/projectdocument.h"
#include "gantt/ganttpainter.h"
#include "gantt/ganttview.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "mainwindow.h"
#include "results/resultspanel.h"
#include "storage/projectstore.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>

using gantry::storage::ProjectStore;
using gantry::ui::MainWindow;

namespace {

constexpr int RunTimeoutMs = 120000;

QString sample(const char* name)
{
    return QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + QLatin1String(name);
}

QByteArray checksum(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly)
               ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex()
               : QByteArray("<missing>");
}

// The texts of the run items under scenario item `scenario` of the project tree.
QStringList runItems(const MainWindow& w, int scenario)
{
    QStringList texts;
    const QTreeWidgetItem* item = w.projectTree()->topLevelItem(scenario);
    for (int i = 0; item && i < item->childCount(); ++i)
        texts << item->child(i)->text(0);
    return texts;
}

// Answers the next modal message box with button and returns its text (from the nested loop).
class BoxAnswer
{
public:
    explicit BoxAnswer(QMessageBox::StandardButton button)
    {
        m_poll.setInterval(20);
        QObject::connect(&m_poll, &QTimer::timeout, [this, button] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                m_text = box->text();
                box->button(button)->click();
            }
        });
        m_poll.start();
    }
    QString text() const { return m_text; }

private:
    QTimer m_poll;
    QString m_text;
};

// A project of teaching.json with runs of policies, saved to path.
bool saveWithRuns(const QString& path, const QStringList& policies)
{
    MainWindow w;
    w.setInteractive(false);
    if (!w.openFile(sample("teaching.json")))
        return false;
    w.setCheckedPolicies(policies);
    if (!w.startRun())
        return false;
    if (!QTest::qWaitFor([&] { return !w.isRunning(); }, RunTimeoutMs))
        return false;
    return w.saveProjectAs(path);
}

} // namespace

class TstProjectWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void scenarioToProjectAndBack_data();
    void scenarioToProjectAndBack();
    void opensTheBundledSample();
    void badProjectKeepsWhatWasOpen_data();
    void badProjectKeepsWhatWasOpen();
    void newProjectIsEmpty();
    void replaysSavedRun();
    void asksBeforeDroppingChanges_data();
    void asksBeforeDroppingChanges();
    void reopenedProjectShowsItsRuns();
    void userRunTakesOverSavedRuns();
    void renameKeepsSavedRuns();
    void emptyImportAddsNothing();
    void savedWithProblemsOpensAgain();
    void runsOfAnEarlierVersionStayWithTheirScenario();
    void rerunIsListedOnce();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TstProjectWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // recent files go to a test settings file
}

void TstProjectWindow::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QSettings().remove(QStringLiteral("recentFiles"));
}

void TstProjectWindow::scenarioToProjectAndBack_data()
{
    QTest::addColumn<QStringList>("scenarios");
    QTest::newRow("one") << QStringList{"teaching.json"};
    QTest::newRow("two") << QStringList{"teaching.json", "two-racks.json"};
}

void TstProjectWindow::scenarioToProjectAndBack()
{
    QFETCH(QStringList, scenarios);
    const QString project = m_dir->filePath(QStringLiteral("p.gantry"));
    {
        MainWindow w;
        w.setInteractive(false);
        QVERIFY(w.openFile(sample(qPrintable(scenarios[0]))));
        QVERIFY(w.isModified());
        QVERIFY(w.projectPath().isEmpty());
        QVERIFY(!w.saveProject()); // untitled, not interactive: needs Save As
        w.setCheckedPolicies({QStringLiteral("fifo"), QStringLiteral("sjf")});
        QVERIFY(w.startRun());
        QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
        QCOMPARE(w.unsavedRunCount(), 2);
        QVERIFY2(w.saveProjectAs(project), qPrintable(w.lastError()));
        QVERIFY(!w.isModified());
        QCOMPARE(w.projectPath(), project);
        QCOMPARE(w.unsavedRunCount(), 0);
        QVERIFY(!QFile::exists(project + QStringLiteral(".saving")));

        // A second scenario, opened as a project of its own, is added through the store; Save
        // then records a run in place.
        if (scenarios.size() > 1) {
            auto store = ProjectStore::open(project);
            QVERIFY(store);
            auto s = gantry::ScenarioReader::readFile(sample(qPrintable(scenarios[1])));
            QVERIFY(s && store.value()->addScenario(s.value()));
        }
        QVERIFY(w.openProject(project));
        QCOMPARE(int(w.projectScenarios().size()), int(scenarios.size()));
        QVERIFY(w.selectScenario(int(scenarios.size()) - 1));
        w.setCheckedPolicies({QStringLiteral("asrpt")});
        QVERIFY(w.startRun());
        QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
        QVERIFY(w.isModified());
        QVERIFY2(w.saveProject(), qPrintable(w.lastError()));
        QCOMPARE(w.recentFiles().front(), QFileInfo(project).absoluteFilePath());
    }

    auto store = ProjectStore::open(project);
    QVERIFY(store);
    const auto runs = store.value()->runs().value();
    QCOMPARE(runs.size(), std::size_t(3));
    QCOMPARE(runs[0].policy, QStringLiteral("fifo"));
    QCOMPARE(runs[1].policy, QStringLiteral("sjf"));
    QCOMPARE(runs[2].policy, QStringLiteral("asrpt"));
    QCOMPARE(runs[2].scenarioId, qint64(scenarios.size()));
    const auto stored = store.value()->scenarios().value();
    QCOMPARE(stored.size(), std::size_t(scenarios.size()));
    int historyJobs = 0;
    for (const auto& s : stored)
        historyJobs += int(s.scenario.jobs.size());
    QCOMPARE(store.value()->historySize().value(), historyJobs);
    store.value().reset();

    // Save As over an existing project replaces it whole, and a reopened window shows it.
    const QString copy = m_dir->filePath(QStringLiteral("copy.gantry"));
    QVERIFY(QFile::copy(sample("teaching.json"), copy)); // something in the way
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(project));
    QVERIFY(w.saveProjectAs(copy));
    auto copied = ProjectStore::open(copy);
    QVERIFY2(copied, qPrintable(copied ? QString() : copied.error().message));
    QCOMPARE(copied.value()->runs().value().size(), std::size_t(3));
    QCOMPARE(copied.value()->scenarios().value().size(), std::size_t(scenarios.size()));
}

void TstProjectWindow::opensTheBundledSample()
{
    const QString copy = gantry::test::sampleProjectCopy();
    QVERIFY(!copy.isEmpty());
    MainWindow w;
    w.setInteractive(false);
    QVERIFY2(w.openFile(copy), qPrintable(w.lastError()));
    QStringList names;
    for (const auto& s : w.projectScenarios())
        names << s.name;
    QCOMPARE(names, QStringList({"teaching", "two-racks", "models"}));
    auto* combo = w.findChild<QComboBox*>(QStringLiteral("scenarioCombo"));
    QVERIFY(combo);
    QCOMPARE(combo->count(), 3);
    QCOMPARE(w.scenario().name, QStringLiteral("teaching"));
    QVERIFY(!w.isModified());
}

void TstProjectWindow::badProjectKeepsWhatWasOpen_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::newRow("text") << QByteArray("not a project");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("missing") << QByteArray("<missing>");
}

void TstProjectWindow::badProjectKeepsWhatWasOpen()
{
    QFETCH(QByteArray, content);
    const QString bad = m_dir->filePath(QStringLiteral("bad.gantry"));
    if (content != "<missing>") {
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }
    const QByteArray before = checksum(bad);
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(sample("teaching.json")));
    QVERIFY(!w.openFile(bad));
    QVERIFY2(w.lastError().contains(QStringLiteral("bad.gantry")), qPrintable(w.lastError()));
    QCOMPARE(w.scenario().name, QStringLiteral("teaching"));
    QCOMPARE(checksum(bad), before);
}

void TstProjectWindow::newProjectIsEmpty()
{
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(sample("teaching.json")));
    QVERIFY(w.newProject());
    QVERIFY(!w.hasScenario());
    QVERIFY(w.projectScenarios().empty());
    QVERIFY(!w.startRun());
    const QString project = m_dir->filePath(QStringLiteral("empty.gantry"));
    QVERIFY(w.saveProjectAs(project));
    QVERIFY(w.openProject(project));
    QVERIFY(!w.hasScenario());
}

// A saved run, reopened in a new window, shows its schedule again: the replay equals the run
// that was saved (runs are deterministic) and is not recorded a second time; a scenario edited
// since cannot replay its old runs.
void TstProjectWindow::replaysSavedRun()
{
    const QString project = m_dir->filePath(QStringLiteral("p.gantry"));
    std::vector<gantry::ui::DocumentRun> original;
    {
        MainWindow w;
        w.setInteractive(false);
        QVERIFY(w.openFile(sample("teaching.json")));
        w.setCheckedPolicies({QStringLiteral("fifo"), QStringLiteral("asrpt")});
        QVERIFY(w.startRun());
        QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
        original = w.lastRuns();
        QCOMPARE(int(original.size()), 2);
        QVERIFY2(w.saveProjectAs(project), qPrintable(w.lastError()));
    }
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(project));
    QCOMPARE(int(w.document()->storedRuns(0).size()), 2);
    for (int k = 0; k < 2; ++k) {
        QVERIFY2(w.replayStoredRun(0, k), qPrintable(w.lastError()));
        QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
        QCOMPARE(w.lastOutcome(), MainWindow::Outcome::Completed);
        QCOMPARE(int(w.lastRuns().size()), 1);
        const gantry::ui::DocumentRun& again = w.lastRuns().front();
        const gantry::ui::DocumentRun& before = original[std::size_t(k)];
        QCOMPARE(again.result->config.policy, before.result->config.policy);
        QCOMPARE(again.result->summary.avgJctS, before.result->summary.avgJctS);
        QCOMPARE(again.schedule->segments.size(), before.schedule->segments.size());
        QCOMPARE(again.schedule->virtualSlices.size(), before.schedule->virtualSlices.size());
        QCOMPARE(w.unsavedRunCount(), 0);
        QVERIFY(!w.isModified());
    }

    // Edited since: the stored runs belong to another scenario.
    QVERIFY(w.document()->setRackField(0, QStringLiteral("uplink_gbps"), 1.0));
    QVERIFY(!w.replayStoredRun(0, 0));
    QVERIFY2(w.lastError().contains(QLatin1String("earlier version")), qPrintable(w.lastError()));
    QVERIFY(!w.isRunning());
}

void TstProjectWindow::asksBeforeDroppingChanges_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<int>("answer");
    for (const char* action : {"new", "open scenario", "open project"})
        for (auto [name, button] :
             {std::pair{"cancel", QMessageBox::Cancel}, std::pair{"discard", QMessageBox::Discard},
              std::pair{"save", QMessageBox::Save}})
            QTest::newRow(QByteArray(action) + ", " + name)
                << QString::fromLatin1(action) << int(button);
}

// New and Open ask before they replace a modified project, as Quit does: Cancel keeps it as it
// was, Discard drops it, Save writes it first.
void TstProjectWindow::asksBeforeDroppingChanges()
{
    QFETCH(QString, action);
    QFETCH(int, answer);
    const QString project = m_dir->filePath(QStringLiteral("p.gantry"));
    const QString other = m_dir->filePath(QStringLiteral("other.gantry"));
    {
        MainWindow w;
        w.setInteractive(false);
        QVERIFY(w.openFile(sample("two-racks.json")));
        QVERIFY(w.saveProjectAs(other));
    }
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(sample("teaching.json")));
    QVERIFY(w.saveProjectAs(project));
    QVERIFY(w.document()->setRackField(0, QStringLiteral("uplink_gbps"), 123.0));
    QVERIFY(w.isModified());

    w.setInteractive(true);
    bool done = false;
    QString asked;
    {
        BoxAnswer box{QMessageBox::StandardButton(answer)};
        if (action == QLatin1String("new"))
            done = w.newProject();
        else if (action == QLatin1String("open scenario"))
            done = w.openFile(sample("two-racks.json"));
        else
            done = w.openFile(other);
        asked = box.text();
    }
    w.setInteractive(false);
    QVERIFY2(asked.contains(QLatin1String("unsaved changes")), qPrintable(asked));
    if (answer == QMessageBox::Cancel) {
        QVERIFY(!done);
        QVERIFY(w.isModified());
        QCOMPARE(w.projectPath(), project);
        QCOMPARE(w.scenario().cluster.racks.front().uplinkGbps, 123.0);
        return;
    }
    QVERIFY(done);
    QVERIFY(w.scenario().name != QLatin1String("teaching") || action == QLatin1String("new"));
    auto store = ProjectStore::open(project);
    QVERIFY(store);
    const auto saved = store.value()->scenarios().value();
    QCOMPARE(saved.size(), std::size_t(1));
    const double uplink = saved.front().scenario.cluster.racks.front().uplinkGbps;
    QCOMPARE(uplink == 123.0, answer == QMessageBox::Save);
}

// A reopened project shows its saved runs in Results at once, as one comparison, without
// recording them again.
void TstProjectWindow::reopenedProjectShowsItsRuns()
{
    const QString project = m_dir->filePath(QStringLiteral("p.gantry"));
    const QStringList policies{"fifo", "sjf", "asrpt"};
    QVERIFY(saveWithRuns(project, policies));
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(project));
    QVERIFY(w.isShowingSavedRuns());
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    QCOMPARE(w.lastOutcome(), MainWindow::Outcome::Completed);
    QCOMPARE(int(w.lastRuns().size()), 3);
    for (int k = 0; k < 3; ++k)
        QCOMPARE(w.lastRuns()[std::size_t(k)].result->config.policy, policies[k]);
    // It opens on the A-SRPT run, whose virtual machine is the point of the comparison.
    QCOMPARE(w.resultsPanel()->currentRun(), 2);
    QVERIFY(w.resultsPanel()->ganttView()->painter()->hasVirtualMachine());
    QCOMPARE(w.unsavedRunCount(), 0);
    QVERIFY(!w.isModified());
    QVERIFY2(w.reportCoverage().contains(QLatin1String("3 run")), qPrintable(w.reportCoverage()));
    QVERIFY(!w.reportCoverage().contains(QLatin1String("other")));

    // A new comparison of one policy: the report says it leaves the saved runs out.
    w.setCheckedPolicies({QStringLiteral("srtf")});
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    const QString coverage = w.reportCoverage();
    QVERIFY2(coverage.contains(QLatin1String("1 run")) && coverage.contains(QLatin1String("srtf")),
             qPrintable(coverage));
    QVERIFY2(coverage.contains(QLatin1String("3 other run")), qPrintable(coverage));
}

// Running while the saved runs are still being shown is not refused: the user's run takes
// over, and only its results remain.
void TstProjectWindow::userRunTakesOverSavedRuns()
{
    const QString project = m_dir->filePath(QStringLiteral("p.gantry"));
    QVERIFY(saveWithRuns(project, {QStringLiteral("fifo"), QStringLiteral("asrpt")}));
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(project));
    QVERIFY(w.isShowingSavedRuns());
    w.setCheckedPolicies({QStringLiteral("srtf")});
    QVERIFY2(w.startRun(), qPrintable(w.lastError()));
    QVERIFY(!w.isShowingSavedRuns());
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    // No wait for late signals is needed: one worker thread runs the requests one after another
    // and its queued signals arrive in the order it sent them, so every signal of the cancelled
    // replay came in (and was dropped) before this run's end.
    QCOMPARE(w.lastOutcome(), MainWindow::Outcome::Completed);
    QCOMPARE(int(w.lastRuns().size()), 1);
    QCOMPARE(w.lastRuns().front().result->config.policy, QStringLiteral("srtf"));
    QCOMPARE(w.unsavedRunCount(), 1);
}

// Renaming a scenario keeps its saved runs current (the name does not change a schedule); an
// edit of its content marks them as runs of an earlier version in the tree, and undo brings
// them back.
void TstProjectWindow::renameKeepsSavedRuns()
{
    const QString project = m_dir->filePath(QStringLiteral("p.gantry"));
    QVERIFY(saveWithRuns(project, {QStringLiteral("fifo"), QStringLiteral("sjf")}));
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(project));
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    const auto current = [&] {
        const QStringList items = runItems(w, 0);
        return items.size() == 2 && std::none_of(items.begin(), items.end(), [](const QString& t) {
                   return t.contains(QLatin1String("earlier version"));
               });
    };
    QVERIFY(current());

    QVERIFY(w.document()->setScenarioName(QStringLiteral("renamed")));
    QVERIFY2(current(), qPrintable(runItems(w, 0).join(u'|')));
    QVERIFY2(w.replayStoredRun(0, 1), qPrintable(w.lastError()));
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    QCOMPARE(w.lastOutcome(), MainWindow::Outcome::Completed);
    QVERIFY(w.saveProject());
    QVERIFY(w.openFile(project));
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    QCOMPARE(w.scenario().name, QStringLiteral("renamed"));
    QCOMPARE(int(w.lastRuns().size()), 2);
    QVERIFY(current());

    QVERIFY(w.document()->setRackField(0, QStringLiteral("uplink_gbps"), 1.0));
    const QStringList stale = runItems(w, 0);
    QCOMPARE(stale.size(), 2);
    for (const QString& t : stale)
        QVERIFY2(t.contains(QLatin1String("earlier version")), qPrintable(t));
    QVERIFY(!w.replayStoredRun(0, 0));
    w.document()->undoStack()->undo();
    QVERIFY(current());
}

// An import that keeps no job (a file of another format) is an error, as on the command line:
// no empty scenario is added and the project is not touched.
void TstProjectWindow::emptyImportAddsNothing()
{
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(sample("teaching.json")));
    const int undo = w.document()->undoStack()->count();
    QVERIFY(!w.importTrace(QStringLiteral("gavel"), sample("philly.csv"), 1000));
    QVERIFY2(w.lastError().contains(QLatin1String("no job left")), qPrintable(w.lastError()));
    QVERIFY2(w.lastError().contains(QLatin1String("philly.csv")), qPrintable(w.lastError()));
    QCOMPARE(int(w.projectScenarios().size()), 1);
    QCOMPARE(w.document()->undoStack()->count(), undo);
}

// A project saved while its scenario has problems (work in progress) opens again, with the
// same content and the same problems; it used to be refused on reopening, losing the work.
void TstProjectWindow::savedWithProblemsOpensAgain()
{
    const QString project = m_dir->filePath(QStringLiteral("p.gantry"));
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(sample("teaching.json")));
    QVERIFY(w.document()->setJobField(0, QStringLiteral("gpus"), 64));
    QVERIFY(!w.document()->problems().empty());
    const QByteArray before = gantry::ScenarioWriter::toJson(w.scenario());
    QVERIFY2(w.saveProjectAs(project), qPrintable(w.lastError()));
    MainWindow again;
    again.setInteractive(false);
    QVERIFY2(again.openFile(project), qPrintable(again.lastError()));
    QCOMPARE(gantry::ScenarioWriter::toJson(again.scenario()), before);
    QVERIFY(!again.document()->problems().empty());
    QVERIFY(!again.startRun()); // still refused until the problem is fixed
}

// Runs of a scenario that was edited after them are recorded under that scenario (marked as
// runs of an earlier version), not as extra scenarios that appear on reopening.
void TstProjectWindow::runsOfAnEarlierVersionStayWithTheirScenario()
{
    const QString project = m_dir->filePath(QStringLiteral("p.gantry"));
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(sample("teaching.json")));
    w.setCheckedPolicies({QStringLiteral("fifo")});
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    QVERIFY(w.document()->setRackField(0, QStringLiteral("uplink_gbps"), 7.0));
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    QVERIFY2(w.saveProjectAs(project), qPrintable(w.lastError()));
    MainWindow again;
    again.setInteractive(false);
    QVERIFY(again.openFile(project));
    QTRY_VERIFY_WITH_TIMEOUT(!again.isRunning(), RunTimeoutMs);
    QCOMPARE(int(again.projectScenarios().size()), 1);
    QCOMPARE(int(again.document()->storedRuns(0).size()), 2);
    const QStringList items = runItems(again, 0);
    QCOMPARE(items.size(), 2);
    QVERIFY2(items[0].contains(QLatin1String("earlier version")), qPrintable(items[0]));
    QVERIFY2(!items[1].contains(QLatin1String("earlier version")), qPrintable(items[1]));
    QCOMPARE(int(again.lastRuns().size()), 1); // only the current version's run is shown
}

// Running a policy again on the same scenario gives the same run (runs are deterministic): the
// tree lists it once, and a run the project recorded already is not recorded twice.
void TstProjectWindow::rerunIsListedOnce()
{
    const QString project = m_dir->filePath(QStringLiteral("p.gantry"));
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(sample("teaching.json")));
    w.setCheckedPolicies({QStringLiteral("fifo"), QStringLiteral("sjf")});
    for (int k = 0; k < 2; ++k) {
        QVERIFY(w.startRun());
        QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    }
    QCOMPARE(w.unsavedRunCount(), 2);
    QCOMPARE(runItems(w, 0).size(), 2);
    QVERIFY(w.saveProjectAs(project));
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    QCOMPARE(w.unsavedRunCount(), 0);
    QVERIFY(!w.isModified());
    QCOMPARE(runItems(w, 0).size(), 2);
    // Another seed is another run.
    w.setSeed(7);
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    QCOMPARE(w.unsavedRunCount(), 2);
    QCOMPARE(runItems(w, 0).size(), 4);
}

QTEST_MAIN(TstProjectWindow)
#include "tst_projectwindow.moc"
