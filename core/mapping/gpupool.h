#pragma once

#include "mapping/mapping.h"
#include "model/cluster.h"

#include <cstdint>
#include <vector>

namespace gantry {

/// Which GPUs of a cluster are free. Cheap to copy (one byte per GPU, one int per server and a
/// bit per server and free count), so policies can try placements on a scratch copy.
class GpuPool
{
public:
    /// All GPUs of cluster free; the cluster must outlive the pool.
    explicit GpuPool(const Cluster& cluster);

    /// The cluster the pool describes.
    const Cluster& cluster() const { return *m_cluster; }
    /// Free GPUs in the whole cluster; O(1).
    int freeTotal() const { return m_freeTotal; }
    /// Free GPUs on server s; O(1).
    int freeOn(int s) const { return m_freeOn[s]; }
    /// True when global GPU g is free.
    bool isFree(int g) const { return m_free[g] != 0; }
    /// Free GPUs on servers whose GPUs have at least memoryGb; O(1) when memoryGb is 0, else O(S).
    int freeWithMemory(double memoryGb) const;
    /// Marks the GPUs of m busy; they must be free.
    void take(const Mapping& m);
    /// Marks the GPUs of m free again.
    void give(const Mapping& m);
    /// True when every GPU of m is free.
    bool allFree(const Mapping& m) const;
    /// The lowest-index server with exactly f free GPUs, or -1; O(S / 64).
    int firstServerWithFree(int f) const;
    /// The most GPUs any one server has.
    int maxServerGpus() const { return int(m_byFree.size() / m_words) - 1; }

private:
    // Server s now has `to` free GPUs where it had `from`.
    void moveServer(int s, int from, int to)
    {
        const std::uint64_t bit = std::uint64_t(1) << (s & 63);
        m_byFree[std::size_t(from) * m_words + std::size_t(s >> 6)] &= ~bit;
        m_byFree[std::size_t(to) * m_words + std::size_t(s >> 6)] |= bit;
    }

    const Cluster* m_cluster;
    std::vector<unsigned char> m_free;
    std::vector<int> m_freeOn;
    int m_freeTotal = 0;
    std::size_t m_words = 1;             // 64-bit words per server bit set
    std::vector<std::uint64_t> m_byFree; // per free count f: a bit per server with f free
};

} // namespace gantry
