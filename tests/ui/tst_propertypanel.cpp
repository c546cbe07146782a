// The property panel's defects of issue 16, each its own test: a negative GPU count typed for a
// server killed the window; numbers were changed instead of refused (-2 servers became 2, 2.5
// GPUs became 3, a huge number and an empty name silently reverted); the document itself took
// values no scenario file would; a problem's double-click opened the job's panel without the
// field it names. Also: every value the panel takes, the scenario reader takes. And a model
// job's performance-model keys: cp, vp and the training settings are edited through the panel
// as undoable commands that rebuild the job's cost, and its page shows the time per iteration
// on each GPU type and the memory per GPU by part (IterationBreakdownView).

#include "document/fieldlabels.h"
#include "document/iterationbreakdown.h"
#include "document/jobbuilder.h"
#include "document/projectdocument.h"
#include "io/trainingjson.h"
#include "mainwindow.h"
#include "paneltyping.h"
#include "properties/iterationbreakdownview.h"
#include "properties/problemslist.h"
#include "properties/propertypanel.h"
#include "run/productdefaults.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <limits>
#include <memory>

using gantry::Scenario;
using gantry::ui::MainWindow;
using gantry::ui::ProjectDocument;
using gantry::ui::PropertyPanel;
using gantry::ui::Selection;

namespace {

constexpr int Rack = int(Selection::Kind::Rack);
constexpr int Server = int(Selection::Kind::Server);
constexpr int Job = int(Selection::Kind::Job);
constexpr int ScenarioKind = int(Selection::Kind::None);
// In two-racks.json (plus the model job the fixture adds last).
constexpr int GraphJob = 0;
constexpr int DurationJob = 3;

void typeInto(PropertyPanel* panel, const QString& field, const QString& text)
{
    QVERIFY2(gantry::test::typeIntoField(panel, field, text), qPrintable(field));
}

using gantry::test::fieldText;

} // namespace

class TstPropertyPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void negativeServerGpusDoNotCrash();
    void refusedInput_data();
    void refusedInput();
    void acceptedInput_data();
    void acceptedInput();
    void documentRefusesWhatTheFileRefuses_data();
    void documentRefusesWhatTheFileRefuses();
    void problemShowsItsField_data();
    void problemShowsItsField();
    void modelJobSettings_data();
    void modelJobSettings();
    void breakdownShowsParts_data();
    void breakdownShowsParts();
    void breakdownFollowsSelection();
    void undoKeysInAFieldActOnTheDocument();
    void emptyPredictionNamesTheColdStart();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    int m_modelJob = -1;
};

void TstPropertyPanel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("GantryTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_propertypanel"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath("settings"));
}

void TstPropertyPanel::init()
{
    QSettings().clear();
    m_window = std::make_unique<MainWindow>();
    m_window->setInteractive(false);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY2(m_window->openFile(QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/two-racks.json")),
             qPrintable(m_window->lastError()));
    ProjectDocument* doc = m_window->document();
    const Scenario& sc = doc->current();
    m_modelJob = doc->addJob(gantry::ui::JobBuilder::modelJob(
        sc, QStringLiteral("m"), QStringLiteral("llama-7b"), {2, 1, 4, 1}, 100, 5));
    QVERIFY(doc->problems().empty());
    doc->undoStack()->clear();
}

void TstPropertyPanel::cleanup()
{
    m_window.reset();
}

void TstPropertyPanel::negativeServerGpusDoNotCrash()
{
    ProjectDocument* doc = m_window->document();
    const Scenario before = doc->current();
    doc->setSelection({Selection::Kind::Server, {0}});
    typeInto(m_window->propertyPanel(), QStringLiteral("gpus"), QStringLiteral("-1"));
    QVERIFY(m_window->isVisible());
    QCOMPARE(doc->current(), before);
    QCOMPARE(doc->undoStack()->count(), 0);
    QVERIFY2(m_window->propertyPanel()->errorText(QStringLiteral("gpus")).contains("1 to 1024"),
             qPrintable(m_window->propertyPanel()->errorText(QStringLiteral("gpus"))));
    // Past the panel, the document refuses it too: nothing reaches Cluster::finalize().
    QVERIFY(!doc->setServerField({0}, QStringLiteral("gpus"), -1));
    QVERIFY(!doc->setServerField({0, 1}, QStringLiteral("gpus"), QStringLiteral("-1")));
    QCOMPARE(doc->addServer(0, QStringLiteral("H100"), -1), -1);
    QCOMPARE(doc->current(), before);
    QCOMPARE(doc->undoStack()->count(), 0);
}

void TstPropertyPanel::refusedInput_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");

    QTest::newRow("server count -2") << Server << 0 << "count"
                                     << "-2"
                                     << "1 to 4096";
    QTest::newRow("server count 0") << Server << 0 << "count"
                                    << "0"
                                    << "1 to 4096";
    QTest::newRow("server count 4097") << Server << 0 << "count"
                                       << "4097"
                                       << "1 to 4096";
    QTest::newRow("server count 1.5") << Server << 0 << "count"
                                      << "1.5"
                                      << "1 to 4096";
    QTest::newRow("server GPUs 2.5") << Server << 0 << "gpus"
                                     << "2.5"
                                     << "integer";
    QTest::newRow("server GPUs 0") << Server << 0 << "gpus"
                                   << "0"
                                   << "1 to 1024";
    QTest::newRow("server GPUs 1025") << Server << 0 << "gpus"
                                      << "1025"
                                      << "1 to 1024";
    QTest::newRow("server GPUs huge") << Server << 0 << "gpus"
                                      << "99999999999"
                                      << "1 to 1024";
    QTest::newRow("server GPUs text") << Server << 0 << "gpus"
                                      << "eight"
                                      << "not a number";
    QTest::newRow("server GPUs nan") << Server << 0 << "gpus"
                                     << "nan"
                                     << "integer";
    QTest::newRow("server NIC negative") << Server << 2 << "nic_gbps"
                                         << "-5"
                                         << "> 0";
    QTest::newRow("server NIC inf") << Server << 2 << "nic_gbps"
                                    << "inf"
                                    << "> 0";
    QTest::newRow("server intra empty") << Server << 2 << "intra_GBps"
                                        << ""
                                        << "empty";
    QTest::newRow("server name empty") << Server << 2 << "name"
                                       << ""
                                       << "empty";
    QTest::newRow("rack name empty") << Rack << 1 << "name"
                                     << ""
                                     << "empty";
    QTest::newRow("rack name blank") << Rack << 1 << "name"
                                     << "   "
                                     << "empty";
    QTest::newRow("rack uplink zero") << Rack << 1 << "uplink_gbps"
                                      << "0"
                                      << "> 0";
    QTest::newRow("rack uplink huge") << Rack << 1 << "uplink_gbps"
                                      << "99999999999999"
                                      << "at most";
    QTest::newRow("job arrival negative") << Job << 0 << "arrival_s"
                                          << "-1"
                                          << ">= 0";
    QTest::newRow("job arrival past 1e9") << Job << 0 << "arrival_s"
                                          << "1000000001"
                                          << "at most 1000000000";
    QTest::newRow("job id empty") << Job << 0 << "id"
                                  << ""
                                  << "empty";
    QTest::newRow("job weight nan") << Job << 0 << "weight"
                                    << "NaN"
                                    << "> 0";
    QTest::newRow("job predicted zero") << Job << 0 << "predicted_iterations"
                                        << "0"
                                        << "> 0";
    QTest::newRow("graph job iterations 0") << Job << GraphJob << "iterations"
                                            << "0"
                                            << "> 0";
    QTest::newRow("duration job GPUs 2.5") << Job << DurationJob << "gpus"
                                           << "2.5"
                                           << "integer";
    QTest::newRow("duration job GPUs -1") << Job << DurationJob << "gpus"
                                          << "-1"
                                          << "integer";
    QTest::newRow("duration job duration 0") << Job << DurationJob << "duration_s"
                                             << "0"
                                             << "> 0";
    QTest::newRow("duration job duration huge") << Job << DurationJob << "duration_s"
                                                << "1e300"
                                                << "at most";
    QTest::newRow("model job tp 0") << Job << -1 << "tp"
                                    << "0"
                                    << "integer";
    QTest::newRow("model job ep 1025") << Job << -1 << "ep"
                                       << "1025"
                                       << "1 to 1024";
    QTest::newRow("model job dp fraction") << Job << -1 << "dp"
                                           << "0.5"
                                           << "integer";
    QTest::newRow("model job cp 0") << Job << -1 << "cp"
                                    << "0"
                                    << "1 to 1000000";
    QTest::newRow("model job cp 1.5") << Job << -1 << "cp"
                                      << "1.5"
                                      << "integer";
    QTest::newRow("model job cp past 1e6") << Job << -1 << "cp"
                                           << "1000001"
                                           << "1 to 1000000";
    QTest::newRow("model job vp 0") << Job << -1 << "vp"
                                    << "0"
                                    << "1 to 100000";
    QTest::newRow("model job vp text") << Job << -1 << "vp"
                                       << "two"
                                       << "not a number";
    QTest::newRow("scenario name empty") << ScenarioKind << -1 << "name"
                                         << ""
                                         << "empty";
}

// A refused value changes nothing (no undo entry), says why under the field and shows the
// value kept.
void TstPropertyPanel::refusedInput()
{
    QFETCH(int, kind);
    QFETCH(int, index);
    QFETCH(QString, field);
    QFETCH(QString, text);
    QFETCH(QString, error);
    ProjectDocument* doc = m_window->document();
    PropertyPanel* panel = m_window->propertyPanel();
    if (index < 0 && kind == Job)
        index = m_modelJob;
    doc->setSelection(kind == ScenarioKind ? Selection{}
                                           : Selection{Selection::Kind(kind), {index}});
    QCOMPARE(int(panel->page()), kind);
    const Scenario before = doc->current();
    const QString shown = fieldText(panel, field);

    typeInto(panel, field, text);
    QVERIFY(m_window->isVisible());
    QCOMPARE(doc->current(), before);
    QCOMPARE(doc->undoStack()->count(), 0);
    QVERIFY2(panel->errorText(field).contains(error), qPrintable(panel->errorText(field)));
    QVERIFY(panel->editor(field)
                ->parentWidget()
                ->findChild<QLabel*>(QStringLiteral("error_") + field)
                ->isVisible());
    QCOMPARE(fieldText(panel, field), shown);
    QVERIFY(doc->problems().empty());
}

void TstPropertyPanel::acceptedInput_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("shown"); // in the field afterwards

    QTest::newRow("server count 3") << Server << 0 << "count"
                                    << "3"
                                    << "3";
    QTest::newRow("server GPUs 1024") << Server << 0 << "gpus"
                                      << "1024"
                                      << "1024";
    QTest::newRow("server GPUs 1e1") << Server << 0 << "gpus"
                                     << "1e1"
                                     << "10";
    QTest::newRow("server NIC 0.5") << Server << 2 << "nic_gbps"
                                    << "0.5"
                                    << "0.5";
    QTest::newRow("rack name") << Rack << 1 << "name"
                               << " spine "
                               << "spine";
    QTest::newRow("rack uplink 1e12") << Rack << 1 << "uplink_gbps"
                                      << "1e12"
                                      << "1e+12";
    QTest::newRow("job arrival 0") << Job << 1 << "arrival_s"
                                   << "0"
                                   << "0";
    QTest::newRow("job arrival -0") << Job << 1 << "arrival_s"
                                    << "-0"
                                    << "0";
    QTest::newRow("job predicted 10") << Job << 0 << "predicted_iterations"
                                      << "10"
                                      << "10";
    QTest::newRow("job user empty") << Job << 0 << "user"
                                    << ""
                                    << "";
    QTest::newRow("duration job GPUs 1") << Job << DurationJob << "gpus"
                                         << "1"
                                         << "1";
    QTest::newRow("duration job duration 1e9") << Job << DurationJob << "duration_s"
                                               << "1e9"
                                               << "1000000000";
    QTest::newRow("model job dp 1") << Job << -1 << "dp"
                                    << "1"
                                    << "1";
    QTest::newRow("model job cp 2") << Job << -1 << "cp"
                                    << "2"
                                    << "2";
    QTest::newRow("scenario name") << ScenarioKind << -1 << "name"
                                   << "renamed"
                                   << "renamed";
}

// A value in range is taken as one undo entry, shown, and undone exactly.
void TstPropertyPanel::acceptedInput()
{
    QFETCH(int, kind);
    QFETCH(int, index);
    QFETCH(QString, field);
    QFETCH(QString, text);
    QFETCH(QString, shown);
    ProjectDocument* doc = m_window->document();
    PropertyPanel* panel = m_window->propertyPanel();
    if (index < 0 && kind == Job)
        index = m_modelJob;
    const Selection selection =
        kind == ScenarioKind ? Selection{} : Selection{Selection::Kind(kind), {index}};
    doc->setSelection(selection);
    const Scenario before = doc->current();

    typeInto(panel, field, text);
    QVERIFY2(panel->errorText(field).isEmpty(), qPrintable(panel->errorText(field)));
    QCOMPARE(doc->undoStack()->count(), 1);
    QVERIFY(!(doc->current() == before));
    doc->setSelection(selection);
    QCOMPARE(fieldText(panel, field), shown);
    doc->undoStack()->undo();
    QCOMPARE(doc->current(), before);
}

void TstPropertyPanel::documentRefusesWhatTheFileRefuses_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QVariant>("value");

    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    QTest::newRow("server GPUs -1") << Server << 0 << "gpus" << QVariant(-1);
    QTest::newRow("server GPUs 2.5 rounds no more") << Server << 0 << "gpus" << QVariant(2.5);
    QTest::newRow("server GPUs huge") << Server << 0 << "gpus" << QVariant(99999999999.0);
    QTest::newRow("server NIC nan") << Server << 0 << "nic_gbps" << QVariant(nan);
    QTest::newRow("server intra inf") << Server << 0 << "intra_GBps" << QVariant(inf);
    QTest::newRow("server rack -1") << Server << 0 << "rack" << QVariant(-1);
    QTest::newRow("server name empty") << Server << 0 << "name" << QVariant(QString());
    QTest::newRow("rack uplink -1") << Rack << 0 << "uplink_gbps" << QVariant(-1.0);
    QTest::newRow("rack name empty") << Rack << 0 << "name" << QVariant(QString());
    QTest::newRow("job gpus -1") << Job << DurationJob << "gpus" << QVariant(-1);
    QTest::newRow("job duration nan") << Job << DurationJob << "duration_s" << QVariant(nan);
    QTest::newRow("job arrival 1e10") << Job << 0 << "arrival_s" << QVariant(1e10);
    QTest::newRow("job tp 0") << Job << -1 << "tp" << QVariant(0);
    QTest::newRow("job cp 0") << Job << -1 << "cp" << QVariant(0);
    QTest::newRow("job vp -1") << Job << -1 << "vp" << QVariant(-1);
    QTest::newRow("job vp 100001") << Job << -1 << "vp" << QVariant(100001);
    QTest::newRow("job precision fp64")
        << Job << -1 << "precision" << QVariant(QStringLiteral("fp64"));
    QTest::newRow("job precision BF16")
        << Job << -1 << "precision" << QVariant(QStringLiteral("BF16"));
    QTest::newRow("job recompute empty") << Job << -1 << "recompute" << QVariant(QString());
    QTest::newRow("job recompute index") << Job << -1 << "recompute" << QVariant(2);
    QTest::newRow("job sharding zero2")
        << Job << -1 << "optimizer_sharding" << QVariant(QStringLiteral("zero2"));
    QTest::newRow("job overlap tp") << Job << -1 << "overlap" << QVariant(QStringLiteral("tp"));
    QTest::newRow("job sequence parallel yes")
        << Job << -1 << "sequence_parallel" << QVariant(QStringLiteral("yes"));
    QTest::newRow("job sequence parallel 1") << Job << -1 << "sequence_parallel" << QVariant(1);
    QTest::newRow("duration job precision")
        << Job << DurationJob << "precision" << QVariant(QStringLiteral("fp8"));
    QTest::newRow("graph job cp") << Job << GraphJob << "cp" << QVariant(2);
    QTest::newRow("job ep 2000") << Job << -1 << "ep" << QVariant(2000);
    QTest::newRow("job id blank") << Job << 0 << "id" << QVariant(QStringLiteral(" "));
    QTest::newRow("job unknown field") << Job << 0 << "colour" << QVariant(1);
}

// Values that reach the document past any panel (scripts, tests, future views) are checked
// there too: no undo entry, nothing changed.
void TstPropertyPanel::documentRefusesWhatTheFileRefuses()
{
    QFETCH(int, kind);
    QFETCH(int, index);
    QFETCH(QString, field);
    QFETCH(QVariant, value);
    ProjectDocument* doc = m_window->document();
    if (index < 0)
        index = m_modelJob;
    const Scenario before = doc->current();
    bool changed = true;
    switch (Selection::Kind(kind)) {
    case Selection::Kind::Rack:
        changed = doc->setRackField(index, field, value);
        break;
    case Selection::Kind::Server:
        changed = doc->setServerField({index}, field, value);
        break;
    case Selection::Kind::Job:
        changed = doc->setJobField(index, field, value);
        break;
    case Selection::Kind::None:
        break;
    }
    QVERIFY(!changed);
    QCOMPARE(doc->current(), before);
    QCOMPARE(doc->undoStack()->count(), 0);
}

void TstPropertyPanel::problemShowsItsField_data()
{
    QTest::addColumn<int>("job");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<int>("shownBefore");  // the job selected before the double-click
    QTest::addColumn<bool>("singleClick"); // a single click goes there as well

    QTest::newRow("duration job GPUs, after a graph job")
        << DurationJob << "gpus" << QVariant(100000) << GraphJob << false;
    QTest::newRow("duration job GPUs, after a model job")
        << DurationJob << "gpus" << QVariant(100000) << -1 << false;
    QTest::newRow("duration job GPUs, after the cluster")
        << DurationJob << "gpus" << QVariant(100000) << -2 << false;
    QTest::newRow("model job tp, after a duration job")
        << -1 << "tp" << QVariant(3) << DurationJob << false;
    QTest::newRow("model job cp not dividing the sequence, after a graph job")
        << -1 << "cp" << QVariant(3) << GraphJob << false;
    QTest::newRow("model job vp without a pipeline, after a duration job")
        << -1 << "vp" << QVariant(2) << DurationJob << false;
    QTest::newRow("single click: duration job GPUs, after the cluster")
        << DurationJob << "gpus" << QVariant(100000) << -2 << true;
}

// Double-clicking a problem shows the job's page with every field of its kind, the named one
// focused.
void TstPropertyPanel::problemShowsItsField()
{
    QFETCH(int, job);
    QFETCH(QString, field);
    QFETCH(QVariant, value);
    QFETCH(int, shownBefore);
    QFETCH(bool, singleClick);
    ProjectDocument* doc = m_window->document();
    PropertyPanel* panel = m_window->propertyPanel();
    if (job < 0)
        job = m_modelJob;
    QVERIFY(doc->setJobField(job, field, value)); // taken, but a problem of the scenario
    QVERIFY(!doc->problems().empty());
    if (shownBefore == -2) {
        m_window->showTab(MainWindow::Tab::Cluster);
        doc->setSelection({Selection::Kind::Server, {0}});
    } else {
        m_window->showTab(MainWindow::Tab::Jobs);
        doc->setSelection({Selection::Kind::Job, {shownBefore < 0 ? m_modelJob : shownBefore}});
    }
    QApplication::processEvents();

    gantry::ui::ProblemsList* list = m_window->problemsList();
    int line = 0;
    while (line < int(doc->problems().size()) && doc->problems()[std::size_t(line)].index != job)
        ++line;
    QVERIFY(line < list->count());
    if (singleClick) {
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(line)).center());
    } else {
        QTest::mouseDClick(list->viewport(), Qt::LeftButton, {},
                           list->visualItemRect(list->item(line)).center());
        emit list->itemActivated(list->item(line)); // in case the platform sends none
    }
    QApplication::processEvents();

    QCOMPARE(doc->selection(), (Selection{Selection::Kind::Job, {job}}));
    QCOMPARE(panel->page(), Selection::Kind::Job);
    QWidget* editor = panel->editor(field);
    QVERIFY(editor);
    QVERIFY2(editor->isVisible(), qPrintable(field));
    QCOMPARE(m_window->focusWidget(), editor); // the focus once the window is active
    const bool duration = doc->current().jobs[std::size_t(job)].kind == gantry::JobKind::Duration;
    for (const char* key : {"id", "arrival_s", "gpus", "duration_s", "iterations", "model", "tp"}) {
        const bool ofKind = QLatin1String(key) == QLatin1String("gpus") ||
                                    QLatin1String(key) == QLatin1String("duration_s")
                                ? duration
                            : QLatin1String(key) == QLatin1String("iterations") ? !duration
                            : QLatin1String(key) == QLatin1String("model") ||
                                    QLatin1String(key) == QLatin1String("tp")
                                ? !duration && job == m_modelJob
                                : true;
        QCOMPARE(panel->editor(QLatin1String(key))->isVisible(), ofKind);
    }
    QVERIFY(!panel->errorText(field).isEmpty());
}

void TstPropertyPanel::modelJobSettings_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");     // typed, the choice's file name, or true/false
    QTest::addColumn<QVariantMap>("first"); // fields set (and forgotten by undo) beforehand

    const QVariantMap none;
    const QVariantMap pipeline{{QStringLiteral("pp"), 2}};
    QTest::newRow("cp 2") << "cp"
                          << "2" << none;
    QTest::newRow("cp 4") << "cp"
                          << "4" << none;
    QTest::newRow("vp 2 on pp 2") << "vp"
                                  << "2" << pipeline;
    QTest::newRow("vp 4 on pp 2") << "vp"
                                  << "4" << pipeline;
    for (const QString& p : gantry::TrainingJson::precisionNames())
        if (p != QLatin1String("bf16")) // the default
            QTest::addRow("precision %s", qPrintable(p)) << "precision" << p << none;
    QTest::newRow("recompute selective") << "recompute"
                                         << "selective" << none;
    QTest::newRow("recompute full") << "recompute"
                                    << "full" << none;
    QTest::newRow("optimizer sharding distributed") << "optimizer_sharding"
                                                    << "distributed" << none;
    QTest::newRow("optimizer sharding zero3") << "optimizer_sharding"
                                              << "zero3" << none;
    QTest::newRow("overlap none") << "overlap"
                                  << "none" << none;
    QTest::newRow("overlap dp+tp") << "overlap"
                                   << "dp+tp" << none;
    QTest::newRow("sequence parallel on") << "sequence_parallel"
                                          << "true" << none;
    QTest::newRow("recompute full on pp 2") << "recompute"
                                            << "full" << pipeline;
}

// Each key is edited as a user does (typed, chosen in its combo box, ticked), changes the job
// and its cost as one undo entry, shows in the panel and the breakdown, and undo restores the
// scenario exactly.
void TstPropertyPanel::modelJobSettings()
{
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QVariantMap, first);
    ProjectDocument* doc = m_window->document();
    PropertyPanel* panel = m_window->propertyPanel();
    for (auto it = first.cbegin(); it != first.cend(); ++it)
        QVERIFY(doc->setJobField(m_modelJob, it.key(), it.value()));
    doc->undoStack()->clear();
    QVERIFY(doc->problems().empty());
    const Selection selection{Selection::Kind::Job, {m_modelJob}};
    doc->setSelection(selection);
    const Scenario before = doc->current();
    const gantry::Job& old = before.jobs[std::size_t(m_modelJob)];
    QVERIFY(old.graph.model);

    QWidget* editor = panel->editor(field);
    QVERIFY2(editor && editor->isVisible() && editor->isEnabled(), qPrintable(field));
    if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        const int i = combo->findData(value);
        QVERIFY2(i >= 0, qPrintable(value));
        QVERIFY(combo->currentIndex() != i); // a real change
        combo->setCurrentIndex(i);
        emit combo->activated(i);
    } else if (auto* check = qobject_cast<QCheckBox*>(editor)) {
        QCOMPARE(check->isChecked(), value != QLatin1String("true"));
        check->click();
    } else {
        typeInto(panel, field, value);
    }
    QVERIFY2(panel->errorText(field).isEmpty(), qPrintable(panel->errorText(field)));
    QCOMPARE(doc->undoStack()->count(), 1);
    QVERIFY(doc->problems().empty());

    // The document holds the value, the job's cost was rebuilt from it.
    const gantry::Job& j = doc->current().jobs[std::size_t(m_modelJob)];
    QString stored;
    const gantry::TrainingSettings& t = j.training;
    if (field == QLatin1String("cp"))
        stored = QString::number(j.parallelism.cp);
    else if (field == QLatin1String("vp"))
        stored = QString::number(j.parallelism.vp);
    else if (field == QLatin1String("precision"))
        stored = gantry::TrainingJson::precisionName(t.precision);
    else if (field == QLatin1String("recompute"))
        stored = gantry::TrainingJson::recomputeName(t.recompute);
    else if (field == QLatin1String("optimizer_sharding"))
        stored = gantry::TrainingJson::shardingName(t.optimizerSharding);
    else if (field == QLatin1String("overlap"))
        stored = gantry::TrainingJson::overlapName(t.overlap);
    else if (field == QLatin1String("sequence_parallel"))
        stored = t.sequenceParallel ? QStringLiteral("true") : QStringLiteral("false");
    QCOMPARE(stored, value);
    QVERIFY(j.graph.model);
    QCOMPARE(j.graph.model->training, j.training);
    QCOMPARE(j.graph.model->par, j.parallelism);
    QCOMPARE(qsizetype(j.graph.workers.size()), qsizetype(j.parallelism.workers()));
    QVERIFY(!(*j.graph.model == *old.graph.model));
    QVERIFY(doc->undoStack()->undoText().contains(gantry::ui::FieldLabels::of(field)));

    // The panel shows it, and the breakdown is the new cost's.
    doc->setSelection(selection);
    editor = panel->editor(field);
    if (auto* combo = qobject_cast<QComboBox*>(editor))
        QCOMPARE(combo->currentData().toString(), value);
    else if (auto* check = qobject_cast<QCheckBox*>(editor))
        QCOMPARE(check->isChecked(), value == QLatin1String("true"));
    else
        QCOMPARE(fieldText(panel, field), value);
    gantry::ui::IterationBreakdownView* view = panel->breakdownView();
    QVERIFY(view->isVisible());
    QVERIFY(view->breakdown());
    QCOMPARE(view->breakdown()->cost(), *j.graph.model);

    // Undo gives the scenario back exactly, and the panel and breakdown follow.
    doc->undoStack()->undo();
    QCOMPARE(doc->current(), before);
    editor = panel->editor(field);
    if (auto* combo = qobject_cast<QComboBox*>(editor))
        QVERIFY(combo->currentData().toString() != value);
    else if (auto* check = qobject_cast<QCheckBox*>(editor))
        QCOMPARE(check->isChecked(), value != QLatin1String("true"));
    else
        QVERIFY(fieldText(panel, field) != value);
    QCOMPARE(view->breakdown()->cost(), *old.graph.model);
    doc->undoStack()->redo();
    QCOMPARE(doc->current().jobs[std::size_t(m_modelJob)], j);
}

void TstPropertyPanel::breakdownShowsParts_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QVariantMap>("set");   // fields set on the fixture's model job first
    QTest::addColumn<QStringList>("parts"); // parts that must take time on every type
    QTest::addColumn<QStringList>("noFit"); // GPU types the job does not fit

    const QVariantMap none;
    // llama-7b on dp 2 x tp 4: tensor collectives; bf16 weights, fp32 gradients and Adam state
    // do not fit a 32 GB V100.
    QTest::newRow("llama-7b dp2 tp4")
        << "llama-7b" << none << QStringList{"compute", "tensor"} << QStringList{"V100"};
    QTest::newRow("llama-7b pipeline, recompute, context")
        << "llama-7b" << QVariantMap{{"pp", 2}, {"cp", 2}, {"recompute", QStringLiteral("full")}}
        << QStringList{"compute", "recompute", "bubble", "tensor", "pipeline", "context"}
        << QStringList{};
    QTest::newRow("llama-7b zero3 without overlap")
        << "llama-7b"
        << QVariantMap{{"optimizer_sharding", QStringLiteral("zero3")},
                       {"overlap", QStringLiteral("none")}}
        << QStringList{"compute", "data", "tensor"} << QStringList{"V100"};
    QTest::newRow("mixtral experts")
        << "mixtral-8x7b" << QVariantMap{{"ep", 2}, {"pp", 4}, {"tp", 2}, {"dp", 2}}
        << QStringList{"compute", "bubble", "expert"} << QStringList{"A100-80G", "V100", "H100"};
}

// A model job's page shows its iteration on each GPU type of the cluster with the parts it
// spends time on, the memory per GPU by part, and the types it does not fit.
void TstPropertyPanel::breakdownShowsParts()
{
    QFETCH(QString, model);
    QFETCH(QVariantMap, set);
    QFETCH(QStringList, parts);
    QFETCH(QStringList, noFit);
    ProjectDocument* doc = m_window->document();
    PropertyPanel* panel = m_window->propertyPanel();
    QVERIFY(doc->setJobField(m_modelJob, QStringLiteral("model"), model) ||
            doc->current().jobs[std::size_t(m_modelJob)].model == model);
    for (auto it = set.cbegin(); it != set.cend(); ++it)
        doc->setJobField(m_modelJob, it.key(), it.value()); // false where it holds already
    const gantry::Job& j = doc->current().jobs[std::size_t(m_modelJob)];
    QVERIFY2(j.graph.model, "the job's layout suits its model");
    doc->setSelection({Selection::Kind::Job, {m_modelJob}});
    QApplication::processEvents();

    gantry::ui::IterationBreakdownView* view = panel->breakdownView();
    QVERIFY(view->isVisible());
    QVERIFY(view->height() > 0);
    QVERIFY(view->breakdown());
    const gantry::ui::IterationBreakdown& b = *view->breakdown();
    // One entry per GPU type of the cluster, in its order, with the figures of onType on the
    // type's largest server.
    const gantry::Cluster& c = doc->current().cluster;
    QCOMPARE(b.types().size(), c.gpuTypes.size());
    const QString text = view->text();
    for (const gantry::ui::IterationBreakdown::OnType& t : b.types()) {
        const gantry::GpuType& type = c.gpuTypes[std::size_t(t.gpuType)];
        QCOMPARE(t.name, type.name);
        const gantry::ModelIterationParts want = gantry::ModelIteration::onType(
            *j.graph.model, type, t.gpusPerServer, t.intraGBps, t.nicGbps);
        QCOMPARE(t.time.iterationS, want.iterationS);
        double sum = 0.0;
        for (int i = 0; i < gantry::ui::IterationBreakdown::kParts; ++i)
            sum += gantry::ui::IterationBreakdown::part(t.time, i);
        QVERIFY(t.time.iterationS > 0.0);
        QVERIFY2(
            std::abs(sum - t.time.iterationS) <= 1e-9 * t.time.iterationS,
            qPrintable(QStringLiteral("%1: %2 vs %3").arg(t.name).arg(sum).arg(t.time.iterationS)));
        for (int i = 0; i < gantry::ui::IterationBreakdown::kParts; ++i) {
            const QString name = gantry::ui::IterationBreakdown::partName(i);
            if (parts.contains(name))
                QVERIFY2(gantry::ui::IterationBreakdown::part(t.time, i) > 0.0,
                         qPrintable(t.name + QLatin1Char(' ') + name));
        }
        QVERIFY2(t.fits == !noFit.contains(t.name), qPrintable(text));
        QCOMPARE(t.fits, j.graph.model->memoryGb() <= type.memoryGb);
        QVERIFY2(text.contains(t.name + QStringLiteral(": ") +
                               gantry::ui::IterationBreakdown::seconds(t.time.iterationS)),
                 qPrintable(text));
        QVERIFY2(
            text.contains((t.fits ? QStringLiteral("\nfits ") : QStringLiteral("does not fit ")) +
                          t.name),
            qPrintable(text));
    }
    // The parts and the memory by part are in the text (and the accessible description).
    for (const QString& part : parts)
        QVERIFY2(text.contains(part + QLatin1Char(' ')), qPrintable(part));
    for (int i = 0; i < gantry::ui::IterationBreakdown::kMemoryParts; ++i)
        QVERIFY(text.contains(gantry::ui::IterationBreakdown::memoryPartName(i)));
    QString memory = QString::number(b.memoryGb(), 'f', b.memoryGb() < 10.0 ? 2 : 1);
    if (memory.endsWith(QStringLiteral(".0")))
        memory.chop(2);
    QVERIFY2(text.contains(QStringLiteral("Memory per GPU: %1 GB").arg(memory)), qPrintable(text));
    QCOMPARE(view->accessibleDescription(), text);
    // It paints every part that takes time in its colour.
    const QImage shot = view->grab().toImage().convertToFormat(QImage::Format_RGB32);
    QVERIFY(!shot.isNull());
    const bool dark = view->palette().color(QPalette::Window).lightness() < 128;
    for (int i = 0; i < gantry::ui::IterationBreakdown::kParts; ++i) {
        if (!parts.contains(gantry::ui::IterationBreakdown::partName(i)))
            continue;
        const QRgb want = gantry::ui::IterationBreakdownView::partColour(i, dark).rgb();
        bool found = false;
        for (int y = 0; y < shot.height() && !found; ++y)
            for (int x = 0; x < shot.width() && !found; ++x)
                found = shot.pixel(x, y) == want;
        QVERIFY2(found, qPrintable(gantry::ui::IterationBreakdown::partName(i)));
    }
}

// Shown for one model job only; a layout the model cannot take shows why instead.
void TstPropertyPanel::breakdownFollowsSelection()
{
    ProjectDocument* doc = m_window->document();
    PropertyPanel* panel = m_window->propertyPanel();
    gantry::ui::IterationBreakdownView* view = panel->breakdownView();
    doc->setSelection({Selection::Kind::Job, {m_modelJob}});
    QVERIFY(view->isVisible());
    QVERIFY(view->breakdown());
    for (int other : {GraphJob, DurationJob}) {
        doc->setSelection({Selection::Kind::Job, {other}});
        QVERIFY(!view->isVisible());
    }
    doc->setSelection({Selection::Kind::Job, {GraphJob, m_modelJob}});
    QVERIFY(!view->isVisible());
    doc->setSelection({Selection::Kind::Job, {m_modelJob}});
    QVERIFY(doc->setJobField(m_modelJob, QStringLiteral("tp"), 3)); // 32 heads
    QVERIFY(view->isVisible());
    QVERIFY(!view->breakdown());
    QVERIFY2(view->text().contains(QStringLiteral("do not suit")), qPrintable(view->text()));
    doc->undoStack()->undo();
    QVERIFY(view->breakdown());
}

// Ctrl+Z and Ctrl+Shift+Z typed in a field undo and redo the document's last edit, not the
// field's own text; the field then shows the document's value, and leaving it, even with text
// typed and not entered, makes no new edit.
void TstPropertyPanel::undoKeysInAFieldActOnTheDocument()
{
    ProjectDocument* doc = m_window->document();
    PropertyPanel* panel = m_window->propertyPanel();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    doc->undoStack()->clear();
    const Selection server{Selection::Kind::Server, {0}};
    doc->setSelection(server);
    const Scenario before = doc->current();
    const QString nicBefore = fieldText(panel, QStringLiteral("nic_gbps"));
    const QString countBefore = fieldText(panel, QStringLiteral("count"));
    typeInto(panel, QStringLiteral("nic_gbps"), QStringLiteral("50"));
    QCOMPARE(doc->undoStack()->count(), 1);
    const Scenario edited = doc->current();
    QVERIFY(!(edited == before));

    // Text typed in another field and not entered, then Ctrl+Z: the NIC edit is undone.
    auto* count = qobject_cast<QLineEdit*>(panel->editor(QStringLiteral("count")));
    QVERIFY(count);
    count->setFocus();
    count->selectAll();
    QTest::keyClicks(count, QStringLiteral("3"));
    QTest::keyClick(count, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc->current(), before);
    QCOMPARE(doc->undoStack()->index(), 0);
    QCOMPARE(fieldText(panel, QStringLiteral("nic_gbps")), nicBefore);
    QCOMPARE(count->text(), countBefore);
    // Leaving the field makes no edit ("Set server count" was one).
    QTest::keyClick(count, Qt::Key_Tab);
    count->clearFocus();
    QCOMPARE(doc->undoStack()->count(), 1);
    QCOMPARE(doc->undoStack()->index(), 0);
    QCOMPARE(doc->current(), before);

    // Redo (the platform's keys) from inside a field gives the edit back.
    auto* nic = qobject_cast<QLineEdit*>(panel->editor(QStringLiteral("nic_gbps")));
    QVERIFY(nic);
    nic->setFocus();
    auto* redo = m_window->findChild<QAction*>(QStringLiteral("redoAction"));
    QVERIFY(redo && !redo->shortcut().isEmpty());
    QTest::keySequence(nic, redo->shortcut()); // the platform's redo keys

    QCOMPARE(doc->current(), edited);
    QCOMPARE(fieldText(panel, QStringLiteral("nic_gbps")), QStringLiteral("50"));
    nic->clearFocus();
    QCOMPARE(doc->undoStack()->count(), 1);
    QCOMPARE(doc->undoStack()->index(), 1);
}

// A job with no predicted_iterations shows, in the empty field, what a predictor with no history
// predicts for it (the run's default_iterations), not just "none".
void TstPropertyPanel::emptyPredictionNamesTheColdStart()
{
    ProjectDocument* doc = m_window->document();
    PropertyPanel* panel = m_window->propertyPanel();
    doc->setSelection(Selection{Selection::Kind::Job, {DurationJob}});
    QVERIFY(!doc->current().jobs[std::size_t(DurationJob)].predictedIterations);
    auto* edit = qobject_cast<QLineEdit*>(panel->editor(QStringLiteral("predicted_iterations")));
    QVERIFY(edit);
    QVERIFY(edit->text().isEmpty());
    const QString expected =
        QString::number(gantry::ProductDefaults::runConfig().defaultIterations);
    QVERIFY2(edit->placeholderText().contains(expected), qPrintable(edit->placeholderText()));
    QVERIFY2(edit->placeholderText().contains(QLatin1String("no history")),
             qPrintable(edit->placeholderText()));
}

QTEST_MAIN(TstPropertyPanel)
#include "tst_propertypanel.moc"
