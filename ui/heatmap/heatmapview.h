#pragma once

#include "heatmap/heatmappainter.h"
#include "model/scenario.h"
#include "sim/schedule.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QDoubleSpinBox;

namespace gantry::ui {

/// The communication heatmap of one run: GPU x GPU or server x server, over the whole run or a
/// window around the playback cursor; hovering a cell shows its two endpoints and bytes.
class HeatmapView : public QWidget
{
    Q_OBJECT

public:
    /// Which endpoints the cells are.
    enum class Level
    {
        Gpu,
        Server
    };
    /// Which time the bytes cover.
    enum class Span
    {
        WholeRun,
        AroundCursor
    };

    explicit HeatmapView(QWidget* parent = nullptr);

    /// Shows schedule, a run of scenario (both copied).
    void setSchedule(const Scenario& scenario, const Schedule& schedule);
    /// Shows schedule, a run of scenario (copied); the schedule is shared, not copied.
    void setSchedule(const Scenario& scenario, std::shared_ptr<const Schedule> schedule);
    /// Shows schedule, a run of scenario, both shared (a scenario whose cluster is not
    /// finalized is copied).
    void setSchedule(std::shared_ptr<const Scenario> scenario,
                     std::shared_ptr<const Schedule> schedule);
    void setLevel(Level level);
    void setSpan(Span span);
    /// Width of the window around the cursor, seconds.
    void setWindow(double seconds);
    /// The painter of the current matrix (null before a schedule is set).
    const HeatmapPainter* painter() const { return m_painter.get(); }
    /// Rectangle the heatmap is painted into.
    QRectF canvasRect() const;
    /// Tooltip text of cell (row, column).
    QString describe(int row, int column) const;

public Q_SLOTS:
    void setCursorTime(double timeS);

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    void rebuild();

    std::shared_ptr<const Scenario> m_scenario; // its cluster finalized (null before a run)
    std::shared_ptr<const Schedule> m_schedule; // null before a schedule is set
    Level m_level = Level::Server;
    Span m_span = Span::WholeRun;
    double m_window = 3600.0;
    double m_cursor = 0.0;
    std::unique_ptr<HeatmapPainter> m_painter;
    QComboBox* m_levelBox;
    QComboBox* m_spanBox;
    QDoubleSpinBox* m_windowBox;
};

} // namespace gantry::ui
