#include "clusterlayout.h"

#include <algorithm>

namespace gantry::ui {

double ClusterLayout::serverHeight(int gpus)
{
    const int rows = std::max(1, (std::max(gpus, 1) + CellsPerRow - 1) / CellsPerRow);
    return ServerTitle + rows * Cell + Pad;
}

QRectF ClusterLayout::cell(int k)
{
    const int row = k / CellsPerRow;
    const int col = k % CellsPerRow;
    return QRectF(Pad + col * Cell, ServerTitle + row * Cell, Cell, Cell).adjusted(1, 1, -1, -1);
}

ClusterLayout ClusterLayout::of(const Cluster& cluster)
{
    ClusterLayout l;
    const double rackWidth = serverWidth() + 2 * Pad;
    std::vector<double> bottom(cluster.racks.size(), RackTitle);
    l.servers.resize(cluster.servers.size());
    for (std::size_t i = 0; i < cluster.servers.size(); ++i) {
        const Server& s = cluster.servers[i];
        if (s.rack < 0 || s.rack >= int(cluster.racks.size()))
            continue;
        const double x = s.rack * (rackWidth + RackGap) + Pad;
        const double h = serverHeight(std::min(s.gpus, 1024));
        l.servers[i] = QRectF(x, bottom[std::size_t(s.rack)], serverWidth(), h);
        bottom[std::size_t(s.rack)] += h + Pad;
    }
    for (std::size_t r = 0; r < cluster.racks.size(); ++r)
        l.racks.push_back(QRectF(double(r) * (rackWidth + RackGap), 0.0, rackWidth,
                                 std::max(MinRackHeight, bottom[r] + Pad)));
    return l;
}

} // namespace gantry::ui
