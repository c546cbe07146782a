#include "model/modelgraphbuilder.h"

#include "model/modelcostbuilder.h"

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
                                                          const Parallelism& par,
                                                          const TrainingSettings& training)
{
    return edgeBytes(ModelCostBuilder::build(model, par, training));
}

ModelGraphBuilder::EdgeBytes ModelGraphBuilder::edgeBytes(const ModelCost& cost)
{
    // Per iteration: the micro-batch figures of the cost times m, the gradients once.
    const Parallelism& par = cost.par;
    const double m = cost.microBatches;
    EdgeBytes e;
    e.tp = m * cost.tpCollectives * ringFactor(par.tp) * cost.tpBytes;
    e.pp = m * cost.ppBytes; // activations one way, their gradients the other
    e.cp = m * cost.cpSteps * cost.cpBytes;
    e.dp = ringFactor(par.dp * par.cp) * cost.dpBytes;
    if (par.ep > 1) {
        e.ep = m * cost.epBytes / (par.ep - 1.0);
        e.expertDp = ringFactor(par.dp / par.ep) * cost.expertDpBytes;
    }
    return e;
}

double ModelGraphBuilder::flopsPerWorker(const ModelSpec& model, const Parallelism& par,
                                         const TrainingSettings& training)
{
    return flopsPerWorker(ModelCostBuilder::build(model, par, training));
}

double ModelGraphBuilder::flopsPerWorker(const ModelCost& c)
{
    const double perMicroBatch =
        c.matmulFlops + c.attentionFlops + c.recomputeFlops + c.recomputeAttentionFlops;
    return perMicroBatch * (c.microBatches + (c.par.pp - 1.0) / c.par.vp);
}

double ModelGraphBuilder::memoryPerWorkerGb(const ModelSpec& model, const Parallelism& par,
                                            const TrainingSettings& training)
{
    return ModelCostBuilder::build(model, par, training).memoryGb();
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
    if (model.family == ModelFamily::Cnn && par.cp != 1)
        return fail("cp", QStringLiteral("a cnn model has no sequence to split (cp must be 1)"));
    if (par.pp > model.layers)
        return fail("pp", QStringLiteral("must not exceed the %1 layers of model \"%2\"")
                              .arg(model.layers)
                              .arg(model.name));
    if (par.vp > 1 && par.pp < 2)
        return fail("vp", QStringLiteral("interleaving needs a pipeline (pp of at least 2)"));
    if ((long long)par.pp * par.vp > model.layers)
        return fail("vp",
                    QStringLiteral("pp x vp (%1) must not exceed the %2 layers of model \"%3\"")
                        .arg((long long)par.pp * par.vp)
                        .arg(model.layers)
                        .arg(model.name));
    if (par.cp > 1 && model.seqLen % par.cp != 0)
        return fail("cp", QStringLiteral("must divide the sequence length %1 of model \"%2\"")
                              .arg(model.seqLen)
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

JobGraph ModelGraphBuilder::build(const ModelSpec& model, const Parallelism& par,
                                  const TrainingSettings& training)
{
    const int D = par.dp, P = par.pp, T = par.tp, C = par.cp, ep = par.ep;
    const auto id = [C, P, T](int a, int c, int p, int t) { return ((a * C + c) * P + p) * T + t; };
    JobGraph g;
    g.model = ModelCostBuilder::build(model, par, training);
    JobGraph::Worker w;
    w.flops = flopsPerWorker(*g.model);
    w.memoryGb = g.model->memoryGb();
    g.workers.assign(std::size_t(par.workers()), w);

    const EdgeBytes bytes = edgeBytes(*g.model);
    EdgeSet edges;
    std::vector<int> ids;
    for (int a = 0; a < D; ++a)
        for (int c = 0; c < C; ++c)
            for (int p = 0; p < P; ++p) {
                ids.clear();
                for (int t = 0; t < T; ++t)
                    ids.push_back(id(a, c, p, t));
                edges.ring(ids, bytes.tp);
            }
    for (int a = 0; a < D; ++a)
        for (int c = 0; c < C; ++c)
            for (int p = 0; p + 1 < P; ++p)
                for (int t = 0; t < T; ++t)
                    edges.add(id(a, c, p, t), id(a, c, p + 1, t), bytes.pp);
    for (int a = 0; a < D; ++a)
        for (int p = 0; p < P; ++p)
            for (int t = 0; t < T; ++t) {
                ids.clear();
                for (int c = 0; c < C; ++c)
                    ids.push_back(id(a, c, p, t));
                edges.ring(ids, bytes.cp);
            }
    for (int p = 0; p < P; ++p)
        for (int t = 0; t < T; ++t) {
            ids.clear();
            for (int a = 0; a < D; ++a)
                for (int c = 0; c < C; ++c)
                    ids.push_back(id(a, c, p, t));
            edges.ring(ids, bytes.dp);
            if (model.family != ModelFamily::Moe || ep < 2)
                continue;
            for (int c = 0; c < C; ++c) {
                for (int g0 = 0; g0 < D; g0 += ep)
                    for (int i = g0; i < g0 + ep; ++i)
                        for (int j = i + 1; j < g0 + ep; ++j)
                            edges.add(id(i, c, p, t), id(j, c, p, t), bytes.ep);
                for (int shard = 0; shard < ep; ++shard) {
                    ids.clear();
                    for (int a = shard; a < D; a += ep)
                        ids.push_back(id(a, c, p, t));
                    edges.ring(ids, bytes.expertDp);
                }
            }
        }
    g.edges = edges.edges();
    return g;
}

} // namespace gantry
