#pragma once

#include "search/problemview.h"

#include <string>
#include <vector>

namespace gantry::mapping {

/// A job to map onto servers, Qt-free: W workers, S servers, per (worker, server) compute
/// seconds (GPU speed included) and feasibility (memory), edges (a, b, bytes), an S x S
/// bandwidth matrix in bytes/s and free GPUs per server. The cost of an assignment
/// worker -> server is the bottleneck iteration time of docs/asrpt.md, "Problem model".
class MappingProblem
{
public:
    /// One undirected edge carrying bytes each way per iteration.
    struct Edge
    {
        int a = 0;          ///< first worker
        int b = 0;          ///< second worker
        double bytes = 0.0; ///< bytes per iteration
    };

    /// An empty problem of the given size: compute 0, every pair feasible, capacity 0,
    /// bandwidth 1 byte/s. O(W S + S^2).
    MappingProblem(int workers, int servers);

    /// Number of workers W.
    int workers() const { return m_workers; }
    /// Number of servers S.
    int servers() const { return m_servers; }
    /// Sets the compute seconds of worker v on server s. O(1).
    void setCompute(int v, int s, double seconds) { m_compute[index(v, s)] = seconds; }
    /// Compute seconds of worker v on server s. O(1).
    double compute(int v, int s) const { return m_compute[index(v, s)]; }
    /// Sets whether worker v may run on server s (memory). O(1).
    void setFeasible(int v, int s, bool ok) { m_feasible[index(v, s)] = ok ? 1 : 0; }
    /// True when worker v may run on server s. O(1).
    bool feasible(int v, int s) const { return m_feasible[index(v, s)] != 0; }
    /// Sets the free GPUs of server s. O(1).
    void setCapacity(int s, int gpus) { m_capacity[s] = gpus; }
    /// Free GPUs of server s. O(1).
    int capacity(int s) const { return m_capacity[s]; }
    /// Sets the bandwidth between a GPU on server a and one on server b (bytes/s). O(1).
    void setBandwidth(int a, int b, double bytesPerS)
    {
        m_bandwidth[a * m_servers + b] = bytesPerS;
    }
    /// Bandwidth between servers a and b in bytes/s. O(1).
    double bandwidth(int a, int b) const { return m_bandwidth[a * m_servers + b]; }
    /// Appends an edge; edges with bytes <= 0 carry nothing and are ignored. Amortised O(1).
    void addEdge(int a, int b, double bytes);
    /// The edges in insertion order.
    const std::vector<Edge>& edges() const { return m_edges; }

    /// Empty when the problem is well formed (sizes, positive bandwidths, edge ends), else why.
    /// O(W S + S^2 + E).
    std::string validate() const;
    /// True when assign gives every worker a feasible server within capacity. O(W + S).
    bool isValidAssignment(const std::vector<int>& assign) const;
    /// Iteration time of assign (max over workers of compute + sum of bytes / bandwidth over its
    /// edges, in edge order), bit-identical to IterationModel and to the CUDA kernel. O(W + E).
    double cost(const std::vector<int>& assign) const;
    /// A lower bound on the cost of every assignment: per worker its fastest feasible compute
    /// plus its bytes over the largest bandwidth. When the start reaches it, nothing is better.
    /// O(W S + S^2 + E).
    double lowerBound() const;
    /// Flat view for the chains (valid while this problem lives and is not changed). O(W + E)
    /// the first time after a change (builds the adjacency), then O(1).
    ProblemView view() const;

private:
    int index(int v, int s) const { return v * m_servers + s; }

    int m_workers;
    int m_servers;
    std::vector<double> m_compute;
    std::vector<unsigned char> m_feasible;
    std::vector<int> m_capacity;
    std::vector<double> m_bandwidth;
    std::vector<Edge> m_edges;
    mutable bool m_adjacencyValid = false;
    mutable std::vector<int> m_adjStart;
    mutable std::vector<int> m_adjOther;
    mutable std::vector<double> m_adjBytes;
};

} // namespace gantry::mapping
