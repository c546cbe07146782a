// Model jobs: docs/asrpt.md E8, the worker graph of every zoo model under several parallelisms
// (worker count, edge kinds, traffic and compute against the formulas written out again here),
// memory and per-GPU-type compute, parallelism checks and model jobs read from scenarios.
#include "io/modelspecjson.h"
#include "io/modelzoo.h"
#include "io/scenarioreader.h"
#include "mapping/iterationmodel.h"
#include "model/modelcostbuilder.h"
#include "model/modelgraphbuilder.h"

#include <QTest>

#include <cmath>
#include <map>
#include <set>

using namespace gantry;

namespace {

ModelSpec zoo(const QString& name)
{
    const auto m = ModelZoo::find(name);
    if (!m)
        qFatal("model %s missing from the zoo", qPrintable(name));
    return *m;
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

// Edges of a ring of n members: n for n >= 3, one for n = 2, none for n = 1.
int ringEdges(int n)
{
    return n >= 3 ? n : (n == 2 ? 1 : 0);
}

// True when a and b are neighbours on the ring members[0..n).
bool onRing(const std::vector<int>& members, int a, int b)
{
    const std::size_t n = members.size();
    if (n < 2)
        return false;
    for (std::size_t i = 0; i < n; ++i) {
        const int u = members[i], v = members[(i + 1) % n];
        if ((u == a && v == b) || (u == b && v == a))
            return true;
    }
    return false;
}

Cluster gpuCluster(const GpuType& type, int servers, int gpus)
{
    Cluster c;
    c.gpuTypes = {type};
    c.racks = {{QStringLiteral("r0"), 400}};
    for (int i = 0; i < servers; ++i)
        c.servers.push_back({QStringLiteral("s%1").arg(i), 0, 0, gpus, 300, 100});
    c.finalize();
    return c;
}

Job modelJob(const ModelSpec& spec, const Parallelism& par)
{
    Job j;
    j.id = spec.name;
    j.kind = JobKind::Model;
    j.model = spec.name;
    j.parallelism = par;
    j.iterations = 1;
    j.graph = ModelGraphBuilder::build(spec, par);
    return j;
}

} // namespace

class TestModelGraph : public QObject
{
    Q_OBJECT

private slots:
    void e8DataParallelRing();
    void zooContents();
    void zooGraph_data();
    void zooGraph();
    void memoryShrinksWithModelParallelism_data();
    void memoryShrinksWithModelParallelism();
    void computeDependsOnGpuType();
    void invalidParallelism_data();
    void invalidParallelism();
    void scenarioModelJobs();
};

// E8: VGG19, D = 4, fp32 gradients; ring 0-1-2-3-0 on 2 servers x 2 GPUs, {0,1} | {2,3}.
void TestModelGraph::e8DataParallelRing()
{
    const ModelSpec vgg = zoo(QStringLiteral("vgg19"));
    QCOMPARE(vgg.parameters, 143667240.0);
    QCOMPARE(vgg.gradientBytes, 4.0);
    const Job job = modelJob(vgg, {4, 1, 1, 1});
    QCOMPARE(job.gpuCount(), 4);
    const double dDp = 2.0 * 3.0 / 4.0 * 143667240.0 * 4.0;
    QCOMPARE(std::round(dDp / 1e6), 862.0);
    QCOMPARE(job.graph.edges.size(), std::size_t(4));
    std::set<std::pair<int, int>> pairs;
    for (const auto& e : job.graph.edges) {
        QVERIFY(near(e.bytes, dDp));
        pairs.insert({e.a, e.b});
    }
    QCOMPARE(pairs, (std::set<std::pair<int, int>>{{0, 1}, {1, 2}, {2, 3}, {0, 3}}));
    const Cluster c = gpuCluster({QStringLiteral("G"), 100, 80, 1.0}, 2, 2);
    const double cross = IterationModel::crossServerBytes(job, Mapping{{0, 1, 2, 3}}, c);
    QVERIFY(near(cross, 2.0 * dDp));
    QCOMPARE(std::round(cross / 1e6), 1724.0);
}

void TestModelGraph::zooContents()
{
    const QStringList wanted = {"vgg19",    "resnet50",  "bert-large",  "gpt2-xl",
                                "llama-7b", "gpt3-175b", "mixtral-8x7b"};
    for (const QString& name : wanted)
        QVERIFY2(ModelZoo::find(name).has_value(), qPrintable(name));
    QVERIFY(!ModelZoo::find(QStringLiteral("no-such-model")).has_value());
    QCOMPARE(zoo("gpt3-175b").parameters, 175e9);
    QCOMPARE(zoo("gpt3-175b").layers, 96);
    QCOMPARE(zoo("gpt3-175b").hidden, 12288);
    QCOMPARE(zoo("bert-large").seqLen, 512);
    const ModelSpec mix = zoo(QStringLiteral("mixtral-8x7b"));
    QCOMPARE(mix.family, ModelFamily::Moe);
    QCOMPARE(mix.experts, 8);
    // Mixtral publishes 12.9B active parameters per token.
    QCOMPARE(std::round(mix.activeParameters() / 1e8), 129.0);
    bool hasCnn = false;
    for (const ModelSpec& m : ModelZoo::builtin()) {
        hasCnn = hasCnn || m.family == ModelFamily::Cnn;
        QVERIFY(m.parameters > 0 && m.microBatch > 0 && m.microBatches > 0);
        QVERIFY(m.efficiency > 0 && m.efficiency <= 1);
        // The JSON form reads back equal.
        QCOMPARE(ModelSpecJson::read(ModelSpecJson::write(m), QStringLiteral("m")), m);
    }
    QVERIFY(hasCnn);
}

void TestModelGraph::zooGraph_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("dp");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("ep");
    const std::vector<Parallelism> dense = {{1, 1, 1, 1}, {2, 1, 1, 1}, {3, 1, 1, 1}, {8, 1, 1, 1},
                                            {1, 2, 1, 1}, {1, 1, 2, 1}, {1, 1, 4, 1}, {2, 2, 2, 1},
                                            {3, 4, 4, 1}, {1, 8, 8, 1}, {2, 3, 5, 1}, {4, 1, 8, 1}};
    const std::vector<Parallelism> moe = {{2, 1, 1, 2},  {4, 1, 1, 2}, {4, 1, 1, 4}, {8, 1, 1, 8},
                                          {8, 1, 1, 2},  {6, 1, 1, 2}, {4, 2, 2, 2}, {8, 2, 4, 4},
                                          {16, 1, 1, 8}, {2, 2, 4, 2}};
    for (const ModelSpec& m : ModelZoo::builtin()) {
        int rows = 0;
        std::vector<Parallelism> all = dense;
        if (m.family == ModelFamily::Moe)
            all.insert(all.end(), moe.begin(), moe.end());
        for (const Parallelism& p : all) {
            QString key;
            if (!ModelGraphBuilder::check(m, p, &key).isEmpty())
                continue;
            ++rows;
            QTest::addRow("%s dp%d pp%d tp%d ep%d", qPrintable(m.name), p.dp, p.pp, p.tp, p.ep)
                << m.name << p.dp << p.pp << p.tp << p.ep;
        }
        QVERIFY2(rows >= 3, qPrintable(m.name));
    }
}

// The graph of docs/models.md ("Workers and edges") written out independently of
// ModelGraphBuilder.
void TestModelGraph::zooGraph()
{
    QFETCH(QString, model);
    QFETCH(int, dp);
    QFETCH(int, pp);
    QFETCH(int, tp);
    QFETCH(int, ep);
    const ModelSpec M = zoo(model);
    const Parallelism par{dp, pp, tp, ep};
    const JobGraph g = ModelGraphBuilder::build(M, par);
    const int D = dp, P = pp, T = tp;
    QCOMPARE(int(g.workers.size()), D * P * T);

    const double L = M.layers, h = M.hidden, s = M.seqLen, b = M.microBatch, m = M.microBatches;
    const double beta = M.bytesPerElement, betaG = M.gradientBytes;
    const bool cnn = M.family == ModelFamily::Cnn;
    const bool moe = M.family == ModelFamily::Moe && ep > 1;
    const double phiS =
        M.parameters - (M.family == ModelFamily::Moe ? M.experts : 0) * M.expertParameters;
    const double dTp = m * (L / P) * 4 * (2.0 * (T - 1) / T) * b * s * h * beta;
    // Each tensor rank sends its 1/T slice of a stage's activation (scatter-gather p2p).
    const double dPp = m * b * s * h * beta / T;
    const double dDp = cnn   ? 2.0 * (D - 1) / D * M.parameters * betaG
                       : moe ? 2.0 * (D - 1) / D * (phiS / (P * T)) * betaG
                             : 2.0 * (D - 1) / D * (M.parameters / (P * T)) * betaG;
    const double k = M.topK;
    const int R = moe ? D / ep : 1;
    const double dEp = moe ? 4 * m * (L / P) * (b * s / T) * h * beta * k / ep : 0.0;
    const double dEdp =
        moe ? 2.0 * (R - 1) / R * (double(M.experts) / ep * M.expertParameters / (P * T)) * betaG
            : 0.0;

    // Compute and memory of every worker come from the job's ModelCost (whose formulas
    // tst_modelcost pins by hand): every micro-batch of the slowest stage plus the bubble's
    // P - 1 steps; no recomputation under the default training settings.
    QVERIFY(g.model.has_value());
    const ModelCost cost = ModelCostBuilder::build(M, par, TrainingSettings{});
    QCOMPARE(*g.model, cost);
    QCOMPARE(cost.recomputeFlops, 0.0);
    QCOMPARE(cost.recomputeAttentionFlops, 0.0);
    const double flops = (cost.matmulFlops + cost.attentionFlops) * (m + P - 1);
    const double memGb = cost.memoryGb();
    QVERIFY(memGb > 0.0 && flops > 0.0);
    for (const auto& w : g.workers) {
        QCOMPARE(w.computeS, 0.0);
        QVERIFY2(near(w.flops, flops), qPrintable(QString::number(w.flops)));
        QVERIFY2(near(w.memoryGb, memGb), qPrintable(QString::number(w.memoryGb)));
    }
    QVERIFY(near(g.maxWorkerMemoryGb(), memGb));

    // Edges: undirected, in range, no self edges, no duplicates; each classified by which
    // coordinate of (a, p, t) differs.
    std::set<std::pair<int, int>> seen;
    int nTp = 0, nPp = 0, nReplica = 0;
    double total = 0.0;
    for (const auto& e : g.edges) {
        QVERIFY(e.a >= 0 && e.b >= 0 && e.a < D * P * T && e.b < D * P * T);
        QVERIFY2(e.a != e.b, "self edge");
        QVERIFY2(seen.insert({std::min(e.a, e.b), std::max(e.a, e.b)}).second, "duplicate edge");
        QVERIFY(e.bytes > 0);
        total += e.bytes;
        const int a1 = e.a / (P * T), p1 = e.a / T % P, t1 = e.a % T;
        const int a2 = e.b / (P * T), p2 = e.b / T % P, t2 = e.b % T;
        if (a1 == a2 && p1 == p2) {
            ++nTp;
            QVERIFY(near(e.bytes, dTp));
        } else if (a1 == a2 && t1 == t2 && std::abs(p1 - p2) == 1) {
            ++nPp;
            QVERIFY(near(e.bytes, dPp));
        } else if (p1 == p2 && t1 == t2) {
            ++nReplica;
            std::vector<int> all;
            for (int a = 0; a < D; ++a)
                all.push_back(a);
            double want = onRing(all, a1, a2) ? dDp : 0.0;
            if (moe) {
                if (a1 / ep == a2 / ep)
                    want += dEp;
                if (a1 % ep == a2 % ep) {
                    std::vector<int> shard;
                    for (int a = a1 % ep; a < D; a += ep)
                        shard.push_back(a);
                    if (onRing(shard, a1, a2))
                        want += dEdp;
                }
            }
            QVERIFY2(near(e.bytes, want), qPrintable(QStringLiteral("edge %1-%2: %3, want %4")
                                                         .arg(e.a)
                                                         .arg(e.b)
                                                         .arg(e.bytes)
                                                         .arg(want)));
        } else {
            QFAIL(qPrintable(QStringLiteral("edge %1-%2 is of no kind").arg(e.a).arg(e.b)));
        }
    }
    QCOMPARE(nTp, D * P * ringEdges(T));
    QCOMPARE(nPp, D * T * (P - 1));
    if (!moe)
        QCOMPARE(nReplica, P * T * ringEdges(D));
    // Totals: edges of each kind times the kind's bytes.
    const double want =
        D * P * ringEdges(T) * dTp + D * T * (P - 1) * dPp + P * T * ringEdges(D) * dDp +
        (moe ? P * T * (D / ep) * (ep * (ep - 1) / 2) * dEp + P * T * ep * ringEdges(R) * dEdp
             : 0.0);
    QVERIFY2(near(total, want), qPrintable(QStringLiteral("%1 vs %2").arg(total).arg(want)));
    const auto eb = ModelGraphBuilder::edgeBytes(M, par);
    QVERIFY(near(eb.dp, dDp) && near(eb.ep, dEp) && near(eb.expertDp, dEdp));
}

void TestModelGraph::memoryShrinksWithModelParallelism_data()
{
    QTest::addColumn<QString>("model");
    for (const ModelSpec& m : ModelZoo::builtin())
        if (m.family != ModelFamily::Cnn)
            QTest::newRow(qPrintable(m.name)) << m.name;
}

void TestModelGraph::memoryShrinksWithModelParallelism()
{
    QFETCH(QString, model);
    const ModelSpec M = zoo(model);
    QString key;
    for (const bool alongTp : {true, false}) {
        double last = 0.0;
        int steps = 0;
        for (int k : {1, 2, 4, 5, 8}) {
            const Parallelism par = alongTp ? Parallelism{2, 1, k, 1} : Parallelism{2, k, 1, 1};
            if (!ModelGraphBuilder::check(M, par, &key).isEmpty())
                continue;
            // An uneven split gives the first stage more layers (and 1F1B keeps pp micro-batches
            // of them in flight), so only stage counts that divide the layers must shrink it.
            if (!alongTp && M.layers % k != 0)
                continue;
            const double mem = ModelGraphBuilder::memoryPerWorkerGb(M, par);
            if (steps++ > 0)
                QVERIFY2(mem < last, qPrintable(QStringLiteral("%1 %2=%3: %4 GB >= %5 GB")
                                                    .arg(model, alongTp ? "tp" : "pp")
                                                    .arg(k)
                                                    .arg(mem)
                                                    .arg(last)));
            last = mem;
        }
        QVERIFY(steps >= 2);
    }
    if (M.family == ModelFamily::Moe) {
        // Sharding experts over a larger EP group shrinks memory too.
        QVERIFY(ModelGraphBuilder::memoryPerWorkerGb(M, {8, 1, 1, 8}) <
                ModelGraphBuilder::memoryPerWorkerGb(M, {8, 1, 1, 2}));
    }
}

void TestModelGraph::computeDependsOnGpuType()
{
    GpuType a100{QStringLiteral("A100-80G"), 312, 80, 1.0};
    a100.memoryGBps = 2039;
    GpuType h100{QStringLiteral("H100"), 989, 80, 2.2};
    h100.memoryGBps = 3350;
    const Job job = modelJob(zoo(QStringLiteral("bert-large")), {1, 1, 1, 1});
    const JobGraph::Worker& w = job.graph.workers.front();
    // A single worker has no edges, so the iteration is its compute: never faster than its
    // FLOPs at the data-sheet peak, and faster on the faster GPU.
    const double onA = IterationModel::iterationTimeS(job, Mapping{{0}}, gpuCluster(a100, 1, 1));
    const double onH = IterationModel::iterationTimeS(job, Mapping{{0}}, gpuCluster(h100, 1, 1));
    QVERIFY2(onA >= w.flops / 312e12, qPrintable(QString::number(onA)));
    QVERIFY2(onH >= w.flops / 989e12, qPrintable(QString::number(onH)));
    QVERIFY(onH < onA);
    // The passes alone (what the mapping search weighs) are the iteration less its optimizer
    // step.
    const double passes = IterationModel::workerComputeS(job, 0, a100);
    QVERIFY2(passes >= w.flops / 312e12 && passes < onA, qPrintable(QString::number(passes)));
    // Graph jobs keep compute_s / speed + flops at the peak.
    QVERIFY(near(IterationModel::computeTimeS({2.2, 0.0, 0.0}, h100), 1.0));
    QVERIFY(near(IterationModel::computeTimeS({0.0, 989e12, 0.0}, h100), 1.0));
}

void TestModelGraph::invalidParallelism_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("dp");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("ep");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("message");
    QTest::newRow("cnn tp") << "vgg19" << 1 << 1 << 2 << 1 << "tp"
                            << "data-parallel only";
    QTest::newRow("cnn pp") << "resnet50" << 1 << 2 << 1 << 1 << "pp"
                            << "data-parallel only";
    QTest::newRow("pp > layers") << "bert-large" << 1 << 25 << 1 << 1 << "pp"
                                 << "24 layers";
    QTest::newRow("tp vs heads") << "gpt2-xl" << 1 << 1 << 2 << 1 << "tp"
                                 << "25 attention heads";
    QTest::newRow("tp vs hidden") << "llama-7b" << 1 << 1 << 3 << 1 << "tp"
                                  << "hidden size 4096";
    QTest::newRow("ep on dense") << "llama-7b" << 2 << 1 << 1 << 2 << "ep"
                                 << "has no experts";
    QTest::newRow("ep vs dp") << "mixtral-8x7b" << 3 << 1 << 1 << 2 << "ep"
                              << "divide dp (3)";
    QTest::newRow("ep vs experts") << "mixtral-8x7b" << 3 << 1 << 1 << 3 << "ep"
                                   << "8 experts";
}

void TestModelGraph::invalidParallelism()
{
    QFETCH(QString, model);
    QFETCH(int, dp);
    QFETCH(int, pp);
    QFETCH(int, tp);
    QFETCH(int, ep);
    QFETCH(QString, key);
    QFETCH(QString, message);
    QString got;
    const QString msg = ModelGraphBuilder::check(zoo(model), {dp, pp, tp, ep}, &got);
    QVERIFY2(msg.contains(message), qPrintable(msg));
    QCOMPARE(got, key);
}

// tests/data/valid/model_jobs.json: scenario models shadow the zoo and model jobs expand.
void TestModelGraph::scenarioModelJobs()
{
    const Result<Scenario> r =
        ScenarioReader::readFile(QStringLiteral(GANTRY_TEST_DATA "/valid/model_jobs.json"));
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message));
    const Scenario& s = r.value();
    QVERIFY(s.models.size() >= 2);
    std::map<QString, ModelSpec> own;
    for (const ModelSpec& m : s.models)
        own[m.name] = m;
    QVERIFY(own.count(QStringLiteral("bert-large")));
    QVERIFY(!(own[QStringLiteral("bert-large")] == zoo(QStringLiteral("bert-large"))));
    int modelJobs = 0;
    for (const Job& j : s.jobs) {
        if (j.kind != JobKind::Model)
            continue;
        ++modelJobs;
        const ModelSpec spec = own.count(j.model) ? own[j.model] : zoo(j.model);
        QCOMPARE(j.graph, ModelGraphBuilder::build(spec, j.parallelism, j.training));
        QCOMPARE(j.gpuCount(), int(j.parallelism.workers()));
        QVERIFY(j.memoryPerGpuGb() > 0);
        QVERIFY(j.iterations > 0);
    }
    QVERIFY(modelJobs >= 4);
}

QTEST_GUILESS_MAIN(TestModelGraph)
#include "tst_modelgraph.moc"
