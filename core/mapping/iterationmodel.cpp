#include "mapping/iterationmodel.h"

#include <algorithm>

namespace gantry {

double IterationModel::iterationTimeS(const Job& job, const Mapping& m, const Cluster& c)
{
    if (job.kind == JobKind::Duration) {
        double slowest = 0.0;
        for (int g : m.gpus) {
            const double s = c.speedOfServer(c.serverOfGpu(g));
            slowest = slowest == 0.0 ? s : std::min(slowest, s);
        }
        return slowest > 0.0 ? 1.0 / slowest : 1.0;
    }
    const auto& workers = job.graph.workers;
    std::vector<double> t(workers.size());
    for (std::size_t v = 0; v < workers.size(); ++v)
        t[v] = workers[v].computeS / c.speedOfServer(c.serverOfGpu(m.gpus[v]));
    for (const auto& e : job.graph.edges) {
        if (e.bytes <= 0.0)
            continue;
        const double bw = c.bytesPerSecond(c.serverOfGpu(m.gpus[e.a]), c.serverOfGpu(m.gpus[e.b]));
        const double dt = e.bytes / bw;
        t[e.a] += dt;
        t[e.b] += dt;
    }
    return *std::max_element(t.begin(), t.end());
}

double IterationModel::crossServerBytes(const Job& job, const Mapping& m, const Cluster& c)
{
    if (job.kind == JobKind::Duration)
        return 0.0;
    double bytes = 0.0;
    for (const auto& e : job.graph.edges)
        if (c.serverOfGpu(m.gpus[e.a]) != c.serverOfGpu(m.gpus[e.b]))
            bytes += e.bytes;
    return bytes;
}

int IterationModel::serverCount(const Mapping& m, const Cluster& c)
{
    std::vector<int> s;
    s.reserve(m.gpus.size());
    for (int g : m.gpus)
        s.push_back(c.serverOfGpu(g));
    std::sort(s.begin(), s.end());
    return int(std::unique(s.begin(), s.end()) - s.begin());
}

} // namespace gantry
