#pragma once

#include "charts/policykey.h"
#include "model/scenario.h"
#include "run/runresult.h"
#include "sim/schedule.h"
#include "util/result.h"

#include <QStringList>

#include <QWidget>

#include <memory>
#include <vector>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QTabWidget;

namespace gantry::ui {

class GanttView;
class HeatmapView;
class PlaybackBar;
class PlaybackController;
class TeachingPanel;

/// What a run looks like: a run chooser and tabs for the Gantt chart (with the virtual-machine
/// band), the communication heatmap, the charts, a comparison of two runs on one time axis and
/// teaching mode, over one shared playback bar. Selecting a job in one view highlights it in
/// all of them. Keeps copies of the runs it shows, or shares them where the caller does.
class ResultsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ResultsPanel(QWidget* parent = nullptr);

    /// Shows runs of scenario; schedules[i] belongs to results[i] (missing ones show empty).
    void setRuns(const Scenario& scenario, const std::vector<RunResult>& results,
                 const std::vector<Schedule>& schedules);
    /// The same with schedules the caller shares: the panel and its views keep them without a
    /// copy (one without the cluster's GPU count is copied to add it).
    void setRuns(const Scenario& scenario, const std::vector<RunResult>& results,
                 std::vector<std::shared_ptr<const Schedule>> schedules);
    /// The same with the scenario shared too and the results moved in: the panel's views (four
    /// Gantt charts, the heatmap, teaching) read the scenario without a copy each (one whose
    /// cluster is not finalized is copied once).
    void setRuns(std::shared_ptr<const Scenario> scenario, std::vector<RunResult> results,
                 std::vector<std::shared_ptr<const Schedule>> schedules);
    /// The same with the results shared too (none null): the panel, its charts and teaching
    /// read them without a copy.
    void setRuns(std::shared_ptr<const Scenario> scenario,
                 std::vector<std::shared_ptr<const RunResult>> results,
                 std::vector<std::shared_ptr<const Schedule>> schedules);
    /// Index of the run shown (-1: none).
    int currentRun() const;
    /// Shows run i.
    void setCurrentRun(int i);
    /// The job highlighted in every view (-1: none).
    int highlightedJob() const { return m_highlight; }

    GanttView* ganttView() const { return m_gantt; }
    HeatmapView* heatmapView() const { return m_heatmap; }
    TeachingPanel* teachingPanel() const { return m_teaching; }
    PlaybackController* playback() const { return m_playback; }
    QTabWidget* tabs() const { return m_tabs; }
    /// The Charts tab's charts (JCT CDF, utilisation over time, JCT per policy), shown without
    /// their legends, and the key that names their policies.
    const std::vector<QChartView*>& chartViews() const { return m_chartViews; }
    PolicyKey* chartKey() const { return m_chartKey; }
    /// The upper and lower Gantt charts of the Compare tab.
    GanttView* compareTop() const { return m_compareTop; }
    GanttView* compareBottom() const { return m_compareBottom; }
    /// Shows runs a and b in the Compare tab, each named by its chooser.
    void setComparison(int a, int b);

    /// Names of the views that can be written as images: the Gantt chart, the heatmap, then
    /// each chart of the Charts tab.
    QStringList exportableViews() const;
    /// Writes exportable view i of the current run to path as PNG or SVG (by its suffix): the
    /// Gantt chart with its current zoom, highlight and cursor, the heatmap as shown, a chart
    /// at its own size. InvalidInput naming the file when nothing is shown or writing fails.
    Status exportView(int i, const QString& path) const;

public Q_SLOTS:
    /// Highlights job in every view and announces it.
    void setHighlightedJob(int job);

Q_SIGNALS:
    /// A job was selected in one of the views (-1: none).
    void jobSelected(int job);

private:
    void showRun(int i);
    void rebuildCharts();
    QChart* makeChart(int i) const;
    QString runLabel(int i) const;

    // Longest predictor name a run's label shows whole.
    static constexpr int MaxPredictorChars = 24;
    // Height below which a chart of the Charts tab stops reading (title, axes, plot).
    static constexpr int ChartMinimumHeight = 150;
    /// Characters of a run's name the run choosers ask room for ("14. asrpt-gittins-prior ·
    /// graph · rf-fast"); a narrower panel cuts the name with an ellipsis.
    static constexpr int RunNameChars = 36;

    std::shared_ptr<const Scenario> m_scenario;               // never null, its cluster finalized
    std::vector<std::shared_ptr<const RunResult>> m_results;  // never null
    std::vector<std::shared_ptr<const Schedule>> m_schedules; // never null
    int m_highlight = -1;
    bool m_teachingHighlight = false; // m_highlight is a teaching step's, not the user's choice
    QWidget* m_teachingTab = nullptr;
    QComboBox* m_runBox;
    QTabWidget* m_tabs;
    GanttView* m_gantt;
    HeatmapView* m_heatmap;
    QWidget* m_charts;
    std::vector<QChartView*> m_chartViews;
    PolicyKey* m_chartKey;
    QComboBox* m_compareA;
    QComboBox* m_compareB;
    GanttView* m_compareTop;
    GanttView* m_compareBottom;
    GanttView* m_teachingGantt;
    TeachingPanel* m_teaching;
    PlaybackController* m_playback;
    PlaybackBar* m_bar;
};

} // namespace gantry::ui
