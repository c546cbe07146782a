#include "io/scenariowriter.h"

#include "io/gpucatalogue.h"
#include "io/modelspecjson.h"
#include "io/trainingjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QSaveFile>

#include <cmath>

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

// job written directly; false when it is not a plain duration job.
bool writePlainJob(QByteArray& out, const Job& j)
{
    if (j.kind != JobKind::Duration || !plainText(j.id) || !plainText(j.user))
        return false;
    out += "{\"arrival_s\":";
    if (!putDouble(out, j.arrivalS))
        return false;
    out += ",\"duration_s\":";
    if (!putDouble(out, j.durationS))
        return false;
    if (!j.features.isEmpty()) {
        out += ",\"features\":{";
        bool first = true;
        for (auto it = j.features.cbegin(); it != j.features.cend(); ++it) {
            if (!plainText(it.key()))
                return false;
            if (!first)
                out += ',';
            first = false;
            putText(out, it.key());
            out += ':';
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
        out += '}';
    }
    out += ",\"gpus\":";
    out += QByteArray::number(j.gpus);
    out += ",\"id\":";
    putText(out, j.id);
    if (j.predictedIterations) {
        out += ",\"predicted_iterations\":";
        if (!putDouble(out, *j.predictedIterations))
            return false;
    }
    if (!j.user.isEmpty()) {
        out += ",\"user\":";
        putText(out, j.user);
    }
    if (j.weight != 1.0) {
        out += ",\"weight\":";
        if (!putDouble(out, j.weight))
            return false;
    }
    out += '}';
    return true;
}

} // namespace

QByteArray ScenarioWriter::jobCompactJson(const Job& job)
{
    QByteArray out;
    out.reserve(160);
    if (writePlainJob(out, job))
        return out;
    return QJsonDocument(jobObject(job)).toJson(QJsonDocument::Compact);
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

QByteArray ScenarioWriter::toJson(const Scenario& s)
{
    return QJsonDocument(toJsonObject(s)).toJson(QJsonDocument::Indented);
}

Status ScenarioWriter::writeFile(const Scenario& s, const QString& path)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Error::invalid(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    f.write(toJson(s));
    if (!f.commit())
        return Error::invalid(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    return {};
}

} // namespace gantry
