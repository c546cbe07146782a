#include "mapping/iterationmodel.h"

#include "mapping/modeliteration.h"

#include <algorithm>

namespace gantry {

IterationModel::Breakdown IterationModel::breakdown(const Job& job, const Mapping& m,
                                                    const Cluster& c, double crossShare)
{
    Breakdown out;
    if (job.kind == JobKind::Duration) {
        double slowest = 0.0;
        for (int g : m.gpus) {
            const double s = c.speedOfServer(c.serverOfGpu(g));
            slowest = slowest == 0.0 ? s : std::min(slowest, s);
        }
        out.iterationS = out.computeS = slowest > 0.0 ? 1.0 / slowest : 1.0;
        return out;
    }
    if (job.graph.model) {
        const ModelIterationParts p = ModelIteration::evaluate(*job.graph.model, m, c, crossShare);
        out.iterationS = p.iterationS;
        out.computeS = p.computeS + p.recomputeS + p.bubbleS;
        out.intraCommS = 0.0;
        out.interCommS = p.dataS + p.tensorS + p.pipelineS + p.contextS + p.expertS;
        out.worker = 0;
        out.parts = p;
        return out;
    }
    const auto& workers = job.graph.workers;
    std::vector<double> compute(workers.size()), intra(workers.size(), 0.0),
        inter(workers.size(), 0.0);
    for (std::size_t v = 0; v < workers.size(); ++v)
        compute[v] = computeTimeS(
            workers[v],
            c.gpuTypes[std::size_t(c.servers[std::size_t(c.serverOfGpu(m.gpus[v]))].gpuType)]);
    for (const auto& e : job.graph.edges) {
        if (e.bytes <= 0.0)
            continue;
        const int sa = c.serverOfGpu(m.gpus[std::size_t(e.a)]),
                  sb = c.serverOfGpu(m.gpus[std::size_t(e.b)]);
        if (sa == sb) {
            const double dt = e.bytes / c.bytesPerSecond(sa, sb);
            intra[std::size_t(e.a)] += dt;
            intra[std::size_t(e.b)] += dt;
        } else {
            const double dt = e.bytes / (c.bytesPerSecond(sa, sb) * crossShare);
            inter[std::size_t(e.a)] += dt;
            inter[std::size_t(e.b)] += dt;
        }
    }
    for (std::size_t v = 0; v < workers.size(); ++v) {
        const double t = compute[v] + intra[v] + inter[v];
        if (out.worker < 0 || t > out.iterationS) {
            out = {t, compute[v], intra[v], inter[v], int(v), {}};
        }
    }
    return out;
}

double IterationModel::computeTimeS(const JobGraph::Worker& w, const GpuType& t)
{
    double s = w.computeS > 0.0 ? w.computeS / t.speed : 0.0;
    if (w.flops > 0.0)
        s += w.flops / (t.tflops * 1e12);
    return s;
}

double IterationModel::workerComputeS(const Job& job, int v, const GpuType& t)
{
    if (job.graph.model) {
        const ModelCost& cost = *job.graph.model;
        const double step =
            ModelIteration::microBatchS(cost, t) + ModelIteration::recomputeS(cost, t);
        return step * (cost.microBatches + (cost.par.pp - 1.0) / cost.par.vp);
    }
    return computeTimeS(job.graph.workers[std::size_t(v)], t);
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
    if (m.gpus.empty())
        return 0;
    // The common case, all workers on one server, needs no list.
    const int first = c.serverOfGpu(m.gpus.front());
    if (std::all_of(m.gpus.begin(), m.gpus.end(), [&](int g) { return c.serverOfGpu(g) == first; }))
        return 1;
    std::vector<int> s;
    s.reserve(m.gpus.size());
    for (int g : m.gpus)
        s.push_back(c.serverOfGpu(g));
    std::sort(s.begin(), s.end());
    return int(std::unique(s.begin(), s.end()) - s.begin());
}

} // namespace gantry
