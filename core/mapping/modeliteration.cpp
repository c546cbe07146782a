#include "mapping/modeliteration.h"

#include <algorithm>
#include <vector>

namespace gantry {

namespace {

// Constants of the performance model, one set for every job (docs/fidelity.md gives each one's
// source).
// Best fraction of peak a large dense matrix multiply reaches inside a training step (cuBLAS
// on A100 and H100 under sustained load).
constexpr double kGemmPeakFraction = 0.80;
// Fraction of peak a CNN's convolutions reach (cuDNN on ResNet-scale layers).
constexpr double kConvPeakFraction = 0.6;
// Width at which a matrix multiply reaches half of that (narrow tiles fill the GPU poorly).
constexpr double kGemmHalfWidth = 128.0;
// Fraction of peak a fused attention kernel reaches on the FLOPs Megatron counts for it.
constexpr double kFusedAttentionFraction = 0.6;
// Collective bus bandwidth as a fraction of a link's one-way rate: NVLink/NVSwitch inside a
// server (intra_GBps is the data sheet's two-way figure) and NICs between servers.
constexpr double kIntraLinkFraction = 0.8;
constexpr double kNicFraction = 0.9;

enum class Pattern
{
    AllReduce, ///< ring all-reduce: 2(n-1)/n of the buffer each way
    Gather,    ///< reduce-scatter or all-gather alone: (n-1)/n
    AllToAll,  ///< every member sends 1/n of its buffer to each other member
};

double ringFactor(Pattern p, double n)
{
    if (n <= 1.0)
        return 0.0;
    return p == Pattern::AllReduce ? 2.0 * (n - 1.0) / n : (n - 1.0) / n;
}

// Per-direction achieved bandwidths of a cluster's links, in bytes per second.
struct Links
{
    const Cluster* c;
    double share;
    double intra(int s) const
    {
        return c->servers[std::size_t(s)].intraGBps * 1e9 / 2.0 * kIntraLinkFraction;
    }
    double nic(int s) const
    {
        return c->servers[std::size_t(s)].nicGbps * 1e9 / 8.0 * kNicFraction * share;
    }
    double uplink(int r) const
    {
        return c->racks[std::size_t(r)].uplinkGbps * 1e9 / 8.0 * kNicFraction * share;
    }
};

// Groups of one kind of collective that run at the same time: the slowest group's time inside
// servers plus the busiest NIC or uplink (every group of the job crossing it shares it).
class Collective
{
public:
    Collective(const Links& links, const std::vector<int>& serverOf)
        : m_links(links), m_serverOf(serverOf), m_nicLoad(links.c->servers.size(), 0.0),
          m_rackLoad(links.c->racks.size(), 0.0)
    {}

    // One group (worker ids) reducing `bytes` per member in pattern p, hierarchically: inside
    // each server first, then across servers with one share per server on its NIC.
    void add(const std::vector<int>& members, double bytes, Pattern p)
    {
        if (members.size() < 2 || bytes <= 0.0)
            return;
        m_servers.clear();
        for (int w : members)
            m_servers.push_back(m_serverOf[std::size_t(w)]);
        std::sort(m_servers.begin(), m_servers.end());
        int distinct = 0, most = 0;
        double slowestIntra = 0.0;
        for (std::size_t i = 0; i < m_servers.size();) {
            std::size_t j = i;
            while (j < m_servers.size() && m_servers[j] == m_servers[i])
                ++j;
            ++distinct;
            most = std::max(most, int(j - i));
            if (j - i > 1) {
                const double t = 1.0 / m_links.intra(m_servers[i]);
                slowestIntra = std::max(slowestIntra, t);
            }
            i = j;
        }
        const double n = double(members.size());
        if (p == Pattern::AllToAll) {
            // Within a server each member sends (k-1)/n of its buffer over its own link; across
            // servers the NIC carries what its members send outside.
            m_intraS = std::max(m_intraS, bytes * (most - 1.0) / n * slowestIntra);
            for (std::size_t i = 0; i < m_servers.size();) {
                std::size_t j = i;
                while (j < m_servers.size() && m_servers[j] == m_servers[i])
                    ++j;
                const double k = double(j - i);
                m_nicLoad[std::size_t(m_servers[i])] += k * bytes * (n - k) / n;
                i = j;
            }
            addRacks(bytes * n, p); // an upper bound: every member's outside traffic
            return;
        }
        m_intraS = std::max(m_intraS, ringFactor(p, most) * bytes * slowestIntra);
        if (distinct < 2)
            return;
        const double cross = ringFactor(p, distinct) * bytes;
        for (std::size_t i = 0; i < m_servers.size(); ++i)
            if (i == 0 || m_servers[i] != m_servers[i - 1])
                m_nicLoad[std::size_t(m_servers[i])] += cross;
        addRacks(bytes, p);
    }
    // One message of `bytes` from worker u to worker w.
    void send(int u, int w, double bytes)
    {
        const int a = m_serverOf[std::size_t(u)], b = m_serverOf[std::size_t(w)];
        if (bytes <= 0.0)
            return;
        if (a == b) {
            m_intraS = std::max(m_intraS, bytes / m_links.intra(a));
            return;
        }
        m_nicLoad[std::size_t(a)] += bytes;
        m_nicLoad[std::size_t(b)] += bytes;
        const int ra = m_links.c->servers[std::size_t(a)].rack,
                  rb = m_links.c->servers[std::size_t(b)].rack;
        if (ra != rb) {
            m_rackLoad[std::size_t(ra)] += bytes;
            m_rackLoad[std::size_t(rb)] += bytes;
        }
    }
    double seconds() const
    {
        double cross = 0.0;
        for (std::size_t s = 0; s < m_nicLoad.size(); ++s)
            if (m_nicLoad[s] > 0.0)
                cross = std::max(cross, m_nicLoad[s] / m_links.nic(int(s)));
        for (std::size_t r = 0; r < m_rackLoad.size(); ++r)
            if (m_rackLoad[r] > 0.0)
                cross = std::max(cross, m_rackLoad[r] / m_links.uplink(int(r)));
        return m_intraS + cross;
    }

private:
    void addRacks(double bytes, Pattern p)
    {
        m_racks.clear();
        for (int s : m_servers)
            m_racks.push_back(m_links.c->servers[std::size_t(s)].rack);
        std::sort(m_racks.begin(), m_racks.end());
        m_racks.erase(std::unique(m_racks.begin(), m_racks.end()), m_racks.end());
        if (m_racks.size() < 2)
            return;
        const double cross =
            p == Pattern::AllToAll ? bytes : ringFactor(p, double(m_racks.size())) * bytes;
        for (int r : m_racks)
            m_rackLoad[std::size_t(r)] += cross;
    }

    const Links& m_links;
    const std::vector<int>& m_serverOf;
    std::vector<double> m_nicLoad, m_rackLoad;
    std::vector<int> m_servers, m_racks;
    double m_intraS = 0.0;
};

// Worker ids of a model job's groups.
struct Ids
{
    int D, C, P, T;
    int operator()(int a, int c, int p, int t) const { return ((a * C + c) * P + p) * T + t; }
};

struct Comm
{
    double tpS = 0.0, ppS = 0.0, cpStepS = 0.0, epS = 0.0, dpS = 0.0, expertDpS = 0.0;
};

Comm communication(const ModelCost& cost, const std::vector<int>& serverOf, const Links& links)
{
    const Parallelism& par = cost.par;
    const Ids id{par.dp, par.cp, par.pp, par.tp};
    Comm out;
    std::vector<int> members;
    if (cost.tpBytes > 0.0) {
        Collective tp(links, serverOf);
        for (int a = 0; a < par.dp; ++a)
            for (int c = 0; c < par.cp; ++c)
                for (int p = 0; p < par.pp; ++p) {
                    members.clear();
                    for (int t = 0; t < par.tp; ++t)
                        members.push_back(id(a, c, p, t));
                    tp.add(members, cost.tpBytes, Pattern::AllReduce);
                }
        out.tpS = tp.seconds();
    }
    if (cost.ppBytes > 0.0) {
        Collective pp(links, serverOf);
        for (int a = 0; a < par.dp; ++a)
            for (int c = 0; c < par.cp; ++c)
                for (int p = 0; p + 1 < par.pp; ++p)
                    for (int t = 0; t < par.tp; ++t)
                        pp.send(id(a, c, p, t), id(a, c, p + 1, t), cost.ppBytes);
        out.ppS = pp.seconds();
    }
    if (cost.cpBytes > 0.0) {
        Collective cp(links, serverOf);
        for (int a = 0; a < par.dp; ++a)
            for (int p = 0; p < par.pp; ++p)
                for (int t = 0; t < par.tp; ++t)
                    for (int c = 0; c < par.cp; ++c)
                        cp.send(id(a, c, p, t), id(a, (c + 1) % par.cp, p, t), cost.cpBytes);
        out.cpStepS = cp.seconds();
    }
    if (cost.epBytes > 0.0) {
        Collective ep(links, serverOf);
        for (int c = 0; c < par.cp; ++c)
            for (int p = 0; p < par.pp; ++p)
                for (int t = 0; t < par.tp; ++t)
                    for (int g = 0; g < par.dp; g += par.ep) {
                        members.clear();
                        for (int a = g; a < g + par.ep; ++a)
                            members.push_back(id(a, c, p, t));
                        ep.add(members, cost.epBytes, Pattern::AllToAll);
                    }
        out.epS = ep.seconds();
    }
    if (cost.dpBytes > 0.0 && par.dp * par.cp > 1) {
        Collective dp(links, serverOf);
        for (int p = 0; p < par.pp; ++p)
            for (int t = 0; t < par.tp; ++t) {
                members.clear();
                for (int a = 0; a < par.dp; ++a)
                    for (int c = 0; c < par.cp; ++c)
                        members.push_back(id(a, c, p, t));
                dp.add(members, cost.dpBytes, Pattern::AllReduce);
            }
        out.dpS = dp.seconds();
    }
    if (cost.expertDpBytes > 0.0) {
        Collective edp(links, serverOf);
        for (int c = 0; c < par.cp; ++c)
            for (int p = 0; p < par.pp; ++p)
                for (int t = 0; t < par.tp; ++t)
                    for (int shard = 0; shard < par.ep; ++shard) {
                        members.clear();
                        for (int a = shard; a < par.dp; a += par.ep)
                            members.push_back(id(a, c, p, t));
                        edp.add(members, cost.expertDpBytes, Pattern::AllReduce);
                    }
        out.expertDpS = edp.seconds();
    }
    return out;
}

double matmulS(const ModelCost& cost, double flops, const GpuType& t)
{
    if (flops <= 0.0)
        return 0.0;
    const double fraction =
        cost.cnn ? kConvPeakFraction : ModelIteration::gemmEfficiency(cost.gemmWidth);
    return flops / (t.peakTflops(cost.training.precision) * 1e12 * fraction);
}

double attentionS(const ModelCost& cost, double flops, const GpuType& t)
{
    if (flops <= 0.0)
        return 0.0;
    // Unfused: batched products over the head dimension (64 to 128 wide).
    const double fraction = cost.fusedAttention ? kFusedAttentionFraction
                                                : ModelIteration::gemmEfficiency(cost.headWidth);
    return flops / (t.peakTflops(cost.training.precision) * 1e12 * fraction);
}

ModelIterationParts combine(const ModelCost& cost, const GpuType& type, const Comm& comm)
{
    const Parallelism& par = cost.par;
    const double m = cost.microBatches;
    const double step = ModelIteration::microBatchS(cost, type);
    const double redo = ModelIteration::recomputeS(cost, type);
    const Overlap overlap = cost.training.overlap;

    ModelIterationParts out;
    double tpStep = cost.tpCollectives * comm.tpS;
    if (overlap == Overlap::DpTp)
        tpStep = std::max(0.0, tpStep - matmulS(cost, cost.matmulFlops, type));
    double cpStep = cost.cpSteps * comm.cpStepS;
    cpStep = std::max(
        0.0, cpStep - attentionS(cost, cost.attentionFlops + cost.recomputeAttentionFlops, type));
    const double stageStep = step + redo + tpStep + cpStep + comm.epS;
    out.computeS = m * step + cost.optimizerBytes / type.memoryBytesPerSecond();
    out.recomputeS = m * redo;
    out.tensorS = m * tpStep;
    out.contextS = m * cpStep;
    out.expertS = m * comm.epS;
    out.bubbleS = (par.pp - 1.0) / par.vp * stageStep;
    if (par.pp > 1) {
        const double transfers =
            overlap == Overlap::DpTp ? 2.0 * (par.pp - 1.0) : 2.0 * (m * par.vp + par.pp - 1.0);
        out.pipelineS = transfers * comm.ppS;
    }
    // Data parallelism: gradients are reduced once per iteration (zero3: parameters gathered
    // forward and backward and gradients scattered in every micro-batch).
    const double backward = (1.0 - cost.forwardShare) * step + redo;
    const double forward = cost.forwardShare * step;
    const double reduce = comm.dpS + comm.expertDpS;
    const bool overlapDp = overlap != Overlap::None;
    switch (cost.training.optimizerSharding) {
    case OptimizerSharding::None:
        out.dataS = overlapDp ? std::max(0.0, reduce - backward) : reduce;
        break;
    case OptimizerSharding::Distributed:
        out.dataS = overlapDp ? std::max(0.0, reduce / 2.0 - backward) +
                                    std::max(0.0, reduce / 2.0 - forward)
                              : reduce;
        break;
    case OptimizerSharding::Zero3:
        out.dataS = m * (overlapDp ? std::max(0.0, 1.5 * reduce - step - redo) : 1.5 * reduce);
        break;
    }
    out.iterationS = out.computeS + out.recomputeS + out.bubbleS + out.dataS + out.tensorS +
                     out.pipelineS + out.contextS + out.expertS;
    return out;
}

} // namespace

double ModelIteration::gemmEfficiency(double width)
{
    return kGemmPeakFraction * width / (width + kGemmHalfWidth);
}

double ModelIteration::microBatchS(const ModelCost& cost, const GpuType& t)
{
    return matmulS(cost, cost.matmulFlops, t) + attentionS(cost, cost.attentionFlops, t) +
           cost.memoryBytes / t.memoryBytesPerSecond();
}

double ModelIteration::recomputeS(const ModelCost& cost, const GpuType& t)
{
    return matmulS(cost, cost.recomputeFlops, t) +
           attentionS(cost, cost.recomputeAttentionFlops, t) +
           cost.recomputeBytes / t.memoryBytesPerSecond();
}

ModelIterationParts ModelIteration::evaluate(const ModelCost& cost, const Mapping& m,
                                             const Cluster& c, double crossShare)
{
    std::vector<int> serverOf(m.gpus.size());
    int slowest = -1;
    double slowestS = -1.0;
    for (std::size_t w = 0; w < m.gpus.size(); ++w) {
        serverOf[w] = c.serverOfGpu(m.gpus[w]);
        const int type = c.servers[std::size_t(serverOf[w])].gpuType;
        if (type == slowest)
            continue;
        const GpuType& t = c.gpuTypes[std::size_t(type)];
        const double s = microBatchS(cost, t) + recomputeS(cost, t);
        if (s > slowestS) {
            slowestS = s;
            slowest = type;
        }
    }
    if (slowest < 0)
        return {};
    const Links links{&c, crossShare};
    ModelIterationParts out =
        combine(cost, c.gpuTypes[std::size_t(slowest)], communication(cost, serverOf, links));
    out.gpuType = slowest;
    return out;
}

ModelIterationParts ModelIteration::onType(const ModelCost& cost, const GpuType& t,
                                           int gpusPerServer, double intraGBps, double nicGbps)
{
    // Workers fill servers in id order (tensor ranks first), as a consolidating placement does.
    Cluster c;
    c.gpuTypes = {t};
    c.racks = {Rack{QStringLiteral("r"), nicGbps * 1e6}};
    const long long workers = cost.par.workers();
    const int per = std::max(1, gpusPerServer);
    const int servers = int((workers + per - 1) / per);
    for (int s = 0; s < servers; ++s)
        c.servers.push_back(Server{QString::number(s), 0, 0, per, intraGBps, nicGbps});
    c.finalize();
    Mapping m;
    for (long long w = 0; w < workers; ++w)
        m.gpus.push_back(int(w));
    return evaluate(cost, m, c);
}

} // namespace gantry
