#pragma once

#include "model/job.h"

#include <QRectF>

#include <cstddef>
#include <vector>

class QPainter;

namespace gantry::ui {

/// The job names written on the Gantt chart's bars. Bars of one job over the same time on
/// adjacent lanes, handed in lane by lane, gather into one block; a block tall and wide enough
/// for its job's name carries it (the others name it on hover). One per paint.
class GanttJobNames
{
public:
    /// Adds bar, job's piece from startS to endS: to the block it continues downwards, else
    /// as a new block.
    void extend(int job, double startS, double endS, const QRectF& bar);
    /// Writes the names of jobs that fit their blocks, dark on light bars and white on dark
    /// ones; bars of jobs other than highlightJob (when >= 0) are dimmed.
    void paint(QPainter& p, const std::vector<Job>& jobs, int highlightJob) const;

private:
    struct Block
    {
        int job;
        double startS;
        double endS;
        QRectF rect; // the bars of this job and time span on adjacent lanes
    };
    std::vector<Block> m_blocks;
    std::vector<std::size_t> m_open; // blocks that the next lane may extend
};

} // namespace gantry::ui
