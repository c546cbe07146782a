// The window on a 1280x800 screen, whatever the user types. A refused 300-digit uplink, a
// 300-character rack, server or scenario name, a 200-character job id or user, a refused
// 200-digit arrival or parallel degree: the window's minimum width does not grow with them and
// stays within the screen, the property page's title elides the name (whole in its tooltip) and
// a refusal cuts the typed value in its middle (the whole message in its tooltip). Names and a
// predictor that long, run, leave the Results tab as narrow. And on every tab and property page,
// with the thirteen policies run, the window's minimum size leaves room on that screen for a
// title bar and a desktop panel.

#include "document/jobbuilder.h"
#include "document/projectdocument.h"
#include "format/elidedlabel.h"
#include "mainwindow.h"
#include "paneltyping.h"
#include "policies/policyregistry.h"
#include "properties/propertypanel.h"
#include "results/resultspanel.h"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

using gantry::Scenario;
using gantry::ui::ElidedLabel;
using gantry::ui::MainWindow;
using gantry::ui::ProjectDocument;
using gantry::ui::PropertyPanel;
using gantry::ui::Selection;

namespace {

// The screen, and what of its height the window's title bar and a desktop panel take.
constexpr QSize Screen(1280, 800);
constexpr int TitleAndPanel = 80;
constexpr int RunTimeoutMs = 300000;

constexpr int ScenarioKind = int(Selection::Kind::None);
constexpr int Rack = int(Selection::Kind::Rack);
constexpr int Server = int(Selection::Kind::Server);
constexpr int Job = int(Selection::Kind::Job);
constexpr int ModelJob = -1; // index: the model job the fixture adds

// Wide letters: the widest a name of that length gets.
QString wide(int n, QChar c = QLatin1Char('W'))
{
    return QString(n, c);
}

// Lets every pending layout request through (a dock's request reaches the window's layout
// only once its own has been handled).
void settle()
{
    for (int i = 0; i < 8; ++i) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QApplication::processEvents();
    }
}

QString describe(const QSize& s)
{
    return QStringLiteral("%1x%2").arg(s.width()).arg(s.height());
}

} // namespace

class TstWindowFit : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void typedTextKeepsTheWindowNarrow_data();
    void typedTextKeepsTheWindowNarrow();
    void longNamesRunKeepTheWindowNarrow();
    void fitsASmallScreen_data();
    void fitsASmallScreen();

private:
    void select(int kind, int index);
    bool runAll(const QStringList& policies);

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    int m_modelJob = -1;
};

void TstWindowFit::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("GantryTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_windowfit"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath("settings"));
}

void TstWindowFit::init()
{
    QSettings().clear();
    m_window = std::make_unique<MainWindow>();
    m_window->setInteractive(false);
    m_window->resize(Screen);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY2(m_window->openFile(QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/two-racks.json")),
             qPrintable(m_window->lastError()));
    ProjectDocument* doc = m_window->document();
    m_modelJob = doc->addJob(gantry::ui::JobBuilder::modelJob(
        doc->current(), QStringLiteral("m"), QStringLiteral("llama-7b"), {2, 1, 4, 1}, 100, 5));
    QVERIFY(doc->problems().empty());
    doc->undoStack()->clear();
    settle();
}

void TstWindowFit::cleanup()
{
    m_window.reset();
}

void TstWindowFit::select(int kind, int index)
{
    m_window->document()->setSelection(
        kind == ScenarioKind
            ? Selection{}
            : Selection{Selection::Kind(kind), {index == ModelJob ? m_modelJob : index}});
    settle();
}

bool TstWindowFit::runAll(const QStringList& policies)
{
    m_window->setCheckedPolicies(policies);
    if (!m_window->startRun())
        return false;
    if (!QTest::qWaitFor([this] { return !m_window->isRunning(); }, RunTimeoutMs))
        return false;
    return m_window->lastOutcome() == MainWindow::Outcome::Completed;
}

void TstWindowFit::typedTextKeepsTheWindowNarrow_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("refused");

    QTest::newRow("rack uplink, 300 digits")
        << Rack << 0 << "uplink_gbps" << wide(300, u'9') << true;
    QTest::newRow("rack name, 300 characters") << Rack << 0 << "name" << wide(300) << false;
    QTest::newRow("server name, 300 characters") << Server << 0 << "name" << wide(300) << false;
    QTest::newRow("server NIC, 300 digits") << Server << 0 << "nic_gbps" << wide(300, u'7') << true;
    QTest::newRow("job id, 200 characters") << Job << 0 << "id" << wide(200) << false;
    QTest::newRow("job user, 200 characters") << Job << 0 << "user" << wide(200) << false;
    QTest::newRow("job arrival, 200 digits") << Job << 0 << "arrival_s" << wide(200, u'7') << true;
    QTest::newRow("model job dp, 200 digits") << Job << ModelJob << "dp" << wide(200, u'8') << true;
    QTest::newRow("model job id, 200 characters") << Job << ModelJob << "id" << wide(200) << false;
    QTest::newRow("scenario name, 300 characters")
        << ScenarioKind << 0 << "name" << wide(300) << false;
}

// What is typed never widens the window: its minimum width stays what it was (within the
// screen), it keeps the screen's width, and every label of the panel fits the dock.
void TstWindowFit::typedTextKeepsTheWindowNarrow()
{
    QFETCH(int, kind);
    QFETCH(int, index);
    QFETCH(QString, field);
    QFETCH(QString, text);
    QFETCH(bool, refused);
    MainWindow& w = *m_window;
    PropertyPanel* panel = w.propertyPanel();
    select(kind, index);
    const int minimum = w.minimumSizeHint().width();
    const int hint = w.sizeHint().width();
    QVERIFY2(minimum <= Screen.width(), qPrintable(describe(w.minimumSizeHint())));

    QVERIFY(gantry::test::typeIntoField(panel, field, text));
    settle();
    w.resize(Screen);
    settle();

    QVERIFY2(
        w.minimumSizeHint().width() <= minimum,
        qPrintable(
            QStringLiteral("%1 after, %2 before").arg(w.minimumSizeHint().width()).arg(minimum)));
    QVERIFY2(w.sizeHint().width() <= hint, qPrintable(describe(w.sizeHint())));
    QCOMPARE(w.width(), Screen.width());
    for (const QLabel* label : panel->findChildren<QLabel*>())
        if (label->isVisible())
            QVERIFY2(label->minimumSizeHint().width() <= panel->width(),
                     qPrintable(label->objectName() + QLatin1Char(' ') + label->text()));

    if (refused) {
        // The message says what was refused, the typed value cut in its middle; the tooltip
        // has it whole.
        QVERIFY2(panel->errorText(field).contains(text), qPrintable(panel->errorText(field)));
        const QLabel* error = panel->findChild<QLabel*>(QStringLiteral("error_") + field,
                                                        Qt::FindChildrenRecursively);
        QVERIFY(error && error->isVisible());
        QVERIFY(error->text().contains(QChar(0x2026)));
        QCOMPARE(error->toolTip(), panel->errorText(field));
        QVERIFY(error->width() <= panel->width());
    } else if (kind != ScenarioKind && field != QLatin1String("user")) {
        // The page's title names the item, elided; its tooltip names it whole.
        const ElidedLabel* title = nullptr;
        for (const ElidedLabel* t : panel->findChildren<ElidedLabel*>(QStringLiteral("pageTitle")))
            if (t->isVisible())
                title = t;
        QVERIFY(title);
        QVERIFY2(title->text().endsWith(text), qPrintable(title->text()));
        QVERIFY(title->isElided());
        QCOMPARE(title->toolTip(), title->text());
        QVERIFY(title->width() <= panel->width());
    }
}

// A long scenario, rack and job name and a long predictor, run: the run panel, the project
// tree and every view of the Results tab stay as narrow as before.
void TstWindowFit::longNamesRunKeepTheWindowNarrow()
{
    MainWindow& w = *m_window;
    select(Job, ModelJob); // the widest page
    const int minimum = w.minimumSizeHint().width();
    ProjectDocument* doc = w.document();
    doc->setScenarioName(wide(300));
    QVERIFY(doc->setRackField(0, QStringLiteral("name"), wide(300, u'r')));
    QVERIFY(doc->setJobField(0, QStringLiteral("id"), wide(200, u'j')));
    auto* predictor = w.findChild<QComboBox*>(QStringLiteral("predictorCombo"));
    QVERIFY(predictor);
    predictor->setCurrentText(QStringLiteral("noisy:0.5") + QString(200, u'0'));
    QVERIFY2(runAll({QStringLiteral("fifo"), QStringLiteral("asrpt")}), qPrintable(w.lastError()));
    w.showTab(MainWindow::Tab::Results);
    QTabWidget* views = w.resultsPanel()->tabs();
    for (int i = 0; i < views->count(); ++i) {
        views->setCurrentIndex(i);
        settle();
        QVERIFY2(w.minimumSizeHint().width() <= minimum,
                 qPrintable(views->tabText(i) + QLatin1Char(' ') + describe(w.minimumSizeHint())));
    }
    w.resize(Screen);
    settle();
    QCOMPARE(w.width(), Screen.width());
    auto* scenarios = w.findChild<QComboBox*>(QStringLiteral("scenarioCombo"));
    QVERIFY(scenarios);
    QCOMPARE(scenarios->toolTip(), wide(300));
}

void TstWindowFit::fitsASmallScreen_data()
{
    QTest::addColumn<int>("tab");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("index");

    const std::pair<const char*, MainWindow::Tab> tabs[] = {{"Cluster", MainWindow::Tab::Cluster},
                                                            {"Jobs", MainWindow::Tab::Jobs},
                                                            {"Results", MainWindow::Tab::Results},
                                                            {"Plan", MainWindow::Tab::Plan}};
    const std::pair<const char*, std::pair<int, int>> pages[] = {{"scenario", {ScenarioKind, 0}},
                                                                 {"rack", {Rack, 0}},
                                                                 {"server", {Server, 0}},
                                                                 {"graph job", {Job, 0}},
                                                                 {"model job", {Job, ModelJob}}};
    for (const auto& [tab, t] : tabs)
        for (const auto& [page, p] : pages)
            QTest::addRow("%s tab, %s page", tab, page) << int(t) << p.first << p.second;
}

// With the thirteen policies run, on every tab and property page, the window's minimum size
// fits the screen less its title bar and a panel, and the window takes the screen's size.
void TstWindowFit::fitsASmallScreen()
{
    QFETCH(int, tab);
    QFETCH(int, kind);
    QFETCH(int, index);
    MainWindow& w = *m_window;
    QVERIFY2(runAll(gantry::PolicyRegistry::names()), qPrintable(w.lastError()));
    w.showTab(MainWindow::Tab(tab));
    select(kind, index);
    const QSize room(Screen.width(), Screen.height() - TitleAndPanel);
    const QSize minimum = w.minimumSizeHint();
    QVERIFY2(minimum.width() <= room.width() && minimum.height() <= room.height(),
             qPrintable(describe(minimum)));
    w.resize(room);
    settle();
    QCOMPARE(w.size(), room);
}

QTEST_MAIN(TstWindowFit)
#include "tst_windowfit.moc"
