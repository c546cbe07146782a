#include "report/reportclustersection.h"

#include "report/reportclusterfigure.h"
#include "report/reportlayout.h"

namespace gantry::ui {

void ReportClusterSection::write(const ReportContext& report)
{
    const Cluster& c = report.input.scenario.cluster;
    report.layout.newPage(tr("Cluster"));
    report.layout.heading(tr("Cluster"));
    report.layout.paragraph(tr("%1 GPUs, %2 GPU types, %3 servers, %4 racks.")
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
    report.layout.heading(tr("Racks"), 2);
    report.layout.table(racks);
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
                              QString::number(g.memoryGb, 'g', 6), QString::number(g.speed, 'g', 4),
                              QString::number(gpus)});
    }
    report.layout.heading(tr("GPU types"), 2);
    report.layout.table(types);
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
            j - i == 1 ? a.name : QStringLiteral("%1 \u2026 %2").arg(a.name, c.servers[j - 1].name);
        servers.rows.push_back({names, c.racks[std::size_t(a.rack)].name,
                                c.gpuTypes[std::size_t(a.gpuType)].name, QString::number(a.gpus),
                                QString::number(a.intraGBps, 'g', 6),
                                QString::number(a.nicGbps, 'g', 6), QString::number(j - i)});
        i = j;
    }
    report.layout.heading(tr("Servers"), 2);
    report.layout.table(servers);
    report.layout.heading(tr("Drawing"), 2);
    ReportClusterFigure::draw(report);
}

} // namespace gantry::ui
