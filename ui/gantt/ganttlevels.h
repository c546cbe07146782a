#pragma once

#include "gantt/lanepixelwriter.h"

#include <cstddef>
#include <span>
#include <vector>

namespace gantry::ui {

/// Level of detail for rows of Gantt pieces that never overlap in time (a GPU lane, the virtual
/// machine): what a frame needs to draw a row by pixel columns rather than piece by piece.
///
/// Where no bar touches a pixel column, the pieces in it are all narrower than a pixel and
/// their summed coverage is the row's busy time in the column, which the busy time before each
/// piece gives in O(1) once the piece at each column edge is found (a few steps from the
/// previous edge). The bars are the pieces at least a pixel wide; each level k keeps, row by
/// row in start order, the pieces at least endS / 2^k long, so that a frame reads only the
/// pieces of the level just below its pixel's length. Levels are kept while they hold at most
/// half of the pieces (finer, drawing piece by piece costs no more) and all of them together
/// at most twice as many indices as there are pieces.
class GanttLevels
{
public:
    using Span = LanePixelWriter::Span;

    /// How a frame draws rows of many pieces.
    enum class Detail
    {
        Automatic,  ///< by pixel columns where the pieces in view outnumber them (kPiecesPerCell)
        EveryPiece, ///< piece by piece, whatever their number
        Summarized, ///< by pixel columns wherever the levels allow
    };
    /// Pieces in view per pixel column of a row from which Automatic draws by columns: a column
    /// then costs less than the pieces it holds.
    static constexpr double kPiecesPerCell = 2.0;
    /// Pieces in view under which Automatic draws piece by piece whatever the columns: that takes
    /// about a millisecond or less, and gives the very sums of drawing them one by one.
    static constexpr double kMinPieces = 250000.0;
    /// True when a frame with piecesInView pieces over cells row columns draws by columns.
    static bool summarize(Detail detail, double piecesInView, double cells)
    {
        return detail == Detail::Summarized ||
               (detail == Detail::Automatic && piecesInView > kPiecesPerCell * cells &&
                piecesInView >= kMinPieces);
    }

    GanttLevels() = default;
    /// The levels of rows of spans: row r is [rowBegin[r], rowBegin[r + 1]), sorted by start;
    /// endS is the time the levels' lengths halve from. Not usable when a row's spans overlap.
    GanttLevels(const Span* spans, const int* rowBegin, int rows, double endS);

    /// True when every row's spans are apart in time (overlapping rows are drawn piece by
    /// piece).
    bool usable() const { return m_usable; }
    /// The level holding every span at least minLength long, or -1 when none is kept that
    /// fine.
    int level(double minLength) const;
    /// Row row's spans at least the level's length long, by index in the spans, in start
    /// order.
    std::span<const int> longSpans(int level, int row) const;
    /// Adds, with weight w, the fraction of each pixel column [0, width) of row row that its
    /// spans cover to out, columns being (t - fromS) * pxPerS up to toS (the same clipping as
    /// occupancy::aggregate); widens [from, to] to the columns covered.
    /// out holds floats or doubles.
    template <typename Cell>
    void addBusy(const Span* spans, const int* rowBegin, int row, double fromS, double toS,
                 double pxPerS, int width, double w, Cell* out, int& from, int& to) const;

private:
    struct Level
    {
        double minLength = 0.0;     // spans at least this long
        std::vector<int> rowBegin;  // row r's spans: [rowBegin[r], rowBegin[r + 1])
        std::vector<int> spanIndex; // index in the spans, row by row, in start order
    };
    std::vector<double> m_busyBefore; // per span: its row's busy seconds before it
    std::vector<Level> m_levels;      // longest spans first
    bool m_usable = false;
};

} // namespace gantry::ui
