#pragma once

#include "model/gputype.h"
#include "model/rack.h"
#include "model/server.h"

#include <vector>

namespace gantry {

/// The machines: GPU types, racks and servers. GPUs are numbered globally, server by server.
/// Call finalize() after editing so that the GPU index tables are rebuilt.
class Cluster
{
public:
    std::vector<GpuType> gpuTypes; ///< GPU types the servers refer to
    std::vector<Rack> racks;       ///< racks the servers refer to
    std::vector<Server> servers;   ///< servers in file order

    /// Rebuilds the GPU numbering; O(G).
    void finalize();
    /// True when the index tables match the servers (finalize() was called since the last edit
    /// of the server list or of a server's GPU count).
    bool finalized() const;

    /// Total number of GPUs.
    int totalGpus() const { return m_totalGpus; }
    /// Index of the first GPU of server s.
    int firstGpu(int s) const { return m_firstGpu[s]; }
    /// Server that holds global GPU g; O(1).
    int serverOfGpu(int g) const { return m_serverOfGpu[g]; }
    /// Relative speed of the GPUs of server s.
    double speedOfServer(int s) const { return gpuTypes[servers[s].gpuType].speed; }
    /// Memory in GB of one GPU of server s.
    double memoryOfServer(int s) const { return gpuTypes[servers[s].gpuType].memoryGb; }
    /// Bandwidth in bytes per second between a GPU on server a and one on server b:
    /// the intra fabric when a == b, else the smaller NIC, and across racks also the uplinks.
    double bytesPerSecond(int a, int b) const;

    bool operator==(const Cluster& o) const
    {
        return gpuTypes == o.gpuTypes && racks == o.racks && servers == o.servers;
    }

private:
    std::vector<int> m_firstGpu;
    std::vector<int> m_serverOfGpu;
    int m_totalGpus = 0;
};

} // namespace gantry
