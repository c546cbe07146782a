#include "gantt/ganttpainter.h"

#include "gantt/ganttjobnames.h"
#include "gantt/ganttlabelpainter.h"
#include "gantt/jobcolours.h"
#include "gantt/occupancy.h"
#include "model/sharedscenario.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <functional>
#include <mutex>

namespace gantry::ui {

GanttPainter::GanttPainter(const Scenario& scenario, const Schedule& schedule)
    : GanttPainter(SharedScenario::copy(scenario), std::make_shared<const Schedule>(schedule))
{}

GanttPainter::GanttPainter(std::shared_ptr<const Scenario> scenario,
                           std::shared_ptr<const Schedule> schedule)
    : m_built(builtFor(SharedScenario::finalized(std::move(scenario)), std::move(schedule)))
{
    m_lanePixels = LanePixelWriter(m_scenario->jobs.size());
}

std::shared_ptr<const GanttPainter::Built>
GanttPainter::builtFor(std::shared_ptr<const Scenario> scenario,
                       std::shared_ptr<const Schedule> schedule)
{
    // The living ones, few: a window shows a handful of runs. Each holds its scenario and
    // schedule, so an address here is never one reused by another.
    static std::mutex mutex;
    static std::vector<std::weak_ptr<const Built>> living;
    const std::lock_guard lock(mutex);
    std::erase_if(living, [](const std::weak_ptr<const Built>& w) { return w.expired(); });
    for (const std::weak_ptr<const Built>& w : living)
        if (auto b = w.lock(); b && b->scenario == scenario && b->schedule == schedule)
            return b;
    auto b = std::make_shared<Built>();
    b->scenario = std::move(scenario);
    b->schedule = std::move(schedule);
    b->build();
    living.push_back(b);
    return b;
}

void GanttPainter::Built::build()
{
    lanes = GanttLanes(scenario->cluster);
    const std::size_t laneTotal = std::size_t(lanes.count());
    std::vector<int> count(laneTotal + 1, 0);
    for (const ScheduleSegment& seg : schedule->segments) {
        endS = std::max(endS, seg.endS);
        for (int g : schedule->gpusOf(seg))
            if (g >= 0 && std::size_t(g) < laneTotal)
                ++count[std::size_t(lanes.laneOfGpu(g)) + 1];
    }
    laneBegin.assign(laneTotal + 1, 0);
    for (std::size_t l = 0; l < laneTotal; ++l)
        laneBegin[l + 1] = laneBegin[l] + count[l + 1];
    pieces.resize(std::size_t(laneBegin[laneTotal]));
    std::vector<int> fill(laneBegin.begin(), laneBegin.end() - 1);
    for (std::size_t k = 0; k < schedule->segments.size(); ++k) {
        const ScheduleSegment& seg = schedule->segments[k];
        for (int g : schedule->gpusOf(seg))
            if (g >= 0 && std::size_t(g) < laneTotal)
                pieces[std::size_t(fill[std::size_t(lanes.laneOfGpu(g))]++)] =
                    Piece{seg.startS, seg.endS, int(k), seg.job,
                          seg.end == ScheduleSegment::End::Preempted};
    }
    laneMaxLength.assign(laneTotal, 0.0);
    for (std::size_t l = 0; l < laneTotal; ++l) {
        auto b = pieces.begin() + laneBegin[l], e = pieces.begin() + laneBegin[l + 1];
        std::sort(b, e, [](const Piece& x, const Piece& y) { return x.startS < y.startS; });
        for (auto it = b; it != e; ++it)
            laneMaxLength[l] = std::max(laneMaxLength[l], it->endS - it->startS);
    }
    spans.reserve(pieces.size());
    pieceJob.reserve(pieces.size());
    piecePreempted.reserve(pieces.size());
    for (const Piece& pc : pieces) {
        spans.push_back({pc.startS, pc.endS});
        pieceJob.push_back(pc.job);
        piecePreempted.push_back(pc.preempted);
    }
    band = GanttVirtualBand(schedule->virtualSlices, scenario->jobs.size());
    endS = std::max(endS, band.endS());
    if (endS <= 0.0)
        endS = 1.0;
    levels = GanttLevels(spans.data(), laneBegin.data(), int(laneTotal), endS);
}

int GanttPainter::laneCount() const
{
    return m_lanes.count();
}

double GanttPainter::endS() const
{
    return m_endS;
}

GanttPainter::Stats GanttPainter::lastStats() const
{
    return m_stats;
}

QString GanttPainter::laneLabel(int lane) const
{
    return m_lanes.label(m_scenario->cluster, lane);
}

QString GanttPainter::fitLabel(const QString& text, const QFontMetricsF& fm, double width)
{
    return GanttLabelPainter::fitLabel(text, fm, width);
}

QColor GanttPainter::jobColour(int job)
{
    return JobColours::of(job);
}

GanttPainter::Layout GanttPainter::layout(const QRectF& area, const Options& o) const
{
    Layout l;
    l.from = o.fromS;
    l.to = o.toS;
    if (l.to <= l.from) {
        l.from = 0.0;
        l.to = m_endS;
    }
    const int lanes = laneCount();
    l.first = std::clamp(o.firstLane, 0, std::max(0, lanes - 1));
    l.count = o.laneCount < 0 ? lanes - l.first : std::min(o.laneCount, lanes - l.first);
    l.count = std::max(0, l.count);
    QRectF r = area;
    if (o.labels)
        r.adjust(std::min(m_lanes.labelWidth(), area.width() * 0.3), 0, 0, -Layout::kAxisHeight);
    if (o.showVirtualMachine && hasVirtualMachine()) {
        const double h = std::clamp(r.height() * 0.12, 18.0, 48.0);
        l.band = QRectF(r.left(), r.bottom() - h, r.width(), h);
        r.setBottom(r.bottom() - h - Layout::kBandGap);
    }
    l.chart = r;
    l.laneHeight = l.count > 0 ? r.height() / l.count : 0.0;
    return l;
}

QRectF GanttPainter::chartRect(const QRectF& area, const Options& options) const
{
    return layout(area, options).chart;
}

void GanttPainter::paint(QPainter& p, const QRectF& area, const Options& options) const
{
    const Layout l = layout(area, options);
    if (!options.reuseFrame || !paintKept(p, area, l, options)) {
        Stats stats;
        paintFrame(p, area, l, options, stats);
        m_stats = stats;
    }
    paintCursor(p, l, options);
}

void GanttPainter::paintFrame(QPainter& p, const QRectF& area, const Layout& l, const Options& o,
                              Stats& stats) const
{
    p.save();
    p.fillRect(area, Qt::white);
    p.setClipRect(area);
    // The band's slices are summed while the lanes are written (see paintLanes), drawn after.
    GanttVirtualBand::Slices slices;
    paintLanes(
        p, l, o,
        [&] {
            if (!l.band.isEmpty())
                slices = m_band.aggregate(l, o.highlightJob, o.detail);
        },
        stats);
    if (!l.band.isEmpty()) {
        stats.bars += m_band.paint(p, l, o.highlightJob, slices);
        stats.aggregated += slices.added;
    }
    if (o.labels)
        GanttLabelPainter::paint(p, area, l, m_lanes, m_scenario->cluster);
    p.restore();
}

void GanttPainter::paintCursor(QPainter& p, const Layout& l, const Options& o) const
{
    if (!(o.cursorS >= l.from && o.cursorS <= l.to && l.to > l.from))
        return;
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    const double x = l.chart.left() + (o.cursorS - l.from) / (l.to - l.from) * l.chart.width();
    p.setPen(QPen(QColor(200, 30, 30), 1.5));
    p.drawLine(QPointF(x, l.chart.top()),
               QPointF(x, l.band.isEmpty() ? l.chart.bottom() : l.band.bottom()));
    p.restore();
}

bool GanttPainter::paintKept(QPainter& p, const QRectF& area, const Layout& l,
                             const Options& o) const
{
    // Only where an image drawn at whole pixels gives the same pixels as drawing directly.
    const QRect whole = area.toAlignedRect();
    if (!p.paintEngine() || p.paintEngine()->type() != QPaintEngine::Raster || !p.device() ||
        p.transform().type() > QTransform::TxTranslate || QRectF(whole) != area || whole.isEmpty())
        return false;
    const double dpr = p.device()->devicePixelRatioF();
    const FrameKey key{(QSizeF(whole.size()) * dpr).toSize(),
                       dpr,
                       l.from,
                       l.to,
                       l.first,
                       l.count,
                       o.highlightJob,
                       o.showVirtualMachine,
                       o.labels,
                       o.detail,
                       p.font()};
    if (m_kept.isNull() || !(key == m_keptKey)) {
        if (m_kept.size() != key.pixels)
            m_kept = QImage(key.pixels, QImage::Format_ARGB32_Premultiplied);
        m_kept.setDevicePixelRatio(dpr);
        QPainter k(&m_kept);
        k.setFont(p.font());
        k.translate(-area.topLeft());
        Stats stats;
        paintFrame(k, area, l, o, stats);
        k.end();
        m_keptKey = key;
        m_keptStats = stats;
    }
    p.drawImage(area.topLeft(), m_kept);
    m_stats = m_keptStats;
    return true;
}

LanePixelWriter::Pieces GanttPainter::pieces(const Layout& l, const Options& o) const
{
    LanePixelWriter::Pieces pc;
    pc.spans = m_spans.data();
    pc.jobs = m_pieceJob.data();
    pc.preempted = m_piecePreempted.data();
    pc.laneBegin = m_laneBegin.data();
    pc.laneMaxLength = m_laneMaxLength.data();
    if (!m_levels.usable() || l.count <= 0 || l.to <= l.from || l.chart.width() <= 0)
        return pc;
    const LanePixelWriter::Grid g = LanePixelWriter::grid(l);
    // Bars are the pieces at least a pixel long (a hair less, for rounding); dense lanes have
    // none but the highlighted job's.
    const int level = m_levels.level((1.0 - 1e-9) / g.pxPerS);
    if (level < 0 && !g.dense)
        return pc;
    const std::size_t first = std::size_t(l.first), end = std::size_t(l.first + l.count);
    const double inView =
        double(m_laneBegin[end] - m_laneBegin[first]) * std::min(1.0, (l.to - l.from) / m_endS);
    if (!GanttLevels::summarize(o.detail, inView, double(g.width) * double(l.count)))
        return pc;
    pc.levels = &m_levels;
    pc.level = level;
    if (o.highlightJob >= 0) {
        if (m_highlightedJob != o.highlightJob) {
            m_highlighted.clear();
            for (std::size_t k = 0; k < m_pieceJob.size(); ++k)
                if (m_pieceJob[k] == o.highlightJob)
                    m_highlighted.push_back(int(k));
            m_highlightedJob = o.highlightJob;
        }
        pc.highlighted = m_highlighted;
    }
    return pc;
}

void GanttPainter::paintLanes(QPainter& p, const Layout& l, const Options& o,
                              const std::function<void()>& alongside, Stats& stats) const
{
    if (l.count <= 0 || l.to <= l.from || l.chart.width() <= 0 || l.chart.height() <= 0) {
        alongside();
        return;
    }
    const LanePixelWriter::Grid px = LanePixelWriter::grid(l);
    const double pxPerS = px.pxPerS;
    const int width = px.width;
    // A pixel between GPU lanes as soon as lanes are tall enough to keep one, so that jobs on
    // neighbouring GPUs read as separate bars, not as one bar drawn over another.
    const double gap = l.laneHeight >= 3.0 ? 1.0 : 0.0;
    // Bars of one job over the same time on adjacent lanes form one block; blocks large enough
    // carry the job's name (the others name it on hover).
    GanttJobNames names;
    p.setRenderHint(QPainter::Antialiasing, false);
    QPen outline(Qt::black, 1.5);
    std::vector<QRectF> preemptions;
    // Thin lanes on a raster device: bars are written straight into pixels (lanes never
    // overlap in time, so that is at most one write per chart pixel) instead of a fill call each.
    const bool raster =
        l.laneHeight < 4.0 && p.paintEngine() && p.paintEngine()->type() == QPaintEngine::Raster;
    const Span* spans = m_spans.data();
    const int* jobs = m_pieceJob.data();
    std::vector<float>& occ = m_occ; // every occupancy row (not raster)
    occ.clear();
    if (!raster)
        alongside();
    if (raster) {
        // Into the device's pixels where it allows (the chart there is white already, see
        // paintFrame), else into the writer's frame, drawn as one image at the end.
        const QRectF barRect(l.chart.left(), l.chart.top(), width, px.height);
        const bool direct = m_lanePixels.write(p, l, o.highlightJob, pieces(l, o), alongside);
        for (const LanePixelWriter::Chunk& work : m_lanePixels.chunks()) {
            stats.bars += work.bars;
            stats.aggregated += work.aggregated;
            // Outlines, preemption marks and name blocks in the order of the bars.
            for (const auto& [lane, k] : work.notes) {
                const Span& sp = spans[k];
                const bool highlighted = jobs[k] == o.highlightJob;
                const auto [x0, w] = LanePixelWriter::barExtent(sp, l, pxPerS, highlighted);
                const QRectF r(l.chart.left() + x0, l.chart.top() + (lane - l.first) * l.laneHeight,
                               w, std::max(l.laneHeight - gap, 1.0));
                if (highlighted) {
                    p.setPen(outline);
                    p.setBrush(Qt::NoBrush);
                    p.drawRect(r);
                }
                if (m_piecePreempted[std::size_t(k)] && sp.endS <= l.to)
                    preemptions.push_back(r);
                if (w >= LanePixelWriter::kMinLabelWidth)
                    names.extend(jobs[k], sp.startS, sp.endS, r);
            }
        }
        // Aggregated pieces are in the same pixels, under the bars: at most one image to draw.
        if (!direct)
            p.drawImage(barRect, m_lanePixels.frame());
    }
    const bool dimOthers = o.highlightJob >= 0;
    int lastColourJob = -2;
    QColor colour;
    for (int lane = l.first; !raster && lane < l.first + l.count; ++lane) {
        const std::size_t ls = std::size_t(lane);
        const Span* end = spans + m_laneBegin[ls + 1];
        // Pieces starting before from - longest piece cannot reach the window.
        const Span* it =
            std::lower_bound(spans + m_laneBegin[ls], end, l.from - m_laneMaxLength[ls],
                             [](const Span& sp, double t) { return sp.startS < t; });
        const double y = l.chart.top() + (lane - l.first) * l.laneHeight;
        const int row = px.rowOfLane(l, lane);
        float* target = nullptr; // this lane's occupancy row
        for (; it != end && it->startS < l.to; ++it) {
            if (it->endS <= l.from)
                continue;
            const double x0 = (std::max(it->startS, l.from) - l.from) * pxPerS;
            const double x1 = (std::min(it->endS, l.to) - l.from) * pxPerS;
            const std::size_t k = std::size_t(it - spans);
            const bool highlighted = jobs[k] == o.highlightJob;
            if ((px.dense || x1 - x0 < 1.0) && !highlighted) {
                if (!target) {
                    if (occ.empty())
                        occ.assign(std::size_t(width) * std::size_t(px.rows), 0.0f);
                    target = occ.data() + std::size_t(row) * std::size_t(width);
                }
                occupancy::addCoverage(target, width, x0, x1, px.laneWeight);
                ++stats.aggregated;
                continue;
            }
            const Piece& seg = m_pieces[k];
            const QRectF r(l.chart.left() + x0, y, std::max(x1 - x0, highlighted ? 2.0 : 1.0),
                           std::max(l.laneHeight - gap, 1.0));
            if (seg.job != lastColourJob) {
                lastColourJob = seg.job;
                colour = JobColours::of(seg.job);
                if (dimOthers && !highlighted)
                    colour = colour.lighter(150);
            }
            p.fillRect(r, colour);
            if (highlighted) {
                p.setPen(outline);
                p.setBrush(Qt::NoBrush);
                p.drawRect(r);
            }
            if (seg.preempted && seg.endS <= l.to)
                preemptions.push_back(r);
            ++stats.bars;
            if (r.width() >= LanePixelWriter::kMinLabelWidth)
                names.extend(seg.job, seg.startS, seg.endS, r);
        }
    }
    if (!occ.empty())
        p.drawImage(QRectF(l.chart.left(), l.chart.top(), width, l.chart.height()),
                    LanePixelWriter::occupancyImage(occ, width, px.rows));
    // Server and rack boundaries, when servers are tall enough to see them.
    const double serverPx = l.laneHeight * 4.0;
    if (serverPx >= 3.0) {
        for (int lane = l.first + 1; lane < l.first + l.count; ++lane) {
            const bool rack = m_lanes.rack(lane) != m_lanes.rack(lane - 1);
            const bool server = m_lanes.server(lane) != m_lanes.server(lane - 1);
            if (!rack && !server)
                continue;
            const double y = l.chart.top() + (lane - l.first) * l.laneHeight;
            p.setPen(QPen(rack ? QColor(60, 60, 60) : QColor(200, 200, 200), rack ? 1.2 : 0.8));
            p.drawLine(QPointF(l.chart.left(), y), QPointF(l.chart.right(), y));
        }
    }
    names.paint(p, m_scenario->jobs, o.highlightJob);
    // Preemption markers: a red tick at the end of each preempted segment.
    if (!preemptions.empty()) {
        p.setPen(QPen(QColor(210, 20, 20), 2.0));
        for (const QRectF& r : preemptions)
            p.drawLine(QPointF(r.right(), r.top()), QPointF(r.right(), r.bottom()));
    }
    p.setPen(QPen(QColor(120, 120, 120), 1.0));
    p.setBrush(Qt::NoBrush);
    p.drawRect(l.chart);
}

GanttPainter::Hit GanttPainter::hitTest(const QRectF& area, const Options& options,
                                        const QPointF& pos) const
{
    Hit h;
    const Layout l = layout(area, options);
    if (l.to <= l.from)
        return h;
    const QRectF& ref = l.band.isEmpty() ? l.chart : l.band;
    if (pos.x() < ref.left() || pos.x() > ref.right())
        return h;
    h.timeS = l.from + (pos.x() - ref.left()) / ref.width() * (l.to - l.from);
    // Half a pixel either side so that sub-pixel bars can be picked.
    const double slack = 1.5 * (l.to - l.from) / std::max(1.0, ref.width());
    if (!l.band.isEmpty() && l.band.contains(pos)) {
        h.virtualBand = true;
        if (const std::optional<int> job = m_band.jobAt(h.timeS, slack)) {
            h.job = *job;
            h.segment = -2;
        }
        return h;
    }
    if (!l.chart.contains(pos) || l.count <= 0)
        return h;
    h.lane =
        std::min(l.first + l.count - 1, l.first + int((pos.y() - l.chart.top()) / l.laneHeight));
    const std::size_t ls = std::size_t(h.lane);
    const auto begin = m_pieces.begin() + m_laneBegin[ls];
    const auto end = m_pieces.begin() + m_laneBegin[ls + 1];
    auto it = std::lower_bound(begin, end, h.timeS - m_laneMaxLength[ls] - slack,
                               [](const Piece& pc, double t) { return pc.startS < t; });
    for (; it != end && it->startS <= h.timeS + slack; ++it)
        if (it->endS >= h.timeS - slack) {
            h.segment = it->segment;
            h.job = m_schedule->segments[std::size_t(it->segment)].job;
            if (it->startS <= h.timeS && it->endS >= h.timeS)
                break;
        }
    return h;
}

} // namespace gantry::ui
