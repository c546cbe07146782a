#include "mapping/randomplacement.h"

#include <algorithm>

namespace gantry {

std::optional<Mapping> RandomPlacement::place(const Job& job, const GpuPool& pool)
{
    const Cluster& c = pool.cluster();
    const double mem = job.memoryPerGpuGb();
    std::vector<int> candidates;
    for (int g = 0; g < c.totalGpus(); ++g)
        if (pool.isFree(g) && (mem <= 0.0 || c.memoryOfServer(c.serverOfGpu(g)) >= mem))
            candidates.push_back(g);
    const std::size_t n = std::size_t(job.gpuCount());
    if (candidates.size() < n)
        return std::nullopt;
    // Partial Fisher-Yates: the first n entries become a uniform random subset.
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t j = i + std::size_t(m_rng.below(candidates.size() - i));
        std::swap(candidates[i], candidates[j]);
    }
    Mapping m;
    m.gpus.assign(candidates.begin(), candidates.begin() + std::ptrdiff_t(n));
    return m;
}

} // namespace gantry
