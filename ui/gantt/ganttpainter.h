#pragma once

#include "gantt/ganttlanes.h"
#include "gantt/ganttlayout.h"
#include "gantt/ganttlevels.h"
#include "gantt/ganttvirtualband.h"
#include "gantt/lanepixelwriter.h"
#include "model/scenario.h"
#include "sim/schedule.h"

#include <QColor>
#include <QFont>
#include <QFontMetricsF>
#include <QImage>
#include <QRectF>
#include <QString>

#include <functional>
#include <memory>
#include <utility>
#include <vector>

class QPainter;

namespace gantry::ui {

/// Draws a Schedule as a Gantt chart: one lane per GPU grouped by rack and server, one bar per
/// job segment coloured by job, preemption markers, an optional virtual-machine band (asrpt)
/// and a time cursor. Only the visible lanes and time range are drawn; where bars are
/// narrower than a pixel or lanes denser than pixels, they are aggregated into per-pixel
/// occupancy columns. Keeps copies of what it draws; a paint is O(visible segments), or, for
/// thin lanes and the band holding many more pieces than pixel columns, O(pixel columns) plus
/// the pieces at least a pixel long (the level of detail of GanttLevels). It indexes
/// the segments lane by lane and draws their bars; the lane order (GanttLanes), the labels and
/// time axis (GanttLabelPainter), the job names on the bars (GanttJobNames) and the
/// virtual-machine band (GanttVirtualBand) are parts of their own.
class GanttPainter
{
public:
    /// What part of the chart to draw and how.
    struct Options
    {
        double fromS = 0.0;             ///< left edge of the time range, seconds
        double toS = 0.0;               ///< right edge (<= fromS: the whole run)
        int firstLane = 0;              ///< first lane drawn
        int laneCount = -1;             ///< lanes drawn (-1: all)
        int highlightJob = -1;          ///< job drawn highlighted, others dimmed (-1: none)
        double cursorS = -1;            ///< time cursor (< 0: none)
        bool showVirtualMachine = true; ///< draw the virtual-machine band when there is one
        bool labels = true;             ///< lane labels on the left, time axis at the bottom
        bool reuseFrame = true; ///< on a raster device, keep the frame without the cursor and
                                ///< redraw only the cursor while nothing else changed
        /// Thin lanes and the band of many pieces drawn by pixel columns or piece by piece
        GanttLevels::Detail detail = GanttLevels::Detail::Automatic;
    };
    /// Counts of the last paint.
    struct Stats
    {
        int bars = 0;       ///< segment rectangles drawn one by one
        int aggregated = 0; ///< segment pieces folded into per-pixel occupancy columns
    };
    /// Where a point of the chart falls (see hitTest).
    struct Hit
    {
        int lane = -1;            ///< lane under the point (-1: none)
        int job = -1;             ///< job whose bar is under the point (-1: none)
        int segment = -1;         ///< index in Schedule::segments (-1: none; -2: a virtual slice)
        double timeS = 0.0;       ///< time under the point
        bool virtualBand = false; ///< the point is in the virtual-machine band
    };

    /// Draws a copy of scenario and schedule.
    GanttPainter(const Scenario& scenario, const Schedule& schedule);
    /// Draws scenario and schedule shared with their owner instead of copied (a million-job run
    /// is drawn by four views of the window); a scenario whose cluster is not finalized is
    /// copied to finalize it.
    GanttPainter(std::shared_ptr<const Scenario> scenario,
                 std::shared_ptr<const Schedule> schedule);

    /// Draws the chart into area. With options.reuseFrame on a raster device, the chart without
    /// the cursor is kept and drawn again as one image while only the cursor moves (playback);
    /// any other change of options, area, font or device draws it anew.
    void paint(QPainter& p, const QRectF& area, const Options& options) const;

    /// Number of GPU lanes (the virtual-machine band not included).
    int laneCount() const;
    /// End of the schedule: the last segment or slice end, seconds.
    double endS() const;
    /// Counts of the last paint.
    Stats lastStats() const;

    /// True when the schedule has a virtual-machine timeline.
    bool hasVirtualMachine() const { return !m_schedule->virtualSlices.empty(); }
    /// Label of a lane, e.g. "r0/s1/g2".
    QString laneLabel(int lane) const;
    /// A lane, server or rack label cut to width for fm: its end (the server and GPU, which
    /// tell lanes apart) is kept and its start elided ("…/a100-0/g0").
    static QString fitLabel(const QString& text, const QFontMetricsF& fm, double width);
    /// Chart rectangle (bars, without labels and axis) inside area for options.
    QRectF chartRect(const QRectF& area, const Options& options) const;
    /// What is at pos when area is painted with options. O(log segments in the lane).
    Hit hitTest(const QRectF& area, const Options& options, const QPointF& pos) const;
    /// Colour of a job's bars.
    static QColor jobColour(int job);
    /// The schedule drawn.
    const Schedule& schedule() const { return *m_schedule; }
    /// The scenario drawn.
    const Scenario& scenario() const { return *m_scenario; }

private:
    struct Piece
    {
        double startS;
        double endS;
        int segment;
        int job;        // copied from the segment so that a paint reads pieces only
        bool preempted; // the segment ended in a preemption
    };
    // A piece's time span, kept apart from the rest so that a paint streams 16 bytes a piece.
    using Span = LanePixelWriter::Span;
    using Layout = GanttLayout; // where a paint puts the lanes, the band and the labels
    // What the kept frame was drawn for: everything of a paint but the cursor.
    struct FrameKey
    {
        QSize pixels;
        double dpr = 0.0;
        double fromS = 0.0, toS = 0.0;
        int firstLane = 0, laneCount = 0, highlightJob = -1;
        bool showVirtualMachine = false, labels = false;
        GanttLevels::Detail detail = GanttLevels::Detail::Automatic;
        QFont font;
        bool operator==(const FrameKey&) const = default;
    };
    Layout layout(const QRectF& area, const Options& o) const;
    void paintFrame(QPainter& p, const QRectF& area, const Layout& l, const Options& o,
                    Stats& stats) const;
    void paintCursor(QPainter& p, const Layout& l, const Options& o) const;
    bool paintKept(QPainter& p, const QRectF& area, const Layout& l, const Options& o) const;
    // The lanes' pieces as the lane pixel writer reads them for l and o: by pixel columns when
    // o.detail and their number call for it.
    LanePixelWriter::Pieces pieces(const Layout& l, const Options& o) const;
    // Draws the lanes; runs alongside meanwhile, maybe on another thread.
    void paintLanes(QPainter& p, const Layout& l, const Options& o,
                    const std::function<void()>& alongside, Stats& stats) const;

    // What a paint reads of the schedule, built once per (scenario, schedule) pair and shared
    // by every painter of that pair while one lives: the Results tab shows one run in up to
    // four charts (Gantt, teaching, both sides of the comparison).
    struct Built
    {
        std::shared_ptr<const Scenario> scenario; // never null, its cluster finalized
        std::shared_ptr<const Schedule> schedule; // never null
        GanttLanes lanes;
        std::vector<Piece> pieces;        // lane by lane, each lane sorted by start
        std::vector<int> laneBegin;       // lane l's pieces: [laneBegin[l], laneBegin[l + 1])
        std::vector<Span> spans;          // pieces' spans, same order
        std::vector<int> pieceJob;        // pieces' jobs, same order
        std::vector<char> piecePreempted; // pieces' preempted flags, same order
        std::vector<double> laneMaxLength;
        GanttLevels levels; // the lanes' levels of detail (it points into spans and laneBegin)
        GanttVirtualBand band;
        double endS = 0.0;
        // Fills the rest from scenario and schedule. O(segments log segments).
        void build();
    };
    // The shared Built of (scenario, schedule), made when none lives. Thread-safe.
    static std::shared_ptr<const Built> builtFor(std::shared_ptr<const Scenario> scenario,
                                                 std::shared_ptr<const Schedule> schedule);

    std::shared_ptr<const Built> m_built; // never null
    // The parts of m_built under the names the paint code reads them by.
    const std::shared_ptr<const Scenario>& m_scenario = m_built->scenario;
    const std::shared_ptr<const Schedule>& m_schedule = m_built->schedule;
    const GanttLanes& m_lanes = m_built->lanes;
    const std::vector<Piece>& m_pieces = m_built->pieces;
    const std::vector<int>& m_laneBegin = m_built->laneBegin;
    const std::vector<Span>& m_spans = m_built->spans;
    const std::vector<int>& m_pieceJob = m_built->pieceJob;
    const std::vector<char>& m_piecePreempted = m_built->piecePreempted;
    const std::vector<double>& m_laneMaxLength = m_built->laneMaxLength;
    const GanttLevels& m_levels = m_built->levels;
    const GanttVirtualBand& m_band = m_built->band;
    const double& m_endS = m_built->endS;
    mutable Stats m_stats;
    // Frame buffers kept between paints (no page faults on each frame); one painter paints on
    // one thread at a time.
    mutable std::vector<float> m_occ;
    mutable LanePixelWriter m_lanePixels; // thin lanes' bars, with its buffers and bar colours
    mutable QImage m_kept;                // the last frame without its cursor (reuseFrame)
    mutable FrameKey m_keptKey;
    mutable Stats m_keptStats;
    // The pieces of the job last highlighted in a frame drawn by pixel columns, in index order.
    mutable int m_highlightedJob = -1;
    mutable std::vector<int> m_highlighted;
};

} // namespace gantry::ui
