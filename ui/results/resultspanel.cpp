#include "results/resultspanel.h"

#include "charts/chartfactory.h"
#include "charts/policykey.h"
#include "export/imageexport.h"
#include "format/elidedcombobox.h"
#include "gantt/ganttview.h"
#include "heatmap/heatmapview.h"
#include "model/sharedscenario.h"
#include "playback/playbackbar.h"
#include "playback/playbackcontroller.h"
#include "teaching/teachingpanel.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

namespace gantry::ui {

ResultsPanel::ResultsPanel(QWidget* parent) : QWidget(parent)
{
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Run:"), this));
    // A long run name is cut with an ellipsis, whole in the list and the tooltip.
    m_runBox = new ElidedComboBox(Qt::ElideRight, this);
    m_runBox->setObjectName(QStringLiteral("runChooser"));
    m_runBox->setMinimumContentsLength(RunNameChars);
    top->addWidget(m_runBox);
    top->addStretch(1);
    column->addLayout(top);

    m_playback = new PlaybackController(this);
    m_tabs = new QTabWidget(this);
    column->addWidget(m_tabs, 1);

    m_gantt = new GanttView(this);
    m_tabs->addTab(m_gantt, tr("Gantt"));
    m_heatmap = new HeatmapView(this);
    m_tabs->addTab(m_heatmap, tr("Heatmap"));

    // Three charts and, in the fourth place, one key for the three: a legend per chart ran out
    // of height after six of thirteen policies.
    m_charts = new QWidget(this);
    auto* grid = new QGridLayout(m_charts);
    for (int i = 0; i < 3; ++i) {
        auto* view = new QChartView(m_charts);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumSize(240, ChartMinimumHeight);
        m_chartViews.push_back(view);
        grid->addWidget(view, i / 2, i % 2);
    }
    m_chartKey = new PolicyKey(m_charts);
    m_chartKey->setObjectName(QStringLiteral("chartKey"));
    grid->addWidget(m_chartKey, 1, 1);
    m_tabs->addTab(m_charts, tr("Charts"));

    auto* compare = new QWidget(this);
    auto* cc = new QVBoxLayout(compare);
    auto* pick = new QHBoxLayout;
    m_compareA = new ElidedComboBox(Qt::ElideRight, compare);
    m_compareB = new ElidedComboBox(Qt::ElideRight, compare);
    m_compareA->setObjectName(QStringLiteral("compareUpper"));
    m_compareB->setObjectName(QStringLiteral("compareLower"));
    m_compareA->setMinimumContentsLength(RunNameChars);
    m_compareB->setMinimumContentsLength(RunNameChars);
    pick->addWidget(new QLabel(tr("Upper:"), compare));
    pick->addWidget(m_compareA);
    pick->addWidget(new QLabel(tr("Lower:"), compare));
    pick->addWidget(m_compareB);
    pick->addStretch(1);
    cc->addLayout(pick);
    auto* split = new QSplitter(Qt::Vertical, compare);
    m_compareTop = new GanttView(split);
    m_compareBottom = new GanttView(split);
    split->addWidget(m_compareTop);
    split->addWidget(m_compareBottom);
    cc->addWidget(split, 1);
    m_tabs->addTab(compare, tr("Compare"));

    auto* teach = new QSplitter(Qt::Vertical, this);
    m_teachingGantt = new GanttView(teach);
    m_teaching = new TeachingPanel(teach);
    teach->addWidget(m_teachingGantt);
    teach->addWidget(m_teaching);
    m_tabs->addTab(teach, tr("Teaching"));

    m_bar = new PlaybackBar(m_playback, this);
    column->addWidget(m_bar);

    connect(m_runBox, &QComboBox::currentIndexChanged, this, &ResultsPanel::showRun);
    auto comparison = [this](int) {
        setComparison(m_compareA->currentIndex(), m_compareB->currentIndex());
    };
    connect(m_compareA, &QComboBox::currentIndexChanged, this, comparison);
    connect(m_compareB, &QComboBox::currentIndexChanged, this, comparison);
    // The two compared charts share one time axis.
    connect(m_compareTop, &GanttView::visibleRangeChanged, m_compareBottom,
            &GanttView::setVisibleRange);
    connect(m_compareBottom, &GanttView::visibleRangeChanged, m_compareTop,
            &GanttView::setVisibleRange);
    for (GanttView* v : {m_gantt, m_compareTop, m_compareBottom, m_teachingGantt}) {
        connect(v, &GanttView::jobSelected, this, &ResultsPanel::setHighlightedJob);
        connect(m_playback, &PlaybackController::cursorChanged, v, &GanttView::setCursorTime);
    }
    connect(m_playback, &PlaybackController::cursorChanged, m_heatmap, &HeatmapView::setCursorTime);
    connect(m_playback, &PlaybackController::cursorChanged, m_teaching, &TeachingPanel::followTime);
    connect(m_teaching, &TeachingPanel::timeRequested, m_playback, &PlaybackController::setCursor);
    // A teaching step's highlight belongs to the teaching tab and its run: it is dropped when
    // the user leaves either, so that no other view stays faded.
    m_teachingTab = teach;
    connect(m_teaching, &TeachingPanel::jobHighlighted, this, [this](int job) {
        setHighlightedJob(job);
        m_teachingHighlight = job >= 0;
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int) {
        if (m_teachingHighlight && m_tabs->currentWidget() != m_teachingTab)
            setHighlightedJob(-1);
    });
}

QString ResultsPanel::runLabel(int i) const
{
    // The predictor is typed in the run panel (noisy:0.5): a long one is cut in its middle, so
    // that the run chooser stays as wide as a run's name (whole in the item's tooltip).
    const RunConfig& c = m_results[std::size_t(i)]->config;
    QString predictor = c.predictor;
    if (predictor.size() > MaxPredictorChars)
        predictor = predictor.left(MaxPredictorChars / 2) + QChar(0x2026) +
                    predictor.right(MaxPredictorChars / 2);
    return tr("%1. %2 · %3 · %4").arg(i + 1).arg(c.policy, c.placement, predictor);
}

void ResultsPanel::setRuns(const Scenario& scenario, const std::vector<RunResult>& results,
                           const std::vector<Schedule>& schedules)
{
    std::vector<std::shared_ptr<const Schedule>> shared;
    shared.reserve(schedules.size());
    for (const Schedule& s : schedules)
        shared.push_back(std::make_shared<const Schedule>(s));
    setRuns(scenario, results, std::move(shared));
}

void ResultsPanel::setRuns(const Scenario& scenario, const std::vector<RunResult>& results,
                           std::vector<std::shared_ptr<const Schedule>> schedules)
{
    setRuns(SharedScenario::copy(scenario), results, std::move(schedules));
}

void ResultsPanel::setRuns(std::shared_ptr<const Scenario> scenario, std::vector<RunResult> results,
                           std::vector<std::shared_ptr<const Schedule>> schedules)
{
    std::vector<std::shared_ptr<const RunResult>> shared;
    shared.reserve(results.size());
    for (RunResult& r : results)
        shared.push_back(std::make_shared<const RunResult>(std::move(r)));
    setRuns(std::move(scenario), std::move(shared), std::move(schedules));
}

void ResultsPanel::setRuns(std::shared_ptr<const Scenario> scenario,
                           std::vector<std::shared_ptr<const RunResult>> results,
                           std::vector<std::shared_ptr<const Schedule>> schedules)
{
    m_scenario = scenario ? SharedScenario::finalized(std::move(scenario))
                          : std::make_shared<const Scenario>();
    m_results = std::move(results);
    m_schedules = std::move(schedules);
    m_schedules.resize(m_results.size());
    for (std::shared_ptr<const Schedule>& s : m_schedules)
        if (!s || s->totalGpus == 0) {
            auto filled = s ? std::make_shared<Schedule>(*s) : std::make_shared<Schedule>();
            filled->totalGpus = m_scenario->cluster.totalGpus();
            s = std::move(filled);
        }
    m_highlight = -1;
    m_teachingHighlight = false;
    for (QComboBox* box : {m_runBox, m_compareA, m_compareB}) {
        const QSignalBlocker block(box);
        box->clear();
        for (int i = 0; i < int(m_results.size()); ++i) {
            const RunConfig& c = m_results[std::size_t(i)]->config;
            box->addItem(runLabel(i));
            box->setItemData(i, tr("%1 · %2 · %3").arg(c.policy, c.placement, c.predictor),
                             Qt::ToolTipRole);
        }
    }
    rebuildCharts();
    const int n = int(m_results.size());
    {
        const QSignalBlocker a(m_compareA), b(m_compareB);
        m_compareA->setCurrentIndex(n > 0 ? 0 : -1);
        m_compareB->setCurrentIndex(n > 1 ? 1 : n - 1);
    }
    setComparison(m_compareA->currentIndex(), m_compareB->currentIndex());
    {
        const QSignalBlocker block(m_runBox);
        m_runBox->setCurrentIndex(n > 0 ? 0 : -1);
    }
    showRun(n > 0 ? 0 : -1);
}

int ResultsPanel::currentRun() const
{
    return m_runBox->currentIndex();
}

void ResultsPanel::setCurrentRun(int i)
{
    m_runBox->setCurrentIndex(i);
}

void ResultsPanel::showRun(int i)
{
    if (m_teachingHighlight)
        setHighlightedJob(-1);
    if (i < 0 || std::size_t(i) >= m_results.size()) {
        m_gantt->clear();
        m_teachingGantt->clear();
        m_playback->setTimeline({}, 0.0);
        m_bar->setCounters({}, 0);
        return;
    }
    const std::shared_ptr<const Schedule>& shared = m_schedules[std::size_t(i)];
    const Schedule& s = *shared;
    m_gantt->setSchedule(m_scenario, shared);
    m_teachingGantt->setSchedule(m_scenario, shared);
    m_heatmap->setSchedule(m_scenario, shared);
    m_teaching->setRun(m_scenario, shared, m_results[std::size_t(i)]);
    std::vector<double> times;
    times.reserve(s.events.size());
    for (const ScheduleEvent& e : s.events)
        times.push_back(e.timeS);
    m_playback->setTimeline(std::move(times), m_gantt->painter()->endS());
    m_bar->setCounters(s.counters, s.totalGpus);
    for (GanttView* v : {m_gantt, m_teachingGantt}) {
        v->setCursorTime(m_playback->cursor());
        v->setHighlightedJob(m_highlight);
    }
}

void ResultsPanel::setComparison(int a, int b)
{
    const int n = int(m_results.size());
    {
        // The choosers name the runs shown, whoever asked for them.
        const QSignalBlocker blockA(m_compareA), blockB(m_compareB);
        m_compareA->setCurrentIndex(a >= 0 && a < n ? a : -1);
        m_compareB->setCurrentIndex(b >= 0 && b < n ? b : -1);
    }
    GanttView* views[2] = {m_compareTop, m_compareBottom};
    const int runs[2] = {a, b};
    double extent = 0.0;
    for (int k = 0; k < 2; ++k) {
        if (runs[k] < 0 || runs[k] >= n) {
            views[k]->clear();
            continue;
        }
        views[k]->setSchedule(m_scenario, m_schedules[std::size_t(runs[k])]);
        views[k]->setHighlightedJob(m_highlight);
        extent = std::max(extent, views[k]->painter()->endS());
    }
    // One time axis: both charts span the longer run.
    for (GanttView* v : views)
        if (v->painter()) {
            v->setTimeExtent(extent);
            v->zoomToFit();
        }
}

QChart* ResultsPanel::makeChart(int i) const
{
    ChartFactory::RunViews runs;
    for (const std::shared_ptr<const RunResult>& r : m_results)
        runs.push_back(r.get());
    switch (i) {
    case 0:
        return ChartFactory::jctCdf(runs);
    case 1:
        return ChartFactory::utilisationOverTime(runs, m_schedules);
    default:
        return ChartFactory::policyBars(runs);
    }
}

void ResultsPanel::rebuildCharts()
{
    for (int i = 0; i < int(m_chartViews.size()); ++i) {
        QChart* old = m_chartViews[std::size_t(i)]->chart();
        QChart* chart = makeChart(i);
        chart->legend()->hide(); // the key beside the charts names every policy
        m_chartViews[std::size_t(i)]->setChart(chart);
        delete old;
    }
    QStringList policies;
    for (const std::shared_ptr<const RunResult>& r : m_results)
        policies << r->summary.policy;
    m_chartKey->setPolicies(policies);
}

QStringList ResultsPanel::exportableViews() const
{
    QStringList names{tr("Gantt chart"), tr("Communication heatmap")};
    for (QChartView* v : m_chartViews)
        names << (v->chart() && !v->chart()->title().isEmpty()
                      ? v->chart()->title()
                      : tr("Chart %1").arg(names.size() - 1));
    return names;
}

Status ResultsPanel::exportView(int i, const QString& path) const
{
    if (i == 0) {
        if (!m_gantt->painter())
            return Error::invalid(
                tr("%1: no Gantt chart to export (run a scenario first)").arg(path));
        GanttPainter::Options o = m_gantt->options();
        // Large enough for a slide, whatever the window's size; the view's zoom and highlight.
        const QSize size = m_gantt->viewport()->size().expandedTo(QSize(1600, 900));
        const int run = currentRun();
        const QString title =
            run >= 0 ? tr("%1: %2").arg(m_scenario->name, runLabel(run).section(u' ', 1))
                     : m_scenario->name;
        return ImageExport::gantt(*m_gantt->painter(), path, size, o, 1.0, title);
    }
    if (i == 1) {
        const HeatmapPainter* heat = m_heatmap->painter();
        if (!heat)
            return Error::invalid(tr("%1: no heatmap to export (run a scenario first)").arg(path));
        return ImageExport::write(path, QSize(720, 640), [heat](QPainter& p, const QRectF& area) {
            heat->paint(p, area);
        });
    }
    const int chart = i - 2;
    if (chart < 0 || chart >= int(m_chartViews.size()) || m_results.empty())
        return Error::invalid(tr("%1: no such chart to export").arg(path));
    // A fresh chart of the same data: exporting never resizes the one on screen.
    std::unique_ptr<QChart> copy(makeChart(chart));
    return ImageExport::chart(copy.get(), path);
}

void ResultsPanel::setHighlightedJob(int job)
{
    const bool changed = job != m_highlight;
    m_highlight = job;
    m_teachingHighlight = false;
    for (GanttView* v : {m_gantt, m_compareTop, m_compareBottom, m_teachingGantt})
        v->setHighlightedJob(job);
    if (changed)
        Q_EMIT jobSelected(job);
}

} // namespace gantry::ui
