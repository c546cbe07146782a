#include "reportbuilder.h"

#include "charts/chartfactory.h"
#include "charts/policycolours.h"
#include "document/iterationbreakdown.h"
#include "gantt/ganttpainter.h"
#include "heatmap/heatmappainter.h"
#include "pdffile.h"
#include "reportlayout.h"
#include "run/batchrunner.h"
#include "sim/trafficmatrix.h"

#include <QChart>
#include <QCoreApplication>
#include <QFontMetricsF>
#include <QLegend>
#include <QMap>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSet>
#include <QThread>

#include <algorithm>
#include <cmath>
#include <memory>

namespace gantry::ui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("gantry::ui::ReportBuilder", text);
}

QPageSize qPageSize(ReportBuilder::PageSize size)
{
    return QPageSize(size == ReportBuilder::PageSize::Letter ? QPageSize::Letter : QPageSize::A4);
}

// Page and content size in device units, as ReportLayout computes them.
QSizeF contentSize(ReportBuilder::PageSize size)
{
    const QSizeF inches = qPageSize(size).size(QPageSize::Inch);
    const double dpi = ReportBuilder::kDpi;
    return QSizeF(inches.width() * dpi - 1.2 * dpi, inches.height() * dpi - (1.65 * dpi));
}

// The charts that compare policies (one colour each) share one key above them: a legend per
// chart had room for eleven of thirteen policies. Its entries in columns, rows of this height.
constexpr int kKeyColumns = 4;
constexpr double kKeyRowHeight = 15.0;

double keyHeight(qsizetype entries)
{
    return entries <= 0 ? 0.0 : std::ceil(double(entries) / kKeyColumns) * kKeyRowHeight + 6.0;
}

// Each policy of runs once, in run order.
QStringList policiesOf(const std::vector<RunResult>& runs)
{
    QStringList policies;
    for (const RunResult& r : runs)
        if (!policies.contains(r.summary.policy))
            policies << r.summary.policy;
    return policies;
}

// A chart of the charts page, drawn without its legend (the key names its policies).
QChart* keyed(QChart* chart)
{
    chart->legend()->hide();
    return chart;
}

// Sizes of the chart slots on the pages (device units).
struct ChartSlots
{
    QSizeF half;  // workload histograms, side by side
    QSizeF wide;  // arrivals
    QSizeF chart; // the charts page, three stacked
};

// keyEntries: the policies the charts page's key names (its rows come off the three charts).
ChartSlots chartSlots(ReportBuilder::PageSize size, qsizetype keyEntries)
{
    const QSizeF c = contentSize(size);
    const double gap = 12.0;
    ChartSlots s;
    s.half = QSizeF(std::floor((c.width() - gap) / 2.0), 220.0);
    s.wide = QSizeF(std::floor(c.width()), 220.0);
    s.chart = QSizeF(std::floor(c.width()),
                     std::floor((c.height() - 80.0 - keyHeight(keyEntries)) / 3.0));
    return s;
}

QPicture picture(QChart* chart, const QSizeF& size)
{
    std::unique_ptr<QChart> owned(chart);
    QPicture pic;
    QPainter p(&pic);
    p.setRenderHint(QPainter::Antialiasing);
    ChartFactory::render(chart, p, QRectF(QPointF(0, 0), size));
    p.end();
    return pic;
}

void drawPicture(QPainter& p, const QPicture& pic, const QRectF& target)
{
    p.save();
    p.setClipRect(target);
    p.drawPicture(target.topLeft(), pic);
    p.restore();
}

QString seconds(double v)
{
    return QString::number(v, 'f', 1);
}

QString percentChange(double value, double base)
{
    if (base == 0.0)
        return value == 0.0 ? QStringLiteral("0.0%") : QStringLiteral("n/a");
    const double pct = (value - base) / std::abs(base) * 100.0;
    return (pct > 0 ? QStringLiteral("+") : QString()) + QString::number(pct, 'f', 1) +
           QStringLiteral("%");
}

QString contentionName(Contention c)
{
    return c == Contention::Fair ? QStringLiteral("fair") : QStringLiteral("none");
}

QString humanDuration(double s)
{
    if (s >= 2 * 86400.0)
        return QStringLiteral("%1 days").arg(s / 86400.0, 0, 'f', 1);
    if (s >= 2 * 3600.0)
        return QStringLiteral("%1 h").arg(s / 3600.0, 0, 'f', 1);
    if (s >= 120.0)
        return QStringLiteral("%1 min").arg(s / 60.0, 0, 'f', 1);
    return QStringLiteral("%1 s").arg(s, 0, 'f', 1);
}

int baselineIndex(const ReportBuilder::Input& in, const ReportBuilder::Options& o)
{
    if (o.baseline.isEmpty())
        return 0;
    for (std::size_t i = 0; i < in.runs.size(); ++i)
        if (in.runs[i].summary.policy == o.baseline)
            return int(i);
    return -1;
}

// The metrics of the comparison table: header, value text, raw value for the change column.
struct Metric
{
    QString header;
    QString (*text)(const RunSummary&);
    double (*value)(const RunSummary&);
};

const std::vector<Metric>& metrics()
{
    static const std::vector<Metric> m = {
        {tr("avg JCT s"), [](const RunSummary& s) { return seconds(s.avgJctS); },
         [](const RunSummary& s) { return s.avgJctS; }},
        {tr("p50 JCT s"), [](const RunSummary& s) { return seconds(s.p50JctS); },
         [](const RunSummary& s) { return s.p50JctS; }},
        {tr("p99 JCT s"), [](const RunSummary& s) { return seconds(s.p99JctS); },
         [](const RunSummary& s) { return s.p99JctS; }},
        {tr("makespan s"), [](const RunSummary& s) { return seconds(s.makespanS); },
         [](const RunSummary& s) { return s.makespanS; }},
        {tr("queue delay s"), [](const RunSummary& s) { return seconds(s.avgQueueDelayS); },
         [](const RunSummary& s) { return s.avgQueueDelayS; }},
        {tr("GPU util."),
         [](const RunSummary& s) { return QString::number(s.gpuUtilization, 'f', 3); },
         [](const RunSummary& s) { return s.gpuUtilization; }},
        {tr("cross-server GB"),
         [](const RunSummary& s) { return QString::number(s.crossServerBytes / 1e9, 'f', 2); },
         [](const RunSummary& s) { return s.crossServerBytes; }},
        {tr("preempt."), [](const RunSummary& s) { return QString::number(s.preemptions); },
         [](const RunSummary& s) { return double(s.preemptions); }},
        {tr("idle-wait GPU s"), [](const RunSummary& s) { return seconds(s.idleWhileWaitingGpuS); },
         [](const RunSummary& s) { return s.idleWhileWaitingGpuS; }},
        {tr("pred. MAE"),
         [](const RunSummary& s) { return QString::number(s.predictionMae, 'f', 1); },
         [](const RunSummary& s) { return s.predictionMae; }},
        {tr("pred. MAPE"),
         [](const RunSummary& s) { return QString::number(s.predictionMape, 'f', 3); },
         [](const RunSummary& s) { return s.predictionMape; }},
        {tr("pred. R2"),
         [](const RunSummary& s) { return QString::number(s.predictionR2, 'f', 3); },
         [](const RunSummary& s) { return s.predictionR2; }},
    };
    return m;
}

// Writes the sections; one instance per report.
class Writer
{
public:
    Writer(const ReportBuilder::Input& in, const ReportBuilder::Charts& charts,
           const ReportBuilder::Options& o, QPdfWriter& pdf, QPainter& painter, Feedback* fb)
        : m_in(in), m_charts(charts), m_opt(o), m_pdf(pdf), m_painter(painter),
          m_layout(
              pdf, painter,
              tr("Gantry schedule report \u2014 %1")
                  .arg(in.scenario.name.isEmpty() ? tr("unnamed scenario") : in.scenario.name)),
          m_feedback(fb), m_baseline(baselineIndex(in, o))
    {}

    Status run()
    {
        m_layout.begin();
        const std::vector<std::pair<double, void (Writer::*)()>> steps = {
            {0.02, &Writer::cover},      {0.05, &Writer::cluster}, {0.10, &Writer::workload},
            {0.14, &Writer::comparison}, {0.20, &Writer::charts},
        };
        for (const auto& [fraction, section] : steps) {
            if (cancelled())
                return Error::cancelled();
            (this->*section)();
            progress(fraction, tr("writing the report"));
        }
        if (m_opt.sensitivity && m_in.sensitivity)
            sensitivity();
        const double perPolicy = 0.30 / std::max<std::size_t>(1, m_in.runs.size());
        for (std::size_t i = 0; i < m_in.runs.size(); ++i) {
            if (cancelled())
                return Error::cancelled();
            policyPage(i);
            progress(0.20 + perPolicy * double(i + 1),
                     tr("Gantt chart of %1").arg(m_in.runs[i].summary.policy));
        }
        if (!appendix())
            return Error::cancelled();
        progress(0.98, tr("method notes"));
        notes();
        return {};
    }

    int pages() const { return m_layout.pages(); }

private:
    bool cancelled() const { return m_feedback && m_feedback->cancelled(); }
    void progress(double f, const QString& step)
    {
        if (m_feedback)
            m_feedback->progress(f, step);
    }

    const RunResult* winner() const
    {
        const RunResult* best = nullptr;
        for (const RunResult& r : m_in.runs)
            if (!best || r.summary.avgJctS < best->summary.avgJctS)
                best = &r;
        return best;
    }

    QString summaryParagraph() const
    {
        const RunResult* best = winner();
        const RunResult& base = m_in.runs[std::size_t(m_baseline)];
        if (!best)
            return {};
        const RunSummary& w = best->summary;
        const RunSummary& b = base.summary;
        if (m_in.runs.size() == 1)
            return tr("One policy was run: %1 finished %2 jobs with an average JCT of %3 s "
                      "(%4), a p99 JCT of %5 s and a makespan of %6 s.")
                .arg(w.policy)
                .arg(w.jobs)
                .arg(seconds(w.avgJctS), humanDuration(w.avgJctS), seconds(w.p99JctS),
                     seconds(w.makespanS));
        if (best == &base) {
            // The baseline wins: say by how much it beats the next best policy.
            const RunResult* second = nullptr;
            for (const RunResult& r : m_in.runs)
                if (&r != best && (!second || r.summary.avgJctS < second->summary.avgJctS))
                    second = &r;
            return tr("Of %1 policies, the baseline %2 gives the lowest average JCT, %3 s (%4). "
                      "The next best, %5, averages %6 s, %7 against the baseline. %2's p99 JCT "
                      "is %8 s and its makespan %9 s.")
                .arg(m_in.runs.size())
                .arg(w.policy, seconds(w.avgJctS), humanDuration(w.avgJctS), second->summary.policy,
                     seconds(second->summary.avgJctS),
                     percentChange(second->summary.avgJctS, w.avgJctS), seconds(w.p99JctS),
                     seconds(w.makespanS));
        }
        const double reduction =
            b.avgJctS > 0.0 ? (b.avgJctS - w.avgJctS) / b.avgJctS * 100.0 : 0.0;
        return tr("Of %1 policies, %2 gives the lowest average JCT: %3 s (%4), %5% lower than "
                  "the baseline %6 (%7 s). Its p99 JCT is %8 s (%6: %9 s) and its makespan %10 s "
                  "(%6: %11 s).")
            .arg(m_in.runs.size())
            .arg(w.policy, seconds(w.avgJctS), humanDuration(w.avgJctS),
                 QString::number(reduction, 'f', 1), b.policy, seconds(b.avgJctS),
                 seconds(w.p99JctS), seconds(b.p99JctS))
            .arg(seconds(w.makespanS), seconds(b.makespanS));
    }

    void cover()
    {
        const Scenario& s = m_in.scenario;
        m_layout.skip(60.0);
        m_layout.paragraph(tr("Gantry schedule report"), 24.0, true);
        m_layout.paragraph(s.name.isEmpty() ? tr("unnamed scenario") : s.name, 16.0);
        m_layout.skip(20.0);
        const QDateTime date = m_opt.date.isValid() ? m_opt.date : QDateTime::currentDateTime();
        const RunConfig& c = m_in.runs.front().config;
        QStringList policies;
        for (const RunResult& r : m_in.runs)
            policies << r.summary.policy;
        const Contention contention = c.contention.value_or(s.options.contention);
        const double restart = c.restartOverheadS.value_or(s.options.restartOverheadS);
        m_layout.keyValues({
            {tr("Date"), date.toString(QStringLiteral("yyyy-MM-dd HH:mm"))},
            {tr("Gantry version"), QStringLiteral(GANTRY_VERSION)},
            {tr("Scenario"), tr("%1 jobs on %2 GPUs (%3 servers in %4 racks)")
                                 .arg(s.jobs.size())
                                 .arg(s.cluster.totalGpus())
                                 .arg(s.cluster.servers.size())
                                 .arg(s.cluster.racks.size())},
            {tr("Policies"), policies.join(QStringLiteral(", "))},
            {tr("Baseline"), m_in.runs[std::size_t(m_baseline)].summary.policy},
            {tr("Placement"), c.placement},
            {tr("Predictor"),
             c.predictor + (c.history.empty() ? QString()
                                              : tr(" (history of %1 jobs)").arg(c.history.size()))},
            {tr("Seed"), QString::number(c.seed)},
            {tr("Contention"), contentionName(contention)},
            {tr("Restart overhead"), tr("%1 s").arg(restart)},
            {tr("Mapping back end"), c.mappingBackend},
        });
        m_layout.skip(10.0);
        m_layout.heading(tr("Summary"), 2);
        m_layout.paragraph(summaryParagraph(), 10.0);
    }

    void cluster()
    {
        const Cluster& c = m_in.scenario.cluster;
        m_layout.newPage(tr("Cluster"));
        m_layout.heading(tr("Cluster"));
        m_layout.paragraph(tr("%1 GPUs, %2 GPU types, %3 servers, %4 racks.")
                               .arg(c.totalGpus())
                               .arg(c.gpuTypes.size())
                               .arg(c.servers.size())
                               .arg(c.racks.size()));
        // Racks.
        ReportLayout::Table racks;
        racks.header = {tr("rack"), tr("uplink Gb/s"), tr("servers"), tr("GPUs")};
        racks.widths = {3, 1.5, 1, 1};
        for (std::size_t r = 0; r < c.racks.size(); ++r) {
            int servers = 0, gpus = 0;
            for (const Server& sv : c.servers)
                if (sv.rack == int(r)) {
                    ++servers;
                    gpus += sv.gpus;
                }
            racks.rows.push_back({c.racks[r].name, QString::number(c.racks[r].uplinkGbps, 'g', 6),
                                  QString::number(servers), QString::number(gpus)});
        }
        m_layout.heading(tr("Racks"), 2);
        m_layout.table(racks);
        // GPU types.
        ReportLayout::Table types;
        types.header = {tr("GPU type"), tr("TFLOPS"), tr("memory GB"), tr("speed"), tr("GPUs")};
        types.widths = {3, 1, 1, 1, 1};
        for (std::size_t t = 0; t < c.gpuTypes.size(); ++t) {
            int gpus = 0;
            for (const Server& sv : c.servers)
                if (sv.gpuType == int(t))
                    gpus += sv.gpus;
            const GpuType& g = c.gpuTypes[t];
            types.rows.push_back({g.name, QString::number(g.tflops, 'g', 6),
                                  QString::number(g.memoryGb, 'g', 6),
                                  QString::number(g.speed, 'g', 4), QString::number(gpus)});
        }
        m_layout.heading(tr("GPU types"), 2);
        m_layout.table(types);
        // Servers: consecutive identical servers of a rack share a row.
        ReportLayout::Table servers;
        servers.header = {tr("servers"),    tr("rack"),     tr("GPU type"), tr("GPUs each"),
                          tr("intra GB/s"), tr("NIC Gb/s"), tr("count")};
        servers.widths = {3, 1.4, 1.6, 1, 1, 1, 0.8};
        servers.continued = tr("Servers (continued)");
        for (std::size_t i = 0; i < c.servers.size();) {
            const Server& a = c.servers[i];
            std::size_t j = i + 1;
            while (j < c.servers.size() && c.servers[j].rack == a.rack &&
                   c.servers[j].gpuType == a.gpuType && c.servers[j].gpus == a.gpus &&
                   c.servers[j].intraGBps == a.intraGBps && c.servers[j].nicGbps == a.nicGbps)
                ++j;
            const QString names =
                j - i == 1 ? a.name
                           : QStringLiteral("%1 \u2026 %2").arg(a.name, c.servers[j - 1].name);
            servers.rows.push_back({names, c.racks[std::size_t(a.rack)].name,
                                    c.gpuTypes[std::size_t(a.gpuType)].name,
                                    QString::number(a.gpus), QString::number(a.intraGBps, 'g', 6),
                                    QString::number(a.nicGbps, 'g', 6), QString::number(j - i)});
            i = j;
        }
        m_layout.heading(tr("Servers"), 2);
        m_layout.table(servers);
        m_layout.heading(tr("Drawing"), 2);
        drawCluster();
    }

    static QColor typeColour(int t)
    {
        static const QColor colours[] = {QColor(0x3b, 0x7d, 0xd8), QColor(0x6a, 0xb0, 0x4c),
                                         QColor(0xe0, 0x8a, 0x1e), QColor(0x8e, 0x5c, 0xc9),
                                         QColor(0xc9, 0x4c, 0x4c), QColor(0x2a, 0x9d, 0x8f)};
        return colours[std::size_t(t) % std::size(colours)];
    }

    // Racks as rows of server boxes, each server a grid of GPU cells (rows of at most 8)
    // coloured by GPU type. Returns the height used; draws only with a painter.
    double clusterFigure(QPainter* p, const QPointF& origin, double cell) const
    {
        const Cluster& c = m_in.scenario.cluster;
        const double width = m_layout.content().width();
        const double labelW = 70.0;
        const bool names = cell >= 8.0;
        const double nameH = names ? 10.0 : 0.0;
        double y = origin.y() + 4.0;
        for (std::size_t r = 0; r < c.racks.size(); ++r) {
            double x = 0.0, rowH = 0.0;
            const double top = y;
            bool any = false;
            for (const Server& sv : c.servers) {
                if (sv.rack != int(r))
                    continue;
                any = true;
                const int cols = std::min(8, std::max(1, sv.gpus));
                const int rows = std::max(1, (sv.gpus + cols - 1) / cols);
                const double w = cols * cell + 4.0, h = rows * cell + 4.0;
                if (x + w > width - labelW - 8.0 && x > 0.0) {
                    y += rowH + 4.0;
                    x = 0.0;
                    rowH = 0.0;
                }
                if (p) {
                    const QRectF box(origin.x() + labelW + x, y, w, h);
                    p->setPen(QPen(QColor(0x60, 0x60, 0x60), 0.6));
                    p->setBrush(QColor(0xfa, 0xfa, 0xfa));
                    p->drawRect(box);
                    p->setPen(QPen(Qt::white, std::min(0.8, cell * 0.08)));
                    p->setBrush(typeColour(sv.gpuType));
                    for (int k = 0; k < sv.gpus; ++k)
                        p->drawRect(QRectF(box.left() + 2.0 + (k % cols) * cell,
                                           box.top() + 2.0 + (k / cols) * cell, cell, cell));
                    if (names) {
                        p->setPen(QColor(0x40, 0x40, 0x40));
                        p->drawText(
                            QRectF(box.left() - 2.0, box.bottom() + 1.0, w + 4.0, nameH),
                            Qt::AlignHCenter | Qt::AlignTop,
                            QFontMetricsF(p->font()).elidedText(sv.name, Qt::ElideMiddle, w + 4.0));
                    }
                }
                x += w + 4.0;
                rowH = std::max(rowH, h + nameH);
            }
            if (!any)
                continue;
            if (p) {
                const QRectF rackBox(origin.x(), top - 3.0, width, y + rowH - top + 6.0);
                p->setPen(QPen(QColor(0x90, 0x90, 0x90), 0.8, Qt::DashLine));
                p->setBrush(Qt::NoBrush);
                p->drawRect(rackBox);
                p->setPen(QColor(0x20, 0x20, 0x20));
                p->drawText(QRectF(origin.x() + 4.0, top, labelW - 8.0, 30.0),
                            Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                            tr("rack %1").arg(c.racks[r].name));
            }
            y += rowH + 12.0;
        }
        return y - origin.y();
    }

    void drawCluster()
    {
        const Cluster& c = m_in.scenario.cluster;
        const double legendH = 18.0;
        // The largest cells that fit what is left of the page, else a page of its own.
        auto fit = [&](double room) {
            double cell = 24.0;
            while (cell > 1.0 && clusterFigure(nullptr, QPointF(), cell) > room)
                cell -= 0.5;
            return cell;
        };
        double cell = fit(m_layout.remaining() - legendH);
        if (cell < 4.0 && m_layout.remaining() < m_layout.content().height() * 0.6) {
            m_layout.newPage();
            cell = fit(m_layout.remaining() - legendH);
        }
        const double h = clusterFigure(nullptr, QPointF(), cell);
        const QRectF area = m_layout.block(std::min(h, m_layout.remaining() - legendH) + legendH);
        QPainter& p = m_painter;
        p.save();
        p.setClipRect(area.adjusted(-2, -2, 2, 2));
        p.setFont(ReportLayout::font(6.5));
        clusterFigure(&p, area.topLeft(), cell);
        // Legend: one swatch per GPU type.
        double lx = area.left();
        const double ly = area.bottom() - legendH + 5.0;
        for (std::size_t t = 0; t < c.gpuTypes.size(); ++t) {
            p.setPen(Qt::NoPen);
            p.setBrush(typeColour(int(t)));
            p.drawRect(QRectF(lx, ly, 9.0, 9.0));
            p.setPen(QColor(0x20, 0x20, 0x20));
            const QString label = c.gpuTypes[t].name;
            p.drawText(QPointF(lx + 12.0, ly + 8.0), label);
            lx += 24.0 + p.fontMetrics().horizontalAdvance(label);
        }
        p.restore();
    }

    void workload()
    {
        const Scenario& s = m_in.scenario;
        m_layout.newPage(tr("Workload"));
        m_layout.heading(tr("Workload"));
        int duration = 0, model = 0, graph = 0;
        long long gpus = 0;
        double first = 0.0, last = 0.0;
        QMap<QString, std::pair<int, long long>> models;
        for (std::size_t i = 0; i < s.jobs.size(); ++i) {
            const Job& j = s.jobs[i];
            gpus += j.gpuCount();
            first = i == 0 ? j.arrivalS : std::min(first, j.arrivalS);
            last = i == 0 ? j.arrivalS : std::max(last, j.arrivalS);
            switch (j.kind) {
            case JobKind::Duration:
                ++duration;
                break;
            case JobKind::Model:
                ++model;
                ++models[j.model].first;
                models[j.model].second += j.gpuCount();
                break;
            case JobKind::Graph:
                ++graph;
                break;
            }
        }
        m_layout.keyValues({
            {tr("Jobs"), tr("%1 (%2 duration, %3 model, %4 graph jobs)")
                             .arg(s.jobs.size())
                             .arg(duration)
                             .arg(model)
                             .arg(graph)},
            {tr("GPUs requested"),
             tr("%1 in all, %2 per job on average")
                 .arg(gpus)
                 .arg(s.jobs.empty() ? 0.0 : double(gpus) / double(s.jobs.size()), 0, 'f', 2)},
            {tr("Arrivals"), tr("from %1 s to %2 s (%3)")
                                 .arg(seconds(first), seconds(last), humanDuration(last - first))},
        });
        const ChartSlots sizes = chartSlots(m_opt.pageSize, 0);
        const QRectF row = m_layout.block(sizes.half.height());
        drawPicture(m_painter, m_charts.gpusPerJob, QRectF(row.topLeft(), sizes.half));
        drawPicture(m_painter, m_charts.durations,
                    QRectF(QPointF(row.right() - sizes.half.width(), row.top()), sizes.half));
        m_layout.skip(8.0);
        drawPicture(m_painter, m_charts.arrivals,
                    QRectF(m_layout.block(sizes.wide.height()).topLeft(), sizes.wide));
        m_layout.skip(8.0);
        m_layout.heading(tr("Models used"), 2);
        if (models.isEmpty()) {
            m_layout.paragraph(tr("No job names a model: every job is a duration or graph job."));
            return;
        }
        ReportLayout::Table t;
        t.header = {tr("model"), tr("jobs"), tr("GPUs in all")};
        t.widths = {3, 1, 1};
        t.continued = tr("Models used (continued)");
        for (auto it = models.cbegin(); it != models.cend(); ++it)
            t.rows.push_back(
                {it.key(), QString::number(it.value().first), QString::number(it.value().second)});
        m_layout.table(t);
        modelJobs();
    }

    // Per model job and GPU type of the cluster: the time of one iteration and its parts
    // (IterationBreakdown, as the property panel shows it) and the memory per GPU.
    void modelJobs()
    {
        const Scenario& s = m_in.scenario;
        std::vector<std::pair<const Job*, IterationBreakdown>> jobs;
        for (const Job& j : s.jobs)
            if (auto b = IterationBreakdown::of(s.cluster, j))
                jobs.emplace_back(&j, std::move(*b));
        if (jobs.empty())
            return;
        m_layout.skip(8.0);
        m_layout.heading(tr("Model jobs: time per iteration"), 2);
        m_layout.paragraph(
            tr("Each model job alone on GPUs of each type of the cluster, its groups laid out on "
               "that type's largest server as a consolidating placement would: seconds per "
               "iteration and their parts (compute: forward, backward and optimizer; recompute: "
               "forward work done again; bubble: pipeline fill and drain; data, tensor, "
               "pipeline, context and expert: communication of each kind that compute does not "
               "hide). Memory is per GPU (weights + gradients + optimizer + activations) against "
               "the type's memory; \"no\" marks a type the job does not fit."),
            8.0);
        ReportLayout::Table t;
        t.header = {tr("job"), tr("GPU type"), tr("iteration s")};
        t.widths = {2.4, 1.1, 0.85};
        for (int i = 0; i < IterationBreakdown::kParts; ++i) {
            // "recompute" is wider than its column's numbers: abbreviated.
            t.header << (i == 1 ? tr("recomp.") : IterationBreakdown::partName(i));
            t.widths.push_back(0.85);
        }
        t.header << tr("mem. GB") << tr("GPU GB") << tr("fits");
        t.widths.insert(t.widths.end(), {0.8, 0.65, 0.5});
        t.fontPt = 6.0; // fourteen columns
        t.continued = tr("Model jobs: time per iteration (continued)");
        for (const auto& [job, b] : jobs)
            for (const IterationBreakdown::OnType& on : b.types()) {
                QStringList row{job->id, on.name, IterationBreakdown::number(on.time.iterationS)};
                for (int i = 0; i < IterationBreakdown::kParts; ++i)
                    row << IterationBreakdown::number(IterationBreakdown::part(on.time, i));
                row << QString::number(b.memoryGb(), 'f', 1) << QString::number(on.memoryGb, 'g', 4)
                    << (on.fits ? tr("yes") : tr("no"));
                t.rows.push_back(std::move(row));
            }
        m_layout.table(t);
        ReportLayout::Table memory;
        memory.header = {tr("job"), tr("model")};
        memory.widths = {2.4, 1.6};
        for (int i = 0; i < IterationBreakdown::kMemoryParts; ++i) {
            memory.header << tr("%1 GB").arg(IterationBreakdown::memoryPartName(i));
            memory.widths.push_back(1.0);
        }
        memory.header << tr("per GPU GB") << tr("does not fit");
        memory.widths.insert(memory.widths.end(), {1.0, 2.0});
        memory.fontPt = 6.5;
        memory.continued = tr("Model jobs: memory per GPU (continued)");
        for (const auto& [job, b] : jobs) {
            QStringList row{job->id, job->model};
            for (int i = 0; i < IterationBreakdown::kMemoryParts; ++i)
                row << QString::number(IterationBreakdown::memoryPart(b.cost(), i), 'f', 2);
            row << QString::number(b.memoryGb(), 'f', 2);
            QStringList no;
            for (const IterationBreakdown::OnType& on : b.types())
                if (!on.fits)
                    no << QStringLiteral("%1 (%2 GB)").arg(on.name).arg(on.memoryGb, 0, 'g', 4);
            row << (no.isEmpty() ? QStringLiteral("-") : no.join(QStringLiteral(", ")));
            memory.rows.push_back(std::move(row));
        }
        m_layout.heading(tr("Model jobs: memory per GPU"), 2);
        m_layout.table(memory);
    }

    void comparison()
    {
        m_layout.newPage(tr("Comparison"));
        m_layout.heading(tr("Comparison"));
        const RunSummary& base = m_in.runs[std::size_t(m_baseline)].summary;
        m_layout.paragraph(
            tr("One row per policy; JCT = finish - arrival, queue delay = first start - arrival, "
               "GPU utilisation = GPU-seconds of running jobs / (GPUs x makespan). Prediction "
               "error compares the predicted with the true iterations at arrival (MAPE as a "
               "fraction). The second table gives the change against the baseline %1 in percent "
               "(negative is lower).")
                .arg(base.policy),
            8.5);
        ReportLayout::Table values;
        values.header = {tr("policy")};
        values.widths = {1.7};
        for (const Metric& m : metrics()) {
            values.header << m.header;
            // Bytes run to many digits.
            values.widths.push_back(m.header == tr("cross-server GB") ? 1.45 : 1.0);
        }
        values.fontPt = 7.0;
        ReportLayout::Table change = values;
        change.header[0] = tr("change vs %1").arg(base.policy);
        for (const RunResult& r : m_in.runs) {
            QStringList row{r.summary.policy}, delta{r.summary.policy};
            for (const Metric& m : metrics()) {
                row << m.text(r.summary);
                delta << (&r == &m_in.runs[std::size_t(m_baseline)]
                              ? tr("baseline")
                              : percentChange(m.value(r.summary), m.value(base)));
            }
            values.rows.push_back(row);
            change.rows.push_back(delta);
        }
        m_layout.heading(tr("Metrics"), 2);
        m_layout.table(values);
        m_layout.heading(tr("Change against the baseline"), 2);
        m_layout.table(change);
        m_layout.paragraph(
            tr("Jobs finished per run: %1. Events processed: %2.")
                .arg([&] {
                    QStringList l;
                    for (const RunResult& r : m_in.runs)
                        l << QStringLiteral("%1 %2").arg(r.summary.policy).arg(r.summary.jobs);
                    return l.join(QStringLiteral(", "));
                }())
                .arg([&] {
                    QStringList l;
                    for (const RunResult& r : m_in.runs)
                        l << QStringLiteral("%1 %2").arg(r.summary.policy).arg(r.summary.events);
                    return l.join(QStringLiteral(", "));
                }()),
            8.0);
    }

    // The key of the charts below: a square in each policy's colour and its name, in columns.
    void policyKey(const QStringList& policies)
    {
        const QRectF area = m_layout.block(keyHeight(policies.size()));
        QPainter& p = m_painter;
        p.save();
        p.setFont(ReportLayout::font(8.0));
        const QFontMetricsF fm(p.font(), p.device());
        const double column = area.width() / kKeyColumns;
        for (qsizetype i = 0; i < policies.size(); ++i) {
            const double x = area.left() + double(i % kKeyColumns) * column;
            const double y = area.top() + double(i / kKeyColumns) * kKeyRowHeight;
            p.setPen(Qt::NoPen);
            p.setBrush(PolicyColours::of(policies[i]));
            p.drawRect(QRectF(x, y + (kKeyRowHeight - 9.0) / 2.0, 9.0, 9.0));
            p.setPen(QColor(0x20, 0x20, 0x20));
            const QRectF label(x + 13.0, y, column - 17.0, kKeyRowHeight);
            p.drawText(label, Qt::AlignLeft | Qt::AlignVCenter,
                       fm.elidedText(policies[i], Qt::ElideMiddle, label.width()));
        }
        p.restore();
    }

    void charts()
    {
        m_layout.newPage(tr("Charts"));
        m_layout.heading(tr("Charts"));
        const QStringList policies = policiesOf(m_in.runs);
        const ChartSlots sizes = chartSlots(m_opt.pageSize, policies.size());
        policyKey(policies);
        for (const QPicture* pic :
             {&m_charts.jctCdf, &m_charts.utilisation, &m_charts.policyBars}) {
            const QRectF r = m_layout.block(sizes.chart.height());
            drawPicture(m_painter, *pic, QRectF(r.topLeft(), sizes.chart));
            m_layout.skip(6.0);
        }
    }

    void sensitivity()
    {
        const PredictionSensitivity::Outcome& o = *m_in.sensitivity;
        m_layout.newPage(tr("Prediction sensitivity"));
        m_layout.heading(tr("Prediction sensitivity"));
        m_layout.paragraph(
            tr("How each policy's total and p99 JCT change as the job-size predictions get "
               "worse. Every policy ran with the noisy:S predictor, the true size times a "
               "log-normal error exp(S x N(0,1)), for S = 0 (exact, the oracle) to %1, with "
               "placement %2; each point is the mean over %3 seeds (runs seeded 1 to %3). "
               "Policies whose lines stay flat do not use predictions; a steep line says the "
               "policy needs a good predictor.")
                .arg(o.sigmas.empty() ? 0.0 : o.sigmas.back())
                .arg(o.placement)
                .arg(o.seeds),
            8.5);
        const ChartSlots sizes = chartSlots(m_opt.pageSize, policiesOf(m_in.runs).size());
        policyKey(o.policies);
        for (const QPicture* pic : {&m_charts.sensitivityTotal, &m_charts.sensitivityP99}) {
            const QRectF r = m_layout.block(sizes.chart.height());
            drawPicture(m_painter, *pic, QRectF(r.topLeft(), sizes.chart));
            m_layout.skip(6.0);
        }
        ReportLayout::Table t;
        t.header = {tr("policy")};
        t.widths = {1.6};
        for (const double sigma : o.sigmas) {
            t.header << tr("S = %1").arg(sigma);
            t.widths.push_back(1.6);
        }
        for (const QString& policy : o.policies) {
            QStringList row{policy};
            for (const double sigma : o.sigmas) {
                const PredictionSensitivity::Point* p = o.find(policy, sigma);
                row << (p ? QStringLiteral("%1 / %2").arg(humanDuration(p->totalJctS),
                                                          humanDuration(p->p99JctS))
                          : QStringLiteral("-"));
            }
            t.rows.push_back(std::move(row));
        }
        t.continued = tr("Prediction sensitivity (continued)");
        m_layout.paragraph(tr("Mean total JCT / mean p99 JCT per policy and S."), 8.0, true);
        m_layout.table(t);
    }

    void policyPage(std::size_t i)
    {
        const RunResult& r = m_in.runs[i];
        const Schedule& schedule = m_in.schedules[i];
        const QString policy = r.summary.policy;
        m_layout.newPage(tr("Policy %1").arg(policy));
        m_layout.heading(tr("Policy %1").arg(policy));
        const GanttPainter gantt(m_in.scenario, schedule);
        const bool vm = gantt.hasVirtualMachine();
        m_layout.paragraph(
            tr("Gantt chart over the whole run (0 to %1 s): one lane per GPU, grouped by rack and "
               "server, one bar per job segment; where bars are thinner than the print they are "
               "aggregated into occupancy columns.%2")
                .arg(seconds(gantt.endS()))
                .arg(vm ? tr(" The band under the lanes is A-SRPT's virtual single machine: the "
                             "preemptive SRPT timeline whose completions release jobs to the "
                             "cluster.")
                        : QString()),
            8.5);
        const double heatH = std::min(300.0, m_layout.content().width() * 0.45);
        const double ganttH = std::max(200.0, m_layout.remaining() - heatH - 60.0);
        const QRectF ganttArea = m_layout.block(ganttH);
        GanttPainter::Options o;
        o.fromS = 0.0;
        o.toS = gantt.endS();
        o.showVirtualMachine = true;
        o.labels = true;
        m_painter.save();
        m_painter.setClipRect(ganttArea);
        gantt.paint(m_painter, ganttArea, o);
        m_painter.restore();
        const GanttPainter::Stats stats = gantt.lastStats();
        m_layout.paragraph(tr("%1 lanes, %2 segments (%3 drawn as bars, %4 pieces aggregated), "
                              "%5 virtual-machine slices.")
                               .arg(gantt.laneCount())
                               .arg(schedule.segments.size())
                               .arg(stats.bars)
                               .arg(stats.aggregated)
                               .arg(schedule.virtualSlices.size()),
                           7.5);
        m_layout.heading(tr("Communication between servers"), 2);
        const TrafficMatrix m =
            TrafficMatrix::byServer(m_in.scenario, schedule, 0.0, std::max(gantt.endS(), 1e-9));
        if (m.max() <= 0.0) {
            m_layout.paragraph(tr("No traffic between GPUs: the jobs of this scenario carry no "
                                  "communication (duration jobs) or ran on single GPUs."),
                               8.5);
            return;
        }
        m_layout.paragraph(
            tr("Bytes exchanged between servers over the whole run (diagonal: inside a server), "
               "logarithmic colour scale; %1 GB in all, of which %2 GB across servers.")
                .arg(m.total() / 1e9, 0, 'f', 3)
                .arg(r.summary.crossServerBytes / 1e9, 0, 'f', 3),
            8.0);
        const QRectF area = m_layout.block(std::min(heatH, m_layout.remaining()));
        const QRectF heat(area.left(), area.top(), std::min(area.width(), area.height() * 1.5),
                          area.height());
        HeatmapPainter painter(m);
        m_painter.save();
        m_painter.setClipRect(heat);
        painter.paint(m_painter, heat);
        m_painter.restore();
    }

    bool appendix()
    {
        m_layout.newPage(tr("Appendix: jobs"));
        m_layout.heading(tr("Appendix: per-job results"));
        const std::size_t policies = m_in.runs.size();
        const bool withQueue = policies <= 4;
        m_layout.paragraph(
            tr("One row per job in scenario order: arrival, GPUs, size (duration s or "
               "iterations), then for each policy the JCT%1 in seconds.")
                .arg(withQueue ? tr(" and the queue delay") : QString()),
            8.5);
        ReportLayout::Table t;
        t.header = {tr("job id"), tr("arrival s"), tr("GPUs"), tr("size")};
        t.widths = {2.0, 1.2, 0.7, 1.1};
        for (const RunResult& r : m_in.runs) {
            t.header << tr("%1 JCT s").arg(r.summary.policy);
            t.widths.push_back(1.2);
            if (withQueue) {
                t.header << tr("%1 queue s").arg(r.summary.policy);
                t.widths.push_back(1.2);
            }
        }
        t.fontPt = 6.5;
        t.continued = tr("Appendix: per-job results (continued)");
        const Scenario& s = m_in.scenario;
        t.rows.reserve(s.jobs.size());
        for (std::size_t j = 0; j < s.jobs.size(); ++j) {
            QStringList row{s.jobs[j].id, seconds(s.jobs[j].arrivalS),
                            QString::number(s.jobs[j].gpuCount()),
                            QString::number(s.jobs[j].trueIterations(), 'g', 6)};
            for (const RunResult& r : m_in.runs) {
                const bool has = j < r.jobs.size();
                row << (has ? seconds(r.jobs[j].jctS) : QStringLiteral("-"));
                if (withQueue)
                    row << (has ? seconds(r.jobs[j].queueDelayS) : QStringLiteral("-"));
            }
            t.rows.push_back(std::move(row));
        }
        if (cancelled())
            return false;
        return m_layout.table(t, m_feedback, 0.5, 0.97);
    }

    void notes()
    {
        m_layout.newPage(tr("Method notes"));
        m_layout.heading(tr("Method notes"));
        const QStringList paragraphs = {
            tr("Simulation. Gantry is a discrete-event simulator with integer microsecond time. "
               "Events at one instant are applied first (completions, then arrivals in file "
               "order) and the policy decides once for that instant. Runs are deterministic: the "
               "same scenario, policy and seed give the same events on every machine."),
            tr("Cost model. A job is gang scheduled on as many GPUs as it has workers and makes "
               "progress at a rate set by its mapping. The time of one iteration is the slowest "
               "worker's compute time on its GPU type (reference time divided by the GPU's "
               "speed) plus its communication time: every edge of the job graph sends its bytes "
               "per iteration over the intra-server fabric when both workers share a server, "
               "over the smaller NIC across servers and also over the rack uplinks across racks. "
               "Compute and communication do not overlap. With contention 'fair', NICs and "
               "uplinks are shared max-min fairly among the running jobs that use them; with "
               "'none' every edge gets its link's full bandwidth. A duration job runs its "
               "duration in seconds on GPUs of speed 1.0 and has no communication."),
            tr("Preemption. Preemptive policies keep a job's progress when they stop it; the "
               "restart overhead is added to its remaining time on resume."),
            tr("A-SRPT. The policy builds a virtual single machine on which every job's work is "
               "its GPUs times its predicted processing time divided by the cluster's GPUs, and "
               "runs preemptive SRPT there. A job is released to the real cluster when it "
               "completes on the virtual machine and starts, in release order, as soon as the "
               "placement finds it a mapping; real jobs are not preempted. The band under the "
               "Gantt lanes shows the virtual machine's timeline."),
            tr("Prediction. Policies that need job sizes use the predictor's iterations at "
               "arrival; the true iterations are known only to the simulator. MAE is the mean "
               "absolute error in iterations, MAPE the mean absolute error relative to the true "
               "iterations (as a fraction) and R2 the coefficient of determination."),
            tr("Units and metrics. Times are seconds from the scenario's time 0; bandwidths are "
               "GB/s inside a server and Gb/s for NICs and uplinks; traffic is in bytes (GB = "
               "1e9 bytes). JCT = finish - arrival; queue delay = first start - arrival; "
               "makespan = last finish - first arrival; GPU utilisation = GPU-seconds of running "
               "jobs / (GPUs x makespan); percentiles interpolate linearly between order "
               "statistics. Cross-server bytes count every byte a job's traffic sent between "
               "servers."),
            tr("Assumptions. GPUs are not shared between jobs; latency is ignored; a job's "
               "traffic is what its graph (or its model and parallelism) says per iteration. The "
               "figures describe the simulated cluster, not measurements of a real one."),
        };
        for (const QString& p : paragraphs)
            m_layout.paragraph(p, 9.0);
    }

    const ReportBuilder::Input& m_in;
    const ReportBuilder::Charts& m_charts;
    const ReportBuilder::Options& m_opt;
    QPdfWriter& m_pdf;
    QPainter& m_painter;
    ReportLayout m_layout;
    Feedback* m_feedback;
    int m_baseline;
};

} // namespace

Result<ReportBuilder::Input> ReportBuilder::run(const Scenario& scenario, const RunConfig& base,
                                                const QStringList& policies, Feedback* feedback)
{
    Input in;
    in.scenario = scenario;
    if (policies.isEmpty())
        return Error::invalid(QStringLiteral("a report needs at least one policy"));
    QSet<QString> seen;
    std::vector<RunConfig> configs;
    for (int i = 0; i < policies.size(); ++i) {
        const QString p = policies[i].trimmed();
        if (p.isEmpty())
            return Error::invalid(QStringLiteral("policy %1 of the list is empty").arg(i + 1));
        if (seen.contains(p))
            return Error::invalid(QStringLiteral("policy \"%1\" is listed twice").arg(p));
        seen.insert(p);
        RunConfig c = base;
        c.policy = p;
        configs.push_back(std::move(c));
    }
    // Every policy in one batch on all cores; the progress names the policy running.
    BatchRunner::Options options;
    options.threads = BatchRunner::hardwareThreads();
    options.schedules = true;
    auto batch = BatchRunner::run(BatchRunner::items(in.scenario, configs), options, feedback);
    if (!batch)
        return batch.error();
    in.runs.reserve(batch.value().size());
    in.schedules.reserve(batch.value().size());
    for (BatchRun& r : batch.value()) {
        in.runs.push_back(std::move(r.result));
        in.schedules.push_back(std::move(*r.schedule));
    }
    return in;
}

Result<std::vector<Schedule>> ReportBuilder::schedules(const Scenario& scenario,
                                                       const std::vector<RunResult>& runs,
                                                       Feedback* feedback)
{
    std::vector<RunConfig> configs;
    configs.reserve(runs.size());
    for (const RunResult& r : runs)
        configs.push_back(r.config);
    BatchRunner::Options options;
    options.threads = BatchRunner::hardwareThreads();
    options.schedules = true;
    auto batch = BatchRunner::run(BatchRunner::items(scenario, configs), options, feedback);
    if (!batch)
        return batch.error();
    std::vector<Schedule> out;
    out.reserve(batch.value().size());
    for (BatchRun& r : batch.value())
        out.push_back(std::move(*r.schedule));
    return out;
}

Status ReportBuilder::check(const Input& input, const Options& options)
{
    if (input.runs.empty())
        return Error::invalid(QStringLiteral("a report needs at least one run"));
    if (input.schedules.size() != input.runs.size())
        return Error::invalid(QStringLiteral("a report needs one schedule per run (%1 runs, %2 "
                                             "schedules)")
                                  .arg(input.runs.size())
                                  .arg(input.schedules.size()));
    if (options.sensitivity && !input.sensitivity)
        return Error::invalid(
            QStringLiteral("the prediction sensitivity section needs its figures (none given)"));
    if (baselineIndex(input, options) < 0) {
        QStringList names;
        for (const RunResult& r : input.runs)
            names << r.summary.policy;
        return Error::invalid(QStringLiteral("baseline \"%1\" is not one of the policies (%2)")
                                  .arg(options.baseline, names.join(QStringLiteral(", "))));
    }
    return {};
}

ReportBuilder::Charts ReportBuilder::charts(const Input& input, PageSize pageSize)
{
    const ChartSlots s = chartSlots(pageSize, policiesOf(input.runs).size());
    Charts c;
    c.jctCdf = picture(keyed(ChartFactory::jctCdf(input.runs)), s.chart);
    c.utilisation =
        picture(keyed(ChartFactory::utilisationOverTime(input.runs, input.schedules)), s.chart);
    c.policyBars = picture(keyed(ChartFactory::policyBars(input.runs)), s.chart);
    c.gpusPerJob = picture(ChartFactory::gpusPerJobHistogram(input.scenario), s.half);
    c.durations = picture(ChartFactory::durationHistogram(input.scenario), s.half);
    c.arrivals = picture(ChartFactory::arrivalRate(input.scenario), s.wide);
    if (input.sensitivity) {
        c.sensitivityTotal =
            picture(keyed(ChartFactory::sensitivityTotalJct(*input.sensitivity)), s.chart);
        c.sensitivityP99 =
            picture(keyed(ChartFactory::sensitivityP99Jct(*input.sensitivity)), s.chart);
    }
    return c;
}

PredictionSensitivity::Request ReportBuilder::sensitivityRequest(const Input& input)
{
    PredictionSensitivity::Request r;
    r.scenarios = {input.scenario};
    r.policies.clear();
    for (const RunResult& run : input.runs)
        r.policies << run.summary.policy;
    r.sigmas = PredictionSensitivity::defaultSigmas();
    r.seeds.clear();
    for (int s = 1; s <= kSensitivitySeeds; ++s)
        r.seeds.push_back(std::uint64_t(s));
    if (!input.runs.empty())
        r.placement = input.runs.front().config.placement;
    return r;
}

Result<int> ReportBuilder::write(const Input& input, const Charts& charts, const Options& options,
                                 const QString& path, Feedback* feedback)
{
    if (Status s = check(input, options); !s)
        return s.error();
    return PdfFile::write(path, options.pageSize,
                          QStringLiteral("Gantry schedule report: %1").arg(input.scenario.name),
                          feedback, [&](QPdfWriter& pdf, QPainter& painter) -> Result<int> {
                              Writer writer(input, charts, options, pdf, painter, feedback);
                              if (const Status s = writer.run(); !s)
                                  return s.error();
                              return writer.pages();
                          });
}

Result<int> ReportBuilder::build(const Input& input, const Options& options, const QString& path,
                                 Feedback* feedback)
{
    if (Status s = check(input, options); !s)
        return s.error();
    return write(input, charts(input, options.pageSize), options, path, feedback);
}

QString ReportBuilder::pageSizeName(PageSize size)
{
    return size == PageSize::Letter ? QStringLiteral("Letter") : QStringLiteral("A4");
}

Result<ReportBuilder::PageSize> ReportBuilder::pageSizeFromName(const QString& name)
{
    if (name.compare(QLatin1String("a4"), Qt::CaseInsensitive) == 0)
        return PageSize::A4;
    if (name.compare(QLatin1String("letter"), Qt::CaseInsensitive) == 0)
        return PageSize::Letter;
    return Error::invalid(QStringLiteral("page size must be a4 or letter, got \"%1\"").arg(name));
}

} // namespace gantry::ui
