#include "mapping/consolidateplacement.h"

#include <algorithm>

namespace gantry {

std::optional<Mapping> ConsolidatePlacement::place(const Job& job, const GpuPool& pool)
{
    const Cluster& c = pool.cluster();
    const int n = job.gpuCount();
    const double mem = job.memoryPerGpuGb();
    const int servers = int(c.servers.size());
    auto eligible = [&](int s) {
        return pool.freeOn(s) > 0 && (mem <= 0.0 || c.memoryOfServer(s) >= mem);
    };

    // Case 1: one server, best fit, lowest index on ties.
    int best = -1;
    if (mem <= 0.0) {
        // Every server is eligible: the first server of the smallest free count that fits.
        for (int f = std::max(n, 1); best < 0 && f <= pool.maxServerGpus(); ++f)
            best = pool.firstServerWithFree(f);
    } else {
        for (int s = 0; s < servers; ++s)
            if (eligible(s) && pool.freeOn(s) >= n &&
                (best < 0 || pool.freeOn(s) < pool.freeOn(best))) {
                best = s;
                if (pool.freeOn(s) == n)
                    break; // an exact fit: no later server fits tighter or ties at a lower index
            }
    }
    Mapping m;
    m.gpus.reserve(std::size_t(n));
    // Takes the first `take` free GPUs of server s, in index order.
    auto takeOn = [&](int s, int take) {
        for (int g = c.firstGpu(s); take > 0; ++g)
            if (pool.isFree(g)) {
                m.gpus.push_back(g);
                --take;
            }
    };
    if (best >= 0) {
        takeOn(best, n);
    } else {
        // Case 2: fill the fullest-free servers, best fit for the remainder.
        std::vector<int> order;
        for (int s = 0; s < servers; ++s)
            if (eligible(s))
                order.push_back(s);
        std::sort(order.begin(), order.end(), [&](int a, int b) {
            return pool.freeOn(a) != pool.freeOn(b) ? pool.freeOn(a) > pool.freeOn(b) : a < b;
        });
        int sum = 0;
        std::size_t k = 0;
        while (k < order.size() && sum + pool.freeOn(order[k]) < n)
            sum += pool.freeOn(order[k++]);
        if (k == order.size())
            return std::nullopt;
        const int q = n - sum;
        int last = -1;
        for (std::size_t i = k; i < order.size(); ++i) {
            const int s = order[i];
            if (pool.freeOn(s) >= q && (last < 0 || pool.freeOn(s) < pool.freeOn(last) ||
                                        (pool.freeOn(s) == pool.freeOn(last) && s < last)))
                last = s;
        }
        std::vector<std::pair<int, int>> quotas; // (server, GPUs taken there)
        for (std::size_t i = 0; i < k; ++i)
            quotas.emplace_back(order[i], pool.freeOn(order[i]));
        quotas.emplace_back(last, q);
        std::sort(quotas.begin(), quotas.end());
        for (const auto& [s, take] : quotas)
            takeOn(s, take);
    }
    return m;
}

} // namespace gantry
