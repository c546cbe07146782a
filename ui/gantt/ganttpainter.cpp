#include "gantt/ganttpainter.h"

#include "gantt/occupancy.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

namespace gantry::ui {

namespace {

// The lane-label column: wide enough for the longest "rack/server/gN", within these bounds.
constexpr double kLabelWidth = 110.0;
constexpr double kMaxLabelWidth = 240.0;
// Point size of the lane labels.
constexpr double kLabelPointSize = 8.0;
constexpr double kAxisHeight = 22.0;
constexpr double kBandGap = 6.0;

// A round step for about `pixels` between ticks.
double tickStep(double span, double width, double pixels)
{
    const double raw = span * pixels / std::max(1.0, width);
    static const double steps[] = {1,       2,       5,       10,      15,     30,     60,
                                   120,     300,     600,     900,     1800,   3600,   7200,
                                   10800,   21600,   43200,   86400,   172800, 432000, 604800,
                                   1209600, 2592000, 7776000, 31536000};
    for (double s : steps)
        if (s >= raw)
            return s;
    return std::pow(10.0, std::ceil(std::log10(raw)));
}

QString timeLabel(double s, double step)
{
    if (step >= 86400.0)
        return QStringLiteral("%1 d").arg(s / 86400.0, 0, 'g', 6);
    if (step >= 3600.0)
        return QStringLiteral("%1 h").arg(s / 3600.0, 0, 'g', 6);
    if (step >= 60.0)
        return QStringLiteral("%1 min").arg(s / 60.0, 0, 'g', 6);
    return QStringLiteral("%1 s").arg(s, 0, 'g', 6);
}

} // namespace

GanttPainter::GanttPainter(const Scenario& scenario, const Schedule& schedule)
    : m_scenario(scenario), m_schedule(schedule)
{
    Cluster& c = m_scenario.cluster;
    c.finalize();
    // Lanes rack by rack, servers in file order inside a rack.
    std::vector<int> servers(c.servers.size());
    std::iota(servers.begin(), servers.end(), 0);
    std::stable_sort(servers.begin(), servers.end(), [&](int a, int b) {
        return c.servers[std::size_t(a)].rack < c.servers[std::size_t(b)].rack;
    });
    m_laneOfGpu.assign(std::size_t(c.totalGpus()), -1);
    for (int s : servers)
        for (int k = 0; k < c.servers[std::size_t(s)].gpus; ++k) {
            const int g = c.firstGpu(s) + k;
            m_laneOfGpu[std::size_t(g)] = int(m_gpuOfLane.size());
            m_gpuOfLane.push_back(g);
            m_serverOfLane.push_back(s);
            m_rackOfLane.push_back(c.servers[std::size_t(s)].rack);
        }
    // Widest lane label: every server's "rack/server" with the widest GPU suffix.
    {
        QFont f;
        f.setPointSizeF(kLabelPointSize);
        const QFontMetricsF fm(f);
        double widest = 0.0;
        for (std::size_t s = 0; s < c.servers.size(); ++s) {
            const Server& sv = c.servers[s];
            const QString rack =
                c.racks.empty() || sv.rack < 0 || std::size_t(sv.rack) >= c.racks.size()
                    ? QString()
                    : c.racks[std::size_t(sv.rack)].name;
            widest = std::max(
                widest,
                fm.horizontalAdvance(
                    QStringLiteral("%1/%2/g%3").arg(rack, sv.name).arg(std::max(0, sv.gpus - 1))));
        }
        m_labelWidth = std::clamp(std::ceil(widest) + 10.0, kLabelWidth, kMaxLabelWidth);
    }
    const std::size_t lanes = m_gpuOfLane.size();
    std::vector<int> count(lanes + 1, 0);
    for (const ScheduleSegment& seg : m_schedule.segments) {
        m_endS = std::max(m_endS, seg.endS);
        for (int g : seg.gpus)
            if (g >= 0 && std::size_t(g) < lanes)
                ++count[std::size_t(m_laneOfGpu[std::size_t(g)]) + 1];
    }
    m_laneBegin.assign(lanes + 1, 0);
    for (std::size_t l = 0; l < lanes; ++l)
        m_laneBegin[l + 1] = m_laneBegin[l] + count[l + 1];
    m_pieces.resize(std::size_t(m_laneBegin[lanes]));
    std::vector<int> fill(m_laneBegin.begin(), m_laneBegin.end() - 1);
    for (std::size_t k = 0; k < m_schedule.segments.size(); ++k) {
        const ScheduleSegment& seg = m_schedule.segments[k];
        for (int g : seg.gpus)
            if (g >= 0 && std::size_t(g) < lanes)
                m_pieces[std::size_t(fill[std::size_t(m_laneOfGpu[std::size_t(g)])]++)] =
                    Piece{seg.startS, seg.endS, int(k), seg.job,
                          seg.end == ScheduleSegment::End::Preempted};
    }
    m_laneMaxLength.assign(lanes, 0.0);
    for (std::size_t l = 0; l < lanes; ++l) {
        auto b = m_pieces.begin() + m_laneBegin[l], e = m_pieces.begin() + m_laneBegin[l + 1];
        std::sort(b, e, [](const Piece& x, const Piece& y) { return x.startS < y.startS; });
        for (auto it = b; it != e; ++it)
            m_laneMaxLength[l] = std::max(m_laneMaxLength[l], it->endS - it->startS);
    }
    m_spans.reserve(m_pieces.size());
    m_pieceJob.reserve(m_pieces.size());
    m_piecePreempted.reserve(m_pieces.size());
    for (const Piece& pc : m_pieces) {
        m_spans.push_back({pc.startS, pc.endS});
        m_pieceJob.push_back(pc.job);
        m_piecePreempted.push_back(pc.preempted);
    }
    m_virtual = m_schedule.virtualSlices;
    std::sort(m_virtual.begin(), m_virtual.end(),
              [](const VirtualSlice& a, const VirtualSlice& b) { return a.fromS < b.fromS; });
    std::vector<double> release(m_scenario.jobs.size(), -1.0);
    for (const VirtualSlice& v : m_virtual) {
        m_virtualSpans.push_back({v.fromS, v.toS});
        m_virtualJobs.push_back(v.job);
        m_virtualMaxLength = std::max(m_virtualMaxLength, v.toS - v.fromS);
        m_endS = std::max(m_endS, v.toS);
        if (v.job >= 0 && std::size_t(v.job) < release.size())
            release[std::size_t(v.job)] = std::max(release[std::size_t(v.job)], v.toS);
    }
    for (double r : release)
        if (r >= 0.0)
            m_releaseS.push_back(r);
    std::sort(m_releaseS.begin(), m_releaseS.end());
    if (m_endS <= 0.0)
        m_endS = 1.0;
    m_lanePixels = LanePixelWriter(m_scenario.jobs.size());
}

int GanttPainter::laneCount() const
{
    return int(m_gpuOfLane.size());
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
    const Cluster& c = m_scenario.cluster;
    const int s = m_serverOfLane[std::size_t(lane)];
    return QStringLiteral("%1/%2/g%3")
        .arg(c.racks.empty() ? QString()
                             : c.racks[std::size_t(m_rackOfLane[std::size_t(lane)])].name,
             c.servers[std::size_t(s)].name)
        .arg(m_gpuOfLane[std::size_t(lane)] - c.firstGpu(s));
}

QString GanttPainter::fitLabel(const QString& text, const QFontMetricsF& fm, double width)
{
    return fm.elidedText(text, Qt::ElideLeft, width);
}

QColor GanttPainter::jobColour(int job)
{
    // Golden-angle hues keep neighbouring job indices apart.
    const int hue = int((std::uint64_t(job) * 137u) % 360u);
    return QColor::fromHsv(hue, 150 + (job % 3) * 35, 225 - (job % 2) * 40);
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
        r.adjust(std::min(m_labelWidth, area.width() * 0.3), 0, 0, -kAxisHeight);
    if (o.showVirtualMachine && hasVirtualMachine()) {
        const double h = std::clamp(r.height() * 0.12, 18.0, 48.0);
        l.band = QRectF(r.left(), r.bottom() - h, r.width(), h);
        r.setBottom(r.bottom() - h - kBandGap);
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
    BandSlices slices;
    paintLanes(
        p, l, o,
        [&] {
            if (!l.band.isEmpty())
                slices = aggregateBand(l, o);
        },
        stats);
    if (!l.band.isEmpty())
        paintVirtualBand(p, l, o, slices, stats);
    if (o.labels)
        paintLabels(p, area, l);
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

void GanttPainter::extendBlock(std::vector<LabelBlock>& blocks, std::vector<std::size_t>& open,
                               int job, double startS, double endS, const QRectF& bar)
{
    for (std::size_t& k : open) {
        LabelBlock& b = blocks[k];
        if (b.job == job && b.startS == startS && b.endS == endS &&
            std::abs(bar.top() - b.rect.bottom()) <= 1.5) {
            b.rect = b.rect.united(bar);
            return;
        }
    }
    // Blocks that ended a lane above cannot grow any more.
    std::erase_if(open, [&](std::size_t k) { return bar.top() - blocks[k].rect.bottom() > 1.5; });
    blocks.push_back({job, startS, endS, bar});
    open.push_back(blocks.size() - 1);
}

void GanttPainter::paintJobNames(QPainter& p, const std::vector<LabelBlock>& blocks,
                                 const Options& o) const
{
    if (blocks.empty())
        return;
    QFont f = p.font();
    f.setPointSizeF(7.5);
    p.setFont(f);
    const QFontMetricsF fm(f);
    const double textHeight = fm.height(); // most blocks are lower: one call, not one a block
    for (const LabelBlock& b : blocks) {
        if (b.rect.height() < textHeight || b.job < 0 ||
            std::size_t(b.job) >= m_scenario.jobs.size())
            continue;
        const QString& name = m_scenario.jobs[std::size_t(b.job)].id;
        const QRectF text = b.rect.adjusted(3, 0, -3, 0);
        const double advance = fm.horizontalAdvance(name);
        if (advance > text.width())
            continue;
        // Dark text on light bars, white on dark ones; dimmed bars keep dark text.
        const QColor bar = jobColour(b.job);
        const bool light = (o.highlightJob >= 0 && b.job != o.highlightJob) ||
                           0.299 * bar.redF() + 0.587 * bar.greenF() + 0.114 * bar.blueF() > 0.6;
        // On a patch of the bar's colour: the gaps between its lanes do not cut the letters.
        const QRectF patch(text.left() - 2, text.center().y() - textHeight / 2.0, advance + 4,
                           textHeight);
        p.fillRect(patch, o.highlightJob >= 0 && b.job != o.highlightJob ? bar.lighter(150) : bar);
        p.setPen(light ? QColor(30, 30, 30) : Qt::white);
        p.drawText(text, Qt::AlignVCenter | Qt::AlignLeft, name);
    }
}

LanePixelWriter::Pieces GanttPainter::pieces() const
{
    return {m_spans.data(), m_pieceJob.data(), m_piecePreempted.data(), m_laneBegin.data(),
            m_laneMaxLength.data()};
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
    std::vector<LabelBlock> blocks;
    std::vector<std::size_t> open; // blocks that the next lane may extend
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
        const bool direct = m_lanePixels.write(p, l, o.highlightJob, pieces(), alongside);
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
                    extendBlock(blocks, open, jobs[k], sp.startS, sp.endS, r);
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
                colour = jobColour(seg.job);
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
                extendBlock(blocks, open, seg.job, seg.startS, seg.endS, r);
        }
    }
    if (!occ.empty())
        p.drawImage(QRectF(l.chart.left(), l.chart.top(), width, l.chart.height()),
                    LanePixelWriter::occupancyImage(occ, width, px.rows));
    // Server and rack boundaries, when servers are tall enough to see them.
    const double serverPx = l.laneHeight * 4.0;
    if (serverPx >= 3.0) {
        for (int lane = l.first + 1; lane < l.first + l.count; ++lane) {
            const bool rack =
                m_rackOfLane[std::size_t(lane)] != m_rackOfLane[std::size_t(lane - 1)];
            const bool server =
                m_serverOfLane[std::size_t(lane)] != m_serverOfLane[std::size_t(lane - 1)];
            if (!rack && !server)
                continue;
            const double y = l.chart.top() + (lane - l.first) * l.laneHeight;
            p.setPen(QPen(rack ? QColor(60, 60, 60) : QColor(200, 200, 200), rack ? 1.2 : 0.8));
            p.drawLine(QPointF(l.chart.left(), y), QPointF(l.chart.right(), y));
        }
    }
    paintJobNames(p, blocks, o);
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

GanttPainter::BandSlices GanttPainter::aggregateBand(const Layout& l, const Options& o) const
{
    BandSlices b;
    if (l.to <= l.from)
        return b;
    b.pxPerS = l.band.width() / (l.to - l.from);
    b.width = std::max(1, int(std::ceil(l.band.width())));
    b.occ.assign(std::size_t(b.width) + 1, 0.0f);
    int occFrom = b.width, occTo = -1; // columns covered (not needed here)
    const Span* spans = m_virtualSpans.data();
    const Span* first =
        std::lower_bound(spans, spans + m_virtualSpans.size(), l.from - m_virtualMaxLength,
                         [](const Span& sp, double t) { return sp.startS < t; });
    b.added = occupancy::aggregateOverlapping(
        spans, first, spans + m_virtualSpans.size(), m_virtualJobs.data(), o.highlightJob, l.from,
        l.to, b.pxPerS, b.width, 1.0, b.occ.data(), occFrom, occTo, b.wide);
    return b;
}

void GanttPainter::paintVirtualBand(QPainter& p, const Layout& l, const Options& o,
                                    const BandSlices& slices, Stats& stats) const
{
    if (l.to <= l.from)
        return;
    const QRectF& band = l.band;
    p.fillRect(band, QColor(245, 245, 250));
    const double pxPerS = slices.pxPerS;
    const int width = slices.width;
    const double sliceTop = band.top() + band.height() * 0.3;
    const double sliceHeight = band.height() * 0.7;
    stats.aggregated += slices.added;
    for (const int k : slices.wide) {
        const VirtualSlice* it = &m_virtual[std::size_t(k)];
        const double x0 = (std::max(it->fromS, l.from) - l.from) * pxPerS;
        const double x1 = (std::min(it->toS, l.to) - l.from) * pxPerS;
        const bool highlighted = it->job == o.highlightJob;
        QColor c = jobColour(it->job);
        if (o.highlightJob >= 0 && !highlighted)
            c = c.lighter(150);
        const QRectF r(band.left() + x0, sliceTop, std::max(1.0, x1 - x0), sliceHeight);
        p.fillRect(r, c);
        if (highlighted) {
            p.setPen(QPen(Qt::black, 1.5));
            p.drawRect(r);
        }
        ++stats.bars;
    }
    if (slices.added > 0)
        p.drawImage(QRectF(band.left(), sliceTop, width, sliceHeight),
                    LanePixelWriter::occupancyImage(slices.occ, width, 1));
    // Releases to the cluster: a small down-pointing mark per job at its virtual completion.
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
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(QPen(QColor(120, 120, 120), 1.0));
    p.setBrush(Qt::NoBrush);
    p.drawRect(band);
}

void GanttPainter::paintLabels(QPainter& p, const QRectF& area, const Layout& l) const
{
    const Cluster& c = m_scenario.cluster;
    QFont f = p.font();
    f.setPointSizeF(kLabelPointSize);
    p.setFont(f);
    const QFontMetricsF fm(f);
    const double textH = fm.height();
    p.setPen(QColor(40, 40, 40));
    const double left = area.left() + 4.0;
    const double w = l.chart.left() - area.left() - 8.0;
    auto label = [&](double y0, double y1, const QString& text) {
        if (y1 - y0 < textH * 0.9)
            return;
        p.drawText(QRectF(left, y0, w, y1 - y0), Qt::AlignVCenter | Qt::AlignLeft,
                   fitLabel(text, fm, w));
    };
    const double laneH = l.laneHeight;
    // The finest level of detail that fits: lanes, else servers, else racks.
    const int level = laneH >= textH * 0.9 ? 0 : laneH * 8.0 >= textH ? 1 : 2;
    auto group = [&](int lane) {
        return level == 0   ? lane
               : level == 1 ? m_serverOfLane[std::size_t(lane)]
                            : m_rackOfLane[std::size_t(lane)];
    };
    int runStart = l.first;
    for (int lane = l.first + 1; lane <= l.first + l.count; ++lane) {
        if (lane < l.first + l.count && group(lane) == group(runStart))
            continue;
        const double y0 = l.chart.top() + (runStart - l.first) * laneH;
        const double y1 = l.chart.top() + (lane - l.first) * laneH;
        const int s = m_serverOfLane[std::size_t(runStart)];
        const QString rack = c.racks.empty()
                                 ? QString()
                                 : c.racks[std::size_t(m_rackOfLane[std::size_t(runStart)])].name;
        if (level == 0)
            label(y0, y1, laneLabel(runStart));
        else if (level == 1)
            label(y0, y1, QStringLiteral("%1/%2").arg(rack, c.servers[std::size_t(s)].name));
        else
            label(y0, y1, rack);
        runStart = lane;
    }
    if (!l.band.isEmpty())
        label(l.band.top(), l.band.bottom(), QStringLiteral("virtual machine"));
    // Time axis.
    if (l.to <= l.from)
        return;
    const double step = tickStep(l.to - l.from, l.chart.width(), 90.0);
    const double axisY = (l.band.isEmpty() ? l.chart.bottom() : l.band.bottom());
    p.setPen(QColor(80, 80, 80));
    for (double t = std::ceil(l.from / step) * step; t <= l.to; t += step) {
        const double x = l.chart.left() + (t - l.from) / (l.to - l.from) * l.chart.width();
        p.drawLine(QPointF(x, axisY), QPointF(x, axisY + 4));
        p.drawText(QRectF(x - 45, axisY + 4, 90, kAxisHeight - 4), Qt::AlignHCenter | Qt::AlignTop,
                   timeLabel(t, step));
    }
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
        auto it = std::lower_bound(m_virtual.begin(), m_virtual.end(),
                                   h.timeS - m_virtualMaxLength - slack,
                                   [](const VirtualSlice& v, double t) { return v.fromS < t; });
        for (; it != m_virtual.end() && it->fromS <= h.timeS + slack; ++it)
            if (it->toS >= h.timeS - slack) {
                h.job = it->job;
                h.segment = -2;
                if (it->fromS <= h.timeS && it->toS >= h.timeS)
                    break;
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
            h.job = m_schedule.segments[std::size_t(it->segment)].job;
            if (it->startS <= h.timeS && it->endS >= h.timeS)
                break;
        }
    return h;
}

} // namespace gantry::ui
