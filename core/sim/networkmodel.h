#pragma once

#include "mapping/mapping.h"
#include "model/cluster.h"
#include "model/job.h"

#include <QString>

#include <vector>

namespace gantry::sim {

/// Network contention between running jobs (`fair`; docs/architecture.md, "The engine"). The
/// shared links are each server's NIC and each rack's uplink. A job whose cross-server traffic
/// crosses a link is one flow on it; flows get max-min fair shares, expressed as the fraction f_j
/// of the link bandwidth the job's cross-server edges see (the same fraction on every link of the
/// job: its bottleneck share). On every link the fractions of its jobs sum to at most 1, so the
/// traffic assigned to a link never exceeds its bandwidth; a job alone keeps f = 1, so one job
/// under `fair` runs as under `none`.
class NetworkModel
{
public:
    /// The links of cluster: NIC of server s is link s, uplink of rack r is link S + r.
    explicit NetworkModel(const Cluster& cluster);

    /// Number of links.
    int linkCount() const { return int(m_capacity.size()); }
    /// Bandwidth of link l in bytes per second.
    double capacity(int l) const { return m_capacity[std::size_t(l)]; }
    /// Links that job's cross-server traffic crosses under mapping m, ascending. O(|E| log |E|).
    std::vector<int> linksOf(const Job& job, const Mapping& m) const;
    /// Max-min fair fractions by progressive filling: all unfrozen flows rise together; when a
    /// link fills, its flows freeze. Flows without links get 1. Deterministic (links in index
    /// order). O(rounds x (flows + links)).
    std::vector<double> allocate(const std::vector<std::vector<int>>& linkSets) const;

private:
    const Cluster* m_cluster;
    std::vector<double> m_capacity;
};

} // namespace gantry::sim
