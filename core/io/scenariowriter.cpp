#include "io/scenariowriter.h"

#include "io/gpucatalogue.h"
#include "io/modelspecjson.h"
#include "io/trainingjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QSaveFile>

#include <cmath>
#include <functional>

namespace gantry {

namespace {

// Length of the run of servers starting at i named base-0, base-1, ... with equal properties.
int replicaRun(const std::vector<Server>& servers, std::size_t i, QString* base)
{
    const QString& first = servers[i].name;
    if (!first.endsWith(QLatin1String("-0")) || first.size() < 3)
        return 0;
    *base = first.left(first.size() - 2);
    int n = 0;
    for (std::size_t k = i; k < servers.size(); ++k, ++n) {
        Server expect = servers[i];
        expect.name = QStringLiteral("%1-%2").arg(*base).arg(n);
        if (!(servers[k] == expect))
            break;
    }
    return n;
}

QJsonObject serverObject(const Cluster& c, const Server& s, const QString& name)
{
    QJsonObject o;
    o.insert("name", name);
    o.insert("rack", c.racks[s.rack].name);
    o.insert("gpu_type", c.gpuTypes[s.gpuType].name);
    o.insert("gpus", s.gpus);
    o.insert("intra_GBps", s.intraGBps);
    o.insert("nic_gbps", s.nicGbps);
    if (s.priceUsd)
        o.insert("price_usd", *s.priceUsd);
    return o;
}

QJsonObject jobObject(const Job& j)
{
    QJsonObject o;
    o.insert("id", j.id);
    o.insert("arrival_s", j.arrivalS);
    if (j.kind == JobKind::Duration) {
        o.insert("gpus", j.gpus);
        o.insert("duration_s", j.durationS);
    } else if (j.kind == JobKind::Model) {
        // The graph is derived from model and parallelism at read time; it is not written.
        o.insert("model", j.model);
        QJsonObject par{
            {"dp", j.parallelism.dp}, {"pp", j.parallelism.pp}, {"tp", j.parallelism.tp}};
        if (j.parallelism.ep != 1)
            par.insert("ep", j.parallelism.ep);
        if (j.parallelism.cp != 1)
            par.insert("cp", j.parallelism.cp);
        if (j.parallelism.vp != 1)
            par.insert("vp", j.parallelism.vp);
        o.insert("parallelism", par);
        if (const QJsonObject t = TrainingJson::write(j.training); !t.isEmpty())
            o.insert("training", t);
        o.insert("iterations", j.iterations);
    } else {
        QJsonArray workers, edges;
        for (const auto& w : j.graph.workers) {
            QJsonObject wo{{"compute_s", w.computeS}};
            if (w.memoryGb != 0.0)
                wo.insert("memory_gb", w.memoryGb);
            workers.append(wo);
        }
        for (const auto& e : j.graph.edges)
            edges.append(QJsonObject{{"a", e.a}, {"b", e.b}, {"bytes", e.bytes}});
        QJsonObject g{{"workers", workers}};
        if (!edges.isEmpty())
            g.insert("edges", edges);
        o.insert("graph", g);
        o.insert("iterations", j.iterations);
    }
    if (!j.features.isEmpty())
        o.insert("features", QJsonObject::fromVariantMap(j.features));
    if (!j.user.isEmpty())
        o.insert("user", j.user);
    if (j.weight != 1.0)
        o.insert("weight", j.weight);
    if (j.predictedIterations)
        o.insert("predicted_iterations", *j.predictedIterations);
    return o;
}

} // namespace

QJsonObject ScenarioWriter::toJsonObject(const Scenario& s)
{
    QJsonObject root = contextObject(s);
    QJsonArray jobs;
    for (const Job& j : s.jobs)
        jobs.append(jobObject(j));
    root.insert("jobs", jobs);
    return root;
}

namespace {

// Text QJsonDocument writes unescaped: printable ASCII without quote and backslash.
bool plainText(const QString& s)
{
    for (const QChar c : s)
        if (c.unicode() < 0x20 || c.unicode() > 0x7e || c == u'"' || c == u'\\')
            return false;
    return true;
}

void putText(QByteArray& out, const QString& s)
{
    out += '"';
    out += s.toLatin1();
    out += '"';
}

// A double as QJsonDocument writes it; false for what the direct path leaves to it (not
// finite, negative zero, or integral from 2^53 on).
bool putDouble(QByteArray& out, double d)
{
    if (!std::isfinite(d) || (d == std::floor(d) && std::fabs(d) >= 9007199254740992.0) ||
        (d == 0.0 && std::signbit(d)))
        return false;
    // Integral values are written as integers (as QJsonDocument does), others in the shortest
    // form that reads back exactly.
    out += d == std::floor(d) ? QByteArray::number(qint64(d))
                              : QByteArray::number(d, 'g', QLocale::FloatingPointShortest);
    return true;
}

// Where a directly written job puts its brackets, separators and indentation: compact, or as
// QJsonDocument's indented form does for an object at a given depth (4 spaces per level).
struct JsonLayout
{
    int depth = -1; // -1: compact

    // Opens member key of an object nested level deep in the job (0: the job itself).
    void key(QByteArray& out, int level, bool first, QLatin1StringView key) const
    {
        if (!first)
            out += ',';
        if (depth >= 0) {
            out += '\n';
            out.append(4 * (depth + level + 1), ' ');
        }
        out += '"';
        out += key;
        out += depth >= 0 ? "\": " : "\":";
    }
    void close(QByteArray& out, int level) const
    {
        if (depth >= 0) {
            out += '\n';
            out.append(4 * (depth + level), ' ');
        }
        out += '}';
    }
};

// job written directly in layout; false when it is not a plain duration job (out then holds
// a part of it).
bool writePlainJob(QByteArray& out, const Job& j, const JsonLayout& layout)
{
    if (j.kind != JobKind::Duration || !plainText(j.id) || !plainText(j.user))
        return false;
    out += '{';
    layout.key(out, 0, true, QLatin1StringView("arrival_s"));
    if (!putDouble(out, j.arrivalS))
        return false;
    layout.key(out, 0, false, QLatin1StringView("duration_s"));
    if (!putDouble(out, j.durationS))
        return false;
    if (!j.features.isEmpty()) {
        layout.key(out, 0, false, QLatin1StringView("features"));
        out += '{';
        bool first = true;
        for (auto it = j.features.cbegin(); it != j.features.cend(); ++it) {
            if (!plainText(it.key()))
                return false;
            const QByteArray name = it.key().toLatin1();
            layout.key(out, 1, first, QLatin1StringView(name));
            first = false;
            const QVariant& v = it.value();
            switch (v.typeId()) {
            case QMetaType::QString:
                if (!plainText(v.toString()))
                    return false;
                putText(out, v.toString());
                break;
            case QMetaType::Bool:
                out += v.toBool() ? "true" : "false";
                break;
            case QMetaType::Int:
            case QMetaType::LongLong:
                out += QByteArray::number(v.toLongLong());
                break;
            case QMetaType::Double:
                if (!putDouble(out, v.toDouble()))
                    return false;
                break;
            default:
                return false;
            }
        }
        layout.close(out, 1);
    }
    layout.key(out, 0, false, QLatin1StringView("gpus"));
    out += QByteArray::number(j.gpus);
    layout.key(out, 0, false, QLatin1StringView("id"));
    putText(out, j.id);
    if (j.predictedIterations) {
        layout.key(out, 0, false, QLatin1StringView("predicted_iterations"));
        if (!putDouble(out, *j.predictedIterations))
            return false;
    }
    if (!j.user.isEmpty()) {
        layout.key(out, 0, false, QLatin1StringView("user"));
        putText(out, j.user);
    }
    if (j.weight != 1.0) {
        layout.key(out, 0, false, QLatin1StringView("weight"));
        if (!putDouble(out, j.weight))
            return false;
    }
    layout.close(out, 0);
    return true;
}

// Appends job as an element of the root's "jobs" array in QJsonDocument's indented form (the
// object at depth 2), directly when it is plain and through QJsonDocument otherwise.
void putIndentedJob(QByteArray& out, const Job& job)
{
    constexpr int kDepth = 2;
    const qsizetype start = out.size();
    out.append(4 * kDepth, ' ');
    if (writePlainJob(out, job, JsonLayout{kDepth}))
        return;
    out.truncate(start);
    const QByteArray text = QJsonDocument(jobObject(job)).toJson(QJsonDocument::Indented);
    // Every line of the object written at depth 0, shifted to depth 2; no final newline.
    qsizetype from = 0;
    while (from < text.size()) {
        qsizetype to = text.indexOf('\n', from);
        if (to < 0)
            to = text.size();
        if (from > 0)
            out += '\n';
        out.append(4 * kDepth, ' ');
        out.append(text.constData() + from, to - from);
        from = to + 1;
    }
}

} // namespace

QByteArray ScenarioWriter::jobCompactJson(const Job& job)
{
    QByteArray out;
    out.reserve(160);
    appendJobCompactJson(job, out);
    return out;
}

void ScenarioWriter::appendJobCompactJson(const Job& job, QByteArray& out)
{
    const qsizetype before = out.size();
    if (writePlainJob(out, job, JsonLayout{}))
        return;
    out.truncate(before); // what the direct path wrote before it gave up
    out += QJsonDocument(jobObject(job)).toJson(QJsonDocument::Compact);
}

QJsonObject ScenarioWriter::contextObject(const Scenario& s)
{
    const Cluster& c = s.cluster;
    QJsonObject root{{"format", "gantry-scenario"}, {"version", 1}};
    if (!s.name.isEmpty())
        root.insert("name", s.name);
    QJsonArray types;
    for (const GpuType& t : c.gpuTypes) {
        QJsonObject o{
            {"name", t.name}, {"tflops", t.tflops}, {"memory_gb", t.memoryGb}, {"speed", t.speed}};
        // A catalogue type keeps the form older versions wrote: the reader gives a type of the
        // catalogue's name, peak and memory that states no more the catalogue's other figures.
        if (const auto b = GpuCatalogue::find(t.name);
            b && b->tflops == t.tflops && b->memoryGb == t.memoryGb && b->tflopsBy == t.tflopsBy &&
            b->memoryGBps == t.memoryGBps) {
            types.append(o);
            continue;
        }
        QJsonObject by;
        const QStringList names = TrainingJson::precisionNames();
        for (int i = 0; i < names.size(); ++i)
            if (t.tflopsBy[std::size_t(i)] > 0.0)
                by.insert(names[i], t.tflopsBy[std::size_t(i)]);
        // The object form only when it holds the 16-bit figure `tflops` stands for.
        if (!by.isEmpty() && (by.contains("bf16") ? by.value("bf16").toDouble() == t.tflops
                                                  : by.value("fp16").toDouble() == t.tflops))
            o.insert("tflops", by);
        if (t.memoryGBps > 0.0)
            o.insert("memory_GBps", t.memoryGBps);
        types.append(o);
    }
    root.insert("gpu_types", types);
    QJsonArray racks, servers;
    for (const Rack& r : c.racks)
        racks.append(QJsonObject{{"name", r.name}, {"uplink_gbps", r.uplinkGbps}});
    for (std::size_t i = 0; i < c.servers.size();) {
        QString base;
        const int run = replicaRun(c.servers, i, &base);
        if (run > 0) {
            QJsonObject o = serverObject(c, c.servers[i], base);
            o.insert("count", run);
            servers.append(o);
            i += std::size_t(run);
        } else {
            servers.append(serverObject(c, c.servers[i], c.servers[i].name));
            ++i;
        }
    }
    root.insert("cluster", QJsonObject{{"racks", racks}, {"servers", servers}});
    if (!(s.options == ScenarioOptions{})) {
        QJsonObject opt;
        opt.insert("contention", s.options.contention == Contention::Fair ? "fair" : "none");
        opt.insert("restart_overhead_s", s.options.restartOverheadS);
        root.insert("options", opt);
    }
    if (!s.models.empty()) {
        QJsonArray models;
        for (const ModelSpec& m : s.models)
            models.append(ModelSpecJson::write(m));
        root.insert("models", models);
    }
    return root;
}

Status ScenarioWriter::write(const Scenario& s, const std::function<bool(const QByteArray&)>& sink)
{
    // The context through QJsonDocument with a stand-in for "jobs", whose array is then
    // written job by job in its place: no JSON tree of every job in memory.
    static const QByteArray stub = QByteArrayLiteral("gantry-scenario-jobs");
    QJsonObject root = contextObject(s);
    root.insert("jobs", QString::fromLatin1(stub));
    const QByteArray context = QJsonDocument(root).toJson(QJsonDocument::Indented);
    const QByteArray member = "\n    \"jobs\": \"" + stub + '"';
    const qsizetype at = context.indexOf(member);
    if (at < 0)
        return Error::internal(QStringLiteral("the scenario's context has no jobs member"));
    QByteArray chunk = context.left(at + member.size() - stub.size() - 2);
    chunk += "[\n";
    constexpr qsizetype kChunk = 1 << 20;
    for (std::size_t i = 0; i < s.jobs.size(); ++i) {
        putIndentedJob(chunk, s.jobs[i]);
        chunk += i + 1 < s.jobs.size() ? ",\n" : "\n";
        if (chunk.size() >= kChunk) {
            if (!sink(chunk))
                return Error::invalid(QStringLiteral("cannot write"));
            chunk.clear();
        }
    }
    chunk += "    ]";
    chunk += QByteArrayView(context).sliced(at + member.size());
    if (!sink(chunk))
        return Error::invalid(QStringLiteral("cannot write"));
    return {};
}

QByteArray ScenarioWriter::toJson(const Scenario& s)
{
    QByteArray out;
    (void)write(s, [&out](const QByteArray& chunk) {
        out += chunk;
        return true;
    });
    return out;
}

Status ScenarioWriter::writeFile(const Scenario& s, const QString& path)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Error::invalid(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    const Status written =
        write(s, [&f](const QByteArray& chunk) { return f.write(chunk) == chunk.size(); });
    if (!written || !f.commit())
        return Error::invalid(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    return {};
}

} // namespace gantry
