#include "mapping/gpupool.h"

#include <algorithm>
#include <bit>

namespace gantry {

GpuPool::GpuPool(const Cluster& cluster)
    : m_cluster(&cluster), m_free(std::size_t(cluster.totalGpus()), 1),
      m_freeOn(cluster.servers.size()), m_freeTotal(cluster.totalGpus())
{
    int most = 0;
    for (std::size_t s = 0; s < cluster.servers.size(); ++s) {
        m_freeOn[s] = cluster.servers[s].gpus;
        most = std::max(most, m_freeOn[s]);
    }
    m_words = std::max<std::size_t>(1, (cluster.servers.size() + 63) / 64);
    m_byFree.assign(std::size_t(most + 1) * m_words, 0);
    for (std::size_t s = 0; s < cluster.servers.size(); ++s)
        m_byFree[std::size_t(m_freeOn[s]) * m_words + s / 64] |= std::uint64_t(1) << (s % 64);
}

int GpuPool::firstServerWithFree(int f) const
{
    if (f < 0 || f > maxServerGpus())
        return -1;
    const std::uint64_t* words = m_byFree.data() + std::size_t(f) * m_words;
    for (std::size_t w = 0; w < m_words; ++w)
        if (words[w])
            return int(w * 64) + std::countr_zero(words[w]);
    return -1;
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
        const int s = m_cluster->serverOfGpu(g);
        moveServer(s, m_freeOn[s], m_freeOn[s] - 1);
        --m_freeOn[s];
    }
    m_freeTotal -= int(m.gpus.size());
}

void GpuPool::give(const Mapping& m)
{
    for (int g : m.gpus) {
        m_free[g] = 1;
        const int s = m_cluster->serverOfGpu(g);
        moveServer(s, m_freeOn[s], m_freeOn[s] + 1);
        ++m_freeOn[s];
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
