#include "sim/networkmodel.h"

#include <algorithm>
#include <limits>

namespace gantry::sim {

NetworkModel::NetworkModel(const Cluster& cluster) : m_cluster(&cluster)
{
    for (const Server& s : cluster.servers)
        m_capacity.push_back(s.nicGbps * 1e9 / 8.0);
    for (const Rack& r : cluster.racks)
        m_capacity.push_back(r.uplinkGbps * 1e9 / 8.0);
}

std::vector<int> NetworkModel::linksOf(const Job& job, const Mapping& m) const
{
    std::vector<int> links;
    if (job.kind == JobKind::Duration)
        return links;
    const Cluster& c = *m_cluster;
    const int servers = int(c.servers.size());
    for (const auto& e : job.graph.edges) {
        if (e.bytes <= 0.0)
            continue;
        const int a = c.serverOfGpu(m.gpus[std::size_t(e.a)]);
        const int b = c.serverOfGpu(m.gpus[std::size_t(e.b)]);
        if (a == b)
            continue;
        links.push_back(a);
        links.push_back(b);
        const int ra = c.servers[std::size_t(a)].rack, rb = c.servers[std::size_t(b)].rack;
        if (ra != rb) {
            links.push_back(servers + ra);
            links.push_back(servers + rb);
        }
    }
    std::sort(links.begin(), links.end());
    links.erase(std::unique(links.begin(), links.end()), links.end());
    return links;
}

std::vector<double> NetworkModel::allocate(const std::vector<std::vector<int>>& linkSets) const
{
    const std::size_t flows = linkSets.size();
    std::vector<double> f(flows, 1.0);
    std::vector<char> frozen(flows, 0);
    std::vector<std::vector<int>> onLink(m_capacity.size());
    for (std::size_t j = 0; j < flows; ++j) {
        if (linkSets[j].empty())
            frozen[j] = 1; // no shared link: full bandwidth
        for (int l : linkSets[j])
            onLink[std::size_t(l)].push_back(int(j));
    }
    std::vector<double> frozenSum(m_capacity.size(), 0.0);
    std::vector<int> open(m_capacity.size(), 0);
    for (std::size_t l = 0; l < onLink.size(); ++l)
        for (int j : onLink[l])
            open[l] += !frozen[std::size_t(j)];
    while (true) {
        // The level at which the first link fills: (1 - frozen share) / open flows.
        double level = std::numeric_limits<double>::infinity();
        for (std::size_t l = 0; l < onLink.size(); ++l)
            if (open[l] > 0)
                level = std::min(level, (1.0 - frozenSum[l]) / double(open[l]));
        if (level == std::numeric_limits<double>::infinity())
            break;
        level = std::min(level, 1.0);
        std::vector<int> freeze;
        for (std::size_t l = 0; l < onLink.size(); ++l)
            if (open[l] > 0 && (level >= 1.0 || (1.0 - frozenSum[l]) / double(open[l]) <= level))
                for (int j : onLink[l])
                    if (!frozen[std::size_t(j)])
                        freeze.push_back(j);
        std::sort(freeze.begin(), freeze.end());
        freeze.erase(std::unique(freeze.begin(), freeze.end()), freeze.end());
        for (int j : freeze) {
            frozen[std::size_t(j)] = 1;
            f[std::size_t(j)] = level;
            for (int l : linkSets[std::size_t(j)]) {
                frozenSum[std::size_t(l)] += level;
                --open[std::size_t(l)];
            }
        }
    }
    return f;
}

} // namespace gantry::sim
