// The first desktop window: opening scenarios, running policies in the worker thread, progress,
// cancel and error reporting.

#include "comparisonchart.h"
#include "comparisonmodel.h"
#include "document/projectdocument.h"
#include "io/scenarioreader.h"
#include "mainwindow.h"
#include "mapping/placementregistry.h"
#include "policies/policyregistry.h"
#include "predict/predictorregistry.h"
#include "run/productdefaults.h"
#include "run/runner.h"
#include "welcome/welcomebanner.h"
#include "window/helpmenu.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QMessageBox>
#include <QMetaEnum>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>

#include <algorithm>
#include <memory>

using gantry::ui::ComparisonModel;
using gantry::ui::MainWindow;
using gantry::ui::WelcomeBanner;

namespace {

// Generous: the big scenario is slow under sanitizers.
constexpr int RunTimeoutMs = 300000;
constexpr int BigJobs = 20000;

QJsonObject smallCluster()
{
    return QJsonObject{{"racks", QJsonArray{QJsonObject{{"name", "r0"}, {"uplink_gbps", 1600}}}},
                       {"servers", QJsonArray{QJsonObject{{"name", "a"},
                                                          {"rack", "r0"},
                                                          {"gpu_type", "A100-80G"},
                                                          {"gpus", 8},
                                                          {"intra_GBps", 600},
                                                          {"nic_gbps", 200},
                                                          {"count", 2}}}}};
}

QJsonObject durationJob(const QString& id, double arrivalS, int gpus, double durationS)
{
    return QJsonObject{
        {"id", id}, {"arrival_s", arrivalS}, {"gpus", gpus}, {"duration_s", durationS}};
}

QByteArray scenarioJson(const QString& name, const QJsonArray& jobs)
{
    const QJsonObject root{{"format", "gantry-scenario"},
                           {"version", 1},
                           {"name", name},
                           {"cluster", smallCluster()},
                           {"jobs", jobs}};
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

// A few jobs whose order matters: sjf and fifo give different average JCTs.
QByteArray smallScenario()
{
    return scenarioJson("small",
                        QJsonArray{durationJob("j1", 0, 16, 400), durationJob("j2", 10, 8, 50),
                                   durationJob("j3", 20, 4, 10), durationJob("j4", 30, 12, 100),
                                   durationJob("j5", 40, 2, 5)});
}

// Many single-GPU jobs: a run takes long enough to be cancelled and to watch the event loop.
QByteArray bigScenario()
{
    QJsonArray jobs;
    for (int i = 0; i < BigJobs; ++i)
        jobs.append(durationJob(QStringLiteral("j%1").arg(i), 0.25 * i, 1, 10 + (i * 37) % 400));
    return scenarioJson("big", jobs);
}

bool writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}

// True when some top-level message box is open.
bool messageBoxOpen()
{
    const QWidgetList widgets = QApplication::topLevelWidgets();
    return std::any_of(widgets.begin(), widgets.end(),
                       [](QWidget* w) { return qobject_cast<QMessageBox*>(w) && w->isVisible(); });
}

} // namespace

class TstMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void panelListsRegistries();
    void runPolicies_data();
    void runPolicies();
    void staysResponsive();
    void cancel_data();
    void cancel();
    void malformedFile_data();
    void malformedFile();
    void errorShowsMessageBox();
    void runNeedsScenarioAndPolicy();
    void closeDuringRun();
    void welcomeGuide();
    void documentationShowsInside();
    void toolbarKeepsItsLabels();

private:
    QTemporaryDir m_dir;
    QString m_small;
    QString m_big;
    std::unique_ptr<MainWindow> m_window;
};

void TstMainWindow::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_small = m_dir.filePath(QStringLiteral("small.json"));
    m_big = m_dir.filePath(QStringLiteral("big.json"));
    QVERIFY(writeFile(m_small, smallScenario()));
    QVERIFY(writeFile(m_big, bigScenario()));
    const QStringList policies = gantry::PolicyRegistry::names();
    QVERIFY(policies.contains(QStringLiteral("fifo")));
    QVERIFY(policies.contains(QStringLiteral("sjf")));
}

void TstMainWindow::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->setInteractive(false);
    m_window->setCheckedPolicies({QStringLiteral("fifo"), QStringLiteral("sjf")});
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TstMainWindow::cleanup()
{
    m_window.reset(); // also cancels and joins a run left over by a failed check
}

void TstMainWindow::panelListsRegistries()
{
    MainWindow& w = *m_window;
    auto* list = w.findChild<QListWidget*>(QStringLiteral("policyList"));
    QVERIFY(list);
    QStringList shown;
    for (int i = 0; i < list->count(); ++i)
        shown << list->item(i)->text();
    QCOMPARE(shown, gantry::PolicyRegistry::names());
    QCOMPARE(w.checkedPolicies(), QStringList({"fifo", "sjf"}));

    auto comboItems = [](QComboBox* combo) {
        QStringList items;
        for (int i = 0; i < combo->count(); ++i)
            items << combo->itemText(i);
        return items;
    };
    auto* placement = w.findChild<QComboBox*>(QStringLiteral("placementCombo"));
    auto* predictor = w.findChild<QComboBox*>(QStringLiteral("predictorCombo"));
    QVERIFY(placement && predictor);
    QCOMPARE(comboItems(placement), gantry::PlacementRegistry::names());
    QCOMPARE(comboItems(predictor), gantry::PredictorRegistry::names());
    // The panel starts from the product's defaults, as the command line and the report do.
    QCOMPARE(placement->currentText(), gantry::ProductDefaults::runConfig().placement);
    QCOMPARE(predictor->currentText(), gantry::ProductDefaults::runConfig().predictor);

    // Nothing to run yet: Run and Cancel are off.
    QVERIFY(!w.findChild<QPushButton*>(QStringLiteral("runButton"))->isEnabled());
    QVERIFY(!w.findChild<QPushButton*>(QStringLiteral("cancelButton"))->isEnabled());
}

void TstMainWindow::runPolicies_data()
{
    QTest::addColumn<QStringList>("policies");
    QTest::addColumn<int>("seed");

    QTest::newRow("fifo+sjf") << QStringList{"fifo", "sjf"} << 0;
    QTest::newRow("fifo+sjf seed 42") << QStringList{"fifo", "sjf"} << 42;
    QTest::newRow("sjf alone") << QStringList{"sjf"} << 0;
}

void TstMainWindow::runPolicies()
{
    QFETCH(QStringList, policies);
    QFETCH(int, seed);
    MainWindow& w = *m_window;

    QVERIFY2(w.openScenario(m_small), qPrintable(w.lastError()));
    QCOMPARE(w.scenario().jobs.size(), std::size_t(5));
    QCOMPARE(w.scenarioPath(), m_small);
    w.setCheckedPolicies(policies);
    w.setSeed(seed);
    // The comparison's model keeps Qt's model contract through the run (rows added, reset).
    QAbstractItemModelTester tester(w.comparisonModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);

    QSignalSpy running(&w, &MainWindow::runningChanged);
    QSignalSpy ended(&w, &MainWindow::runEnded);
    auto* runButton = w.findChild<QPushButton*>(QStringLiteral("runButton"));
    QVERIFY(runButton && runButton->isEnabled());
    // The bar is full only once every result is in the comparison, never while the last
    // policy still runs.
    auto* bar = w.findChild<QProgressBar*>(QStringLiteral("progressBar"));
    int rowsWhenFull = -1;
    connect(bar, &QProgressBar::valueChanged, this, [&](int v) {
        if (v == bar->maximum() && rowsWhenFull < 0)
            rowsWhenFull = w.comparisonModel()->rowCount();
    });
    runButton->click();
    QVERIFY(w.isRunning());
    QVERIFY(!runButton->isEnabled());
    QVERIFY(w.findChild<QPushButton*>(QStringLiteral("cancelButton"))->isEnabled());

    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, RunTimeoutMs);
    QVERIFY2(w.lastOutcome() == MainWindow::Outcome::Completed, qPrintable(w.lastError()));
    QCOMPARE(running.count(), 2);
    QVERIFY(w.lastError().isEmpty());
    QVERIFY(runButton->isEnabled());
    QCOMPARE(bar->value(), bar->maximum());
    QCOMPARE(bar->text(), QStringLiteral("Finished")); // idle: a state, not "100%"
    QCOMPARE(rowsWhenFull, int(policies.size()));
    QVERIFY2(w.statusBar()->currentMessage().startsWith(
                 QStringLiteral("Finished %1 run").arg(policies.size())),
             qPrintable(w.statusBar()->currentMessage()));

    // One row per policy, in panel order, with what Runner gives for the same configuration.
    const ComparisonModel& model = *w.comparisonModel();
    QCOMPARE(model.rowCount(), int(policies.size()));
    QCOMPARE(model.columnCount(), int(ComparisonModel::ColumnCount));
    const gantry::Scenario scenario = w.scenario();
    for (int row = 0; row < model.rowCount(); ++row) {
        QCOMPARE(model.index(row, ComparisonModel::Policy).data().toString(), policies[row]);
        const double avgJct =
            model.index(row, ComparisonModel::AvgJct).data(ComparisonModel::ValueRole).toDouble();
        QVERIFY2(avgJct > 0.0, qPrintable(QString::number(avgJct)));
        QVERIFY(!model.index(row, ComparisonModel::AvgJct).data().toString().isEmpty());
        QCOMPARE(model.result(row).jobs.size(), std::size_t(5));
        QCOMPARE(model.result(row).config.seed, std::uint64_t(seed));

        gantry::RunConfig config = model.result(row).config;
        QCOMPARE(config.policy, policies[row]);
        const auto direct = gantry::Runner::run(scenario, config);
        QVERIFY2(direct.ok(), qPrintable(direct.ok() ? QString() : direct.error().message));
        QCOMPARE(avgJct, direct.value().summary.avgJctS);
        QCOMPARE(model.value(row, ComparisonModel::Makespan), direct.value().summary.makespanS);
    }

    // The chart shows the same bars.
    QCOMPARE(w.comparisonChart()->categories(), policies);
    const QList<qreal> bars = w.comparisonChart()->values();
    QCOMPARE(bars.size(), policies.size());
    for (int row = 0; row < model.rowCount(); ++row)
        QCOMPARE(bars[row], model.value(row, ComparisonModel::AvgJct));
}

void TstMainWindow::staysResponsive()
{
    MainWindow& w = *m_window;
    QVERIFY2(w.openScenario(m_big), qPrintable(w.lastError()));
    QCOMPARE(w.scenario().jobs.size(), std::size_t(BigJobs));

    // A timer in the GUI thread keeps firing while the worker simulates.
    int ticks = 0;
    QElapsedTimer sinceTick;
    qint64 longestGapMs = 0;
    QTimer timer;
    timer.setInterval(10);
    connect(&timer, &QTimer::timeout, this, [&] {
        if (!w.isRunning())
            return;
        ++ticks;
        longestGapMs = std::max(longestGapMs, sinceTick.restart());
    });
    auto* bar = w.findChild<QProgressBar*>(QStringLiteral("progressBar"));
    QList<int> progress;
    connect(bar, &QProgressBar::valueChanged, this, [&](int v) { progress << v; });

    QElapsedTimer clock;
    clock.start();
    sinceTick.start();
    timer.start();
    QVERIFY(w.startRun());
    // startRun() hands the work over and returns at once.
    QVERIFY(w.isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    const qint64 runMs = clock.elapsed();
    timer.stop();

    QVERIFY2(w.lastOutcome() == MainWindow::Outcome::Completed, qPrintable(w.lastError()));
    QCOMPARE(w.comparisonModel()->rowCount(), 2);
    qInfo("run took %lld ms, %d timer ticks, longest gap %lld ms, %lld progress updates", runMs,
          ticks, longestGapMs, qlonglong(progress.size()));
    QVERIFY(ticks >= 1);
    // Lenient bound: at least a tenth of the ticks a free event loop would see.
    QVERIFY2(ticks >= runMs / 100,
             qPrintable(QStringLiteral("%1 ticks in %2 ms").arg(ticks).arg(runMs)));
    // Progress arrived in steps while the run went on, not all at the end; and it never went
    // backwards.
    QVERIFY(progress.size() >= 3);
    QVERIFY(std::is_sorted(progress.begin(), progress.end()));
    QCOMPARE(progress.last(), bar->maximum());
}

void TstMainWindow::cancel_data()
{
    QTest::addColumn<QString>("when");
    QTest::newRow("before the worker starts") << QStringLiteral("start");
    QTest::newRow("at the first progress") << QStringLiteral("progress");
    QTest::newRow("after the first result") << QStringLiteral("result");
}

void TstMainWindow::cancel()
{
    QFETCH(QString, when);
    MainWindow& w = *m_window;
    QVERIFY2(w.openScenario(m_big), qPrintable(w.lastError()));
    ComparisonModel& model = *w.comparisonModel();
    auto* bar = w.findChild<QProgressBar*>(QStringLiteral("progressBar"));
    auto* cancelButton = w.findChild<QPushButton*>(QStringLiteral("cancelButton"));

    bool cancelSent = false;
    auto sendCancel = [&] {
        if (cancelSent)
            return;
        cancelSent = true;
        cancelButton->click();
    };
    if (when == QLatin1String("progress"))
        connect(bar, &QProgressBar::valueChanged, cancelButton, [&](int v) {
            if (v > 0)
                sendCancel();
        });
    if (when == QLatin1String("result"))
        connect(&model, &QAbstractItemModel::rowsInserted, cancelButton, sendCancel);

    // More policies than cores, so that a run is still under way after the first result.
    const QStringList policies{"fifo", "sjf", "srtf", "tiresias"};
    w.setCheckedPolicies(policies);
    QVERIFY(w.startRun());
    if (when == QLatin1String("start"))
        sendCancel();
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    QVERIFY(cancelSent || w.lastOutcome() == MainWindow::Outcome::Completed);

    const MainWindow::Outcome outcome = w.lastOutcome();
    qInfo("outcome %s with %d row(s)",
          QMetaEnum::fromType<MainWindow::Outcome>().valueToKey(int(outcome)), model.rowCount());
    QVERIFY2(outcome == MainWindow::Outcome::Cancelled || outcome == MainWindow::Outcome::Completed,
             qPrintable(w.lastError()));
    if (when == QLatin1String("start")) {
        QCOMPARE(outcome, MainWindow::Outcome::Cancelled);
        QCOMPARE(model.rowCount(), 0);
    }
    if (when == QLatin1String("result"))
        QVERIFY(model.rowCount() >= 1);
    if (outcome == MainWindow::Outcome::Cancelled) {
        // The policy that was running when cancel came has no row, partial or otherwise, and
        // the bar does not keep the progress of a run that is gone.
        QVERIFY(model.rowCount() < int(policies.size()));
        QCOMPARE(bar->value(), 0);
        QCOMPARE(bar->text(), QStringLiteral("Cancelled"));
    } else {
        qWarning("the run finished before cancel took effect; only the invariants are checked");
        QCOMPARE(model.rowCount(), int(policies.size()));
    }
    // Every row left is a complete result, in panel order.
    for (int row = 0; row < model.rowCount(); ++row) {
        QCOMPARE(model.policy(row), policies[row]);
        QCOMPARE(model.result(row).jobs.size(), std::size_t(BigJobs));
        QCOMPARE(model.result(row).summary.jobs, BigJobs);
        QVERIFY(model.value(row, ComparisonModel::AvgJct) > 0.0);
    }
    QCOMPARE(w.comparisonChart()->categories().size(), model.rowCount());

    // Idle again, and the next run is not cancelled by the old request.
    QVERIFY(!cancelButton->isEnabled());
    QVERIFY(w.findChild<QPushButton*>(QStringLiteral("runButton"))->isEnabled());
    QVERIFY(w.openScenario(m_small));
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    QCOMPARE(w.lastOutcome(), MainWindow::Outcome::Completed);
    QCOMPARE(model.rowCount(), int(policies.size()));
}

void TstMainWindow::malformedFile_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("mentions"); // besides the file name

    const QByteArray valid = smallScenario();
    auto withJob = [](const QJsonObject& job) { return scenarioJson("bad", QJsonArray{job}); };
    QJsonObject unknownKey = durationJob("j1", 0, 4, 100);
    unknownKey.insert("colour", "red");

    QTest::newRow("empty") << QByteArray() << QString();
    QTest::newRow("not json") << QByteArray("this is not a scenario") << QString();
    QTest::newRow("truncated") << valid.left(valid.size() / 2) << QString();
    QTest::newRow("array") << QByteArray("[1, 2, 3]") << QString();
    QTest::newRow("wrong format") << QByteArray(R"({"format":"something-else","version":1})")
                                  << QStringLiteral("format");
    QTest::newRow("negative gpus")
        << withJob(durationJob("j1", 0, -4, 100)) << QStringLiteral("jobs[0].gpus");
    QTest::newRow("negative duration")
        << withJob(durationJob("j1", 0, 4, -1)) << QStringLiteral("jobs[0].duration_s");
    QTest::newRow("larger than the cluster")
        << withJob(durationJob("j1", 0, 64, 100)) << QStringLiteral("jobs[0]");
    QTest::newRow("unknown key") << withJob(unknownKey) << QStringLiteral("jobs[0]");
    QTest::newRow("missing file") << QByteArray("<no file>") << QString();
}

void TstMainWindow::malformedFile()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, mentions);
    MainWindow& w = *m_window;
    QVERIFY(w.openScenario(m_small));

    const QString path = m_dir.filePath(QStringLiteral("bad-%1.json")
                                            .arg(QTest::currentDataTag())
                                            .replace(QLatin1Char(' '), QLatin1Char('-')));
    QFile::remove(path);
    if (content != "<no file>")
        QVERIFY(writeFile(path, content));

    QVERIFY(!w.openScenario(path));
    const QString error = w.lastError();
    qInfo("%s", qPrintable(error));
    QVERIFY(!error.isEmpty());
    QVERIFY2(error.contains(QFileInfo(path).fileName()), qPrintable(error));
    if (!mentions.isEmpty())
        QVERIFY2(error.contains(mentions), qPrintable(error));
    QCOMPARE(w.statusBar()->currentMessage(), error);
    QVERIFY(!messageBoxOpen());

    // The previous scenario stays, and the window still works.
    QCOMPARE(w.scenarioPath(), m_small);
    QCOMPARE(w.scenario().jobs.size(), std::size_t(5));
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    QCOMPARE(w.lastOutcome(), MainWindow::Outcome::Completed);
    QCOMPARE(w.comparisonModel()->rowCount(), 2);
}

void TstMainWindow::errorShowsMessageBox()
{
    MainWindow& w = *m_window;
    w.setInteractive(true);
    const QString path = m_dir.filePath(QStringLiteral("garbage.json"));
    QVERIFY(writeFile(path, "{ nope"));

    // The box is modal: look for it from the nested event loop and close it.
    QString boxText;
    QTimer poll;
    poll.setInterval(20);
    connect(&poll, &QTimer::timeout, this, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            boxText = box->text();
            box->accept();
        }
    });
    poll.start();
    QVERIFY(!w.openScenario(path));
    poll.stop();
    QVERIFY2(boxText.contains(QStringLiteral("garbage.json")), qPrintable(boxText));
    QCOMPARE(boxText, w.lastError());
    QVERIFY(!w.hasScenario());
}

void TstMainWindow::runNeedsScenarioAndPolicy()
{
    MainWindow& w = *m_window;
    QVERIFY(!w.startRun());
    QVERIFY(!w.isRunning());
    QVERIFY(!w.lastError().isEmpty());

    QVERIFY(w.openScenario(m_small));
    QVERIFY(w.lastError().isEmpty());
    w.setCheckedPolicies({});
    QVERIFY(!w.startRun());
    QVERIFY(!w.isRunning());
    QVERIFY(!w.lastError().isEmpty());

    // An unknown predictor fails the run cleanly with a message.
    w.setCheckedPolicies({QStringLiteral("fifo")});
    QVERIFY(w.setPlacementAndPredictor(gantry::RunConfig{}.placement, QStringLiteral("no-such")));
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    QCOMPARE(w.lastOutcome(), MainWindow::Outcome::Failed);
    QVERIFY2(w.lastError().contains(QStringLiteral("no-such")), qPrintable(w.lastError()));
    QCOMPARE(w.comparisonModel()->rowCount(), 0);
    QVERIFY(!messageBoxOpen());
}

void TstMainWindow::closeDuringRun()
{
    // Destroying the window mid-run cancels the worker and joins its thread: no hang, no crash.
    QVERIFY(m_window->openScenario(m_big));
    QVERIFY(m_window->startRun());
    QTRY_VERIFY_WITH_TIMEOUT(
        m_window->findChild<QProgressBar*>(QStringLiteral("progressBar"))->value() > 0,
        RunTimeoutMs);
    QElapsedTimer clock;
    clock.start();
    m_window.reset();
    QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
}

// The first-run guide: its steps open the place to do them, closing it is remembered across
// windows, and Help > Getting Started brings it back.
void TstMainWindow::welcomeGuide()
{
    QSettings().remove(QStringLiteral("welcomeDismissed"));
    auto window = std::make_unique<MainWindow>();
    window->show();
    WelcomeBanner* banner = window->welcomeBanner();
    QVERIFY(banner && banner->isVisible());
    window->showTab(MainWindow::Tab::Cluster);
    emit banner->stepRequested(WelcomeBanner::Step::Teaching);
    auto* tabs = window->findChild<QTabWidget*>(QStringLiteral("centralTabs"));
    QCOMPARE(tabs->currentIndex(), int(MainWindow::Tab::Results));
    emit banner->stepRequested(WelcomeBanner::Step::Jobs);
    QCOMPARE(tabs->currentIndex(), int(MainWindow::Tab::Jobs));
    banner->findChild<QToolButton*>(QStringLiteral("welcomeClose"))->click();
    QVERIFY(!banner->isVisible());
    window = std::make_unique<MainWindow>();
    window->show();
    QVERIFY(!window->welcomeBanner()->isVisible());
    window->findChild<QAction*>(QStringLiteral("gettingStartedAction"))->trigger();
    QVERIFY(window->welcomeBanner()->isVisible());
    QVERIFY(!WelcomeBanner::dismissed());
}

// Help > Documentation shows the README inside Gantry (no other program needed), and its links
// to docs/*.md open there too.
void TstMainWindow::documentationShowsInside()
{
    QVERIFY(!gantry::ui::HelpMenu::documentationFile().isEmpty()); // the source tree's README
    MainWindow w;
    w.setInteractive(false);
    w.findChild<QAction*>(QStringLiteral("documentationAction"))->trigger();
    QVERIFY2(w.lastError().isEmpty(), qPrintable(w.lastError()));
    auto* browser = w.findChild<QTextBrowser*>(QStringLiteral("documentationBrowser"));
    QVERIFY(browser);
    QVERIFY(browser->isVisible());
    QVERIFY(browser->toPlainText().contains(QLatin1String("Gantry")));
    // A link of the README to a page of docs/ opens that page in the same browser.
    emit browser->anchorClicked(QUrl(QStringLiteral("docs/policies.md")));
    QVERIFY2(browser->source().toLocalFile().endsWith(QLatin1String("docs/policies.md")),
             qPrintable(browser->source().toString()));
    QVERIFY(browser->toPlainText().contains(QLatin1String("srtf")));
    QVERIFY(browser->isBackwardAvailable());
    browser->window()->close();
}

// The toolbar's Undo keeps its short label whatever the edit (a label growing with the undo
// text resized the docks); the menu and the tooltip say what it undoes, by the field's label.
void TstMainWindow::toolbarKeepsItsLabels()
{
    MainWindow& w = *m_window;
    QVERIFY(w.openScenario(m_small));
    auto* bar = w.findChild<QToolBar*>(QStringLiteral("mainToolBar"));
    auto* undo = w.findChild<QAction*>(QStringLiteral("undoAction"));
    QVERIFY(bar && undo);
    const int width = bar->widgetForAction(undo)->sizeHint().width();
    QVERIFY(w.document()->setServerField({0}, QStringLiteral("intra_GBps"), 123.0));
    QCOMPARE(undo->iconText(), QStringLiteral("Undo"));
    QCOMPARE(bar->widgetForAction(undo)->sizeHint().width(), width);
    QVERIFY2(undo->toolTip().contains(QLatin1String("Intra (GB/s)")), qPrintable(undo->toolTip()));
}

QTEST_MAIN(TstMainWindow)
#include "tst_mainwindow.moc"
