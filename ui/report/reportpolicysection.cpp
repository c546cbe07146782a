#include "report/reportpolicysection.h"

#include "gantt/ganttpainter.h"
#include "heatmap/heatmappainter.h"
#include "report/reportformat.h"
#include "report/reportlayout.h"
#include "sim/trafficmatrix.h"

#include <QPainter>

#include <algorithm>

namespace gantry::ui {

void ReportPolicySection::write(const ReportContext& report, std::size_t i)
{
    const RunResult& r = report.input.runs[i];
    const Schedule& schedule = report.input.schedules[i];
    const QString policy = r.summary.policy;
    report.layout.newPage(tr("Policy %1").arg(policy));
    report.layout.heading(tr("Policy %1").arg(policy));
    const GanttPainter gantt(report.input.scenario, schedule);
    const bool vm = gantt.hasVirtualMachine();
    report.layout.paragraph(
        tr("Gantt chart over the whole run (0 to %1 s): one lane per GPU, grouped by rack and "
           "server, one bar per job segment; where bars are thinner than the print they are "
           "aggregated into occupancy columns.%2")
            .arg(ReportFormat::seconds(gantt.endS()))
            .arg(vm ? tr(" The band under the lanes is A-SRPT's virtual single machine: the "
                         "preemptive SRPT timeline whose completions release jobs to the "
                         "cluster.")
                    : QString()),
        8.5);
    const double heatH = std::min(300.0, report.layout.content().width() * 0.45);
    const double ganttH = std::max(200.0, report.layout.remaining() - heatH - 60.0);
    const QRectF ganttArea = report.layout.block(ganttH);
    GanttPainter::Options o;
    o.fromS = 0.0;
    o.toS = gantt.endS();
    o.showVirtualMachine = true;
    o.labels = true;
    report.painter.save();
    report.painter.setClipRect(ganttArea);
    gantt.paint(report.painter, ganttArea, o);
    report.painter.restore();
    const GanttPainter::Stats stats = gantt.lastStats();
    report.layout.paragraph(tr("%1 lanes, %2 segments (%3 drawn as bars, %4 pieces aggregated), "
                               "%5 virtual-machine slices.")
                                .arg(gantt.laneCount())
                                .arg(schedule.segments.size())
                                .arg(stats.bars)
                                .arg(stats.aggregated)
                                .arg(schedule.virtualSlices.size()),
                            7.5);
    report.layout.heading(tr("Communication between servers"), 2);
    const TrafficMatrix m =
        TrafficMatrix::byServer(report.input.scenario, schedule, 0.0, std::max(gantt.endS(), 1e-9));
    if (m.max() <= 0.0) {
        report.layout.paragraph(tr("No traffic between GPUs: the jobs of this scenario carry no "
                                   "communication (duration jobs) or ran on single GPUs."),
                                8.5);
        return;
    }
    report.layout.paragraph(
        tr("Bytes exchanged between servers over the whole run (diagonal: inside a server), "
           "logarithmic colour scale; %1 GB in all, of which %2 GB across servers.")
            .arg(m.total() / 1e9, 0, 'f', 3)
            .arg(r.summary.crossServerBytes / 1e9, 0, 'f', 3),
        8.0);
    const QRectF area = report.layout.block(std::min(heatH, report.layout.remaining()));
    const QRectF heat(area.left(), area.top(), std::min(area.width(), area.height() * 1.5),
                      area.height());
    HeatmapPainter painter(m);
    report.painter.save();
    report.painter.setClipRect(heat);
    painter.paint(report.painter, heat);
    report.painter.restore();
}

} // namespace gantry::ui
