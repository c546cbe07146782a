// The Plan view: the form builds the expected sweep, a sweep run through the view's worker shows
// exactly SweepSession's results and Recommender's recommendation, a cancelled sweep leaves
// nothing on screen, and double-clicking a point (table, heatmap, scatter) opens that point's
// run in Results without touching the window's scenario.

#include "../common/sampleproject.h"
#include "document/projectdocument.h"
#include "io/scenarioreader.h"
#include "mainwindow.h"
#include "plan/plandigest.h"
#include "plan/planheatmap.h"
#include "plan/planpointsmodel.h"
#include "plan/planscatter.h"
#include "plan/planspecbuilder.h"
#include "plan/planview.h"
#include "plan/recommender.h"
#include "plan/sweeppoints.h"
#include "plan/sweepsession.h"
#include "run/productdefaults.h"
#include "run/resultwriter.h"
#include "storage/projectstore.h"

#include <QAbstractItemModelTester>
#include <QChart>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <memory>
#include <optional>

using namespace gantry;
using gantry::ui::MainWindow;
using gantry::ui::PlanRequest;
using gantry::ui::PlanView;

Q_DECLARE_METATYPE(gantry::ui::PlanRequest)
Q_DECLARE_METATYPE(gantry::ui::PlanRequest::ServerRange)

namespace {

constexpr int SweepTimeoutMs = 300000;

QString sample(const char* name)
{
    return QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + QLatin1String(name);
}

Scenario twoRacks()
{
    auto s = ScenarioReader::readFile(sample("two-racks.json"));
    if (!s)
        qFatal("%s", qPrintable(s.error().message));
    return s.value();
}

// The first jobs only: a point runs in milliseconds.
Scenario smallTwoRacks()
{
    Scenario s = twoRacks();
    s.jobs.resize(8);
    return s;
}

RunConfig quickRun()
{
    RunConfig c = ProductDefaults::runConfig();
    c.predictor = QStringLiteral("oracle");
    return c;
}

// 3 x 2 clusters, one load, fifo, seed 0: 6 points.
PlanRequest tinyRequest()
{
    PlanRequest r;
    r.servers = {{QStringLiteral("h100"), 0, 4, 2}, {QStringLiteral("a100"), 0, 4, 4}};
    r.loadScales = {1.0};
    r.policies = {QStringLiteral("fifo")};
    r.seeds = {0};
    r.metric = QStringLiteral("p99_queue_delay_s");
    r.bound = 600.0;
    r.run = quickRun();
    return r;
}

std::vector<double> numbers(const std::vector<QJsonValue>& values)
{
    std::vector<double> out;
    for (const QJsonValue& v : values)
        out.push_back(v.toDouble());
    return out;
}

bool waitForSweep(PlanView& view)
{
    QSignalSpy ended(&view, &PlanView::sweepEnded);
    return view.isRunning() ? ended.wait(SweepTimeoutMs) : true;
}

} // namespace

class TstPlanView : public QObject
{
    Q_OBJECT

private slots:
    void serverRanges_data();
    void serverRanges();
    void formBuildsTheSpec();
    void badFormIsRefused();
    void tableAndRecommendationEqualTheSession();
    void cancelLeavesNothingStale();
    void sweepFileErrorsNameThePath();
    void sweepFileRuns_data();
    void sweepFileRuns();
    void heatmapCellOpensItsPoint();
    void doubleClickOpensThePointsRun();
    void exportWritesTheCapacityPlan();
    void failedOrCancelledExportKeepsTheFile();
    void sweepIsSavedInTheProject();
    void sampleProjectsSavedSweepOpens();
    void newProjectDropsThePlan();
    void newProjectCancelsTheSweep();
    void documentSwitchLeavesNothingOfTheSweep_data();
    void documentSwitchLeavesNothingOfTheSweep();
    void badFormDropsTheEarlierAnswer_data();
    void badFormDropsTheEarlierAnswer();
    void requestOfRoundTrips_data();
    void requestOfRoundTrips();
    void requestOfSaysWhatTheFormCannot_data();
    void requestOfSaysWhatTheFormCannot();
    void storedSweepShowsItsRequest_data();
    void storedSweepShowsItsRequest();
    void noAnswerSaysWhichGroupsMeetTheTarget_data();
    void noAnswerSaysWhichGroupsMeetTheTarget();
    void pointScenarioNamesThePoint_data();
    void pointScenarioNamesThePoint();
    void savedSweepsCountsAreNotCut();
    void errorStaysInView_data();
    void errorStaysInView();
};

void TstPlanView::serverRanges_data()
{
    QTest::addColumn<int>("min");
    QTest::addColumn<int>("max");
    QTest::addColumn<int>("step");
    QTest::addColumn<std::vector<int>>("counts");
    QTest::newRow("0 to 4 by 2") << 0 << 4 << 2 << std::vector<int>{0, 2, 4};
    QTest::newRow("max off the steps") << 1 << 4 << 2 << std::vector<int>{1, 3, 4};
    QTest::newRow("one count") << 3 << 3 << 1 << std::vector<int>{3};
    QTest::newRow("step beyond max") << 0 << 2 << 5 << std::vector<int>{0, 2};
    QTest::newRow("min above max") << 4 << 2 << 1 << std::vector<int>{};
    QTest::newRow("step 0") << 0 << 2 << 0 << std::vector<int>{};
}

void TstPlanView::serverRanges()
{
    QFETCH(int, min);
    QFETCH(int, max);
    QFETCH(int, step);
    QFETCH(std::vector<int>, counts);
    QCOMPARE(ui::PlanSpecBuilder::counts({QStringLiteral("h100"), min, max, step}), counts);
}

void TstPlanView::formBuildsTheSpec()
{
    PlanView view;
    view.setBaseScenario(twoRacks(), quickRun());
    PlanRequest r = tinyRequest();
    r.servers = {{QStringLiteral("h100"), 1, 4, 2}, {QStringLiteral("v100"), 0, 2, 1}};
    r.loadScales = {1.0, 1.5};
    r.policies = {QStringLiteral("fifo"), QStringLiteral("sjf")};
    r.seeds = {0, 7};
    r.cost.horizonYears = 5.0;
    r.cost.pue = 1.5;
    view.setRequest(r);
    QCOMPARE(view.request().servers, r.servers);
    QCOMPARE(view.request().policies, r.policies);
    QCOMPARE(view.request().loadScales, r.loadScales);
    QCOMPARE(view.request().seeds, r.seeds);

    auto spec = view.buildSpec();
    QVERIFY2(spec.ok(), qPrintable(spec.ok() ? QString() : spec.error().message));
    const auto& axes = spec.value().axes;
    QCOMPARE(int(axes.size()), 5);
    QCOMPARE(axes[0].name, QStringLiteral("servers.h100.count"));
    QCOMPARE(axes[0].kind, plan::SweepAxis::Kind::ServerCount);
    QCOMPARE(numbers(axes[0].values), (std::vector<double>{1, 3, 4}));
    QCOMPARE(axes[1].name, QStringLiteral("servers.v100.count"));
    QCOMPARE(numbers(axes[1].values), (std::vector<double>{0, 1, 2}));
    QCOMPARE(axes[2].kind, plan::SweepAxis::Kind::LoadScale);
    QCOMPARE(numbers(axes[2].values), (std::vector<double>{1.0, 1.5}));
    QCOMPARE(axes[3].kind, plan::SweepAxis::Kind::Policy);
    QCOMPARE(axes[3].values, (std::vector<QJsonValue>{QJsonValue("fifo"), QJsonValue("sjf")}));
    QCOMPARE(axes[4].kind, plan::SweepAxis::Kind::Seed);
    QCOMPARE(numbers(axes[4].values), (std::vector<double>{0, 7}));
    QCOMPARE(spec.value().target.metric, QStringLiteral("p99_queue_delay_s"));
    QCOMPARE(spec.value().target.max, std::optional<double>(600.0));
    QCOMPARE(spec.value().cost.horizonYears, 5.0);
    QCOMPARE(spec.value().cost.pue, 1.5);
    QCOMPARE(spec.value().run.predictor, QStringLiteral("oracle"));
    // The base is the scenario in memory.
    QCOMPARE(spec.value().baseScenario.cluster, twoRacks().cluster);
    QCOMPARE(plan::SweepPoints::count(spec.value()), std::size_t(3 * 3 * 2 * 2 * 2));
}

void TstPlanView::badFormIsRefused()
{
    PlanView view;
    view.setBaseScenario(twoRacks(), quickRun());
    PlanRequest r = tinyRequest();
    r.servers = {{QStringLiteral("h100"), 0, 4, 2}};
    r.policies.clear();
    view.setRequest(r);
    QVERIFY(!view.startSweep());
    QVERIFY(view.lastError().contains(QStringLiteral("policy")));
    QVERIFY(!view.isRunning());
    r.policies = {QStringLiteral("fifo")};
    r.servers.clear();
    view.setRequest(r);
    QVERIFY(!view.startSweep());
    QVERIFY(view.lastError().contains(QStringLiteral("server")));
}

void TstPlanView::tableAndRecommendationEqualTheSession()
{
    PlanView view;
    view.setBaseScenario(smallTwoRacks(), quickRun());
    view.setRequest(tinyRequest());
    QVERIFY2(view.startSweep(), qPrintable(view.lastError()));
    QVERIFY(view.isRunning());
    QVERIFY(waitForSweep(view));
    QCOMPARE(view.lastOutcome(), PlanView::Outcome::Completed);
    const auto session = view.session();
    QVERIFY(session);
    QCOMPARE(session->pointCount(), std::size_t(6));

    // Every row of the table is the session's point, in point order.
    ui::PlanPointsModel* model = view.pointsModel();
    QCOMPARE(model->rowCount(), 6);
    const int cost = model->column(QStringLiteral("cost_usd"));
    const int cloud = model->column(QStringLiteral("cloud_cost_usd"));
    const int metric = model->column(QStringLiteral("p99_queue_delay_s"));
    const int feasible = model->column(QStringLiteral("feasible"));
    const int h100 = model->column(QStringLiteral("servers.h100.count"));
    QVERIFY(cost > 0 && cloud > 0 && metric > 0 && feasible > 0 && h100 == 0);
    int feasibleRows = 0;
    for (int i = 0; i < 6; ++i) {
        const auto& r = session->result(std::size_t(i));
        QVERIFY(r.has_value());
        QCOMPARE(model->index(i, h100).data(ui::PlanPointsModel::SortRole).toDouble(),
                 session->point(std::size_t(i)).values[0].toDouble());
        QCOMPARE(model->index(i, feasible).data(ui::PlanPointsModel::SortRole).toBool(),
                 r->feasible);
        if (!r->feasible) {
            QVERIFY(!model->index(i, cost).data(ui::PlanPointsModel::SortRole).isValid());
            continue;
        }
        ++feasibleRows;
        QCOMPARE(model->index(i, cost).data(ui::PlanPointsModel::SortRole).toDouble(), r->costUsd);
        QCOMPARE(model->index(i, cloud).data(ui::PlanPointsModel::SortRole).toDouble(),
                 r->cloudCostUsd);
        QCOMPARE(model->index(i, metric).data(ui::PlanPointsModel::SortRole).toDouble(),
                 r->metric(QStringLiteral("p99_queue_delay_s")));
    }
    QVERIFY(feasibleRows >= 2); // the no-server cluster cannot run; most others can
    QVERIFY(feasibleRows < 6);
    // Headers name the quantity; each cell says its unit ("32.5 min", "$1,180,000"), so no
    // header names a unit its cells are not in (as avg_jct_s over hours did).
    const auto header = [model](int col) {
        return model->headerData(col, Qt::Horizontal, Qt::DisplayRole).toString();
    };
    QCOMPARE(header(metric), QStringLiteral("p99 queue delay"));
    QCOMPARE(header(model->column(QStringLiteral("avg_jct_s"))), QStringLiteral("avg JCT"));
    QCOMPARE(header(cost), QStringLiteral("cost ($)"));
    QCOMPARE(header(h100), QStringLiteral("servers.h100.count"));
    for (int c = 1; c < model->columnCount(); ++c)
        QVERIFY2(!header(c).endsWith(QLatin1String("_s")), qPrintable(header(c)));
    QVERIFY(model->headerData(metric, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .startsWith(QStringLiteral("p99_queue_delay_s ")));

    // The marked recommendation is Recommender's.
    std::vector<std::optional<plan::PointResult>> results;
    for (std::size_t i = 0; i < session->pointCount(); ++i)
        results.push_back(session->result(i));
    const auto expected = plan::Recommender::recommend(session->spec(), results);
    QCOMPARE(expected.size(), std::size_t(1));
    QCOMPARE(session->recommendations(), expected);
    QVERIFY(expected[0].point.has_value());
    QCOMPARE(view.scatter()->markedRow(), expected[0].point);
    QCOMPARE(view.scatter()->paretoRows(), expected[0].pareto);
    // Infeasible clusters are not plotted.
    for (std::size_t row : view.scatter()->plottedRows())
        QVERIFY(session->point(row).feasible);
    const ui::PlanDigest digest(session);
    QVERIFY(view.summaryText().startsWith(QStringLiteral("Recommended: ")));
    QVERIFY(view.summaryText().contains(digest.clusterLabel(*expected[0].point)));
    QVERIFY(view.summaryText().contains(ui::PlanDigest::dollars(expected[0].costUsd)));
    // The heatmap outlines the recommendation's cell: h100 across, a100 up by default.
    const auto& grid = view.heatmap()->grid();
    QCOMPARE(grid.xAxis, 0);
    QCOMPARE(grid.yAxis, 1);
    QVERIFY(grid.recommended.has_value());
    const auto [rx, ry] = *grid.recommended;
    QCOMPARE(grid.cells[std::size_t(rx)][std::size_t(ry)].row, expected[0].point);
}

void TstPlanView::cancelLeavesNothingStale()
{
    PlanView view;
    // The points' model keeps Qt's model contract through a sweep, a cancel and a reset.
    QAbstractItemModelTester tester(view.pointsModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    view.setBaseScenario(smallTwoRacks(), quickRun());
    view.setRequest(tinyRequest());
    QVERIFY(view.startSweep());
    QVERIFY(waitForSweep(view));
    QVERIFY(view.session());
    QCOMPARE(view.pointsModel()->rowCount(), 6);

    // A big sweep on the whole scenario, cancelled at once: the earlier results are gone too.
    view.setBaseScenario(twoRacks(), quickRun());
    PlanRequest big = tinyRequest();
    big.servers = {{QStringLiteral("h100"), 0, 8, 1}, {QStringLiteral("a100"), 0, 8, 1}};
    big.policies = {QStringLiteral("fifo"), QStringLiteral("sjf")};
    big.seeds = {0, 1, 2};
    view.setRequest(big);
    QSignalSpy running(&view, &PlanView::runningChanged);
    QVERIFY(view.startSweep());
    QVERIFY(!view.session());
    QCOMPARE(view.pointsModel()->rowCount(), 0);
    view.cancel();
    QVERIFY(waitForSweep(view));
    QCOMPARE(view.lastOutcome(), PlanView::Outcome::Cancelled);
    QVERIFY(!view.isRunning());
    QVERIFY(!view.session());
    QCOMPARE(view.pointsModel()->rowCount(), 0);
    QVERIFY(view.scatter()->plottedRows().empty());
    QVERIFY(!view.scatter()->markedRow());
    QVERIFY(view.heatmap()->grid().cells.empty());
    QVERIFY(!view.summaryText().startsWith(QStringLiteral("Recommended")));
    QCOMPARE(running.count(), 2);
    QVERIFY(!view.openPoint(0));
    view.reset();
    QCOMPARE(view.pointsModel()->rowCount(), 0);
}

void TstPlanView::sweepFileErrorsNameThePath()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile::copy(sample("two-racks.json"), dir.filePath(QStringLiteral("two-racks.json")));
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "gantry-sweep", "version": 1, "base": "two-racks.json",
               "axes": {"servers.h100.count": [0, -2]},
               "target": {"metric": "p99_queue_delay_s", "max": 60}})");
    f.close();
    PlanView view;
    QVERIFY(view.openSweepFile(path));
    QVERIFY(waitForSweep(view));
    QCOMPARE(view.lastOutcome(), PlanView::Outcome::Failed);
    QVERIFY2(view.lastError().contains(QStringLiteral("bad.json")), qPrintable(view.lastError()));
    QVERIFY2(view.lastError().contains(QStringLiteral("axes.servers.h100.count[1]")),
             qPrintable(view.lastError()));
    QVERIFY(!view.session());
}

void TstPlanView::sweepFileRuns_data()
{
    QTest::addColumn<bool>("withScenario");
    QTest::newRow("no scenario") << false;
    QTest::newRow("two-racks planned for") << true;
}

void TstPlanView::sweepFileRuns()
{
    QFETCH(bool, withScenario);
    PlanView view;
    if (withScenario)
        view.setBaseScenario(twoRacks(), quickRun());
    QVERIFY(view.openSweepFile(sample("two-racks-sweep.json")));
    QVERIFY(waitForSweep(view));
    QCOMPARE(view.lastOutcome(), PlanView::Outcome::Completed);
    // The form shows the file's request, as far as it can: h100 takes 0, 1, 2, 4.
    const PlanRequest shown = view.request();
    QCOMPARE(shown.loadScales, (std::vector<double>{1.0, 4.0}));
    QCOMPARE(shown.policies, (QStringList{QStringLiteral("fifo"), QStringLiteral("srtf")}));
    QCOMPARE(shown.seeds, (std::vector<std::uint64_t>{0, 1}));
    QCOMPARE(shown.metric, QStringLiteral("p99_queue_delay_s"));
    QCOMPARE(shown.bound, 3600.0);
    QCOMPARE(shown.run.predictor, QStringLiteral("noisy:0.5"));
    const QString status = view.findChild<QLabel*>(QStringLiteral("planStatus"))->text();
    QVERIFY2(status.contains(QStringLiteral("h100 counts 0, 1, 2, 4, shown as 0 to 4 by 1")),
             qPrintable(status));
    if (withScenario) {
        QCOMPARE(shown.servers,
                 (std::vector<PlanRequest::ServerRange>{{QStringLiteral("h100"), 0, 4, 1},
                                                        {QStringLiteral("a100"), 0, 4, 2}}));
        QVERIFY2(!status.contains(QStringLiteral("no server entry")), qPrintable(status));
    } else {
        QVERIFY(shown.servers.empty());
        QVERIFY2(status.contains(QStringLiteral("no server entry a100")), qPrintable(status));
    }
    QVERIFY(view.session());
    QCOMPARE(view.session()->pointCount(), std::size_t(96));
    QCOMPARE(view.pointsModel()->rowCount(), 96);
    // One answer per load growth and policy; each group shows its own recommendation.
    QCOMPARE(view.session()->recommendations().size(), std::size_t(4));
    for (int g = 0; g < 4; ++g) {
        view.setCurrentGroup(g);
        QCOMPARE(view.currentGroup(), g);
        QCOMPARE(view.scatter()->markedRow(),
                 view.session()->recommendations()[std::size_t(g)].point);
    }
}

void TstPlanView::heatmapCellOpensItsPoint()
{
    PlanView view;
    view.resize(1400, 900);
    view.setBaseScenario(smallTwoRacks(), quickRun());
    view.setRequest(tinyRequest());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.startSweep());
    QVERIFY(waitForSweep(view));
    QSignalSpy opened(&view, &PlanView::pointOpened);
    const auto& grid = view.heatmap()->grid();
    // A feasible cell: (h100 = 4, a100 = 4).
    const auto& cell = grid.cells[2][1];
    QVERIFY(cell.feasible && cell.row);
    QTest::mouseDClick(view.heatmap(), Qt::LeftButton, {}, view.heatmap()->cellCentre(2, 1));
    QCOMPARE(opened.count(), 1);
    QCOMPARE(opened.front().front().value<std::size_t>(), *cell.row);
    QCOMPARE(view.session()->point(*cell.row).values[0].toDouble(), 4.0);
    QCOMPARE(view.session()->point(*cell.row).values[1].toDouble(), 4.0);

    // The scatter: a double-click on the recommendation's star opens its point.
    const auto rec = view.scatter()->markedRow();
    QVERIFY(rec);
    QScatterSeries* star = nullptr;
    for (QAbstractSeries* s : view.scatter()->chart()->series())
        if (auto* sc = qobject_cast<QScatterSeries*>(s);
            sc && sc->markerShape() == QScatterSeries::MarkerShapeStar)
            star = sc;
    QVERIFY(star && star->count() == 1);
    emit star->doubleClicked(star->at(0));
    QCOMPARE(opened.count(), 2);
    QCOMPARE(opened.back().front().value<std::size_t>(), *rec);
}

void TstPlanView::doubleClickOpensThePointsRun()
{
    MainWindow window;
    window.setInteractive(false);
    window.resize(1600, 1000);
    window.show();
    QVERIFY(window.openFile(sample("two-racks.json")));
    const Scenario before = window.scenario();
    window.showPlan();
    PlanView* view = window.planView();
    QVERIFY(view->hasBaseScenario());
    view->setRequest(tinyRequest());
    QVERIFY2(view->startSweep(), qPrintable(view->lastError()));
    QVERIFY(waitForSweep(*view));
    QCOMPARE(view->lastOutcome(), PlanView::Outcome::Completed);
    const auto session = view->session();

    // Double-click the table's row of point 3 (2 x h100, 4 x a100), wherever sorting put it.
    QTableView* table = view->table();
    table->sortByColumn(view->pointsModel()->column(QStringLiteral("cost_usd")),
                        Qt::DescendingOrder);
    const std::size_t row = 3;
    QCOMPARE(session->point(row).values[0].toDouble(), 2.0);
    QCOMPARE(session->point(row).values[1].toDouble(), 4.0);
    QVERIFY(session->point(row).feasible);
    auto* proxy = qobject_cast<QSortFilterProxyModel*>(table->model());
    QVERIFY(proxy);
    const QModelIndex at = proxy->mapFromSource(view->pointsModel()->index(int(row), 0));
    table->scrollTo(at);
    QSignalSpy ended(&window, &MainWindow::runEnded);
    const QPoint centre = table->visualRect(at).center();
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, centre);
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, centre);
    if (!window.isRunning() && ended.isEmpty())
        emit table->doubleClicked(at); // in case the platform sends none
    QVERIFY(window.isRunning() || ended.count() == 1);
    QVERIFY(ended.count() == 1 || ended.wait(SweepTimeoutMs));
    QCOMPARE(window.lastOutcome(), MainWindow::Outcome::Completed);

    // The run shown is the point's: its derived cluster and its configuration.
    QCOMPARE(int(window.lastRuns().size()), 1);
    const auto& shown = window.lastRuns().front();
    QCOMPARE(shown.ranOn->cluster, session->point(row).scenario.cluster);
    QCOMPARE(shown.ranOn->cluster.servers.size(),
             session->point(row).scenario.cluster.servers.size());
    QCOMPARE(shown.result->config.policy, session->point(row).config.policy);
    QCOMPARE(shown.ranOn->jobs.size(), before.jobs.size());
    // Titled after the point, not the base scenario: its exports and the results say which.
    QCOMPARE(shown.ranOn->name, ui::PlanDigest(session).pointScenario(row).name);
    QVERIFY(shown.ranOn->name.startsWith(before.name + QStringLiteral(" — plan point 3: ")));
    // The point differs from the project's cluster, which stays as it was.
    QVERIFY(shown.ranOn->cluster != before.cluster);
    QCOMPARE(window.scenario(), before);
    QCOMPARE(window.document()->runs(window.document()->currentIndex()).size(), std::size_t(0));
}

namespace {

// Runs tinyRequest() in view and waits for it.
bool runTinySweep(PlanView& view)
{
    view.setRequest(tinyRequest());
    return view.startSweep() && waitForSweep(view) &&
           view.lastOutcome() == PlanView::Outcome::Completed;
}

struct ExportEnd
{
    bool ok = false;
    QString path;
    int pages = 0;
    QString message;
};

// Waits for view's report to end and says how.
std::optional<ExportEnd> waitForExport(PlanView& view, QSignalSpy& spy)
{
    if (spy.isEmpty() && !spy.wait(SweepTimeoutMs))
        return std::nullopt;
    const QList<QVariant> a = spy.takeFirst();
    return ExportEnd{a[0].toBool(), a[1].toString(), a[2].toInt(), a[3].toString()};
}

} // namespace

void TstPlanView::exportWritesTheCapacityPlan()
{
    PlanView view;
    view.setBaseScenario(smallTwoRacks(), quickRun());
    auto* button = view.findChild<QPushButton*>(QStringLiteral("planExportButton"));
    QVERIFY(button);
    QVERIFY(!button->isEnabled());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("plan.pdf"));
    QVERIFY(!view.exportReport(path)); // nothing to report yet
    QVERIFY(!view.lastError().isEmpty());

    QVERIFY(runTinySweep(view));
    QVERIFY(button->isEnabled());
    QSignalSpy spy(&view, &PlanView::reportEnded);
    QVERIFY2(view.exportReport(path), qPrintable(view.lastError()));
    QVERIFY(view.isExporting());
    QVERIFY(!button->isEnabled());
    QVERIFY(!view.startSweep()); // one thing at a time
    const auto end = waitForExport(view, spy);
    QVERIFY(end);
    QVERIFY2(end->ok, qPrintable(end->message));
    QCOMPARE(end->path, path);
    QVERIFY(end->pages >= 3); // the question, a group's page, the points and the method
    QVERIFY(!view.isExporting());
    QVERIFY(button->isEnabled());
    QFile pdf(path);
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    QVERIFY(pdf.read(5) == "%PDF-");
    // The report is the sweep shown: the same as CapacityPlanReport::write gives directly.
    const QString direct = dir.filePath(QStringLiteral("direct.pdf"));
    const auto pages = ui::CapacityPlanReport::write(*view.session(), {}, direct);
    QVERIFY2(pages, pages ? "" : qPrintable(pages.error().message));
    QCOMPARE(pages.value(), end->pages);
}

void TstPlanView::failedOrCancelledExportKeepsTheFile()
{
    PlanView view;
    view.setBaseScenario(smallTwoRacks(), quickRun());
    QVERIFY(runTinySweep(view));
    QSignalSpy spy(&view, &PlanView::reportEnded);

    // A folder that does not exist: the report fails, naming the file.
    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("no-such-folder/plan.pdf"));
    QVERIFY(view.exportReport(missing));
    auto end = waitForExport(view, spy);
    QVERIFY(end);
    QVERIFY(!end->ok);
    QVERIFY2(end->message.contains(missing), qPrintable(end->message));
    QVERIFY(!QFile::exists(missing));

    // Cancelled at once: an existing file stays as it was (or the report beat the cancel).
    const QString path = dir.filePath(QStringLiteral("plan.pdf"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("previous");
    }
    QVERIFY(view.exportReport(path));
    view.cancel();
    end = waitForExport(view, spy);
    QVERIFY(end);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    if (end->ok)
        QVERIFY(f.read(5) == "%PDF-");
    else
        QCOMPARE(f.readAll(), QByteArray("previous"));
}

void TstPlanView::sweepIsSavedInTheProject()
{
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(sample("two-racks.json")));
    QTemporaryDir dir;
    const QString project = dir.filePath(QStringLiteral("plan.gantry"));
    QVERIFY(window.document()->saveAs(project));
    QVERIFY(!window.document()->isModified());
    window.showPlan();
    PlanView* view = window.planView();

    // A finished sweep is kept for the next save, which stores it with its points.
    QVERIFY(runTinySweep(*view));
    QCOMPARE(window.document()->unsavedSweepCount(), 1);
    QVERIFY(window.document()->isModified());
    QVERIFY(window.document()->save());
    QCOMPARE(window.document()->unsavedSweepCount(), 0);
    QVERIFY(!window.document()->isModified());
    const auto check = [&](int expectedSweeps) {
        auto store = storage::ProjectStore::open(project);
        QVERIFY(store);
        auto sweeps = store.value()->sweeps();
        QVERIFY(sweeps);
        QCOMPARE(int(sweeps.value().size()), expectedSweeps);
        const storage::StoredSweep& w = sweeps.value().back();
        QCOMPARE(w.points, 6);
        // Stored with the project's scenario, not a new one.
        auto scenarios = store.value()->scenarios();
        QVERIFY(scenarios);
        QCOMPARE(int(scenarios.value().size()), 1);
        QCOMPARE(w.scenarioId, scenarios.value().front().id);
        auto points = store.value()->sweepPoints(w.id);
        QVERIFY(points);
        QCOMPARE(int(points.value().size()), 6);
        auto whole = store.value()->sweep(w.id);
        QVERIFY(whole);
        QCOMPARE(
            QJsonDocument(whole.value().result).toJson(QJsonDocument::Compact),
            QJsonDocument::fromJson(view->session()->sweepJson()).toJson(QJsonDocument::Compact));
    };
    check(1);
    if (QTest::currentTestFailed())
        return;

    // The same sweep again replaces it; a cancelled one keeps nothing.
    QVERIFY(runTinySweep(*view));
    QVERIFY(window.document()->save());
    check(1);
    view->setRequest(tinyRequest());
    QVERIFY(view->startSweep());
    view->cancel();
    QVERIFY(waitForSweep(*view));
    if (view->lastOutcome() == PlanView::Outcome::Cancelled)
        QCOMPARE(window.document()->unsavedSweepCount(), 0);

    // Opened again, the project lists the sweep under its scenario; double-clicking it runs it
    // again in the Plan view, with the same points as saved, and keeps nothing new to save.
    MainWindow again;
    again.setInteractive(false);
    QVERIFY(again.openFile(project));
    QCOMPARE(int(again.document()->storedSweeps(0).size()), 1);
    QTreeWidgetItem* sweepItem = nullptr;
    QTreeWidget* tree = again.projectTree();
    for (int i = 0; i < tree->topLevelItem(0)->childCount(); ++i)
        if (tree->topLevelItem(0)->child(i)->text(0).startsWith(QStringLiteral("sweep ")))
            sweepItem = tree->topLevelItem(0)->child(i);
    QVERIFY(sweepItem);
    QVERIFY2(sweepItem->text(0).contains(QStringLiteral("6 points")),
             qPrintable(sweepItem->text(0)));
    PlanView* shown = again.planView();
    QSignalSpy ended(shown, &PlanView::sweepEnded);
    emit tree->itemActivated(sweepItem, 0);
    QVERIFY(shown->isRunning() || !ended.isEmpty());
    QVERIFY(!ended.isEmpty() || ended.wait(SweepTimeoutMs));
    QCOMPARE(shown->lastOutcome(), PlanView::Outcome::Completed);
    QCOMPARE(shown->source(), PlanView::Source::Project);
    QCOMPARE(shown->session()->pointCount(), std::size_t(6));
    auto* status = shown->findChild<QLabel*>(QStringLiteral("planStatus"));
    QVERIFY(status);
    QVERIFY2(status->text().contains(QStringLiteral("equal the saved ones")),
             qPrintable(status->text()));
    QCOMPARE(again.document()->unsavedSweepCount(), 0);
    QVERIFY(!again.document()->isModified());
}

// The sample project stores the sample sweep with two-racks, not the first scenario: activating
// it (and a saved run of that scenario) from the tree switches scenario, which rebuilds the
// tree under the item, and must not crash; the sweep runs again with the points it stored.
void TstPlanView::sampleProjectsSavedSweepOpens()
{
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(gantry::test::sampleProjectCopy()));
    QTreeWidget* tree = window.projectTree();
    const auto find = [tree](const QString& scenario, const QString& prefix) {
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            QTreeWidgetItem* s = tree->topLevelItem(i);
            if (s->text(0) != scenario)
                continue;
            for (int k = 0; k < s->childCount(); ++k)
                if (s->child(k)->text(0).startsWith(prefix))
                    return s->child(k);
        }
        return static_cast<QTreeWidgetItem*>(nullptr);
    };
    QVERIFY(window.document()->currentIndex() != 1);
    QTreeWidgetItem* run = find(QStringLiteral("two-racks"), QStringLiteral("fifo /"));
    QVERIFY(run);
    QSignalSpy runEnded(&window, &MainWindow::runEnded);
    emit tree->itemActivated(run, 0); // a saved run of another scenario
    QVERIFY(runEnded.count() == 1 || runEnded.wait(SweepTimeoutMs));

    QTreeWidgetItem* sweep = find(QStringLiteral("two-racks"), QStringLiteral("sweep "));
    QVERIFY(sweep);
    QVERIFY2(sweep->text(0).contains(QStringLiteral("h100-or-a100, 96 points")),
             qPrintable(sweep->text(0)));
    window.selectScenario(0); // the sweep's scenario is not the current one
    sweep = find(QStringLiteral("two-racks"), QStringLiteral("sweep "));
    PlanView* view = window.planView();
    QSignalSpy ended(view, &PlanView::sweepEnded);
    emit tree->itemActivated(sweep, 0);
    QVERIFY(!ended.isEmpty() || ended.wait(SweepTimeoutMs));
    QCOMPARE(view->lastOutcome(), PlanView::Outcome::Completed);
    QCOMPARE(view->session()->pointCount(), std::size_t(96));
    auto* status = view->findChild<QLabel*>(QStringLiteral("planStatus"));
    QVERIFY2(status->text().contains(QStringLiteral("equal the saved ones")),
             qPrintable(status->text()));
    QVERIFY(view->summaryText().startsWith(QStringLiteral("Recommended: ")));
    // The form shows the saved sweep's request, not what it held before.
    const PlanRequest shown = view->request();
    QCOMPARE(shown.servers,
             (std::vector<PlanRequest::ServerRange>{{QStringLiteral("h100"), 0, 4, 1},
                                                    {QStringLiteral("a100"), 0, 4, 2}}));
    QCOMPARE(shown.loadScales, (std::vector<double>{1.0, 4.0}));
    QCOMPARE(shown.policies, (QStringList{QStringLiteral("fifo"), QStringLiteral("srtf")}));
    QCOMPARE(shown.seeds, (std::vector<std::uint64_t>{0, 1}));
    QVERIFY2(status->text().contains(QStringLiteral("h100 counts 0, 1, 2, 4")),
             qPrintable(status->text()));
}

// File > New after a finished sweep: the Plan view shows nothing of the old project (no answer,
// no server entries, no export) and cannot run a sweep on it.
void TstPlanView::newProjectDropsThePlan()
{
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(sample("two-racks.json")));
    window.showPlan();
    PlanView* view = window.planView();
    QVERIFY(view->hasBaseScenario());
    QVERIFY(runTinySweep(*view));
    QVERIFY(view->session());
    const QString answer = view->summaryText();
    QVERIFY(!answer.isEmpty());

    QVERIFY(window.newProject());
    QVERIFY(!view->session());
    QVERIFY(!view->hasBaseScenario());
    QCOMPARE(view->pointsModel()->rowCount(), 0);
    QCOMPARE(view->request().servers.size(), std::size_t(0));
    QVERIFY(view->scatter()->plottedRows().empty());
    // The empty chart has no title a narrow window could cut; its key, which wraps, says it.
    QVERIFY(view->scatter()->chart()->title().isEmpty());
    QVERIFY(view->scatter()->legendText().contains(QStringLiteral("once a sweep has run")));
    QVERIFY(view->summaryText() != answer);
    QCOMPARE(view->lastOutcome(), PlanView::Outcome::None);
    QVERIFY(!view->startSweep());
    QVERIFY(!view->isRunning());
    QVERIFY(!view->openPoint(0));
    const auto* exportButton = view->findChild<QPushButton*>(QStringLiteral("planExportButton"));
    QVERIFY(exportButton);
    QVERIFY(!exportButton->isEnabled());

    // The next project's scenario gives the form its own server entries.
    QVERIFY(window.openFile(sample("two-racks.json")));
    window.showPlan();
    QVERIFY(view->hasBaseScenario());
    view->setRequest(tinyRequest());
    QCOMPARE(view->request().servers.size(), std::size_t(2));
}

// A sweep still running when its project is closed is cancelled; nothing of it is shown or kept
// in the new project, even when it finishes before the cancel reaches it.
void TstPlanView::newProjectCancelsTheSweep()
{
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(sample("two-racks.json")));
    window.showPlan();
    PlanView* view = window.planView();
    view->setRequest(tinyRequest());
    QSignalSpy ended(view, &PlanView::sweepEnded);
    QVERIFY(view->startSweep());
    QVERIFY(window.newProject());
    QVERIFY(ended.count() == 1 || ended.wait(SweepTimeoutMs));
    QCOMPARE(view->lastOutcome(), PlanView::Outcome::Cancelled);
    QVERIFY(!view->session());
    QCOMPARE(view->pointsModel()->rowCount(), 0);
    QCOMPARE(window.document()->unsavedSweepCount(), 0);
    QVERIFY(!window.document()->isModified());
}

namespace {

// Nothing of an earlier sweep is on screen: no answer, scatter, heatmap, table or full bar.
void checkNothingShown(const PlanView& view)
{
    QVERIFY(!view.session());
    QCOMPARE(view.pointsModel()->rowCount(), 0);
    QVERIFY(!view.summaryText().startsWith(QStringLiteral("Recommended")));
    QVERIFY(!view.summaryText().contains(QStringLiteral("meets the target")));
    QCOMPARE(view.findChild<QLabel*>(QStringLiteral("planMarginal"))->text(), QString());
    QVERIFY(view.scatter()->plottedRows().empty());
    QVERIFY(!view.scatter()->markedRow());
    QVERIFY(view.scatter()->paretoRows().empty());
    // The key holds the empty chart's hint, not the earlier answer's key.
    QCOMPARE(view.findChild<QLabel*>(QStringLiteral("planScatterKey"))->text(),
             view.scatter()->legendText());
    QVERIFY(view.scatter()->legendText().contains(QStringLiteral("once a sweep has run")));
    QVERIFY(view.heatmap()->grid().cells.empty());
    QCOMPARE(view.findChild<QLabel*>(QStringLiteral("planHeatCaption"))->text(), QString());
    QCOMPARE(view.currentGroup(), -1);
    QCOMPARE(view.findChild<QProgressBar*>(QStringLiteral("planProgress"))->value(), 0);
    QVERIFY(!view.findChild<QPushButton*>(QStringLiteral("planExportButton"))->isEnabled());
}

} // namespace

void TstPlanView::documentSwitchLeavesNothingOfTheSweep_data()
{
    QTest::addColumn<QString>("to"); // new project, scenario file, project file, another scenario
    QTest::addColumn<bool>("running");
    for (const char* to : {"new project", "scenario file", "project file", "another scenario"})
        for (bool running : {false, true})
            QTest::addRow("%s, sweep %s", to, running ? "running" : "shown")
                << QString::fromLatin1(to) << running;
}

// File > New, File > Open of a scenario or a project, or another scenario of the project, while
// the Plan view (on screen) shows a finished sweep or runs one: once the sweep has ended, the
// view shows nothing of it and its form and Run sweep are the current scenario's, without
// leaving the Plan view. A sweep of a scenario left in the same project is kept with that
// scenario; one of a project closed is not.
void TstPlanView::documentSwitchLeavesNothingOfTheSweep()
{
    QFETCH(QString, to);
    QFETCH(bool, running);
    const bool sameProject = to == QLatin1String("another scenario");
    MainWindow window;
    window.setInteractive(false);
    if (sameProject) {
        QVERIFY(window.openFile(gantry::test::sampleProjectCopy()));
        QVERIFY(window.selectScenario(1));
    } else {
        QVERIFY(window.openFile(sample("two-racks.json")));
    }
    QCOMPARE(window.document()->current().name, QStringLiteral("two-racks"));
    window.showPlan();
    PlanView* view = window.planView();
    QVERIFY(view->hasBaseScenario());
    QString answer;
    if (!running) {
        QVERIFY(runTinySweep(*view));
        QVERIFY(view->session());
        answer = view->summaryText();
        QVERIFY(!answer.isEmpty());
    } else {
        view->setRequest(tinyRequest());
        QVERIFY(view->startSweep());
    }
    const int sweepsBefore = window.document()->unsavedSweepCount();
    QSignalSpy ended(view, &PlanView::sweepEnded);

    if (to == QLatin1String("new project"))
        QVERIFY(window.newProject());
    else if (to == QLatin1String("scenario file"))
        QVERIFY(window.openFile(sample("teaching.json")));
    else if (to == QLatin1String("project file"))
        QVERIFY(window.openFile(gantry::test::sampleProjectCopy()));
    else
        QVERIFY(window.selectScenario(0));
    if (running)
        QVERIFY(ended.count() == 1 || ended.wait(SweepTimeoutMs));
    QVERIFY(!view->isRunning());

    checkNothingShown(*view);
    QVERIFY(view->summaryText() != answer);
    QVERIFY(view->lastOutcome() != PlanView::Outcome::Completed);
    QVERIFY(!view->openPoint(0));
    QCOMPARE(window.document()->unsavedSweepCount(), !sameProject ? 0
                                                     : running    ? sweepsBefore + 1
                                                                  : sweepsBefore);

    // The form and Run sweep are the current scenario's.
    if (!window.document()->hasCurrent()) {
        QVERIFY(!view->hasBaseScenario());
        QVERIFY(!view->startSweep());
        return;
    }
    const Scenario current = window.document()->current();
    QVERIFY(current.name != QStringLiteral("two-racks"));
    QVERIFY2(view->hasBaseScenario(), qPrintable(current.name));
    PlanRequest r = view->request();
    QVERIFY(!r.servers.empty());
    for (PlanRequest::ServerRange& range : r.servers) {
        range.max = range.min + 1;
        range.step = 1;
    }
    r.loadScales = {1.0};
    r.policies = {QStringLiteral("fifo")};
    r.seeds = {0};
    view->setRequest(r);
    const auto spec = view->buildSpec();
    QVERIFY2(spec, qPrintable(spec ? QString() : spec.error().message));
    QCOMPARE(spec.value().baseScenario.name, current.name);
    QCOMPARE(spec.value().baseScenario.cluster.servers.size(), current.cluster.servers.size());
    QCOMPARE(spec.value().baseScenario.jobs.size(), current.jobs.size());
    QVERIFY2(view->startSweep(), qPrintable(view->lastError()));
    QVERIFY(waitForSweep(*view));
    QCOMPARE(view->lastOutcome(), PlanView::Outcome::Completed);
    QCOMPARE(view->session()->spec().baseScenario.name, current.name);
}

// After an error (a form that cannot start, a sweep file that cannot be read), nothing of the
// answer before stays under it; a list with an empty item (1,,2) is read as 1, 2 and runs.
void TstPlanView::badFormDropsTheEarlierAnswer_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("starts");
    const QString loads = QStringLiteral("planLoads"), seeds = QStringLiteral("planSeeds");
    QTest::newRow("load NaN") << loads << QStringLiteral("NaN") << false;
    QTest::newRow("load inf") << loads << QStringLiteral("inf") << false;
    QTest::newRow("load empty") << loads << QString() << false;
    QTest::newRow("load 0") << loads << QStringLiteral("0") << false;
    QTest::newRow("load -1") << loads << QStringLiteral("1, -1") << false;
    QTest::newRow("load a word") << loads << QStringLiteral("fast") << false;
    QTest::newRow("load 1,,2") << loads << QStringLiteral("1,,2") << true;
    QTest::newRow("seed -1") << seeds << QStringLiteral("-1") << false;
    QTest::newRow("seed 1.5") << seeds << QStringLiteral("1.5") << false;
    QTest::newRow("bad sweep file") << QString() << QStringLiteral("bad.json") << true;
}

void TstPlanView::badFormDropsTheEarlierAnswer()
{
    QFETCH(QString, field);
    QFETCH(QString, text);
    QFETCH(bool, starts);
    PlanView view;
    view.setBaseScenario(smallTwoRacks(), quickRun());
    QVERIFY(runTinySweep(view));
    QVERIFY(view.session());
    QVERIFY(view.summaryText().startsWith(QStringLiteral("Recommended")));
    QCOMPARE(view.findChild<QProgressBar*>(QStringLiteral("planProgress"))->value(), 1000);
    QTemporaryDir dir;
    bool started = false;
    if (field.isEmpty()) {
        const QString path = dir.filePath(text);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "gantry-sweep", "version": 1, "base": "missing.json",
                   "axes": {"load_scale": [1]},
                   "target": {"metric": "p99_queue_delay_s", "max": 60}})");
        f.close();
        started = view.openSweepFile(path);
    } else {
        auto* edit = view.findChild<QLineEdit*>(field);
        QVERIFY(edit);
        edit->setText(text);
        started = view.startSweep();
    }
    QCOMPARE(started, starts);
    if (!started)
        QVERIFY(!view.lastError().isEmpty());
    checkNothingShown(view);
    if (QTest::currentTestFailed() || !started)
        return;
    QVERIFY(waitForSweep(view));
    if (field.isEmpty()) {
        QCOMPARE(view.lastOutcome(), PlanView::Outcome::Failed);
        QVERIFY2(view.lastError().contains(text), qPrintable(view.lastError()));
        checkNothingShown(view);
    } else {
        QCOMPARE(view.lastOutcome(), PlanView::Outcome::Completed);
        QCOMPARE(numbers(view.session()->spec().axes[2].values), (std::vector<double>{1.0, 2.0}));
    }
}

namespace {

// Point i of spec and of again are the same run: axis values, scenario and configuration.
bool samePoints(const plan::SweepSpec& spec, const plan::SweepSpec& again)
{
    if (plan::SweepPoints::count(spec) != plan::SweepPoints::count(again))
        return false;
    for (std::size_t i = 0; i < plan::SweepPoints::count(spec); ++i) {
        const auto a = plan::SweepPoints::derive(spec, i);
        const auto b = plan::SweepPoints::derive(again, i);
        if (!a || !b || a.value().values != b.value().values ||
            a.value().scenarioJson != b.value().scenarioJson ||
            !(a.value().config == b.value().config) || a.value().key != b.value().key)
            return false;
    }
    return true;
}

} // namespace

// A sweep the form made reads back as the form's request, and that request builds its points.
void TstPlanView::requestOfRoundTrips_data()
{
    QTest::addColumn<PlanRequest>("request");
    QTest::newRow("tiny") << tinyRequest();
    PlanRequest r = tinyRequest();
    r.servers = {{QStringLiteral("h100"), 1, 4, 2}, {QStringLiteral("v100"), 0, 2, 1}};
    r.loadScales = {1.0, 1.5};
    r.policies = {QStringLiteral("fifo"), QStringLiteral("sjf")};
    r.seeds = {0, 7};
    r.cost.horizonYears = 5.0;
    r.cost.pue = 1.5;
    QTest::newRow("to off the steps, two of each") << r;
    r = tinyRequest();
    r.servers = {{QStringLiteral("a100"), 2, 2, 1}};
    r.metric = QStringLiteral("gpu_utilization");
    r.atLeast = true;
    r.bound = 0.5;
    r.cost.idlePowerFraction = 0.3;
    r.cost.electricityUsdPerKwh = 0.2;
    r.run.contention = Contention::Fair;
    r.run.restartOverheadS = 30.0;
    QTest::newRow("one count, at least, run settings") << r;
    r = tinyRequest();
    r.servers = {{QStringLiteral("h100"), 0, 9, 3},
                 {QStringLiteral("a100"), 1, 1, 1},
                 {QStringLiteral("v100"), 0, 4, 4}};
    r.policies = {QStringLiteral("fifo"), QStringLiteral("srtf"), QStringLiteral("tiresias")};
    QTest::newRow("three entries") << r;
}

void TstPlanView::requestOfRoundTrips()
{
    QFETCH(PlanRequest, request);
    const Scenario base = smallTwoRacks();
    const auto spec = ui::PlanSpecBuilder::build(base, request);
    QVERIFY2(spec, spec ? "" : qPrintable(spec.error().message));
    QStringList unsaid;
    const PlanRequest back = ui::PlanSpecBuilder::requestOf(spec.value(), &unsaid);
    QVERIFY2(unsaid.isEmpty(), qPrintable(unsaid.join(QStringLiteral("; "))));
    QCOMPARE(back.servers, request.servers);
    QCOMPARE(back.loadScales, request.loadScales);
    QCOMPARE(back.policies, request.policies);
    QCOMPARE(back.seeds, request.seeds);
    QCOMPARE(back.metric, request.metric);
    QCOMPARE(back.atLeast, request.atLeast);
    QCOMPARE(back.bound, request.bound);
    QVERIFY(back.cost == request.cost);
    QCOMPARE(back.run.placement, request.run.placement);
    QCOMPARE(back.run.predictor, request.run.predictor);
    QCOMPARE(back.run.contention, request.run.contention);
    QCOMPARE(back.run.restartOverheadS, request.run.restartOverheadS);
    const auto again = ui::PlanSpecBuilder::build(base, back);
    QVERIFY2(again, again ? "" : qPrintable(again.error().message));
    QVERIFY(samePoints(spec.value(), again.value()));
    QCOMPARE(again.value().target, spec.value().target);
    QVERIFY(again.value().cost == spec.value().cost);

    // The form, given it, says it back.
    PlanView view;
    view.setBaseScenario(base, quickRun());
    view.setRequest(back);
    const auto fromForm = view.buildSpec();
    QVERIFY2(fromForm, fromForm ? "" : qPrintable(fromForm.error().message));
    QVERIFY(samePoints(spec.value(), fromForm.value()));
}

// Counts that are not from, from + step, ... to show as from and to by 1, and say so; axes the
// form has none of are said too.
void TstPlanView::requestOfSaysWhatTheFormCannot_data()
{
    QTest::addColumn<std::vector<int>>("counts");
    QTest::addColumn<bool>("placementAxis");
    QTest::addColumn<PlanRequest::ServerRange>("shown");
    QTest::addColumn<QString>("unsaid");
    const QString h100 = QStringLiteral("h100");
    QTest::newRow("gaps") << std::vector<int>{0, 1, 4} << false
                          << PlanRequest::ServerRange{h100, 0, 4, 1}
                          << QStringLiteral("h100 counts 0, 1, 4, shown as 0 to 4 by 1");
    QTest::newRow("descending") << std::vector<int>{4, 2, 0} << false
                                << PlanRequest::ServerRange{h100, 0, 4, 1}
                                << QStringLiteral("h100 counts 4, 2, 0, shown as 0 to 4 by 1");
    QTest::newRow("progression") << std::vector<int>{2, 5, 8} << false
                                 << PlanRequest::ServerRange{h100, 2, 8, 3} << QString();
    QTest::newRow("to off the steps") << std::vector<int>{1, 3, 4} << false
                                      << PlanRequest::ServerRange{h100, 1, 4, 2} << QString();
    QTest::newRow("one count") << std::vector<int>{3} << false
                               << PlanRequest::ServerRange{h100, 3, 3, 1} << QString();
    QTest::newRow("placement axis")
        << std::vector<int>{0, 2} << true << PlanRequest::ServerRange{h100, 0, 2, 2}
        << QStringLiteral("no placement axis in the form (graph, random)");
}

void TstPlanView::requestOfSaysWhatTheFormCannot()
{
    QFETCH(std::vector<int>, counts);
    QFETCH(bool, placementAxis);
    QFETCH(PlanRequest::ServerRange, shown);
    QFETCH(QString, unsaid);
    auto spec = ui::PlanSpecBuilder::build(smallTwoRacks(), tinyRequest());
    QVERIFY(spec);
    plan::SweepAxis& h100 = spec.value().axes[0];
    QCOMPARE(h100.server, QStringLiteral("h100"));
    h100.values.clear();
    for (int c : counts)
        h100.values.push_back(c);
    if (placementAxis)
        spec.value().axes.push_back(
            {QStringLiteral("placement"),
             plan::SweepAxis::Kind::Placement,
             QString(),
             {QJsonValue(QStringLiteral("graph")), QJsonValue(QStringLiteral("random"))}});
    QStringList said;
    const PlanRequest r = ui::PlanSpecBuilder::requestOf(spec.value(), &said);
    QCOMPARE(r.servers.front(), shown);
    QCOMPARE(r.servers.back(), (PlanRequest::ServerRange{QStringLiteral("a100"), 0, 4, 4}));
    QCOMPARE(said.join(QStringLiteral("; ")), unsaid);
}

// A saved sweep run again puts its own request in the form (not what the form held before),
// at once; the status says what the form cannot say, while it runs and when it ends.
void TstPlanView::storedSweepShowsItsRequest_data()
{
    QTest::addColumn<std::vector<int>>("h100");
    QTest::addColumn<PlanRequest::ServerRange>("shown");
    QTest::addColumn<QString>("unsaid");
    QTest::newRow("a range") << std::vector<int>{0, 2, 4}
                             << PlanRequest::ServerRange{QStringLiteral("h100"), 0, 4, 2}
                             << QString();
    QTest::newRow("not a range") << std::vector<int>{0, 1, 4}
                                 << PlanRequest::ServerRange{QStringLiteral("h100"), 0, 4, 1}
                                 << QStringLiteral("h100 counts 0, 1, 4, shown as 0 to 4 by 1");
}

void TstPlanView::storedSweepShowsItsRequest()
{
    QFETCH(std::vector<int>, h100);
    QFETCH(PlanRequest::ServerRange, shown);
    QFETCH(QString, unsaid);
    PlanView view;
    view.setBaseScenario(smallTwoRacks(), quickRun());
    PlanRequest before = tinyRequest();
    before.servers = {{QStringLiteral("v100"), 0, 2, 1}};
    before.loadScales = {1.0, 2.0};
    before.policies = {QStringLiteral("asrpt")};
    before.bound = 60.0;
    view.setRequest(before);

    PlanRequest stored = tinyRequest();
    stored.loadScales = {1.0, 4.0};
    stored.policies = {QStringLiteral("fifo"), QStringLiteral("srtf")};
    stored.seeds = {0, 1};
    stored.cost.horizonYears = 4.0;
    auto spec = ui::PlanSpecBuilder::build(smallTwoRacks(), stored);
    QVERIFY(spec);
    spec.value().axes[0].values.clear();
    for (int c : h100)
        spec.value().axes[0].values.push_back(c);
    QVERIFY2(view.openStoredSweep(spec.value(), {}, QStringLiteral("plan (saved today)")),
             qPrintable(view.lastError()));
    auto* status = view.findChild<QLabel*>(QStringLiteral("planStatus"));
    QVERIFY(status);
    const auto check = [&] {
        const PlanRequest r = view.request();
        QCOMPARE(r.servers,
                 (std::vector<PlanRequest::ServerRange>{shown, {QStringLiteral("a100"), 0, 4, 4}}));
        QCOMPARE(r.loadScales, stored.loadScales);
        QCOMPARE(r.policies, stored.policies);
        QCOMPARE(r.seeds, stored.seeds);
        QCOMPARE(r.bound, stored.bound);
        QCOMPARE(r.cost.horizonYears, 4.0);
        QCOMPARE(status->text().contains(QStringLiteral("cannot say")), !unsaid.isEmpty());
        if (!unsaid.isEmpty())
            QVERIFY2(status->text().contains(unsaid), qPrintable(status->text()));
    };
    check();
    if (QTest::currentTestFailed())
        return;
    QVERIFY(waitForSweep(view));
    QCOMPARE(view.lastOutcome(), PlanView::Outcome::Completed);
    QCOMPARE(view.source(), PlanView::Source::Project);
    check();
    // Run from the form, it is the sweep shown (when the form can say it).
    if (unsaid.isEmpty()) {
        const auto fromForm = view.buildSpec();
        QVERIFY(fromForm);
        QVERIFY(samePoints(view.session()->spec(), fromForm.value()));
    }
}

namespace {

// request's sweep on smallTwoRacks(), run to the end here (null when it cannot be).
std::shared_ptr<const plan::SweepSession> finishedSweep(const PlanRequest& request)
{
    auto spec = ui::PlanSpecBuilder::build(smallTwoRacks(), request);
    if (!spec)
        return nullptr;
    auto opened = plan::SweepSession::open(std::move(spec).value(), QString(), false);
    if (!opened)
        return nullptr;
    auto session = std::make_shared<plan::SweepSession>(std::move(opened).value());
    if (!session->runAll(2) || !session->finish())
        return nullptr;
    return session;
}

} // namespace

// A group without an answer says which other groups have one, and what (not "no cluster meets
// the target" while one does with another policy or load); with none anywhere, it says so.
// Texts: "Recommended" stands for any recommendation, {T} for the target, {h} for group h's
// answer ("cluster — cost").
void TstPlanView::noAnswerSaysWhichGroupsMeetTheTarget_data()
{
    QTest::addColumn<QString>("metric");
    QTest::addColumn<bool>("atLeast");
    QTest::addColumn<std::vector<double>>("loads");
    QTest::addColumn<QStringList>("policies");
    QTest::addColumn<QList<int>>("meeting");
    QTest::addColumn<QStringList>("texts");
    const QString makespan = QStringLiteral("makespan_s");
    const QString rec = QStringLiteral("Recommended");
    const QStringList fifo{QStringLiteral("fifo")};
    const QStringList both{QStringLiteral("fifo"), QStringLiteral("srtf")};
    QTest::newRow("two loads, one meets")
        << makespan << false << std::vector<double>{1, 8} << fifo << QList<int>{1}
        << QStringList{QStringLiteral(
                           "No cluster meets the target ({T}) with load × 1; with load × 8: {1}."),
                       rec};
    QTest::newRow("two policies, one meets")
        << QStringLiteral("preemptions") << true << std::vector<double>{1} << both << QList<int>{1}
        << QStringList{QStringLiteral(
                           "No cluster meets the target ({T}) with policy fifo; with policy srtf: "
                           "{1}."),
                       rec};
    QTest::newRow("loads and policies")
        << makespan << false << std::vector<double>{1, 8} << both << QList<int>{2, 3}
        << QStringList{QStringLiteral("No cluster meets the target ({T}) with load × 1, policy "
                                      "fifo; with load × 8: {2}; with load × 8, policy srtf: {3}."),
                       QStringLiteral("No cluster meets the target ({T}) with load × 1, policy "
                                      "srtf; with load × 8, policy fifo: {2}; with load × 8: {3}."),
                       rec, rec};
    QTest::newRow("more than three answers")
        << makespan << false << std::vector<double>{1, 2, 4, 8, 16} << fifo
        << QList<int>{1, 2, 3, 4}
        << QStringList{QStringLiteral("No cluster meets the target ({T}) with load × 1; with load "
                                      "× 2: {1}; with load × 4: {2}; with load × 8: {3}; and 1 "
                                      "more under Answer for."),
                       rec, rec, rec, rec};
    const QString none =
        QStringLiteral("No cluster in the sweep meets the target ({T}) with any load growth or "
                       "policy.");
    QTest::newRow("none meets") << makespan << false << std::vector<double>{1, 8} << both
                                << QList<int>{} << QStringList{none, none, none, none};
    QTest::newRow("one group, none meets")
        << makespan << false << std::vector<double>{1} << fifo << QList<int>{}
        << QStringList{QStringLiteral("No cluster in the sweep meets the target ({T}).")};
    QTest::newRow("every group meets") << makespan << false << std::vector<double>{1, 8} << both
                                       << QList<int>{0, 1, 2, 3} << QStringList{rec, rec, rec, rec};
}

void TstPlanView::noAnswerSaysWhichGroupsMeetTheTarget()
{
    QFETCH(QString, metric);
    QFETCH(bool, atLeast);
    QFETCH(std::vector<double>, loads);
    QFETCH(QStringList, policies);
    QFETCH(QList<int>, meeting);
    QFETCH(QStringList, texts);
    PlanRequest r = tinyRequest();
    r.metric = metric;
    r.atLeast = atLeast;
    r.loadScales = loads;
    r.policies = policies;
    // First every cluster meets the target, to learn each group's best mean metric.
    r.bound = atLeast ? -1e12 : 1e12;
    auto probe = finishedSweep(r);
    QVERIFY(probe);
    const ui::PlanDigest all(probe);
    QCOMPARE(all.groupCount(), int(texts.size()));
    // The bound that the groups of meeting meet and the others do not.
    std::optional<double> worstMeeting, bestFailing;
    const auto better = [atLeast](double a, double b) { return atLeast ? a > b : a < b; };
    for (int g = 0; g < all.groupCount(); ++g) {
        std::optional<double> best;
        for (const auto& c : all.clusters(g))
            if (c.feasible && (!best || better(c.metric, *best)))
                best = c.metric;
        QVERIFY(best);
        if (meeting.contains(g))
            worstMeeting = !worstMeeting || better(*worstMeeting, *best) ? *best : *worstMeeting;
        else
            bestFailing = !bestFailing || better(*best, *bestFailing) ? *best : *bestFailing;
    }
    if (worstMeeting && bestFailing) {
        QVERIFY2(better(*worstMeeting, *bestFailing), "the groups do not part at any bound");
        r.bound = (*worstMeeting + *bestFailing) / 2.0;
    } else if (bestFailing) {
        r.bound = atLeast ? *bestFailing + 1.0 : *bestFailing / 2.0;
    }
    auto session = finishedSweep(r);
    QVERIFY(session);
    const ui::PlanDigest digest(session);
    for (int g = 0; g < digest.groupCount(); ++g)
        QCOMPARE(bool(digest.recommendation(g).point), meeting.contains(g));
    for (int g = 0; g < digest.groupCount(); ++g) {
        const QString text = digest.summary(g);
        if (texts[g] == QLatin1String("Recommended")) {
            QVERIFY2(text.startsWith(QStringLiteral("Recommended: ")), qPrintable(text));
            continue;
        }
        QString expected = texts[g];
        expected.replace(QStringLiteral("{T}"), digest.targetText());
        for (int h = 0; h < digest.groupCount(); ++h)
            if (const auto& rec = digest.recommendation(h); rec.point)
                expected.replace(
                    QStringLiteral("{%1}").arg(h),
                    QStringLiteral("%1 — %2").arg(digest.clusterLabel(*rec.point),
                                                  ui::PlanDigest::dollars(rec.costUsd)));
        QCOMPARE(text, expected);
    }
}

// A point's scenario, the one its run is shown and exported with, is named for the point, not
// for the base scenario; the sweep's own copy keeps the base's name (its hash depends on it).
void TstPlanView::pointScenarioNamesThePoint_data()
{
    QTest::addColumn<std::vector<std::uint64_t>>("seeds");
    QTest::addColumn<int>("row");
    QTest::addColumn<QString>("name");
    const std::vector<std::uint64_t> one{0}, two{0, 1};
    QTest::newRow("point 3") << one << 3
                             << QStringLiteral(
                                    "two-racks — plan point 3: 2 × h100, 4 × a100, fifo, load × 1");
    QTest::newRow("no h100") << one << 1
                             << QStringLiteral(
                                    "two-racks — plan point 1: 4 × a100, fifo, load × 1");
    QTest::newRow("a seed of two")
        << two << 3 << QStringLiteral("two-racks — plan point 3: 4 × a100, fifo, load × 1, seed 1");
}

void TstPlanView::pointScenarioNamesThePoint()
{
    QFETCH(std::vector<std::uint64_t>, seeds);
    QFETCH(int, row);
    QFETCH(QString, name);
    PlanRequest r = tinyRequest();
    r.seeds = seeds;
    const auto session = finishedSweep(r);
    QVERIFY(session);
    const ui::PlanDigest digest(session);
    const plan::SweepPoint& point = session->point(std::size_t(row));
    const Scenario named = digest.pointScenario(std::size_t(row));
    QCOMPARE(named.name, name);
    QVERIFY(named.name.endsWith(digest.pointLabel(std::size_t(row))));
    QCOMPARE(named.cluster, point.scenario.cluster);
    QCOMPARE(named.jobs, point.scenario.jobs);
    QCOMPARE(point.scenario.name, QStringLiteral("two-racks"));
    QCOMPARE(ResultWriter::scenarioHash(point.scenario), point.scenarioHash);
}

// The count boxes of the server rows are as wide as they need when the rows are made as a saved
// sweep opens from the project tree (the Plan tab hidden until then): sized to their contents,
// the columns took the width of the empty items alone and cut the boxes.
void TstPlanView::savedSweepsCountsAreNotCut()
{
    MainWindow window;
    window.setInteractive(false);
    window.resize(1600, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(gantry::test::sampleProjectCopy()));
    QTreeWidget* tree = window.projectTree();
    QTreeWidgetItem* sweep = nullptr;
    for (int i = 0; i < tree->topLevelItemCount() && !sweep; ++i)
        for (int k = 0; k < tree->topLevelItem(i)->childCount() && !sweep; ++k)
            if (tree->topLevelItem(i)->child(k)->text(0).startsWith(QStringLiteral("sweep ")))
                sweep = tree->topLevelItem(i)->child(k);
    QVERIFY(sweep);
    PlanView* view = window.planView();
    QSignalSpy ended(view, &PlanView::sweepEnded);
    emit tree->itemActivated(sweep, 0);
    QVERIFY(!ended.isEmpty() || ended.wait(SweepTimeoutMs));
    auto* servers = view->findChild<QTableWidget*>(QStringLiteral("planServers"));
    QVERIFY(servers);
    QTRY_VERIFY(servers->isVisible());
    QVERIFY(servers->rowCount() > 0);
    for (int c = 1; c < servers->columnCount(); ++c) {
        auto* box = qobject_cast<QSpinBox*>(servers->cellWidget(0, c));
        QVERIFY(box);
        QVERIFY2(servers->columnWidth(c) >= box->sizeHint().width(),
                 qPrintable(QStringLiteral("column %1: %2 px for a box of %3 px")
                                .arg(c)
                                .arg(servers->columnWidth(c))
                                .arg(box->sizeHint().width())));
    }
}

// The form scrolls in a short window; the buttons and the status line, where an error is said,
// stay in view under it.
void TstPlanView::errorStaysInView_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("1280x800") << QSize(1280, 800);
    QTest::newRow("1600x1000") << QSize(1600, 1000);
}

void TstPlanView::errorStaysInView()
{
    QFETCH(QSize, size);
    MainWindow window;
    window.setInteractive(false);
    window.resize(size);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(sample("two-racks.json")));
    window.showPlan();
    PlanView* view = window.planView();
    view->findChild<QLineEdit*>(QStringLiteral("planLoads"))->setText(QStringLiteral("NaN"));
    auto* run = view->findChild<QPushButton*>(QStringLiteral("planRunButton"));
    QVERIFY(run);
    QTRY_VERIFY(!run->visibleRegion().isEmpty());
    QTest::mouseClick(run, Qt::LeftButton);
    auto* status = view->findChild<QLabel*>(QStringLiteral("planStatus"));
    QVERIFY(status);
    QCOMPARE(status->text(), view->lastError());
    QVERIFY(!status->text().isEmpty());
    // All of it: its lines are not under the window's edge.
    QTRY_COMPARE(status->visibleRegion().boundingRect().size(), status->size());
    QTRY_VERIFY(status->height() >= status->heightForWidth(status->width()));
}

QTEST_MAIN(TstPlanView)
#include "tst_planview.moc"
