#pragma once

#include "gantt/ganttlayout.h"
#include "gantt/ganttlevels.h"
#include "gantt/lanepixelwriter.h"
#include "sim/schedule.h"

#include <cstddef>
#include <optional>
#include <vector>

class QPainter;

namespace gantry::ui {

/// The band under the Gantt chart's lanes that shows A-SRPT's virtual single machine: its
/// slices as bars coloured by job (those narrower than a pixel summed into one occupancy row)
/// and a mark at each job's virtual completion, where it is released to the cluster. Keeps the
/// slices sorted by start; a paint is O(slices in view).
class GanttVirtualBand
{
public:
    /// The slices in view of one paint: those narrower than a pixel summed per pixel column,
    /// the others left to draw as bars.
    struct Slices
    {
        int width = 0;          ///< pixel columns
        double pxPerS = 0.0;    ///< pixels a second
        std::vector<float> occ; ///< width + 1 cells (see occupancy::addSubPixel)
        std::vector<int> wide;  ///< slices drawn as bars, by index in slices()
        int added = 0;          ///< slices summed into occ
    };

    GanttVirtualBand() = default;
    /// The band of slices, of a scenario of jobCount jobs.
    GanttVirtualBand(std::vector<VirtualSlice> slices, std::size_t jobCount);

    /// The last slice end, seconds (0 without slices).
    double endS() const { return m_endS; }
    /// Sums the slices in view of l; any thread. With many slices in view (see
    /// GanttLevels::summarize) and slices apart in time, by pixel columns: the busy time of
    /// each column less that of the slices drawn as bars.
    Slices aggregate(const GanttLayout& l, int highlightJob,
                     GanttLevels::Detail detail = GanttLevels::Detail::Automatic) const;
    /// Draws the band l.band with slices (from aggregate) and the release marks; bars of jobs
    /// other than highlightJob (when >= 0) are dimmed. Returns the slices drawn as bars.
    int paint(QPainter& p, const GanttLayout& l, int highlightJob, const Slices& slices) const;
    /// The job of the slice at timeS, give or take slack seconds (the one containing timeS
    /// first), if any. O(log slices).
    std::optional<int> jobAt(double timeS, double slack) const;

private:
    // aggregate by pixel columns, at level of m_levels.
    void summarize(const GanttLayout& l, int highlightJob, int level, Slices& b) const;
    void paintReleases(QPainter& p, const GanttLayout& l, double pxPerS) const;

    std::vector<VirtualSlice> m_slices;         // sorted by start
    std::vector<LanePixelWriter::Span> m_spans; // m_slices' spans, same order
    std::vector<int> m_jobs;                    // m_slices' jobs, same order
    std::vector<double> m_releaseS;             // virtual completions, sorted
    GanttLevels m_levels;                       // one row: the slices, when apart in time
    double m_maxLength = 0.0;
    double m_endS = 0.0;
};

} // namespace gantry::ui
