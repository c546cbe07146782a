#include "gantt/ganttvirtualband.h"

#include "gantt/jobcolours.h"
#include "gantt/occupancy.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace gantry::ui {

GanttVirtualBand::GanttVirtualBand(std::vector<VirtualSlice> slices, std::size_t jobCount)
    : m_slices(std::move(slices))
{
    std::sort(m_slices.begin(), m_slices.end(),
              [](const VirtualSlice& a, const VirtualSlice& b) { return a.fromS < b.fromS; });
    std::vector<double> release(jobCount, -1.0);
    for (const VirtualSlice& v : m_slices) {
        m_spans.push_back({v.fromS, v.toS});
        m_jobs.push_back(v.job);
        m_maxLength = std::max(m_maxLength, v.toS - v.fromS);
        m_endS = std::max(m_endS, v.toS);
        if (v.job >= 0 && std::size_t(v.job) < release.size())
            release[std::size_t(v.job)] = std::max(release[std::size_t(v.job)], v.toS);
    }
    for (double r : release)
        if (r >= 0.0)
            m_releaseS.push_back(r);
    std::sort(m_releaseS.begin(), m_releaseS.end());
    const int rows[2] = {0, int(m_spans.size())};
    m_levels = GanttLevels(m_spans.data(), rows, 1, m_endS);
}

GanttVirtualBand::Slices GanttVirtualBand::aggregate(const GanttLayout& l, int highlightJob,
                                                     GanttLevels::Detail detail) const
{
    Slices b;
    if (l.to <= l.from)
        return b;
    b.pxPerS = l.band.width() / (l.to - l.from);
    b.width = std::max(1, int(std::ceil(l.band.width())));
    b.occ.assign(std::size_t(b.width) + 1, 0.0f);
    int occFrom = b.width, occTo = -1; // columns covered (not needed here)
    using Span = LanePixelWriter::Span;
    const Span* spans = m_spans.data();
    const Span* first = std::lower_bound(spans, spans + m_spans.size(), l.from - m_maxLength,
                                         [](const Span& sp, double t) { return sp.startS < t; });
    const Span* last = std::lower_bound(first, spans + m_spans.size(), l.to,
                                        [](const Span& sp, double t) { return sp.startS < t; });
    if (const int level = m_levels.level((1.0 - 1e-9) / b.pxPerS);
        level >= 0 && GanttLevels::summarize(detail, double(last - first), double(b.width))) {
        summarize(l, highlightJob, level, b);
        b.added = std::max(0, int(last - first) - int(b.wide.size()));
        return b;
    }
    b.added = occupancy::aggregateOverlapping(spans, first, spans + m_spans.size(), m_jobs.data(),
                                              highlightJob, l.from, l.to, b.pxPerS, b.width, 1.0,
                                              b.occ.data(), occFrom, occTo, b.wide);
    return b;
}

void GanttVirtualBand::summarize(const GanttLayout& l, int highlightJob, int level, Slices& b) const
{
    // The bars as aggregate lists them: slices a pixel wide in view, and the highlighted job's.
    const auto extent = [&](int k) {
        return std::pair{(std::max(m_spans[std::size_t(k)].startS, l.from) - l.from) * b.pxPerS,
                         (std::min(m_spans[std::size_t(k)].endS, l.to) - l.from) * b.pxPerS};
    };
    const auto inView = [&](int k) {
        return m_spans[std::size_t(k)].startS < l.to && m_spans[std::size_t(k)].endS > l.from;
    };
    for (const int k : m_levels.longSpans(level, 0))
        if (inView(k) && (extent(k).second - extent(k).first >= 1.0 ||
                          (highlightJob >= 0 && m_jobs[std::size_t(k)] == highlightJob)))
            b.wide.push_back(k);
    if (highlightJob >= 0) {
        const std::size_t longOnes = b.wide.size();
        for (std::size_t k = 0; k < m_jobs.size(); ++k)
            if (m_jobs[k] == highlightJob && inView(int(k)))
                b.wide.push_back(int(k));
        std::inplace_merge(b.wide.begin(), b.wide.begin() + std::ptrdiff_t(longOnes), b.wide.end());
        b.wide.erase(std::unique(b.wide.begin(), b.wide.end()), b.wide.end());
    }
    // The busy time of each column less the bars' (in double: a column a bar covers alone
    // comes to zero, not to a rounding speck that would show).
    std::vector<double> busy(std::size_t(b.width) + 1, 0.0);
    int from = b.width, to = -1;
    const int rows[2] = {0, int(m_spans.size())};
    m_levels.addBusy(m_spans.data(), rows, 0, l.from, l.to, b.pxPerS, b.width, 1.0, busy.data(),
                     from, to);
    for (const int k : b.wide) {
        const auto [x0, x1] = extent(k);
        occupancy::addCoverage(busy.data(), b.width, x0, x1, -1.0);
    }
    for (int x = std::max(0, from); x <= to; ++x) {
        const double o = busy[std::size_t(x)];
        b.occ[std::size_t(x)] = o > 1e-9 ? float(o) : 0.0f;
    }
}

int GanttVirtualBand::paint(QPainter& p, const GanttLayout& l, int highlightJob,
                            const Slices& slices) const
{
    if (l.to <= l.from)
        return 0;
    const QRectF& band = l.band;
    p.fillRect(band, QColor(245, 245, 250));
    const double pxPerS = slices.pxPerS;
    const int width = slices.width;
    const double sliceTop = band.top() + band.height() * 0.3;
    const double sliceHeight = band.height() * 0.7;
    int bars = 0;
    for (const int k : slices.wide) {
        const VirtualSlice* it = &m_slices[std::size_t(k)];
        const double x0 = (std::max(it->fromS, l.from) - l.from) * pxPerS;
        const double x1 = (std::min(it->toS, l.to) - l.from) * pxPerS;
        const bool highlighted = it->job == highlightJob;
        QColor c = JobColours::of(it->job);
        if (highlightJob >= 0 && !highlighted)
            c = c.lighter(150);
        const QRectF r(band.left() + x0, sliceTop, std::max(1.0, x1 - x0), sliceHeight);
        p.fillRect(r, c);
        if (highlighted) {
            p.setPen(QPen(Qt::black, 1.5));
            p.drawRect(r);
        }
        ++bars;
    }
    if (slices.added > 0)
        p.drawImage(QRectF(band.left(), sliceTop, width, sliceHeight),
                    LanePixelWriter::occupancyImage(slices.occ, width, 1));
    paintReleases(p, l, pxPerS);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(QPen(QColor(120, 120, 120), 1.0));
    p.setBrush(Qt::NoBrush);
    p.drawRect(band);
    return bars;
}

// Releases to the cluster: a small down-pointing mark per job at its virtual completion.
void GanttVirtualBand::paintReleases(QPainter& p, const GanttLayout& l, double pxPerS) const
{
    const QRectF& band = l.band;
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(40, 40, 40));
    const double h = band.height() * 0.25;
    double lastX = -10.0;
    for (auto r = std::lower_bound(m_releaseS.begin(), m_releaseS.end(), l.from);
         r != m_releaseS.end() && *r <= l.to; ++r) {
        const auto tooClose = [&](double t) {
            return band.left() + (t - l.from) * pxPerS - lastX < 2.0;
        };
        if (tooClose(*r)) {
            // Marks closer than two pixels merge: skip to the first one far enough (x grows
            // with the time, so the test is true, then false).
            r = std::partition_point(r, m_releaseS.end(), tooClose) - 1;
            continue;
        }
        const double x = band.left() + (*r - l.from) * pxPerS;
        lastX = x;
        const QPointF tri[3] = {QPointF(x - h * 0.5, band.top() + 1),
                                QPointF(x + h * 0.5, band.top() + 1), QPointF(x, band.top() + h)};
        p.drawPolygon(tri, 3);
    }
}

std::optional<int> GanttVirtualBand::jobAt(double timeS, double slack) const
{
    std::optional<int> job;
    auto it = std::lower_bound(m_slices.begin(), m_slices.end(), timeS - m_maxLength - slack,
                               [](const VirtualSlice& v, double t) { return v.fromS < t; });
    for (; it != m_slices.end() && it->fromS <= timeS + slack; ++it)
        if (it->toS >= timeS - slack) {
            job = it->job;
            if (it->fromS <= timeS && it->toS >= timeS)
                break;
        }
    return job;
}

} // namespace gantry::ui
