#include "model/cluster.h"

#include <algorithm>

namespace gantry {

void Cluster::finalize()
{
    m_firstGpu.assign(servers.size(), 0);
    m_serverOfGpu.clear();
    m_totalGpus = 0;
    for (std::size_t s = 0; s < servers.size(); ++s) {
        m_firstGpu[s] = m_totalGpus;
        m_totalGpus += servers[s].gpus;
        m_serverOfGpu.insert(m_serverOfGpu.end(), servers[s].gpus, int(s));
    }
}

bool Cluster::finalized() const
{
    if (m_firstGpu.size() != servers.size())
        return false;
    int total = 0;
    for (std::size_t s = 0; s < servers.size(); ++s) {
        if (m_firstGpu[s] != total)
            return false;
        total += servers[s].gpus;
    }
    return total == m_totalGpus && m_serverOfGpu.size() == std::size_t(total);
}

double Cluster::bytesPerSecond(int a, int b) const
{
    const Server& sa = servers[a];
    if (a == b)
        return sa.intraGBps * 1e9;
    const Server& sb = servers[b];
    double gbps = std::min(sa.nicGbps, sb.nicGbps);
    if (sa.rack != sb.rack)
        gbps = std::min({gbps, racks[sa.rack].uplinkGbps, racks[sb.rack].uplinkGbps});
    return gbps * 1e9 / 8.0;
}

} // namespace gantry
