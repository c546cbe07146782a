#include "model/modelgraphbuilder.h"

#include <algorithm>
#include <map>
#include <utility>

namespace gantry {

namespace {

// Ring all-reduce factor 2(n-1)/n: the bytes each member sends to its ring neighbour per byte
// of the reduced buffer.
double ringFactor(int n)
{
    return n > 1 ? 2.0 * (n - 1) / n : 0.0;
}

// Undirected edges keyed by (min, max) so that coinciding pairs add up and the edge list comes
// out sorted and free of duplicates.
class EdgeSet
{
public:
    void add(int u, int v, double bytes)
    {
        if (u == v || bytes <= 0.0)
            return;
        m_bytes[{std::min(u, v), std::max(u, v)}] += bytes;
    }
    // Ring over ids (one edge for two members, none for one).
    void ring(const std::vector<int>& ids, double bytes)
    {
        const std::size_t n = ids.size();
        if (n == 2)
            add(ids[0], ids[1], bytes);
        else if (n > 2)
            for (std::size_t i = 0; i < n; ++i)
                add(ids[i], ids[(i + 1) % n], bytes);
    }
    std::vector<JobGraph::Edge> edges() const
    {
        std::vector<JobGraph::Edge> out;
        out.reserve(m_bytes.size());
        for (const auto& [k, bytes] : m_bytes)
            out.push_back({k.first, k.second, bytes});
        return out;
    }

private:
    std::map<std::pair<int, int>, double> m_bytes;
};

} // namespace

ModelGraphBuilder::EdgeBytes ModelGraphBuilder::edgeBytes(const ModelSpec& model,
                                                          const Parallelism& par)
{
    const double P = par.pp, T = par.tp, ep = par.ep;
    const double m = model.microBatches, b = model.microBatch, s = model.seqLen, h = model.hidden;
    const double layersPerStage = double(model.layers) / P;
    EdgeBytes e;
    if (model.family == ModelFamily::Cnn) {
        e.dp = ringFactor(par.dp) * model.parameters * model.gradientBytes;
        return e;
    }
    e.tp = par.tp > 1
               ? m * layersPerStage * 4.0 * ringFactor(par.tp) * b * s * h * model.bytesPerElement
               : 0.0;
    e.pp = par.pp > 1 ? m * b * s * h * model.bytesPerElement : 0.0;
    if (model.family == ModelFamily::Moe && par.ep > 1) {
        e.dp = ringFactor(par.dp) * (model.sharedParameters() / (P * T)) * model.gradientBytes;
        e.ep = 4.0 * m * layersPerStage * (b * s / T) * h * model.bytesPerElement * model.topK / ep;
        const int r = par.dp / par.ep;
        e.expertDp = ringFactor(r) * ((model.experts / ep) * model.expertParameters / (P * T)) *
                     model.gradientBytes;
    } else {
        e.dp = ringFactor(par.dp) * (model.parameters / (P * T)) * model.gradientBytes;
    }
    return e;
}

double ModelGraphBuilder::flopsPerWorker(const ModelSpec& model, const Parallelism& par)
{
    const double m = model.microBatches, b = model.microBatch;
    if (model.family == ModelFamily::Cnn)
        return model.flopsPerSample * m * b / model.efficiency;
    const double P = par.pp, T = par.tp;
    const double bubble = (m + P - 1.0) / m;
    return 6.0 * (model.activeParameters() / (P * T)) * m * b * model.seqLen / model.efficiency *
           bubble;
}

double ModelGraphBuilder::memoryPerWorkerGb(const ModelSpec& model, const Parallelism& par)
{
    const double perParam =
        model.bytesPerElement + model.gradientBytes + model.optimizerBytesPerParam;
    if (model.family == ModelFamily::Cnn)
        return (model.parameters * perParam +
                model.microBatch * model.activationMbPerSample * 1e6) /
               1e9;
    const double P = par.pp, T = par.tp;
    const double held =
        model.family == ModelFamily::Moe
            ? model.sharedParameters() + (double(model.experts) / par.ep) * model.expertParameters
            : model.parameters;
    const double inFlight = std::min(model.microBatches, par.pp);
    const double activations = inFlight * (model.layers / P) * double(model.seqLen) *
                               model.microBatch * model.hidden * 17.0 * model.bytesPerElement / T;
    return (held / (P * T) * perParam + activations) / 1e9;
}

QString ModelGraphBuilder::check(const ModelSpec& model, const Parallelism& par, QString* key)
{
    auto fail = [key](const char* k, QString msg) {
        *key = QString::fromLatin1(k);
        return msg;
    };
    if (model.family == ModelFamily::Cnn) {
        if (par.pp != 1)
            return fail("pp", QStringLiteral("a cnn model is trained data-parallel only (pp "
                                             "must be 1)"));
        if (par.tp != 1)
            return fail("tp", QStringLiteral("a cnn model is trained data-parallel only (tp "
                                             "must be 1)"));
    }
    if (par.pp > model.layers)
        return fail("pp", QStringLiteral("must not exceed the %1 layers of model \"%2\"")
                              .arg(model.layers)
                              .arg(model.name));
    if (model.hidden % par.tp != 0)
        return fail("tp", QStringLiteral("must divide the hidden size %1 of model \"%2\"")
                              .arg(model.hidden)
                              .arg(model.name));
    if (model.heads > 0 && model.heads % par.tp != 0)
        return fail("tp", QStringLiteral("must divide the %1 attention heads of model \"%2\"")
                              .arg(model.heads)
                              .arg(model.name));
    if (model.family != ModelFamily::Moe) {
        if (par.ep != 1)
            return fail(
                "ep", QStringLiteral("model \"%1\" has no experts (ep must be 1)").arg(model.name));
        return {};
    }
    if (par.dp % par.ep != 0)
        return fail("ep", QStringLiteral("must divide dp (%1)").arg(par.dp));
    if (model.experts % par.ep != 0)
        return fail("ep", QStringLiteral("must divide the %1 experts of model \"%2\"")
                              .arg(model.experts)
                              .arg(model.name));
    return {};
}

JobGraph ModelGraphBuilder::build(const ModelSpec& model, const Parallelism& par)
{
    const int D = par.dp, P = par.pp, T = par.tp, ep = par.ep;
    const auto id = [P, T](int a, int p, int t) { return (a * P + p) * T + t; };
    JobGraph g;
    JobGraph::Worker w;
    w.flops = flopsPerWorker(model, par);
    w.memoryGb = memoryPerWorkerGb(model, par);
    g.workers.assign(std::size_t(D) * P * T, w);

    const EdgeBytes bytes = edgeBytes(model, par);
    EdgeSet edges;
    std::vector<int> ids;
    for (int a = 0; a < D; ++a)
        for (int p = 0; p < P; ++p) {
            ids.clear();
            for (int t = 0; t < T; ++t)
                ids.push_back(id(a, p, t));
            edges.ring(ids, bytes.tp);
        }
    for (int a = 0; a < D; ++a)
        for (int p = 0; p + 1 < P; ++p)
            for (int t = 0; t < T; ++t)
                edges.add(id(a, p, t), id(a, p + 1, t), bytes.pp);
    for (int p = 0; p < P; ++p)
        for (int t = 0; t < T; ++t) {
            ids.clear();
            for (int a = 0; a < D; ++a)
                ids.push_back(id(a, p, t));
            edges.ring(ids, bytes.dp);
            if (model.family != ModelFamily::Moe || ep < 2)
                continue;
            for (int g0 = 0; g0 < D; g0 += ep)
                for (int i = g0; i < g0 + ep; ++i)
                    for (int j = i + 1; j < g0 + ep; ++j)
                        edges.add(id(i, p, t), id(j, p, t), bytes.ep);
            for (int shard = 0; shard < ep; ++shard) {
                ids.clear();
                for (int a = shard; a < D; a += ep)
                    ids.push_back(id(a, p, t));
                edges.ring(ids, bytes.expertDp);
            }
        }
    g.edges = edges.edges();
    return g;
}

} // namespace gantry
