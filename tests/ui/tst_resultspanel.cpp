// ResultsPanel and TeachingPanel: runs appear in the chooser, teaching steps move the playback
// cursor to each decision's time and highlight its job in every Gantt chart, a click in one
// chart highlights the job in the others, the Compare tab puts two runs on one time axis and
// the Charts tab holds real charts whose key names every policy run, at any size the window
// gives them; the comparison's bar chart counts in a unit that keeps its ticks short (hours for
// a trace, not "250000..." seconds).
#include "charts/chartfactory.h"
#include "comparisonchart.h"
#include "comparisonmodel.h"
#include "explain/decisionexplainer.h"
#include "export/imageexport.h"
#include "gantt/ganttview.h"
#include "heatmap/heatmapview.h"
#include "playback/playbackcontroller.h"
#include "policies/policyregistry.h"
#include "results/resultspanel.h"
#include "teaching/teachingpanel.h"
#include "viewfixtures.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLegend>
#include <QListWidget>
#include <QLogValueAxis>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QTextLayout>
#include <QValueAxis>

#include <cmath>

using namespace gantry;
using namespace gantry::ui;

class TestResultsPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void chooser();
    void teachingSteps_data();
    void teachingSteps();
    void selectionFollows();
    void compareSharesAxis();
    void charts();
    void chartsKeyNamesEveryPolicy_data();
    void chartsKeyNamesEveryPolicy();
    void comparisonAxisReadsShort_data();
    void comparisonAxisReadsShort();
    void comparisonRowByRowDrawsAsAtOnce();
    void cdfLogAxisLabelsFit_data();
    void cdfLogAxisLabelsFit();
    void exportViews_data();
    void exportViews();
    void teachingHighlightStaysInTeaching_data();
    void teachingHighlightStaysInTeaching();
    void exportSuffix_data();
    void exportSuffix();
    void ganttImageForSlides();

private:
    Scenario m_scenario;
    std::vector<RunResult> m_results;
    std::vector<Schedule> m_schedules;
};

void TestResultsPanel::initTestCase()
{
    m_scenario = test::classroom();
    for (const char* p : {"fifo", "srtf", "asrpt"}) {
        auto [r, s] = test::runWith(m_scenario, QString::fromLatin1(p));
        m_results.push_back(r);
        m_schedules.push_back(s);
    }
}

void TestResultsPanel::chooser()
{
    ResultsPanel panel;
    panel.setRuns(m_scenario, m_results, m_schedules);
    auto* box = panel.findChild<QComboBox*>(QStringLiteral("runChooser"));
    QVERIFY(box);
    QCOMPARE(box->count(), 3);
    QVERIFY(box->itemText(1).contains(QStringLiteral("srtf")));
    QCOMPARE(panel.currentRun(), 0);
    QCOMPARE(panel.tabs()->count(), 5);
    panel.setCurrentRun(2);
    QCOMPARE(panel.ganttView()->painter()->schedule().virtualSlices.size(),
             m_schedules[2].virtualSlices.size());
    QCOMPARE(panel.playback()->endS(), 205.0); // asrpt's last completion
    QVERIFY(panel.heatmapView()->painter());
}

void TestResultsPanel::teachingSteps_data()
{
    QTest::addColumn<int>("run");
    QTest::newRow("fifo") << 0;
    QTest::newRow("srtf") << 1;
    QTest::newRow("asrpt") << 2;
}

void TestResultsPanel::teachingSteps()
{
    QFETCH(int, run);
    ResultsPanel panel;
    panel.setRuns(m_scenario, m_results, m_schedules);
    panel.setCurrentRun(run);
    TeachingPanel* t = panel.teachingPanel();
    const auto steps = DecisionExplainer::explain(m_scenario, m_schedules[std::size_t(run)],
                                                  m_results[std::size_t(run)].config,
                                                  m_results[std::size_t(run)].jobs);
    QCOMPARE(t->stepCount(), int(steps.size()));
    auto* next = t->findChild<QPushButton*>(QStringLiteral("nextDecision"));
    auto* list = t->findChild<QListWidget*>();
    // The cursor starts at 0, so the panel shows the first decision.
    QCOMPARE(t->currentStep(), 0);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (i > 0)
            next->click();
        else
            t->showStep(0);
        QCOMPARE(t->currentStep(), int(i));
        QCOMPARE(panel.playback()->cursor(), steps[i].timeS);
        QCOMPARE(list->count(), int(steps[i].sentences.size()));
        QCOMPARE(list->item(0)->text(), steps[i].sentences.front());
        QCOMPARE(panel.highlightedJob(), steps[i].jobs.front());
        QCOMPARE(panel.ganttView()->highlightedJob(), steps[i].jobs.front());
    }
    QVERIFY(!next->isEnabled());
    t->previous();
    QCOMPARE(t->currentStep(), int(steps.size()) - 2);
    QCOMPARE(panel.playback()->cursor(), steps[steps.size() - 2].timeS);
    // Moving the cursor by hand shows the step at that time.
    panel.playback()->setCursor(steps[1].timeS + 0.5);
    QCOMPARE(t->currentStep(), 1);
}

void TestResultsPanel::selectionFollows()
{
    ResultsPanel panel;
    panel.resize(900, 700);
    panel.setRuns(m_scenario, m_results, m_schedules);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy spy(&panel, &ResultsPanel::jobSelected);
    Q_EMIT panel.compareTop()->jobSelected(2);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(panel.highlightedJob(), 2);
    QCOMPARE(panel.ganttView()->highlightedJob(), 2);
    QCOMPARE(panel.compareBottom()->highlightedJob(), 2);
    panel.setHighlightedJob(-1);
    QCOMPARE(panel.compareTop()->highlightedJob(), -1);
}

void TestResultsPanel::compareSharesAxis()
{
    ResultsPanel panel;
    panel.resize(900, 700);
    panel.setRuns(m_scenario, m_results, m_schedules);
    panel.setComparison(0, 2); // fifo ends at 160 s, asrpt at 205 s
    // The choosers name the runs shown (the screenshots once showed asrpt under "2. sjf").
    QCOMPARE(panel.findChild<QComboBox*>(QStringLiteral("compareUpper"))->currentIndex(), 0);
    QCOMPARE(panel.findChild<QComboBox*>(QStringLiteral("compareLower"))->currentIndex(), 2);
    QCOMPARE(panel.compareBottom()->painter()->schedule().segments.size(),
             m_schedules[2].segments.size());
    QCOMPARE(panel.compareBottom()->painter()->schedule().virtualSlices.size(),
             m_schedules[2].virtualSlices.size());
    QCOMPARE(panel.compareTop()->visibleTo(), 205.0);
    QCOMPARE(panel.compareBottom()->visibleTo(), 205.0);
    panel.compareTop()->setVisibleRange(20.0, 80.0);
    QCOMPARE(panel.compareBottom()->visibleFrom(), 20.0);
    QCOMPARE(panel.compareBottom()->visibleTo(), 80.0);
    panel.compareBottom()->setVisibleRange(100.0, 150.0);
    QCOMPARE(panel.compareTop()->visibleFrom(), 100.0);
}

void TestResultsPanel::charts()
{
    ResultsPanel panel;
    panel.setRuns(m_scenario, m_results, m_schedules);
    const auto views = panel.findChildren<QChartView*>();
    QCOMPARE(views.size(), 3);
    for (QChartView* v : views) {
        QVERIFY(v->chart());
        QVERIFY(!v->chart()->series().isEmpty());
    }
}

void TestResultsPanel::chartsKeyNamesEveryPolicy_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("minimum");

    // What the Results tab gives the panel in a 1280x800 and a 1600x1000 window, and the
    // least the panel asks for.
    QTest::newRow("1280x800 window") << QSize(760, 440) << false;
    QTest::newRow("1600x1000 window") << QSize(1050, 620) << false;
    QTest::newRow("its minimum size") << QSize() << true;
}

// Every policy of a thirteen-policy comparison is named in the Charts tab's key (the charts'
// own legends had room for six), and the three charts and the key fit the tab.
void TestResultsPanel::chartsKeyNamesEveryPolicy()
{
    QFETCH(QSize, size);
    QFETCH(bool, minimum);
    const QStringList policies = PolicyRegistry::names();
    QVERIFY(policies.size() >= 13);
    std::vector<RunResult> results;
    std::vector<Schedule> schedules;
    for (const QString& p : policies) {
        auto [r, s] = test::runWith(m_scenario, p);
        results.push_back(r);
        schedules.push_back(s);
    }
    ResultsPanel panel;
    panel.setRuns(m_scenario, results, schedules);
    panel.tabs()->setCurrentIndex(2);
    panel.resize(minimum ? panel.minimumSizeHint() : size);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);

    QLabel* key = panel.chartKey();
    QVERIFY(key && key->isVisible());
    const QString named = QTextDocumentFragment::fromHtml(key->text())
                              .toPlainText()
                              .replace(QChar(0xa0), QLatin1Char(' '))
                              .replace(QChar(0x2011), QLatin1Char('-'));
    // Laid out at any width the key may have, every line starts with an entry's square: no
    // name is broken over two lines ("asrpt-" / "backfill").
    QTextDocument flow;
    flow.setDefaultFont(key->font());
    flow.setDocumentMargin(0);
    flow.setHtml(key->text());
    const QMargins margins = key->contentsMargins();
    const int narrowest = key->minimumWidth() - margins.left() - margins.right();
    QVERIFY(narrowest >= 120);
    QVERIFY2(key->width() >= key->minimumWidth(), "the key is narrower than its widest entry");
    for (int width = narrowest; width <= 900; width += 3) {
        flow.setTextWidth(width);
        QVERIFY(flow.size().height() > 0); // laid out
        for (QTextBlock b = flow.begin(); b.isValid(); b = b.next())
            for (int i = 0; i < b.layout()->lineCount(); ++i) {
                const QTextLine line = b.layout()->lineAt(i);
                const QString text = b.text().mid(line.textStart(), line.textLength()).trimmed();
                QVERIFY2(text.startsWith(QChar(0x25a0)),
                         qPrintable(QStringLiteral("%1 px: %2").arg(width).arg(text)));
            }
    }
    for (const QString& p : policies)
        QVERIFY2(named.split(QLatin1Char(' '), Qt::SkipEmptyParts).contains(p),
                 qPrintable(p + QStringLiteral(" not in ") + named));
    QVERIFY2(key->heightForWidth(key->width()) <= key->height(),
             qPrintable(QStringLiteral("the key needs %1 px, has %2")
                            .arg(key->heightForWidth(key->width()))
                            .arg(key->height())));
    const QRect page = key->parentWidget()->rect();
    QCOMPARE(int(panel.chartViews().size()), 3);
    for (QChartView* view : panel.chartViews()) {
        QVERIFY(!view->chart()->legend()->isVisible());
        QVERIFY2(page.contains(view->geometry()), qPrintable(view->chart()->title()));
        QVERIFY(!view->geometry().intersects(key->geometry()));
        QVERIFY(view->height() >= view->minimumHeight());
        QVERIFY2(view->chart()->plotArea().height() > 40, qPrintable(view->chart()->title()));
    }
}

void TestResultsPanel::comparisonAxisReadsShort_data()
{
    QTest::addColumn<QList<double>>("averages");
    QTest::addColumn<QString>("title");
    QTest::addColumn<QStringList>("labels");

    QTest::newRow("a Philly trace's averages")
        << QList<double>{254321.0, 198000.5} << "JCT (h)" << QStringList{"0", "50", "100"};
    QTest::newRow("weeks") << QList<double>{1.2e6, 3e5} << "JCT (days)"
                           << QStringList{"0", "5", "10", "15"};
    QTest::newRow("the teaching sample")
        << QList<double>{4181.3, 1170.0} << "JCT (min)" << QStringList{"0", "50", "100"};
    QTest::newRow("seconds") << QList<double>{42.5} << "JCT (s)"
                             << QStringList{"0", "20", "40", "60"};
    QTest::newRow("under a second")
        << QList<double>{0.5} << "JCT (s)" << QStringList{"0.0", "0.2", "0.4", "0.6"};
}

// The small Average JCT chart beside the comparison counts in the largest time unit that keeps
// its ticks a few characters long, at round values, and has room for each at its smallest: a
// trace's averages in seconds were cut to "250000...".
void TestResultsPanel::comparisonAxisReadsShort()
{
    QFETCH(QList<double>, averages);
    QFETCH(QString, title);
    QFETCH(QStringList, labels);
    ComparisonModel model;
    const QStringList policies = PolicyRegistry::names();
    for (qsizetype i = 0; i < averages.size(); ++i) {
        RunResult r;
        r.config.policy = policies[i];
        r.summary.policy = policies[i];
        r.summary.avgJctS = averages[i];
        model.addResult(r);
    }
    ComparisonChart chart;
    chart.setModel(&model);
    chart.resize(chart.minimumSize());
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QCOMPARE(chart.values(), averages); // in seconds, as the table beside it
    const QList<QAbstractAxis*> axes = chart.chart()->axes(Qt::Horizontal);
    QCOMPARE(axes.size(), 1);
    auto* axis = qobject_cast<QValueAxis*>(axes.front());
    QVERIFY(axis);
    QCOMPARE(axis->titleText(), title);
    // The labels Qt prints: the label format at each of the evenly spaced ticks.
    QStringList shown;
    const int ticks = axis->tickCount();
    for (int k = 0; k < ticks; ++k)
        shown << QString::asprintf(qPrintable(axis->labelFormat()),
                                   axis->min() + (axis->max() - axis->min()) * k / (ticks - 1));
    QCOMPARE(shown, labels);
    // Each label has the room between two ticks: Qt Charts elides one that has not.
    const QFontMetrics fm(axis->labelsFont());
    const double spacing = chart.chart()->plotArea().width() / double(ticks - 1);
    for (const QString& label : shown)
        QVERIFY2(fm.horizontalAdvance(label) < spacing,
                 qPrintable(QStringLiteral("%1 in %2 px").arg(label).arg(spacing)));
}

// A run's results reach the comparison one at a time while its chart is shown, and a grab
// (a screenshot, an exported image) can come before the event loop has run: the chart then
// looks as one built from all of them, without the axes of the earlier rows over it.
void TestResultsPanel::comparisonRowByRowDrawsAsAtOnce()
{
    const QStringList policies = PolicyRegistry::names();
    auto result = [&](int i) {
        RunResult r;
        r.config.policy = policies[i];
        r.summary.policy = policies[i];
        r.summary.avgJctS = 1000.0 + 150.0 * i;
        return r;
    };
    ComparisonModel rowByRow, atOnce;
    ComparisonChart growing, whole;
    growing.setModel(&rowByRow);
    for (ComparisonChart* chart : {&growing, &whole}) {
        chart->resize(300, 200);
        chart->show();
        QVERIFY(QTest::qWaitForWindowExposed(chart));
    }
    for (int i = 0; i < int(policies.size()); ++i) {
        rowByRow.addResult(result(i));
        atOnce.addResult(result(i));
        QCoreApplication::processEvents(); // painted, and no deferred deletion yet
    }
    whole.setModel(&atOnce);
    QCoreApplication::processEvents();
    QCOMPARE(growing.grab().toImage(), whole.grab().toImage());
}

void TestResultsPanel::cdfLogAxisLabelsFit_data()
{
    QTest::addColumn<double>("shortest");
    QTest::addColumn<double>("longest");

    QTest::newRow("three decades") << 10.0 << 9000.0;
    QTest::newRow("a trace's eight decades") << 0.9 << 8.0e6;
    QTest::newRow("eleven decades") << 0.001 << 9.0e7;
}

// The JCT CDF of a trace spans many decades on its logarithmic axis: its labels, one per
// decade or per few decades, each have their room in a chart of the Charts tab at 1280x800
// (they were cut to "1e-... 0.0... 0.0...").
void TestResultsPanel::cdfLogAxisLabelsFit()
{
    QFETCH(double, shortest);
    QFETCH(double, longest);
    RunResult r;
    r.summary.policy = QStringLiteral("fifo");
    for (double jct = shortest; jct < longest * 1.5; jct *= 3.0) {
        JobRecord j;
        j.jctS = std::min(jct, longest);
        r.jobs.push_back(j);
    }
    QChartView view(ChartFactory::jctCdf({r}));
    view.chart()->legend()->hide();
    view.resize(340, 180);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QList<QAbstractAxis*> axes = view.chart()->axes(Qt::Horizontal);
    QCOMPARE(axes.size(), 1);
    auto* axis = qobject_cast<QLogValueAxis*>(axes.front());
    QVERIFY(axis);
    const int steps =
        int(std::lround(std::log(axis->max() / axis->min()) / std::log(axis->base())));
    QVERIFY2(steps >= 1 && steps <= 4, qPrintable(QString::number(steps)));
    const QFontMetrics fm(axis->labelsFont());
    const double spacing = view.chart()->plotArea().width() / steps;
    for (int k = 0; k <= steps; ++k) {
        const QString label = QString::asprintf(qPrintable(axis->labelFormat()),
                                                axis->min() * std::pow(axis->base(), k));
        QVERIFY2(fm.horizontalAdvance(label) < spacing,
                 qPrintable(QStringLiteral("%1 in %2 px").arg(label).arg(spacing)));
    }
}

void TestResultsPanel::exportViews_data()
{
    QTest::addColumn<int>("view");
    QTest::addColumn<QString>("suffix");
    for (int view = 0; view < 5; ++view)
        for (const char* suffix : {"png", "svg"})
            QTest::addRow("view %d %s", view, suffix) << view << QString::fromLatin1(suffix);
}

// Every view can be written as PNG (an image with something drawn on it) and SVG (vector, text
// as text); an unknown suffix or view is an error naming the file and writes nothing.
void TestResultsPanel::exportViews()
{
    QFETCH(int, view);
    QFETCH(QString, suffix);
    ResultsPanel panel;
    panel.resize(1000, 700);
    panel.setRuns(m_scenario, m_results, m_schedules);
    QCOMPARE(panel.exportableViews().size(), 5);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("view.") + suffix);
    const auto written = panel.exportView(view, path);
    QVERIFY2(written, qPrintable(written ? QString() : written.error().message));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    if (suffix == QLatin1String("png")) {
        QImage img;
        QVERIFY(img.loadFromData(bytes, "PNG"));
        int coloured = 0;
        for (int y = 0; y < img.height(); y += 2)
            for (int x = 0; x < img.width(); x += 2) {
                const QColor c = img.pixelColor(x, y);
                coloured += std::max({c.red(), c.green(), c.blue()}) -
                                std::min({c.red(), c.green(), c.blue()}) >
                            40;
            }
        // The classroom runs duration jobs: its heatmap says in words that there was no
        // traffic (dark text), every other view is in colour.
        int dark = 0;
        for (int y = 0; y < img.height(); y += 2)
            for (int x = 0; x < img.width(); x += 2)
                dark += qGray(img.pixel(x, y)) < 120;
        if (view == 1)
            QVERIFY2(dark > 50, qPrintable(QString::number(dark)));
        else
            QVERIFY2(coloured > 50, qPrintable(QString::number(coloured)));
    } else {
        QVERIFY(bytes.contains("<svg"));
        QVERIFY(bytes.contains("<text"));
    }

    const QString bad = dir.filePath(QStringLiteral("view.bmp"));
    const auto refused = panel.exportView(view, bad);
    QVERIFY(!refused);
    QVERIFY(refused.error().message.contains(bad));
    QVERIFY(!QFile::exists(bad));
    QVERIFY(!panel.exportView(99, dir.filePath(QStringLiteral("x.png"))));
}

void TestResultsPanel::teachingHighlightStaysInTeaching_data()
{
    QTest::addColumn<QString>("leave");
    QTest::newRow("another tab") << "tab";
    QTest::newRow("another run") << "run";
}

// A job highlighted by a teaching step fades the rest only while the teaching tab shows that
// run: leaving the tab or changing the run drops it, so no other view stays faded. A job the
// user picked in a chart stays highlighted across tabs.
void TestResultsPanel::teachingHighlightStaysInTeaching()
{
    QFETCH(QString, leave);
    ResultsPanel panel;
    panel.setRuns(m_scenario, m_results, m_schedules);
    panel.setCurrentRun(2);
    panel.tabs()->setCurrentIndex(panel.tabs()->count() - 1); // Teaching
    panel.teachingPanel()->showStep(1);
    const int job = panel.highlightedJob();
    QVERIFY(job >= 0);
    QCOMPARE(panel.ganttView()->highlightedJob(), job);
    if (leave == QLatin1String("tab"))
        panel.tabs()->setCurrentIndex(0);
    else
        panel.setCurrentRun(0);
    QCOMPARE(panel.highlightedJob(), -1);
    QCOMPARE(panel.ganttView()->highlightedJob(), -1);
    QCOMPARE(panel.compareTop()->highlightedJob(), -1);

    // The user's own pick is not a teaching highlight.
    panel.tabs()->setCurrentIndex(panel.tabs()->count() - 1);
    Q_EMIT panel.ganttView()->jobSelected(3);
    panel.tabs()->setCurrentIndex(0);
    QCOMPARE(panel.highlightedJob(), 3);
}

void TestResultsPanel::exportSuffix_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("filter");
    QTest::addColumn<QString>("expected");
    QTest::newRow("png filter, no suffix") << "chart"
                                           << "PNG image (*.png)"
                                           << "chart.png";
    QTest::newRow("svg filter, no suffix") << "chart"
                                           << "SVG image (*.svg)"
                                           << "chart.svg";
    QTest::newRow("no filter") << "chart"
                               << ""
                               << "chart.png";
    QTest::newRow("suffix kept") << "chart.svg"
                                 << "PNG image (*.png)"
                                 << "chart.svg";
    QTest::newRow("upper-case suffix") << "chart.PNG"
                                       << "SVG image (*.svg)"
                                       << "chart.PNG";
    QTest::newRow("dot in the name") << "run.v2"
                                     << "PNG image (*.png)"
                                     << "run.v2.png";
}

// A name typed without a suffix gets the one of the chosen filter, and the export then
// succeeds (it failed with "unknown image format" before).
void TestResultsPanel::exportSuffix()
{
    QFETCH(QString, name);
    QFETCH(QString, filter);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = ImageExport::withFormatSuffix(dir.filePath(name), filter);
    QCOMPARE(path, dir.filePath(expected));
    ResultsPanel panel;
    panel.resize(1000, 700);
    panel.setRuns(m_scenario, m_results, m_schedules);
    const auto written = panel.exportView(0, path);
    QVERIFY2(written, qPrintable(written ? QString() : written.error().message));
    QVERIFY(QFile::exists(path));
}

// An exported Gantt chart is slide-sized, titled, and free of the playback cursor.
void TestResultsPanel::ganttImageForSlides()
{
    ResultsPanel panel;
    panel.resize(700, 500);
    panel.setRuns(m_scenario, m_results, m_schedules);
    panel.setCurrentRun(2);
    panel.playback()->setCursor(100.0);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gantt.png"));
    QVERIFY(panel.exportView(0, path));
    const QImage img(path);
    QVERIFY(img.width() >= 1600 && img.height() >= 900);
    int cursor = 0;
    for (int y = 0; y < img.height(); y += 2)
        for (int x = 0; x < img.width(); ++x)
            cursor += img.pixelColor(x, y) == QColor(200, 30, 30);
    QCOMPARE(cursor, 0);
    // The title is dark text in the top band.
    int title = 0;
    for (int y = 0; y < 30; ++y)
        for (int x = 0; x < 600; ++x)
            title += qGray(img.pixel(x, y)) < 100;
    QVERIFY(title > 100);
}

QTEST_MAIN(TestResultsPanel)
#include "tst_resultspanel.moc"
