#pragma once

#include "mapping/mapping.h"
#include "model/cluster.h"

#include <vector>

namespace gantry {

/// Which GPUs of a cluster are free. Cheap to copy (one byte per GPU plus one int per server),
/// so policies can try placements on a scratch copy.
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

private:
    const Cluster* m_cluster;
    std::vector<unsigned char> m_free;
    std::vector<int> m_freeOn;
    int m_freeTotal = 0;
};

} // namespace gantry
