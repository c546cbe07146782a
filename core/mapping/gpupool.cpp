#include "mapping/gpupool.h"

namespace gantry {

GpuPool::GpuPool(const Cluster& cluster)
    : m_cluster(&cluster), m_free(std::size_t(cluster.totalGpus()), 1),
      m_freeOn(cluster.servers.size()), m_freeTotal(cluster.totalGpus())
{
    for (std::size_t s = 0; s < cluster.servers.size(); ++s)
        m_freeOn[s] = cluster.servers[s].gpus;
}

int GpuPool::freeWithMemory(double memoryGb) const
{
    if (memoryGb <= 0.0)
        return m_freeTotal;
    int n = 0;
    for (std::size_t s = 0; s < m_freeOn.size(); ++s)
        if (m_cluster->memoryOfServer(int(s)) >= memoryGb)
            n += m_freeOn[s];
    return n;
}

void GpuPool::take(const Mapping& m)
{
    for (int g : m.gpus) {
        m_free[g] = 0;
        --m_freeOn[m_cluster->serverOfGpu(g)];
    }
    m_freeTotal -= int(m.gpus.size());
}

void GpuPool::give(const Mapping& m)
{
    for (int g : m.gpus) {
        m_free[g] = 1;
        ++m_freeOn[m_cluster->serverOfGpu(g)];
    }
    m_freeTotal += int(m.gpus.size());
}

bool GpuPool::allFree(const Mapping& m) const
{
    for (int g : m.gpus)
        if (g < 0 || g >= int(m_free.size()) || !m_free[g])
            return false;
    return true;
}

} // namespace gantry
