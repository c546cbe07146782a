// ResultsPanel and TeachingPanel: runs appear in the chooser, teaching steps move the playback
// cursor to each decision's time and highlight its job in every Gantt chart, a click in one
// chart highlights the job in the others, the Compare tab puts two runs on one time axis and
// the Charts tab holds real charts.
#include "explain/decisionexplainer.h"
#include "export/imageexport.h"
#include "gantt/ganttview.h"
#include "heatmap/heatmapview.h"
#include "playback/playbackcontroller.h"
#include "results/resultspanel.h"
#include "teaching/teachingpanel.h"
#include "viewfixtures.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

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
