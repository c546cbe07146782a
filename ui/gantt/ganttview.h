#pragma once

#include "gantt/ganttpainter.h"

#include <QAbstractScrollArea>

#include <memory>

namespace gantry::ui {

/// An interactive Gantt chart of one run: the wheel zooms time around the mouse, Ctrl+wheel
/// zooms lanes, dragging and the scroll bars pan, hovering shows a job's details, clicking a
/// bar selects its job. Draws through a GanttPainter, so only what is visible is painted.
class GanttView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit GanttView(QWidget* parent = nullptr);

    /// Shows a schedule of scenario (copied into a new painter); resets the zoom.
    void setSchedule(const Scenario& scenario, const Schedule& schedule);
    /// Shows schedule of scenario, shared instead of copied (GanttPainter).
    void setSchedule(std::shared_ptr<const Scenario> scenario,
                     std::shared_ptr<const Schedule> schedule);
    /// Clears the chart.
    void clear();
    /// The painter, or null when empty.
    const GanttPainter* painter() const { return m_painter.get(); }
    /// Options of the next paint for the viewport (visible range, lanes, highlight, cursor).
    GanttPainter::Options options() const;
    /// Time axis end used for zooming and scrolling (default: the schedule's end).
    void setTimeExtent(double endS);
    /// Visible time range.
    double visibleFrom() const { return m_from; }
    double visibleTo() const { return m_from + m_span; }
    /// First visible lane and number of visible lanes.
    int firstLane() const { return m_firstLane; }
    /// The job highlighted (-1: none).
    int highlightedJob() const { return m_highlight; }
    /// A tooltip's text for job j's segment (empty for none).
    QString describe(int job, int segment) const;

public Q_SLOTS:
    /// Shows [fromS, toS] (clamped to the extent).
    void setVisibleRange(double fromS, double toS);
    /// Shows count lanes from first (count < 0: all).
    void setLaneRange(int first, int count);
    /// Shows the whole run and every lane.
    void zoomToFit();
    void setHighlightedJob(int job);
    void setCursorTime(double timeS);

Q_SIGNALS:
    /// A bar of job was clicked (-1: empty space).
    void jobSelected(int job);
    /// The visible time range changed (zoom, pan or scroll).
    void visibleRangeChanged(double fromS, double toS);

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // A new painter: the whole run in view, no job highlighted.
    void resetView();
    void updateScrollBars();
    double extent() const;

    std::unique_ptr<GanttPainter> m_painter;
    double m_extent = 0.0;
    double m_from = 0.0;
    double m_span = 1.0;
    int m_firstLane = 0;
    int m_lanes = 0;
    int m_highlight = -1;
    double m_cursor = -1.0;
    bool m_dragging = false;
    bool m_moved = false;
    QPoint m_pressPos;
    double m_pressFrom = 0.0;
    int m_pressLane = 0;
    bool m_syncingBars = false;
};

} // namespace gantry::ui
