// The performance model of model jobs (docs/models.md): its formulas pinned by worked examples
// by hand, the directions that must hold whatever the constants (overlap never slower, more
// recomputation never faster and never more memory, more sharding never more memory, more
// virtual stages never a larger bubble), collectives charged once per group and NICs shared by
// a job's own groups, the scenario keys read, written and read again, bad values named by their
// JSON path, and the calibration set read whole with no row refused for memory.
#include "analysis/fidelityset.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "mapping/iterationmodel.h"
#include "mapping/modeliteration.h"
#include "model/modelcostbuilder.h"
#include "model/modelgraphbuilder.h"

#include <QTest>

#include <cmath>

using namespace gantry;

namespace {

bool near(double a, double b, double rel = 1e-9)
{
    return std::abs(a - b) <= rel * std::max({1.0, std::abs(a), std::abs(b)});
}

// A small dense transformer: L 4, h 1024, 16 heads, s 1024, b 2, m 8, vocabulary 32000.
ModelSpec small()
{
    ModelSpec m;
    m.name = QStringLiteral("small");
    m.family = ModelFamily::Transformer;
    m.layers = 4;
    m.hidden = 1024;
    m.heads = 16;
    m.seqLen = 1024;
    m.microBatch = 2;
    m.microBatches = 8;
    m.vocab = 32000;
    m.parameters = 4 * 12.0 * 1024 * 1024 + 32000.0 * 1024;
    return m;
}

GpuType gpu()
{
    GpuType t;
    t.name = QStringLiteral("G");
    t.tflops = 100.0;
    t.memoryGb = 80.0;
    t.memoryGBps = 1000.0;
    return t;
}

// servers x gpus GPUs of type gpu(), intra 200 GB/s (two-way), NIC nic Gb/s, one rack.
Cluster cluster(int servers, int gpus, double nic = 100.0)
{
    Cluster c;
    c.gpuTypes = {gpu()};
    c.racks = {{QStringLiteral("r0"), 1e6}};
    for (int i = 0; i < servers; ++i)
        c.servers.push_back({QStringLiteral("s%1").arg(i), 0, 0, gpus, 200.0, nic});
    c.finalize();
    return c;
}

Mapping identity(long long n)
{
    Mapping m;
    for (long long i = 0; i < n; ++i)
        m.gpus.push_back(int(i));
    return m;
}

ModelIterationParts evaluate(const ModelSpec& spec, const Parallelism& par,
                             const TrainingSettings& tr, const Cluster& c)
{
    return ModelIteration::evaluate(ModelCostBuilder::build(spec, par, tr), identity(par.workers()),
                                    c);
}

} // namespace

class TestModelCost : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void flopsByHand();
    void memoryByHand();
    void gatedFeedForward();
    void ringChargedOnce();
    void nicSharedByTheJobsGroups();
    void bubbleByHand();
    void directions_data();
    void directions();
    void scenarioKeysRoundTrip();
    void badValues_data();
    void badValues();
    void calibrationSetFits();
};

// Forward FLOPs of one micro-batch, one GPU (tp 2): layers x 2 x tokens x 12h^2 / T, the
// attention 4 x tokens x s x h / T per layer, the logits 2 x tokens x h x V / T; backward twice
// the forward; full recomputation one forward of the layers again.
void TestModelCost::flopsByHand()
{
    const ModelSpec m = small();
    TrainingSettings tr;
    tr.recompute = Recompute::Full;
    const ModelCost c = ModelCostBuilder::build(m, {1, 1, 2, 1}, tr);
    const double tokens = 2.0 * 1024, h = 1024, T = 2;
    const double layer = 2.0 * tokens * 12.0 * h * h / T;
    const double logits = 2.0 * tokens * h * 32000.0 / T;
    QVERIFY(near(c.matmulFlops, 3.0 * (4.0 * layer + logits)));
    QVERIFY(near(c.attentionFlops, 3.0 * 4.0 * (4.0 * tokens * 1024.0 * h / T)));
    QVERIFY(near(c.recomputeFlops, 4.0 * layer));
    QVERIFY(near(c.recomputeAttentionFlops, 4.0 * (4.0 * tokens * 1024.0 * h / T)));
    // Four tensor collectives a layer, two more recomputed; each of b s h beta bytes.
    QVERIFY(near(c.tpCollectives, 4.0 * 6.0));
    QVERIFY(near(c.tpBytes, tokens * h * 2.0));
    // On the GPU: FLOPs at the peak times the matrix-multiply efficiency of width h/T = 512.
    const double e = ModelIteration::gemmEfficiency(512.0);
    QVERIFY(e > 0.0 && e < 1.0);
    QVERIFY(ModelIteration::gemmEfficiency(4096.0) > e); // wider is never less efficient
}

// Weights, gradients and optimizer state by precision and sharding; activations as Korthikanti
// et al. 2022: sbh (34 + 5as/h) bytes a layer at 2-byte elements without recomputation, sbh
// (10 + 24/T) with tensor parallelism and selective recomputation, 2sbh with full.
void TestModelCost::memoryByHand()
{
    ModelSpec m = small();
    m.vocab = 0;
    m.parameters = 4 * 12.0 * 1024 * 1024;
    m.microBatches = 1;
    TrainingSettings tr; // bf16: 2-byte weights, 4-byte main gradients, 12 bytes of Adam
    ModelCost c = ModelCostBuilder::build(m, {1, 1, 1, 1}, tr);
    QVERIFY(near(c.weightsGb, m.parameters * 2.0 / 1e9));
    QVERIFY(near(c.gradientsGb, m.parameters * 4.0 / 1e9));
    QVERIFY(near(c.optimizerGb, m.parameters * 12.0 / 1e9));
    const double sbh = 1024.0 * 2 * 1024;
    QVERIFY(near(c.activationsGb, 4.0 * sbh * (34.0 + 5.0 * 16 * 1024 / 1024.0) / 1e9));
    tr.precision = Precision::Fp16; // fp16 gradients
    c = ModelCostBuilder::build(m, {1, 1, 1, 1}, tr);
    QVERIFY(near(c.gradientsGb, m.parameters * 2.0 / 1e9));
    tr.recompute = Recompute::Selective;
    c = ModelCostBuilder::build(m, {1, 1, 4, 1}, tr);
    QVERIFY(near(c.activationsGb,
                 (4.0 * sbh * (10.0 + 24.0 / 4.0) + sbh * 5.0 * 16 * 1024 / (1024.0 * 4)) / 1e9));
    tr.optimizerSharding = OptimizerSharding::Distributed;
    const ModelCost d = ModelCostBuilder::build(m, {8, 1, 4, 1}, tr);
    QVERIFY(near(d.optimizerGb, m.parameters / 4.0 * 12.0 / 8.0 / 1e9));
    QVERIFY(near(d.weightsGb, m.parameters / 4.0 * 2.0 / 1e9));
}

// ffn_hidden with a parameter count that matches three matrices is a gated (SwiGLU) block.
void TestModelCost::gatedFeedForward()
{
    ModelSpec m = small();
    m.vocab = 0;
    m.ffnHidden = 2816;
    m.parameters = 4.0 * (4.0 * 1024 * 1024 + 3.0 * 1024 * 2816);
    QCOMPARE(ModelCostBuilder::ffnMatrices(m), 3.0);
    m.parameters = 4.0 * (4.0 * 1024 * 1024 + 2.0 * 1024 * 2816);
    QCOMPARE(ModelCostBuilder::ffnMatrices(m), 2.0);
    m.kvHeads = 4; // grouped-query attention: K and V are h x h/4
    QVERIFY(near(ModelCostBuilder::attentionParameters(m), 2.0 * 1024 * 1024 + 2.0 * 1024 * 256));
}

// A data-parallel ring over two servers: 2(n-1)/n of the gradient buffer through each NIC,
// once; the old edge-by-edge sum charged a member for both neighbours.
void TestModelCost::ringChargedOnce()
{
    const ModelSpec m = small();
    TrainingSettings tr;
    tr.overlap = Overlap::None;
    const Cluster c = cluster(4, 1, 100.0);
    const ModelCost cost = ModelCostBuilder::build(m, {4, 1, 1, 1}, tr);
    const ModelIterationParts p = ModelIteration::evaluate(cost, identity(4), c);
    const double nicBps = 100e9 / 8.0 * 0.9;
    QVERIFY(near(p.dataS, 2.0 * 3.0 / 4.0 * cost.dpBytes / nicBps, 1e-6));
}

// Two tensor ranks per server, data parallelism across servers: the two data-parallel groups
// (one per tensor rank) both cross each server's NIC and share it.
void TestModelCost::nicSharedByTheJobsGroups()
{
    const ModelSpec m = small();
    TrainingSettings tr;
    tr.overlap = Overlap::None;
    const Cluster c = cluster(2, 2, 100.0);
    const ModelCost cost = ModelCostBuilder::build(m, {2, 1, 2, 1}, tr);
    const ModelIterationParts p = ModelIteration::evaluate(cost, identity(4), c);
    const double nicBps = 100e9 / 8.0 * 0.9;
    QVERIFY(near(p.dataS, 2.0 * (2.0 * 1.0 / 2.0) * cost.dpBytes / nicBps, 1e-6));
}

// The bubble is (P - 1) / v micro-batch steps.
void TestModelCost::bubbleByHand()
{
    ModelSpec m = small();
    m.layers = 8;
    const Cluster c = cluster(1, 4);
    TrainingSettings tr;
    const ModelCost cost = ModelCostBuilder::build(m, {1, 4, 1, 1}, tr);
    const ModelIterationParts p = ModelIteration::evaluate(cost, identity(4), c);
    const double step = ModelIteration::microBatchS(cost, c.gpuTypes.front());
    QVERIFY(near(p.bubbleS, 3.0 * step, 1e-9));
    QVERIFY(near(p.computeS - cost.optimizerBytes / 1e12, 8.0 * step, 1e-9));
    Parallelism inter{1, 4, 1, 1, 1, 2};
    const ModelIterationParts q = evaluate(m, inter, tr, c);
    QVERIFY(q.bubbleS < p.bubbleS);
    QVERIFY(near(
        q.bubbleS,
        3.0 / 2.0 *
            ModelIteration::microBatchS(ModelCostBuilder::build(m, inter, tr), c.gpuTypes.front()),
        1e-9));
}

void TestModelCost::directions_data()
{
    QTest::addColumn<int>("dp");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("servers");
    QTest::newRow("dp 8 across servers") << 8 << 1 << 1 << 8;
    QTest::newRow("tp 4 in a server, dp 2") << 2 << 1 << 4 << 2;
    QTest::newRow("pp 2, tp 2, dp 2") << 2 << 2 << 2 << 2;
    QTest::newRow("tp 8 across servers") << 1 << 1 << 8 << 4;
}

void TestModelCost::directions()
{
    QFETCH(int, dp);
    QFETCH(int, pp);
    QFETCH(int, tp);
    QFETCH(int, servers);
    const ModelSpec m = small();
    const Parallelism par{dp, pp, tp, 1};
    const Cluster c = cluster(servers, int(par.workers() / servers), 50.0);
    const auto time = [&](TrainingSettings tr) { return evaluate(m, par, tr, c).iterationS; };
    const auto memory = [&](TrainingSettings tr) {
        return ModelCostBuilder::build(m, par, tr).memoryGb();
    };
    TrainingSettings tr;
    for (Precision prec : {Precision::Fp16, Precision::Bf16, Precision::Fp32})
        for (bool sp : {false, true}) {
            tr.precision = prec;
            tr.sequenceParallel = sp;
            tr.recompute = Recompute::None;
            tr.overlap = Overlap::None;
            const double none = time(tr);
            tr.overlap = Overlap::Dp;
            const double dpOverlap = time(tr);
            tr.overlap = Overlap::DpTp;
            QVERIFY(dpOverlap <= none);
            QVERIFY(time(tr) <= dpOverlap);
            tr.overlap = Overlap::Dp;
            const double memNone = memory(tr);
            tr.recompute = Recompute::Selective;
            const double selective = time(tr), memSelective = memory(tr);
            tr.recompute = Recompute::Full;
            QVERIFY(selective >= dpOverlap);
            QVERIFY(time(tr) >= selective);
            QVERIFY(memSelective <= memNone);
            QVERIFY(memory(tr) <= memSelective);
            tr.optimizerSharding = OptimizerSharding::None;
            const double unsharded = memory(tr);
            tr.optimizerSharding = OptimizerSharding::Distributed;
            const double distributed = memory(tr);
            tr.optimizerSharding = OptimizerSharding::Zero3;
            QVERIFY(distributed <= unsharded);
            QVERIFY(memory(tr) <= distributed);
            tr.optimizerSharding = OptimizerSharding::None;
        }
}

void TestModelCost::scenarioKeysRoundTrip()
{
    const QByteArray json = R"({"format":"gantry-scenario","version":1,
 "gpu_types":[{"name":"X","tflops":{"fp32":20,"tf32":150,"bf16":300,"fp8":600},"memory_gb":80,
   "memory_GBps":2000}],
 "cluster":{"racks":[{"name":"r","uplink_gbps":800}],"servers":[{"name":"s","rack":"r",
   "gpu_type":"X","gpus":8,"intra_GBps":600,"nic_gbps":800,"count":2}]},
 "models":[{"name":"m","family":"transformer","parameters":7e9,"layers":32,"hidden":4096,
   "heads":32,"kv_heads":8,"ffn_hidden":14336,"vocab":128256,"seq_len":4096,"micro_batch":1,
   "micro_batches":16}],
 "jobs":[{"id":"j","arrival_s":0,"model":"m","parallelism":{"dp":2,"pp":2,"tp":2,"cp":2,"vp":2},
   "iterations":10,"training":{"precision":"fp8","recompute":"selective","sequence_parallel":true,
   "optimizer_sharding":"distributed","overlap":"dp+tp"}}]})";
    const auto first = ScenarioReader::readJson(json, QStringLiteral("k.json"));
    QVERIFY2(first, first ? "" : qPrintable(first.error().message));
    const Scenario& s = first.value();
    const Job& j = s.jobs.front();
    QCOMPARE(j.parallelism, (Parallelism{2, 2, 2, 1, 2, 2}));
    QCOMPARE(j.gpuCount(), 16);
    QCOMPARE(j.training.precision, Precision::Fp8);
    QCOMPARE(j.training.recompute, Recompute::Selective);
    QVERIFY(j.training.sequenceParallel);
    QCOMPARE(j.training.optimizerSharding, OptimizerSharding::Distributed);
    QCOMPARE(j.training.overlap, Overlap::DpTp);
    QCOMPARE(s.models.front().kvHeads, 8);
    QCOMPARE(s.models.front().ffnHidden, 14336);
    QCOMPARE(s.models.front().vocab, 128256);
    const GpuType& t = s.cluster.gpuTypes.front();
    QCOMPARE(t.peakTflops(Precision::Fp8), 600.0);
    QCOMPARE(t.peakTflops(Precision::Fp16), 300.0); // falls back to the 16-bit figure
    QCOMPARE(t.memoryGBps, 2000.0);
    const auto again = ScenarioReader::readJson(ScenarioWriter::toJson(s), QStringLiteral("k2"));
    QVERIFY2(again, again ? "" : qPrintable(again.error().message));
    QCOMPARE(again.value().jobs, s.jobs);
    QCOMPARE(again.value().models, s.models);
    QCOMPARE(again.value().cluster, s.cluster);
}

void TestModelCost::badValues_data()
{
    QTest::addColumn<QString>("job");
    QTest::addColumn<QString>("message");
    QTest::newRow("precision") << R"("training":{"precision":"fp4"})"
                               << "jobs[0].training.precision: must be one of";
    QTest::newRow("recompute") << R"("training":{"recompute":"some"})"
                               << "jobs[0].training.recompute: must be one of";
    QTest::newRow("sequence_parallel")
        << R"("training":{"sequence_parallel":"yes"})"
        << "jobs[0].training.sequence_parallel: must be true or false";
    QTest::newRow("unknown key") << R"("training":{"zero":1})"
                                 << "jobs[0].training.zero";
    QTest::newRow("cp") << R"("parallelism":{"dp":1,"cp":3})"
                        << "jobs[0].parallelism.cp";
    QTest::newRow("vp without pp") << R"("parallelism":{"dp":1,"vp":2})"
                                   << "jobs[0].parallelism.vp";
}

void TestModelCost::badValues()
{
    QFETCH(QString, job);
    QFETCH(QString, message);
    QString body = job;
    if (!body.contains(QLatin1String("parallelism")))
        body += QStringLiteral(R"(,"parallelism":{"dp":1})");
    const QString json = QStringLiteral(R"({"format":"gantry-scenario","version":1,
 "cluster":{"racks":[{"name":"r","uplink_gbps":800}],"servers":[{"name":"s","rack":"r",
   "gpu_type":"A100-80G","gpus":8,"intra_GBps":600,"nic_gbps":800}]},
 "models":[{"name":"m","family":"transformer","parameters":1e9,"layers":8,"hidden":2048,
   "heads":16,"seq_len":2048,"micro_batch":1}],
 "jobs":[{"id":"j","arrival_s":0,"model":"m","iterations":10,%1}]})")
                             .arg(body);
    const auto r = ScenarioReader::readJson(json.toUtf8(), QStringLiteral("bad.json"));
    QVERIFY(!r);
    QVERIFY2(r.error().message.contains(message), qPrintable(r.error().message));
    QVERIFY(r.error().message.startsWith(QLatin1String("bad.json")));
}

// Every row of the built-in calibration set reads, places on its cluster and fits its GPUs'
// memory (each of them ran on those GPUs).
void TestModelCost::calibrationSetFits()
{
    const auto rows = FidelitySet::builtin();
    QVERIFY2(rows, rows ? "" : qPrintable(rows.error().message));
    QVERIFY(rows.value().size() >= 20);
    for (const FidelitySet::Row& r : rows.value()) {
        const auto e = FidelitySet::evaluate(r, QStringLiteral("graph"));
        QVERIFY2(e, qPrintable(r.name));
        QVERIFY2(e.value().fits,
                 qPrintable(QStringLiteral("%1: %2 GB").arg(r.name).arg(e.value().memoryGb)));
        QVERIFY2(e.value().predictedS > 0.0, qPrintable(r.name));
    }
}

QTEST_GUILESS_MAIN(TestModelCost)
#include "tst_modelcost.moc"
