#include "gantt/ganttlanes.h"

#include <QFont>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gantry::ui {

namespace {

// The lane-label column: wide enough for the longest "rack/server/gN", within these bounds.
constexpr double kLabelWidth = 110.0;
constexpr double kMaxLabelWidth = 240.0;

} // namespace

GanttLanes::GanttLanes(const Cluster& c)
{
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

QString GanttLanes::label(const Cluster& c, int lane) const
{
    const int s = server(lane);
    return QStringLiteral("%1/%2/g%3")
        .arg(c.racks.empty() ? QString() : c.racks[std::size_t(rack(lane))].name,
             c.servers[std::size_t(s)].name)
        .arg(gpu(lane) - c.firstGpu(s));
}

} // namespace gantry::ui
