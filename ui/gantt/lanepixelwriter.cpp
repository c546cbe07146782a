#include "gantt/lanepixelwriter.h"

#include "gantt/ganttlevels.h"
#include "gantt/jobcolours.h"
#include "gantt/occupancy.h"

#include <QPaintEngine>
#include <QPainter>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <system_error>
#include <thread>

namespace gantry::ui {

namespace {

// Pieces in the lanes drawn from which two threads write them (fewer take less time than
// starting one), in this many chunks of lanes.
constexpr int kThreadedPieces = 20000;
constexpr int kLaneChunks = 8;
// Occupancy columns are drawn in one colour: which job is under a pixel is not readable then.
const QColor kOccupancy(52, 101, 164);
// The chart's background, filled before the lanes are drawn.
constexpr QRgb kWhite = 0xffffffffu;

// std::lround for |v| < 2^52 without a library call: v minus its integer part is exact there.
inline long roundHalfAway(double v)
{
    const double a = std::abs(v);
    long i = long(a);
    if (a - double(i) >= 0.5)
        ++i;
    return v < 0.0 ? -i : i;
}

// The occupancy colour for each alpha a pixel can get, premultiplied; and the same drawn over
// white, as the raster engine blends it (so that writing those gives the pixels of drawing an
// image of the former on the white chart).
struct OccupancyColours
{
    QRgb byAlpha[256];
    QRgb overWhite[256];
    OccupancyColours()
    {
        QImage colours(256, 1, QImage::Format_ARGB32_Premultiplied);
        for (int a = 0; a < 256; ++a) {
            byAlpha[a] =
                qPremultiply(qRgba(kOccupancy.red(), kOccupancy.green(), kOccupancy.blue(), a));
            colours.setPixel(a, 0, byAlpha[a]);
        }
        byAlpha[0] = 0u; // no occupancy: transparent
        colours.setPixel(0, 0, 0u);
        QImage white(256, 1, QImage::Format_ARGB32_Premultiplied);
        white.fill(Qt::white);
        QPainter p(&white);
        p.drawImage(0, 0, colours);
        p.end();
        for (int a = 0; a < 256; ++a)
            overWhite[a] = white.pixel(a, 0);
    }
};

const OccupancyColours& occupancyColours()
{
    static const OccupancyColours colours;
    return colours;
}

// Writes occupancy row o, columns [x0, x1), into the pixels of lines [ya, yb) of the 32-bit
// pixels at bits (stride bytes a line) that are still background (transparent or white: bars
// are opaque and never white, see jobRgb): colours[alpha] there. rgb is scratch of at least x1
// entries.
void blendOccupancy(uchar* bits, qsizetype stride, const float* o, int x0, int x1, int ya, int yb,
                    const QRgb* colours, QRgb background, QRgb* __restrict rgb)
{
    occupancy::alphas(o, x0, x1, rgb);
    for (int x = x0; x < x1; ++x)
        rgb[x] = colours[rgb[x]];
    // A pixel becomes itself, or the occupancy colour where it is background, without a branch.
    for (int y = ya; y < yb; ++y) {
        QRgb* __restrict line = reinterpret_cast<QRgb*>(bits + y * stride);
        for (int x = x0; x < x1; ++x) {
            const QRgb d = line[x];
            const QRgb free = QRgb(0) - QRgb(d == background);
            line[x] = (d & ~free) | (rgb[x] & free);
        }
    }
}

// The pixels of rect (in p's logical coordinates) in p's device, to write them there directly:
// where the device is a 32-bit raster image that p paints on unscaled, opaque, at whole pixels,
// with rect inside it and inside p's clip; stride gets its bytes a line. Else nullptr.
uchar* devicePixels(QPainter& p, const QRectF& rect, qsizetype& stride)
{
    QPaintDevice* device = p.device();
    if (!device || device->devType() != QInternal::Image || !p.paintEngine() ||
        p.paintEngine()->type() != QPaintEngine::Raster)
        return nullptr;
    const QImage& img = *static_cast<const QImage*>(device);
    const QTransform t = p.deviceTransform();
    if ((img.format() != QImage::Format_ARGB32_Premultiplied &&
         img.format() != QImage::Format_RGB32) ||
        img.devicePixelRatio() != 1.0 || p.opacity() != 1.0 ||
        p.compositionMode() != QPainter::CompositionMode_SourceOver ||
        t.type() > QTransform::TxTranslate)
        return nullptr;
    const QRect whole = rect.toRect();
    const QRectF onDevice = rect.translated(t.dx(), t.dy());
    if (QRectF(whole) != rect || QRectF(onDevice.toRect()) != onDevice ||
        !img.rect().contains(onDevice.toRect()) ||
        (p.hasClipping() && !QRegion(whole).subtracted(p.clipRegion()).isEmpty()))
        return nullptr;
    stride = img.bytesPerLine();
    // The buffer the paint engine draws into (constBits: no detach while it paints).
    return const_cast<uchar*>(img.constBits()) + onDevice.toRect().top() * stride +
           qsizetype(onDevice.toRect().left()) * 4;
}

// The image lines [ya, yb) of a lane from y to y + height down the chart (at least one, inside
// [0, lines)).
std::pair<int, int> imageLines(double y, double height, int lines)
{
    const int ya = std::clamp(int(roundHalfAway(y)), 0, lines - 1);
    return {ya, std::clamp(int(roundHalfAway(y + height)), ya + 1, lines)};
}

} // namespace

// Where and how writeLanes writes the pixels of thin lanes.
struct LanePixelWriter::Pixels : Grid
{
    uchar* bits = nullptr;            // the chart's top-left pixel, 32 bits a pixel
    qsizetype stride = 0;             // bytes a line
    const QRgb* occColours = nullptr; // occupancy colour by alpha
    QRgb background = 0;              // a pixel not written yet
};

LanePixelWriter::LanePixelWriter(std::size_t jobs) : m_jobRgb(jobs, 0u), m_dimRgb(jobs, 0u) {}

LanePixelWriter::Grid LanePixelWriter::grid(const View& v)
{
    Grid g;
    g.pxPerS = v.chart.width() / (v.to - v.from);
    g.width = std::max(1, int(std::ceil(v.chart.width())));
    g.height = std::max(1, int(std::ceil(v.chart.height())));
    // Lanes denser than pixels share occupancy rows.
    g.dense = v.laneHeight < 1.0;
    g.rows = g.dense ? g.height : v.count;
    g.laneWeight = g.dense ? double(g.rows) / double(v.count) : 1.0;
    return g;
}

QImage LanePixelWriter::occupancyImage(const std::vector<float>& occ, int width, int rows)
{
    QImage img(width, rows, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::transparent);
    std::vector<QRgb> rgb(static_cast<std::size_t>(width));
    for (int r = 0; r < rows; ++r)
        blendOccupancy(img.bits(), img.bytesPerLine(),
                       occ.data() + std::size_t(r) * std::size_t(width), 0, width, r, r + 1,
                       occupancyColours().byAlpha, 0u, rgb.data());
    return img;
}

QRgb LanePixelWriter::jobRgb(int job, bool dimmed) const
{
    // Opaque and never white (saturation 150 or more, lighter(150) keeps more than 60): lanes
    // written straight into a white chart tell bars from background by that.
    const auto compute = [&] {
        const QColor c = JobColours::of(job);
        return (dimmed ? c.lighter(150) : c).rgba();
    };
    if (job < 0 || std::size_t(job) >= m_jobRgb.size())
        return compute();
    // Atomic: two threads may write lanes (both would store the same colour).
    const std::atomic_ref<QRgb> known((dimmed ? m_dimRgb : m_jobRgb)[std::size_t(job)]);
    QRgb rgb = known.load(std::memory_order_relaxed);
    if (rgb == 0u) {
        rgb = compute();
        known.store(rgb, std::memory_order_relaxed);
    }
    return rgb;
}

std::pair<int, int> LanePixelWriter::laneLines(const View& v, const Grid& g, int lane)
{
    // As the bars' rectangles are placed, then made relative to the chart.
    return imageLines(v.chart.top() + (lane - v.first) * v.laneHeight - v.chart.top(), v.laneHeight,
                      g.height);
}

std::pair<int, int> LanePixelWriter::rowLines(const View& v, const Grid& g, int row)
{
    if (g.dense)
        return {row, row + 1};
    return imageLines(row * v.laneHeight, v.laneHeight, g.height);
}

std::vector<int> LanePixelWriter::laneChunks(const View& v, const Grid& g, const Pieces& pieces)
{
    // Chunks of about as many pieces each, starting at lanes whose row and pixel lines the lanes
    // before them do not touch (so that the order of writing them does not matter). One chunk
    // when there are too few pieces to gain by more.
    const int end = v.first + v.count;
    const int* laneBegin = pieces.laneBegin;
    const int first = laneBegin[std::size_t(v.first)];
    const int count = laneBegin[std::size_t(end)] - first;
    std::vector<int> bounds{v.first};
    for (int c = 1; count >= kThreadedPieces && c < kLaneChunks; ++c) {
        const int target = first + int(std::int64_t(count) * c / kLaneChunks);
        int s = int(std::upper_bound(laneBegin + v.first, laneBegin + end, target) - laneBegin);
        for (s = std::max(s, bounds.back() + 1); s < end; ++s) {
            const int before = g.rowOfLane(v, s - 1), after = g.rowOfLane(v, s);
            if (before != after &&
                std::max(laneLines(v, g, s - 1).second, rowLines(v, g, before).second) <=
                    std::min(laneLines(v, g, s).first, rowLines(v, g, after).first))
                break;
        }
        if (s < end)
            bounds.push_back(s);
    }
    bounds.push_back(end);
    return bounds;
}

int LanePixelWriter::summarizeLane(const View& v, int highlightJob, const Pieces& pieces,
                                   const Grid& g, int lane, Chunk& work, int& occFrom, int& occTo)
{
    const Span* spans = pieces.spans;
    const int* laneBegin = pieces.laneBegin;
    const int b = laneBegin[lane], e = laneBegin[lane + 1];
    // The bars, in the order aggregate lists them: pieces a pixel wide in view (none in dense
    // lanes) and the highlighted job's, merged by index (start order within the lane).
    const auto inView = [&](int k) { return spans[k].startS < v.to && spans[k].endS > v.from; };
    std::span<const int> longOnes;
    if (!g.dense && pieces.level >= 0)
        longOnes = pieces.levels->longSpans(pieces.level, lane);
    const auto hb = std::lower_bound(pieces.highlighted.begin(), pieces.highlighted.end(), b);
    const auto he = std::lower_bound(hb, pieces.highlighted.end(), e);
    auto li = longOnes.begin();
    auto hi = hb;
    while (li != longOnes.end() || hi != he) {
        int k;
        if (hi == he || (li != longOnes.end() && *li < *hi))
            k = *li++;
        else {
            if (li != longOnes.end() && *li == *hi)
                ++li;
            k = *hi++;
        }
        if (!inView(k))
            continue;
        const double x0 = (std::max(spans[k].startS, v.from) - v.from) * g.pxPerS;
        const double x1 = (std::min(spans[k].endS, v.to) - v.from) * g.pxPerS;
        if (x1 - x0 >= 1.0 || pieces.jobs[k] == highlightJob)
            work.wide.push_back(k);
    }
    // Every piece's busy time; the bars cover the columns of their own pieces, except the
    // highlighted ones where dense lanes share a row: those are taken out again.
    pieces.levels->addBusy(spans, laneBegin, lane, v.from, v.to, g.pxPerS, g.width, g.laneWeight,
                           work.occ.data(), occFrom, occTo);
    if (g.dense) {
        for (auto it = hb; it != he; ++it) {
            if (!inView(*it))
                continue;
            const double x0 = (std::max(spans[*it].startS, v.from) - v.from) * g.pxPerS;
            const double x1 = (std::min(spans[*it].endS, v.to) - v.from) * g.pxPerS;
            occupancy::addCoverage(work.occ.data(), g.width, x0, x1, -g.laneWeight);
            for (int x = std::max(0, int(x0)); x <= std::min(g.width - 1, int(x1)); ++x)
                if (work.occ[std::size_t(x)] < 1e-6f)
                    work.occ[std::size_t(x)] = 0.0f;
        }
    }
    // The pieces in view less the bars (those ending before the view counted too).
    const auto first = std::lower_bound(spans + b, spans + e, v.from - pieces.laneMaxLength[lane],
                                        [](const Span& sp, double t) { return sp.startS < t; });
    const auto last = std::lower_bound(first, spans + e, v.to,
                                       [](const Span& sp, double t) { return sp.startS < t; });
    return std::max(0, int(last - first) - int(work.wide.size()));
}

void LanePixelWriter::writeLanes(const View& v, int highlightJob, const Pieces& pieces,
                                 const Pixels& px, int laneFrom, int laneTo, Chunk& work) const
{
    // Occupancy one row at a time, written into the bar pixels as soon as the lanes of the row
    // are done (bars are opaque and overwrite it, occupancy only fills pixels still background,
    // so the order gives the pixels of writing it after all bars).
    work.occ.assign(std::size_t(px.width) + 1, 0.0f); // + 1: see addSubPixel
    work.occRgb.resize(std::size_t(px.width));
    work.notes.clear();
    work.bars = work.aggregated = 0;
    int occRow = -1;                    // row the occupancy buffer holds
    int occFrom = px.width, occTo = -1; // columns touched in it
    const auto flushRow = [&] {
        if (occRow < 0 || occTo < occFrom)
            return;
        const auto [ya, yb] = rowLines(v, px, occRow);
        if (ya < px.height)
            blendOccupancy(px.bits, px.stride, work.occ.data(), occFrom, occTo + 1, ya, yb,
                           px.occColours, px.background, work.occRgb.data());
        std::fill(work.occ.begin() + occFrom, work.occ.begin() + occTo + 1, 0.0f);
        occFrom = px.width;
        occTo = -1;
    };
    const bool dimOthers = highlightJob >= 0;
    int lastColourJob = -2;
    QRgb rgb = 0;
    const Span* spans = pieces.spans;
    const int* jobs = pieces.jobs;
    for (int lane = laneFrom; lane < laneTo; ++lane) {
        const std::size_t ls = std::size_t(lane);
        const Span* end = spans + pieces.laneBegin[ls + 1];
        // Pieces starting before from - longest piece cannot reach the window.
        const Span* it =
            std::lower_bound(spans + pieces.laneBegin[ls], end, v.from - pieces.laneMaxLength[ls],
                             [](const Span& sp, double t) { return sp.startS < t; });
        const int row = px.rowOfLane(v, lane);
        if (row != occRow) {
            flushRow();
            occRow = row;
        }
        // Sub-pixel pieces into the occupancy row first, in one tight loop; then the bars.
        work.wide.clear();
        work.aggregated +=
            pieces.levels ? summarizeLane(v, highlightJob, pieces, px, lane, work, occFrom, occTo)
            : px.dense    ? occupancy::aggregate<true>(spans, it, end, jobs, highlightJob, v.from,
                                                    v.to, px.pxPerS, px.width, px.laneWeight,
                                                    work.occ.data(), occFrom, occTo, work.wide)
                          : occupancy::aggregate<false>(spans, it, end, jobs, highlightJob, v.from,
                                                     v.to, px.pxPerS, px.width, px.laneWeight,
                                                     work.occ.data(), occFrom, occTo, work.wide);
        // Every bar of a lane covers the same image lines.
        const auto [ya, yb] = laneLines(v, px, lane);
        for (const int k : work.wide) {
            const Span& sp = spans[k];
            const int job = jobs[k];
            const bool highlighted = job == highlightJob;
            if (job != lastColourJob) {
                lastColourJob = job;
                rgb = jobRgb(job, dimOthers && !highlighted);
            }
            const auto [x0, w] = barExtent(sp, v, px.pxPerS, highlighted);
            const int xa = std::clamp(int(x0), 0, px.width - 1);
            const int xb = std::clamp(occupancy::ceilNonNegative(x0 + w), xa + 1, px.width);
            for (int yy = ya; yy < yb; ++yy)
                std::fill_n(reinterpret_cast<QRgb*>(px.bits + yy * px.stride) + xa, xb - xa, rgb);
            ++work.bars;
            if (highlighted || w >= kMinLabelWidth ||
                (pieces.preempted[std::size_t(k)] && sp.endS <= v.to))
                work.notes.emplace_back(lane, k);
        }
    }
    flushRow();
}

bool LanePixelWriter::write(QPainter& p, const View& v, int highlightJob, const Pieces& pieces,
                            const std::function<void()>& alongside)
{
    Pixels px;
    static_cast<Grid&>(px) = grid(v);
    // Into the device's pixels where it allows (the chart there is white already) and no
    // highlighted bar gets an outline (drawn under the bars); else into m_frame, transparent,
    // drawn as one image by the caller. Occupancy fills the pixels still background: drawn over
    // white in the first case.
    const QRectF barRect(v.chart.left(), v.chart.top(), px.width, px.height);
    px.bits = highlightJob < 0 ? devicePixels(p, barRect, px.stride) : nullptr;
    const bool direct = px.bits != nullptr;
    px.occColours = direct ? occupancyColours().overWhite : occupancyColours().byAlpha;
    px.background = direct ? kWhite : 0u;
    if (!direct) {
        if (m_frame.width() != px.width || m_frame.height() != px.height)
            m_frame = QImage(px.width, px.height, QImage::Format_ARGB32_Premultiplied);
        m_frame.fill(Qt::transparent);
        px.bits = m_frame.bits(); // one detach check, not one a bar
        px.stride = m_frame.bytesPerLine();
    }
    // Chunks of lanes on disjoint lines, and alongside, on two threads when there are many
    // pieces: task 0 runs alongside, task c + 1 writes chunk c. Both threads take the next
    // task until none is left, so this one never waits for a task the other has not started
    // (on a busy machine it may start late). The same pixels in any order.
    const std::vector<int> bounds = laneChunks(v, px, pieces);
    const int chunks = int(bounds.size()) - 1;
    if (int(m_chunks.size()) < chunks)
        m_chunks.resize(std::size_t(chunks));
    m_chunkCount = chunks;
    std::atomic<int> next{0};
    const auto work = [&] {
        for (int t; (t = next.fetch_add(1)) <= chunks;) {
            if (t == 0)
                alongside();
            else
                writeLanes(v, highlightJob, pieces, px, bounds[std::size_t(t - 1)],
                           bounds[std::size_t(t)], m_chunks[std::size_t(t - 1)]);
        }
    };
    {
        std::jthread worker;
        if (chunks > 1) {
            try {
                worker = std::jthread(work);
            } catch (const std::system_error&) {
                // No second thread: this one takes every task (the same pixels).
            }
        }
        work();
    } // joins the worker
    return direct;
}

} // namespace gantry::ui
