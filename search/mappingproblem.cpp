#include "search/mappingproblem.h"

#include <algorithm>

namespace gantry::mapping {

MappingProblem::MappingProblem(int workers, int servers)
    : m_workers(std::max(workers, 0)), m_servers(std::max(servers, 0)),
      m_compute(std::size_t(m_workers) * std::size_t(m_servers), 0.0),
      m_feasible(std::size_t(m_workers) * std::size_t(m_servers), 1),
      m_capacity(std::size_t(m_servers), 0),
      m_bandwidth(std::size_t(m_servers) * std::size_t(m_servers), 1.0)
{}

void MappingProblem::addEdge(int a, int b, double bytes)
{
    if (!(bytes > 0.0))
        return;
    m_edges.push_back({a, b, bytes});
    m_adjacencyValid = false;
}

std::string MappingProblem::validate() const
{
    if (m_workers == 0)
        return "no workers";
    if (m_servers == 0)
        return "no servers";
    for (double bw : m_bandwidth)
        if (!(bw > 0.0))
            return "bandwidths must be positive";
    for (const Edge& e : m_edges)
        if (e.a < 0 || e.a >= m_workers || e.b < 0 || e.b >= m_workers)
            return "edge end out of range";
    for (int c : m_capacity)
        if (c < 0)
            return "negative capacity";
    return {};
}

bool MappingProblem::isValidAssignment(const std::vector<int>& assign) const
{
    if (int(assign.size()) != m_workers)
        return false;
    std::vector<int> used(std::size_t(m_servers), 0);
    for (int v = 0; v < m_workers; ++v) {
        const int s = assign[std::size_t(v)];
        if (s < 0 || s >= m_servers || !feasible(v, s))
            return false;
        if (++used[std::size_t(s)] > m_capacity[std::size_t(s)])
            return false;
    }
    return true;
}

double MappingProblem::cost(const std::vector<int>& assign) const
{
    return view().cost(assign.data(), 1);
}

double MappingProblem::lowerBound() const
{
    double maxBw = 0.0;
    for (double bw : m_bandwidth)
        maxBw = std::max(maxBw, bw);
    std::vector<double> t(std::size_t(m_workers), 0.0);
    for (int v = 0; v < m_workers; ++v) {
        double best = -1.0;
        for (int s = 0; s < m_servers; ++s)
            if (feasible(v, s) && (best < 0.0 || compute(v, s) < best))
                best = compute(v, s);
        t[std::size_t(v)] = std::max(best, 0.0);
    }
    const ProblemView pv = view();
    for (int v = 0; v < m_workers; ++v) {
        double bytes = 0.0; // best case: every edge on the fastest link
        for (int k = pv.adjStart[v]; k < pv.adjStart[v + 1]; ++k)
            bytes = bytes + pv.adjBytes[k] / maxBw;
        t[std::size_t(v)] = t[std::size_t(v)] + bytes;
    }
    double worst = 0.0;
    for (double x : t)
        worst = std::max(worst, x);
    return worst;
}

ProblemView MappingProblem::view() const
{
    if (!m_adjacencyValid) {
        // CSR of incident edges per worker, in edge order; a self edge appears twice, as
        // IterationModel adds its time to both (equal) ends.
        m_adjStart.assign(std::size_t(m_workers) + 1, 0);
        for (const Edge& e : m_edges) {
            ++m_adjStart[std::size_t(e.a) + 1];
            ++m_adjStart[std::size_t(e.b) + 1];
        }
        for (int v = 0; v < m_workers; ++v)
            m_adjStart[std::size_t(v) + 1] += m_adjStart[std::size_t(v)];
        m_adjOther.assign(std::size_t(m_adjStart.back()), 0);
        m_adjBytes.assign(std::size_t(m_adjStart.back()), 0.0);
        std::vector<int> fill(m_adjStart.begin(), m_adjStart.end() - 1);
        for (const Edge& e : m_edges) {
            int k = fill[std::size_t(e.a)]++;
            m_adjOther[std::size_t(k)] = e.b;
            m_adjBytes[std::size_t(k)] = e.bytes;
            k = fill[std::size_t(e.b)]++;
            m_adjOther[std::size_t(k)] = e.a;
            m_adjBytes[std::size_t(k)] = e.bytes;
        }
        m_adjacencyValid = true;
    }
    ProblemView pv;
    pv.workers = m_workers;
    pv.servers = m_servers;
    pv.compute = m_compute.data();
    pv.feasible = m_feasible.data();
    pv.capacity = m_capacity.data();
    pv.adjStart = m_adjStart.data();
    pv.adjOther = m_adjOther.data();
    pv.adjBytes = m_adjBytes.data();
    pv.bandwidth = m_bandwidth.data();
    return pv;
}

} // namespace gantry::mapping
