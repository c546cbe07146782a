#include "gantt/ganttjobnames.h"

#include "gantt/jobcolours.h"

#include <QFontMetricsF>
#include <QPainter>

#include <cmath>

namespace gantry::ui {

void GanttJobNames::extend(int job, double startS, double endS, const QRectF& bar)
{
    for (std::size_t& k : m_open) {
        Block& b = m_blocks[k];
        if (b.job == job && b.startS == startS && b.endS == endS &&
            std::abs(bar.top() - b.rect.bottom()) <= 1.5) {
            b.rect = b.rect.united(bar);
            return;
        }
    }
    // Blocks that ended a lane above cannot grow any more.
    std::erase_if(m_open,
                  [&](std::size_t k) { return bar.top() - m_blocks[k].rect.bottom() > 1.5; });
    m_blocks.push_back({job, startS, endS, bar});
    m_open.push_back(m_blocks.size() - 1);
}

void GanttJobNames::paint(QPainter& p, const std::vector<Job>& jobs, int highlightJob) const
{
    if (m_blocks.empty())
        return;
    QFont f = p.font();
    f.setPointSizeF(7.5);
    p.setFont(f);
    const QFontMetricsF fm(f);
    const double textHeight = fm.height(); // most blocks are lower: one call, not one a block
    for (const Block& b : m_blocks) {
        if (b.rect.height() < textHeight || b.job < 0 || std::size_t(b.job) >= jobs.size())
            continue;
        const QString& name = jobs[std::size_t(b.job)].id;
        const QRectF text = b.rect.adjusted(3, 0, -3, 0);
        const double advance = fm.horizontalAdvance(name);
        if (advance > text.width())
            continue;
        // Dark text on light bars, white on dark ones; dimmed bars keep dark text.
        const QColor bar = JobColours::of(b.job);
        const bool light = (highlightJob >= 0 && b.job != highlightJob) ||
                           0.299 * bar.redF() + 0.587 * bar.greenF() + 0.114 * bar.blueF() > 0.6;
        // On a patch of the bar's colour: the gaps between its lanes do not cut the letters.
        const QRectF patch(text.left() - 2, text.center().y() - textHeight / 2.0, advance + 4,
                           textHeight);
        p.fillRect(patch, highlightJob >= 0 && b.job != highlightJob ? bar.lighter(150) : bar);
        p.setPen(light ? QColor(30, 30, 30) : Qt::white);
        p.drawText(text, Qt::AlignVCenter | Qt::AlignLeft, name);
    }
}

} // namespace gantry::ui
