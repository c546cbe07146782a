// Prediction sensitivity in the window and the report: the dialog runs off the GUI thread,
// draws one named line per policy in its colour on both charts and fills its table, cancels;
// the report has the section exactly when asked (dialog checkbox, gantry-report
// --sensitivity). With GANTRY_SCREENSHOT_DIR set, the finished dialog is saved there as a PNG.
#include "../common/childprocess.h"
#include "charts/chartfactory.h"
#include "charts/policycolours.h"
#include "charts/policykey.h"
#include "io/scenarioreader.h"
#include "mainwindow.h"
#include "policies/policyregistry.h"
#include "report/reportbuilder.h"
#include "report/reportdialog.h"
#include "sensitivity/sensitivitydialog.h"
#include "sensitivity/sensitivityworker.h"

#include <QAbstractAxis>
#include <QChart>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace gantry;
using namespace gantry::ui;

namespace {

QString sample(const QString& name)
{
    return QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + name;
}

Scenario load(const QString& name)
{
    auto s = ScenarioReader::readFile(sample(name));
    if (!s)
        qFatal("%s", qPrintable(s.error().message));
    return s.value();
}

// The whole text of a PDF.
QString pdfText(const QString& pdf)
{
    return QString::fromUtf8(
        test::ChildProcess::run(QStringLiteral("pdftotext"),
                                {QStringLiteral("-layout"), pdf, QStringLiteral("-")}, 60000)
            .out);
}

// Checks that chart has one line per policy, named and coloured as the policy, with a point per
// S, a legend entry per policy (hidden: the dialog's one key names them) and axis titles with
// units.
void checkChart(QChart* chart, const QStringList& policies, int sigmas)
{
    QCOMPARE(chart->series().size(), policies.size());
    for (int i = 0; i < policies.size(); ++i) {
        auto* line = qobject_cast<QLineSeries*>(chart->series()[i]);
        QVERIFY(line);
        QCOMPARE(line->name(), policies[i]);
        QCOMPARE(line->pen().color(), PolicyColours::of(policies[i]));
        QCOMPARE(line->count(), sigmas);
        QCOMPARE(line->at(0).x(), 0.0);
        for (const QPointF& p : line->points())
            QVERIFY(p.y() > 0.0);
    }
    QStringList legend;
    for (QLegendMarker* m : chart->legend()->markers())
        legend << m->label();
    QCOMPARE(legend, policies);
    QVERIFY(!chart->legend()->isVisible());
    const QString x = chart->axes(Qt::Horizontal).front()->titleText();
    const QString y = chart->axes(Qt::Vertical).front()->titleText();
    QVERIFY2(x.contains(QLatin1String("prediction error S")), qPrintable(x));
    QVERIFY2(y.contains(QRegularExpression(QStringLiteral("\\((s|min|h|days)\\)"))), qPrintable(y));
}

} // namespace

class TestSensitivity : public QObject
{
    Q_OBJECT

private slots:
    void dialogShowsEveryPolicy_data();
    void dialogShowsEveryPolicy();
    void dialogCancels();
    void runMenuOpensDialog();
    void reportSection_data();
    void reportSection();
    void reportDialogAsksForSection();
    void sectionNeedsFigures();
};

void TestSensitivity::dialogShowsEveryPolicy_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("seeds");
    QTest::newRow("teaching, 1 seed") << QStringLiteral("teaching.json") << 1;
    QTest::newRow("two racks, 2 seeds") << QStringLiteral("two-racks.json") << 2;
}

void TestSensitivity::dialogShowsEveryPolicy()
{
    QFETCH(QString, file);
    QFETCH(int, seeds);
    SensitivityDialog dialog(load(file));
    dialog.setSeeds(seeds);
    QCOMPARE(dialog.request().seeds.size(), std::size_t(seeds));
    QCOMPARE(dialog.request().placement, QStringLiteral("graph")); // the product's default
    dialog.show();
    QSignalSpy finished(dialog.worker(), &SensitivityWorker::finished);
    QSignalSpy progress(dialog.worker(), &SensitivityWorker::progress);
    dialog.start();
    QVERIFY(dialog.worker()->isRunning()); // the runs are off the GUI thread
    QVERIFY(finished.wait(120000));
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(0).toDouble(), 1.0);

    const QStringList policies = PolicyRegistry::names();
    checkChart(dialog.totalChart(), policies, 5);
    checkChart(dialog.p99Chart(), policies, 5);
    QTableWidget* table = dialog.table();
    QCOMPARE(table->rowCount(), policies.size());
    QCOMPARE(table->columnCount(), 6);
    for (int r = 0; r < policies.size(); ++r) {
        QCOMPARE(table->item(r, 0)->text(), policies[r]);
        QVERIFY(table->item(r, 1)->text().contains(QLatin1String(" / ")));
    }
    QVERIFY(dialog.status().contains(QStringLiteral("%1 seed").arg(seeds)));

    // One key for both charts names every policy in its colour, on as many lines as it needs,
    // never narrower than its widest name.
    PolicyKey* key = dialog.chartKey();
    QVERIFY(key && key->isVisible());
    QCOMPARE(key->policies(), policies);
    QVERIFY(key->wordWrap());
    int widest = 0;
    for (const QString& p : policies) {
        QVERIFY2(key->text().contains(QString(p).replace(QLatin1Char('-'), QChar(0x2011))),
                 qPrintable(p));
        QVERIFY(key->text().contains(PolicyColours::of(p).name()));
        widest = std::max(widest, key->fontMetrics().horizontalAdvance(p));
    }
    QVERIFY(key->minimumWidth() > widest);
    QVERIFY(key->width() >= key->minimumWidth());
    QVERIFY(key->height() >= key->heightForWidth(key->width()));
    for (QChart* chart : {dialog.totalChart(), dialog.p99Chart()})
        QVERIFY(!chart->legend()->isVisible());

    const QString dir = qEnvironmentVariable("GANTRY_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(
            dialog.grab().save(QDir(dir).filePath(QStringLiteral("sensitivity-%1.png")
                                                      .arg(QTest::currentDataTag())
                                                      .replace(QLatin1Char(' '), QLatin1Char('-'))
                                                      .remove(QLatin1Char(',')))));
}

void TestSensitivity::dialogCancels()
{
    SensitivityDialog dialog(load(QStringLiteral("two-racks.json")));
    dialog.setSeeds(10);
    QSignalSpy cancelled(dialog.worker(), &SensitivityWorker::cancelled);
    QSignalSpy finished(dialog.worker(), &SensitivityWorker::finished);
    dialog.start();
    auto* buttons = dialog.findChild<QDialogButtonBox*>();
    QVERIFY(buttons && buttons->button(QDialogButtonBox::Cancel));
    // The first Cancel stops the runs and keeps the dialog open.
    buttons->button(QDialogButtonBox::Cancel)->click();
    QVERIFY(cancelled.wait(60000));
    QVERIFY(finished.isEmpty());
    QCOMPARE(dialog.status(), QStringLiteral("Cancelled."));
    QCOMPARE(dialog.totalChart()->series().size(), 0);
    QCOMPARE(dialog.table()->rowCount(), 0);
}

void TestSensitivity::runMenuOpensDialog()
{
    QStandardPaths::setTestModeEnabled(true); // the window's saved layout stays out of the way
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openScenario(sample(QStringLiteral("two-racks.json"))));
    auto* action = window.findChild<QAction*>(QStringLiteral("sensitivityAction"));
    QVERIFY(action);
    bool inRunMenu = false;
    for (QMenu* menu : window.findChildren<QMenu*>())
        inRunMenu = inRunMenu ||
                    (menu->title() == QLatin1String("&Run") && menu->actions().contains(action));
    QVERIFY(inRunMenu);
    action->trigger();
    auto* dialog = window.findChild<SensitivityDialog*>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QVERIFY(!dialog->worker()->isRunning()); // the user picks the seeds first
    const PredictionSensitivity::Request r = dialog->request();
    QCOMPARE(r.scenarios.size(), std::size_t(1));
    QCOMPARE(r.scenarios.front().jobs.size(), window.scenario().jobs.size());
    QCOMPARE(r.policies, PolicyRegistry::names());
    QCOMPARE(r.seeds.size(), std::size_t(3));
    dialog->close(); // deletes itself
    QTRY_VERIFY(!window.findChild<SensitivityDialog*>());
}

void TestSensitivity::reportSection_data()
{
    QTest::addColumn<bool>("asked");
    QTest::newRow("--sensitivity") << true;
    QTest::newRow("without") << false;
}

void TestSensitivity::reportSection()
{
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        QSKIP("pdftotext (poppler-utils) is not installed");
    QFETCH(bool, asked);
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("r.pdf"));
    QStringList args = {sample(QStringLiteral("teaching.json")), QStringLiteral("--policies"),
                        QStringLiteral("fifo,sjf,asrpt"), QStringLiteral("-o"), pdf};
    if (asked)
        args << QStringLiteral("--sensitivity");
    const auto run = test::ChildProcess::run(QStringLiteral(GANTRY_REPORT_PATH), args, 120000);
    QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
    const QString text = pdfText(pdf);
    QCOMPARE(text.contains(QLatin1String("Prediction sensitivity")), asked);
    QCOMPARE(text.contains(QLatin1String("Total JCT against the prediction error")), asked);
    QCOMPARE(text.contains(QLatin1String("S = 0.25")), asked);
}

void TestSensitivity::reportDialogAsksForSection()
{
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        QSKIP("pdftotext (poppler-utils) is not installed");
    RunConfig base;
    base.placement = QStringLiteral("consolidate");
    auto in = ReportBuilder::run(load(QStringLiteral("teaching.json")), base,
                                 {QStringLiteral("fifo"), QStringLiteral("srtf")});
    QVERIFY(in);
    ReportDialog dialog(in.value());
    QVERIFY(!dialog.sensitivity()); // more runs only when asked
    QVERIFY(dialog.findChild<QCheckBox*>(QStringLiteral("sensitivity")));
    dialog.setSensitivity(true);
    if (const QString shots = qEnvironmentVariable("GANTRY_SCREENSHOT_DIR"); !shots.isEmpty()) {
        dialog.show();
        QVERIFY(dialog.grab().save(QDir(shots).filePath(QStringLiteral("report-dialog.png"))));
    }
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("d.pdf"));
    dialog.setPath(pdf);
    QSignalSpy written(&dialog, &ReportDialog::reportWritten);
    dialog.exportReport();
    QVERIFY(written.wait(120000));
    const QString text = pdfText(pdf);
    QVERIFY(text.contains(QLatin1String("Prediction sensitivity")));
    QVERIFY(text.contains(QLatin1String("p99 JCT against the prediction error")));
    // The section's policies are the report's, with the runs' placement.
    QVERIFY(text.simplified().contains(QLatin1String("placement consolidate")));
}

void TestSensitivity::sectionNeedsFigures()
{
    RunConfig base;
    auto in =
        ReportBuilder::run(load(QStringLiteral("teaching.json")), base, {QStringLiteral("fifo")});
    QVERIFY(in);
    ReportBuilder::Options options;
    options.sensitivity = true;
    const Status s = ReportBuilder::check(in.value(), options);
    QVERIFY(!s);
    QVERIFY(s.error().message.contains(QLatin1String("sensitivity")));
    const PredictionSensitivity::Request r = ReportBuilder::sensitivityRequest(in.value());
    QCOMPARE(r.policies, QStringList{QStringLiteral("fifo")});
    QCOMPARE(r.seeds.size(), std::size_t(ReportBuilder::kSensitivitySeeds));
    QCOMPARE(r.placement, base.placement);
}

QTEST_MAIN(TestSensitivity)
#include "tst_sensitivity.moc"
