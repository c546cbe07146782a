#include "sim/trafficmatrix.h"

#include "model/scenario.h"
#include "sim/schedule.h"

#include <algorithm>
#include <limits>

namespace gantry {

namespace {

// Adds each segment's traffic in [fromS, toS] to the cell of endpoint(gpu) pairs.
template <typename Endpoint>
void accumulate(const Scenario& scenario, const Schedule& schedule, double fromS, double toS,
                TrafficMatrix& m, Endpoint endpoint)
{
    if (toS <= fromS) {
        fromS = -std::numeric_limits<double>::infinity();
        toS = std::numeric_limits<double>::infinity();
    }
    for (const ScheduleSegment& seg : schedule.segments) {
        if (seg.job < 0 || std::size_t(seg.job) >= scenario.jobs.size())
            continue;
        const JobGraph& g = scenario.jobs[std::size_t(seg.job)].graph;
        if (g.edges.empty() || seg.iterations <= 0.0)
            continue;
        const double length = seg.endS - seg.startS;
        const double overlap = std::min(seg.endS, toS) - std::max(seg.startS, fromS);
        double share = 0.0;
        if (length <= 0.0)
            share = seg.startS >= fromS && seg.startS <= toS ? 1.0 : 0.0;
        else if (overlap > 0.0)
            share = std::min(1.0, overlap / length);
        if (share <= 0.0)
            continue;
        const double iterations = seg.iterations * share;
        const std::span<const int> gpus = schedule.gpusOf(seg);
        for (const JobGraph::Edge& e : g.edges) {
            if (e.a < 0 || e.b < 0 || std::size_t(e.a) >= gpus.size() ||
                std::size_t(e.b) >= gpus.size())
                continue;
            const int a = endpoint(gpus[std::size_t(e.a)]);
            const int b = endpoint(gpus[std::size_t(e.b)]);
            const double bytes = iterations * e.bytes;
            // The edge sends bytes each way: a to b and b to a.
            m.bytes[std::size_t(a) * std::size_t(m.size) + std::size_t(b)] += bytes;
            m.bytes[std::size_t(b) * std::size_t(m.size) + std::size_t(a)] += bytes;
        }
    }
}

} // namespace

double TrafficMatrix::max() const
{
    double m = 0.0;
    for (double b : bytes)
        m = std::max(m, b);
    return m;
}

double TrafficMatrix::total() const
{
    double t = 0.0;
    for (double b : bytes)
        t += b;
    return t;
}

int TrafficMatrix::argmax() const
{
    int best = -1;
    double m = 0.0;
    for (std::size_t i = 0; i < bytes.size(); ++i)
        if (bytes[i] > m) {
            m = bytes[i];
            best = int(i);
        }
    return best;
}

TrafficMatrix TrafficMatrix::byGpu(const Scenario& scenario, const Schedule& schedule, double fromS,
                                   double toS)
{
    const Cluster& c = scenario.cluster;
    TrafficMatrix m;
    m.size = c.totalGpus();
    m.bytes.assign(std::size_t(m.size) * std::size_t(m.size), 0.0);
    m.labels.reserve(std::size_t(m.size));
    for (int g = 0; g < m.size; ++g) {
        const int s = c.serverOfGpu(g);
        m.labels.push_back(
            QStringLiteral("%1/g%2").arg(c.servers[std::size_t(s)].name).arg(g - c.firstGpu(s)));
    }
    accumulate(scenario, schedule, fromS, toS, m,
               [m = m.size](int g) { return std::clamp(g, 0, m - 1); });
    return m;
}

TrafficMatrix TrafficMatrix::byServer(const Scenario& scenario, const Schedule& schedule,
                                      double fromS, double toS)
{
    const Cluster& c = scenario.cluster;
    TrafficMatrix m;
    m.size = int(c.servers.size());
    m.bytes.assign(std::size_t(m.size) * std::size_t(m.size), 0.0);
    for (const Server& s : c.servers)
        m.labels.push_back(s.name);
    const int gpus = c.totalGpus();
    accumulate(scenario, schedule, fromS, toS, m,
               [&c, gpus](int g) { return c.serverOfGpu(std::clamp(g, 0, gpus - 1)); });
    return m;
}

} // namespace gantry
