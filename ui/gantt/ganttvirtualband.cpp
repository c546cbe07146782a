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
}

GanttVirtualBand::Slices GanttVirtualBand::aggregate(const GanttLayout& l, int highlightJob) const
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
    b.added = occupancy::aggregateOverlapping(spans, first, spans + m_spans.size(), m_jobs.data(),
                                              highlightJob, l.from, l.to, b.pxPerS, b.width, 1.0,
                                              b.occ.data(), occFrom, occTo, b.wide);
    return b;
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
