#include "io/scenarioparser.h"

#include "io/trainingjson.h"

#include "io/gpucatalogue.h"
#include "io/modelspecjson.h"
#include "io/scenariocheck.h"
#include "model/jobids.h"
#include "model/modelgraphbuilder.h"

#include <algorithm>

namespace gantry {

namespace {

constexpr double kMaxSeconds = ScenarioParser::kMaxSeconds;
constexpr double kMaxIterations = ScenarioParser::kMaxIterations;
constexpr double kMaxComputeS = ScenarioCheck::kMaxComputeS;

QString indexed(const QString& path, qsizetype i)
{
    return QStringLiteral("%1[%2]").arg(path).arg(i);
}

} // namespace

Scenario ScenarioParser::parse(const QJsonObject& root)
{
    JsonFieldReader r(root, QString());
    parseHead(r);
    const QJsonArray jobs = r.array(QStringLiteral("jobs"));
    reserveJobs(jobs.size());
    m_jobIds.reserve(jobs.size());
    for (qsizetype i = 0; i < jobs.size(); ++i) {
        const QString path = indexed(QStringLiteral("jobs"), i);
        addJob(parseJob(JsonFieldReader::asObject(jobs[i], path), path), path);
    }
    r.finish();
    return std::move(m_s);
}

void ScenarioParser::parseHead(const QJsonObject& root)
{
    JsonFieldReader r(root, QString());
    parseHead(r);
    r.accept(QStringLiteral("jobs"));
    r.finish();
}

void ScenarioParser::parseHead(JsonFieldReader& r)
{
    if (r.string(QStringLiteral("format")) != QLatin1String("gantry-scenario"))
        r.fail(QStringLiteral("format"), QStringLiteral("must be \"gantry-scenario\""));
    if (r.integer(QStringLiteral("version"), 1, 1000) != 1)
        r.fail(QStringLiteral("version"),
               QStringLiteral("unsupported version (this Gantry reads 1)"));
    m_s.name = r.optionalString(QStringLiteral("name")).value_or(QString());
    if (r.has(QStringLiteral("gpu_types")))
        parseGpuTypes(r.array(QStringLiteral("gpu_types")));
    parseCluster(r.object(QStringLiteral("cluster")));
    if (r.has(QStringLiteral("models")))
        parseModels(r.array(QStringLiteral("models")));
    if (r.has(QStringLiteral("options")))
        parseOptions(r.object(QStringLiteral("options")));
}

void ScenarioParser::reserveJobs(qsizetype n)
{
    m_s.jobs.reserve(size_t(n));
}

void ScenarioParser::addJob(Job job, const QString& path)
{
    if (!m_draft && m_jobIds.contains(job.id))
        throw JsonPathError{path + QStringLiteral(".id"),
                            ScenarioCheck::duplicate(ScenarioProblem::Item::Job, job.id)};
    m_jobIds.insert(job.id);
    m_s.jobs.push_back(std::move(job));
}

void ScenarioParser::checkJobIds() const
{
    if (m_draft)
        return;
    const std::vector<Job>& jobs = m_s.jobs;
    // addJob one by one refuses the first job whose id came before: the least second
    // occurrence of any id.
    const qsizetype first = JobIds::firstRepeat(jobs);
    if (first >= 0)
        throw JsonPathError{
            indexed(QStringLiteral("jobs"), first) + QStringLiteral(".id"),
            ScenarioCheck::duplicate(ScenarioProblem::Item::Job, jobs[size_t(first)].id)};
}

void ScenarioParser::readTflops(GpuType& t, JsonFieldReader& r, const QJsonObject& obj)
{
    // A number: dense fp16/bf16; an object: figures by precision name.
    const QJsonValue v = obj.value(QStringLiteral("tflops"));
    if (!v.isObject()) {
        t.tflops = r.number(QStringLiteral("tflops"), 0.0, true);
        return;
    }
    const QString path = r.pathOf(QStringLiteral("tflops"));
    JsonFieldReader p(v.toObject(), path);
    r.accept(QStringLiteral("tflops"));
    const QStringList names = TrainingJson::precisionNames();
    for (int i = 0; i < names.size(); ++i)
        t.tflopsBy[std::size_t(i)] = p.optionalNumber(names[i], 0.0, true, 1e7).value_or(0.0);
    p.finish();
    t.tflops = t.tflopsBy[std::size_t(Precision::Bf16)] > 0.0
                   ? t.tflopsBy[std::size_t(Precision::Bf16)]
                   : t.tflopsBy[std::size_t(Precision::Fp16)];
    if (t.tflops <= 0.0)
        p.fail(QString(), QStringLiteral("needs a \"bf16\" or \"fp16\" figure"));
}

void ScenarioParser::parseGpuTypes(const QJsonArray& arr)
{
    for (qsizetype i = 0; i < arr.size(); ++i) {
        const QString path = indexed(QStringLiteral("gpu_types"), i);
        JsonFieldReader r(JsonFieldReader::asObject(arr[i], path), path);
        GpuType t;
        t.name = r.string(QStringLiteral("name"));
        readTflops(t, r, arr[i].toObject());
        t.memoryGb = r.number(QStringLiteral("memory_gb"), 0.0, true);
        t.speed = r.optionalNumber(QStringLiteral("speed"), 0.0, true).value_or(1.0);
        t.memoryGBps =
            r.optionalNumber(QStringLiteral("memory_GBps"), 0.0, true, 1e7).value_or(0.0);
        r.finish();
        // A built-in type stated without figures by precision or memory bandwidth (as older
        // versions wrote it, and as ScenarioWriter writes a catalogue type) takes the
        // catalogue's data-sheet figures (docs/models.md).
        if (const auto b = GpuCatalogue::find(t.name);
            b && b->tflops == t.tflops && b->memoryGb == t.memoryGb && t.memoryGBps == 0.0 &&
            t.tflopsBy == GpuType{}.tflopsBy) {
            t.tflopsBy = b->tflopsBy;
            t.memoryGBps = b->memoryGBps;
        }
        if (m_gpuTypeIndex.contains(t.name))
            r.fail(QStringLiteral("name"),
                   ScenarioCheck::duplicate(ScenarioProblem::Item::GpuType, t.name));
        m_gpuTypeIndex.insert(t.name, int(m_s.cluster.gpuTypes.size()));
        m_s.cluster.gpuTypes.push_back(t);
    }
}

int ScenarioParser::gpuTypeIndex(const QString& name, JsonFieldReader& r)
{
    if (auto it = m_gpuTypeIndex.constFind(name); it != m_gpuTypeIndex.constEnd())
        return *it;
    const auto builtin = GpuCatalogue::find(name);
    if (!builtin)
        r.fail(QStringLiteral("gpu_type"),
               QStringLiteral("unknown GPU type \"%1\" (not in gpu_types nor the catalogue)")
                   .arg(name));
    m_gpuTypeIndex.insert(name, int(m_s.cluster.gpuTypes.size()));
    m_s.cluster.gpuTypes.push_back(*builtin);
    return int(m_s.cluster.gpuTypes.size()) - 1;
}

void ScenarioParser::parseCluster(const QJsonObject& obj)
{
    JsonFieldReader r(obj, QStringLiteral("cluster"));
    Cluster& c = m_s.cluster;
    QHash<QString, int> rackIndex;
    const QJsonArray racks = r.array(QStringLiteral("racks"));
    if (racks.isEmpty() && !m_draft)
        r.fail(QStringLiteral("racks"), ScenarioCheck::emptyList(ScenarioProblem::Item::Rack));
    for (qsizetype i = 0; i < racks.size(); ++i) {
        const QString path = indexed(QStringLiteral("cluster.racks"), i);
        JsonFieldReader rr(JsonFieldReader::asObject(racks[i], path), path);
        Rack rack;
        rack.name = rr.string(QStringLiteral("name"));
        rack.uplinkGbps = rr.number(QStringLiteral("uplink_gbps"), 0.0, true);
        rr.finish();
        if (!m_draft && rackIndex.contains(rack.name))
            rr.fail(QStringLiteral("name"),
                    ScenarioCheck::duplicate(ScenarioProblem::Item::Rack, rack.name));
        if (!rackIndex.contains(rack.name))
            rackIndex.insert(rack.name, int(c.racks.size()));
        c.racks.push_back(rack);
    }
    const QJsonArray servers = r.array(QStringLiteral("servers"));
    if (servers.isEmpty() && !m_draft)
        r.fail(QStringLiteral("servers"), ScenarioCheck::emptyList(ScenarioProblem::Item::Server));
    QSet<QString> names;
    long long total = 0;
    for (qsizetype i = 0; i < servers.size(); ++i) {
        const QString path = indexed(QStringLiteral("cluster.servers"), i);
        JsonFieldReader sr(JsonFieldReader::asObject(servers[i], path), path);
        Server s;
        s.name = sr.string(QStringLiteral("name"));
        const QString rackName = sr.string(QStringLiteral("rack"));
        if (!rackIndex.contains(rackName))
            sr.fail(QStringLiteral("rack"), QStringLiteral("unknown rack \"%1\"").arg(rackName));
        s.rack = rackIndex.value(rackName);
        s.gpuType = gpuTypeIndex(sr.string(QStringLiteral("gpu_type")), sr);
        s.gpus = sr.integer(QStringLiteral("gpus"), 1, ScenarioLimits::kMaxServerGpus);
        s.intraGBps = sr.number(QStringLiteral("intra_GBps"), 0.0, true);
        s.nicGbps = sr.number(QStringLiteral("nic_gbps"), 0.0, true);
        s.priceUsd = sr.optionalNumber(QStringLiteral("price_usd"), 0.0, false);
        const std::optional<int> count =
            sr.optionalInteger(QStringLiteral("count"), 1, ScenarioLimits::kMaxServerCount);
        sr.finish();
        const int n = count.value_or(1);
        total += (long long)n * s.gpus;
        if (const auto f = ScenarioCheck::gpuTotal(total))
            sr.fail(f->key, f->message);
        for (int k = 0; k < n; ++k) {
            Server copy = s;
            if (count)
                copy.name = QStringLiteral("%1-%2").arg(s.name).arg(k);
            if (!m_draft && names.contains(copy.name))
                sr.fail(QStringLiteral("name"),
                        ScenarioCheck::duplicate(ScenarioProblem::Item::Server, copy.name));
            names.insert(copy.name);
            c.servers.push_back(std::move(copy));
        }
    }
    r.finish();
    c.finalize();
}

void ScenarioParser::parseOptions(const QJsonObject& obj)
{
    JsonFieldReader r(obj, QStringLiteral("options"));
    if (auto c = r.optionalString(QStringLiteral("contention"))) {
        if (*c == QLatin1String("none"))
            m_s.options.contention = Contention::None;
        else if (*c == QLatin1String("fair"))
            m_s.options.contention = Contention::Fair;
        else
            r.fail(QStringLiteral("contention"), QStringLiteral("must be \"none\" or \"fair\""));
    }
    m_s.options.restartOverheadS =
        r.optionalNumber(QStringLiteral("restart_overhead_s"), 0.0, false, kMaxSeconds)
            .value_or(0.0);
    r.finish();
}

Job ScenarioParser::parseJob(const QJsonObject& obj, const QString& path)
{
    JsonFieldReader r(obj, path);
    Job job;
    job.id = r.string(QStringLiteral("id"));
    job.arrivalS = r.number(QStringLiteral("arrival_s"), kArrival);
    const bool duration =
        obj.contains(QStringLiteral("gpus")) || obj.contains(QStringLiteral("duration_s"));
    const bool model =
        obj.contains(QStringLiteral("model")) || obj.contains(QStringLiteral("parallelism"));
    const bool graph = obj.contains(QStringLiteral("graph"));
    if (int(duration) + int(model) + int(graph) != 1)
        r.fail(QString(),
               QStringLiteral("a job must be exactly one of: a duration job (gpus, duration_s), "
                              "a model job (model, parallelism, iterations) or a graph job "
                              "(graph, iterations)"));
    if (duration) {
        job.kind = JobKind::Duration;
        job.gpus = r.integer(QStringLiteral("gpus"), kJobGpus);
        job.durationS = r.number(QStringLiteral("duration_s"), kDuration);
        if (obj.contains(QStringLiteral("iterations")))
            r.fail(QStringLiteral("iterations"),
                   QStringLiteral("a duration job has no iterations (use duration_s)"));
    } else if (model) {
        job.kind = JobKind::Model;
        parseModelJob(job, r);
    } else {
        job.kind = JobKind::Graph;
        parseGraph(job, r);
        job.iterations = r.number(QStringLiteral("iterations"), 0.0, true, kMaxIterations);
    }
    if (r.has(QStringLiteral("features"))) {
        const QJsonObject f = r.object(QStringLiteral("features"));
        for (auto it = f.begin(); it != f.end(); ++it) {
            if (!it.value().isString() && !it.value().isDouble())
                r.fail(QStringLiteral("features.") + it.key(),
                       QStringLiteral("must be a string or a number"));
            job.features.insert(it.key(), it.value().toVariant());
        }
    }
    job.user = r.optionalString(QStringLiteral("user")).value_or(QString());
    job.weight = r.optionalNumber(QStringLiteral("weight"), kWeight).value_or(kDefaultWeight);
    job.predictedIterations =
        r.optionalNumber(QStringLiteral("predicted_iterations"), kPredictedIterations);
    r.finish();
    checkJob(job, path);
    return job;
}

void ScenarioParser::parseGraph(Job& job, JsonFieldReader& r)
{
    const QString gpath = r.pathOf(QStringLiteral("graph"));
    JsonFieldReader g(r.object(QStringLiteral("graph")), gpath);
    const QJsonArray workers = g.array(QStringLiteral("workers"));
    if (workers.isEmpty())
        g.fail(QStringLiteral("workers"), QStringLiteral("must hold at least one worker"));
    for (qsizetype i = 0; i < workers.size(); ++i) {
        const QString path = indexed(gpath + QStringLiteral(".workers"), i);
        JsonFieldReader w(JsonFieldReader::asObject(workers[i], path), path);
        JobGraph::Worker worker;
        worker.computeS = w.number(QStringLiteral("compute_s"), 0.0, false, kMaxComputeS);
        worker.memoryGb = w.optionalNumber(QStringLiteral("memory_gb"), 0.0, false).value_or(0.0);
        w.finish();
        job.graph.workers.push_back(worker);
    }
    const int n = int(workers.size());
    if (g.has(QStringLiteral("edges"))) {
        const QJsonArray edges = g.array(QStringLiteral("edges"));
        for (qsizetype i = 0; i < edges.size(); ++i) {
            const QString path = indexed(gpath + QStringLiteral(".edges"), i);
            JsonFieldReader e(JsonFieldReader::asObject(edges[i], path), path);
            JobGraph::Edge edge;
            edge.a = e.integer(QStringLiteral("a"), 0, n - 1);
            edge.b = e.integer(QStringLiteral("b"), 0, n - 1);
            edge.bytes = e.number(QStringLiteral("bytes"), 0.0, false);
            e.finish();
            if (edge.a == edge.b)
                e.fail(QStringLiteral("b"),
                       QStringLiteral("an edge must join two different workers"));
            job.graph.edges.push_back(edge);
        }
    }
    g.finish();
}

void ScenarioParser::parseModels(const QJsonArray& arr)
{
    for (qsizetype i = 0; i < arr.size(); ++i) {
        const QString path = indexed(QStringLiteral("models"), i);
        ModelSpec m = ModelSpecJson::read(JsonFieldReader::asObject(arr[i], path), path);
        if (!m_draft && m_modelNames.contains(m.name))
            throw JsonPathError{path + QStringLiteral(".name"),
                                ScenarioCheck::duplicate(ScenarioProblem::Item::Model, m.name)};
        m_modelNames.insert(m.name);
        m_s.models.push_back(std::move(m));
    }
}

void ScenarioParser::parseModelJob(Job& job, JsonFieldReader& r)
{
    job.model = r.string(QStringLiteral("model"));
    const std::optional<ModelSpec> found = ScenarioCheck::findModel(m_s.models, job.model);
    if (!found)
        r.fail(QStringLiteral("model"), ScenarioCheck::unknownModel(job.model));
    const ModelSpec& spec = *found;
    const QString ppath = r.pathOf(QStringLiteral("parallelism"));
    JsonFieldReader p(r.object(QStringLiteral("parallelism")), ppath);
    Parallelism& par = job.parallelism;
    par.dp = p.optionalInteger(QStringLiteral("dp"), 1, ScenarioLimits::kMaxDegree).value_or(1);
    par.pp = p.optionalInteger(QStringLiteral("pp"), 1, ScenarioLimits::kMaxDegree).value_or(1);
    par.tp = p.optionalInteger(QStringLiteral("tp"), 1, ScenarioLimits::kMaxDegree).value_or(1);
    par.ep =
        p.optionalInteger(QStringLiteral("ep"), 1, ScenarioLimits::kMaxExpertDegree).value_or(1);
    par.cp =
        p.optionalInteger(QStringLiteral("cp"), 1, ScenarioLimits::kMaxContextDegree).value_or(1);
    par.vp =
        p.optionalInteger(QStringLiteral("vp"), 1, ScenarioLimits::kMaxVirtualStages).value_or(1);
    p.finish();
    if (r.has(QStringLiteral("training")))
        job.training = TrainingJson::read(r.object(QStringLiteral("training")),
                                          r.pathOf(QStringLiteral("training")));
    job.iterations = r.number(QStringLiteral("iterations"), 0.0, true, kMaxIterations);
    const auto layout = ScenarioCheck::modelLayout(spec, par);
    if (layout && m_draft)
        return; // no graph for a layout the model cannot take; the editor shows the problem
    if (layout)
        r.fail(layout->key, layout->message);
    // Checked before building so that an absurd job never allocates its graph.
    // A draft may hold a job larger than its cluster, never one larger than any cluster.
    const long long total = m_draft ? ScenarioCheck::kMaxClusterGpus : m_s.cluster.totalGpus();
    if (const auto f = ScenarioCheck::modelSize(par, total))
        r.fail(f->key, f->message);
    job.graph = ModelGraphBuilder::build(spec, par, job.training);
    if (m_draft)
        return;
    if (const auto f = ScenarioCheck::modelCompute(m_s.cluster, job))
        r.fail(f->key, f->message);
}

void ScenarioParser::checkJob(const Job& job, const QString& path) const
{
    if (m_draft)
        return;
    if (const auto f = ScenarioCheck::jobFits(m_s.cluster, job))
        throw JsonPathError{f->key.isEmpty() ? path : path + QLatin1Char('.') + f->key, f->message};
}

} // namespace gantry
