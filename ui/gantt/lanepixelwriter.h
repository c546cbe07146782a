#pragma once

#include <QImage>
#include <QRectF>
#include <QRgb>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <span>
#include <utility>
#include <vector>

class QPainter;

namespace gantry::ui {

class GanttLevels;

/// Writes the bars and occupancy of thin Gantt lanes straight into 32-bit pixels: the device's
/// where the painter allows it, else an image of its own drawn afterwards. Lanes are written in
/// chunks on disjoint lines, on two threads when there are many pieces. Keeps its buffers and
/// bar colours between writes; one writer writes on one thread at a time.
class LanePixelWriter
{
public:
    /// Bars narrower than this (pixels) never carry a job name.
    static constexpr double kMinLabelWidth = 24.0;

    /// A piece's time span, seconds (16 bytes: a paint streams these).
    struct Span
    {
        double startS; ///< start, seconds
        double endS;   ///< end, seconds
    };
    /// Every lane's pieces, lane by lane, each lane sorted by start (arrays the caller keeps).
    struct Pieces
    {
        const Span* spans = nullptr;     ///< the pieces' time spans
        const int* jobs = nullptr;       ///< the pieces' jobs
        const char* preempted = nullptr; ///< the pieces' segments ended in a preemption
        const int* laneBegin = nullptr;  ///< lane l's pieces: [laneBegin[l], laneBegin[l + 1])
        const double* laneMaxLength = nullptr; ///< each lane's longest piece, seconds
        /// When set, lanes are drawn by pixel columns (see GanttLevels): their busy time, and
        /// as bars the pieces of level (the long ones; none in dense lanes) and highlighted.
        const GanttLevels* levels = nullptr;
        int level = -1;
        std::span<const int> highlighted; ///< the highlighted job's pieces, in index order
    };
    /// The lanes drawn and where: lanes [first, first + count) over [from, to] in chart.
    struct View
    {
        QRectF chart;            ///< GPU lanes
        int first = 0;           ///< first lane drawn
        int count = 0;           ///< lanes drawn
        double from = 0.0;       ///< left edge of the time range, seconds
        double to = 0.0;         ///< right edge of the time range, seconds
        double laneHeight = 0.0; ///< a lane's height, pixels
    };
    /// How the lanes of a view fall on pixels: columns, lines and occupancy rows.
    struct Grid
    {
        double pxPerS = 0.0;     ///< pixels a second
        int width = 0;           ///< pixel columns
        int height = 0;          ///< pixel lines
        int rows = 0;            ///< occupancy rows
        bool dense = false;      ///< lanes thinner than a pixel share occupancy rows
        double laneWeight = 1.0; ///< a lane's share of its occupancy row

        /// The occupancy row lane adds to.
        int rowOfLane(const View& v, int lane) const
        {
            return dense ? std::min(rows - 1, int((lane - v.first) * laneWeight)) : lane - v.first;
        }
    };
    /// One chunk of lanes written: its counts, the bars to outline, mark or name, its buffers.
    struct Chunk
    {
        std::vector<float> occ;                 ///< the occupancy row being summed, width + 1 cells
        std::vector<QRgb> occRgb;               ///< scratch for the occupancy colours of a row
        std::vector<int> wide;                  ///< a lane's pieces drawn as bars
        std::vector<std::pair<int, int>> notes; ///< (lane, piece) of bars outlined, marked or named
        int bars = 0;                           ///< bars written
        int aggregated = 0;                     ///< pieces summed into occupancy
    };

    /// A writer whose bar colours are kept for jobs [0, jobs).
    explicit LanePixelWriter(std::size_t jobs = 0);

    /// The grid of v's lanes (v has lanes, a time range and a chart some pixels wide).
    static Grid grid(const View& v);
    /// A bar's left edge and width in pixels from v.from: at least a pixel, two if highlighted.
    static std::pair<double, double> barExtent(const Span& sp, const View& v, double pxPerS,
                                               bool highlighted)
    {
        const double x0 = (std::max(sp.startS, v.from) - v.from) * pxPerS;
        const double x1 = (std::min(sp.endS, v.to) - v.from) * pxPerS;
        return {x0, std::max(x1 - x0, highlighted ? 2.0 : 1.0)};
    }
    /// An image of occupancy rows (width cells each), transparent where there is none.
    static QImage occupancyImage(const std::vector<float>& occ, int width, int rows);

    /// Writes v's lanes into p's device (true) or else frame(); runs alongside meanwhile.
    bool write(QPainter& p, const View& v, int highlightJob, const Pieces& pieces,
               const std::function<void()>& alongside);
    /// The chunks of lanes of the last write, in lane order.
    std::span<const Chunk> chunks() const { return {m_chunks.data(), std::size_t(m_chunkCount)}; }
    /// The last write's lanes when not in the device, transparent elsewhere: to draw on top.
    const QImage& frame() const { return m_frame; }

private:
    struct Pixels;
    // The image lines [first, second) a lane's bars cover.
    static std::pair<int, int> laneLines(const View& v, const Grid& g, int lane);
    // The image lines [first, second) an occupancy row covers.
    static std::pair<int, int> rowLines(const View& v, const Grid& g, int row);
    // Bounds of the chunks of lanes written apart: first lane, ..., end.
    static std::vector<int> laneChunks(const View& v, const Grid& g, const Pieces& pieces);
    // Sums lane's pieces into work.occ from pieces.levels and lists its bars in work.wide;
    // returns the pieces summed (about: those ending before the view are counted too).
    static int summarizeLane(const View& v, int highlightJob, const Pieces& pieces, const Grid& g,
                             int lane, Chunk& work, int& occFrom, int& occTo);
    // Writes the bars and occupancy of lanes [laneFrom, laneTo) into px; any thread.
    void writeLanes(const View& v, int highlightJob, const Pieces& pieces, const Pixels& px,
                    int laneFrom, int laneTo, Chunk& work) const;
    // The colour of a job's bars (dimmed: lightened), kept once computed; any thread.
    QRgb jobRgb(int job, bool dimmed) const;

    QImage m_frame;              // the bars when the device cannot be written (see frame)
    std::vector<Chunk> m_chunks; // buffers of the chunks of lanes written
    int m_chunkCount = 0;        // chunks of the last write
    // Bar colours by job, filled as jobs are first drawn (0: not yet; colours are opaque).
    mutable std::vector<QRgb> m_jobRgb;
    mutable std::vector<QRgb> m_dimRgb; // the same lightened, while another job is highlighted
};

} // namespace gantry::ui
