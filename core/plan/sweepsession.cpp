#include "plan/sweepsession.h"

#include "io/gpucatalogue.h"
#include "plan/costmodel.h"
#include "plan/recommender.h"
#include "plan/sweeppoints.h"
#include "plan/sweepreader.h"
#include "run/batchrunner.h"
#include "run/resultwriter.h"
#include "sim/metrics.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QSaveFile>

#include <cstdio>
#include <map>

namespace gantry::plan {

namespace {
QString cacheDir(const QString& outDir)
{
    return QDir(outDir).filePath(QStringLiteral("cache"));
}

// A cache entry, replaced atomically (a temporary file renamed over it) but not synced to disk:
// a point takes milliseconds and a sync tens of them, and an entry lost or damaged by a crash of
// the machine does not read back and is simply run again (open() checks every entry).
Status writeCacheEntry(const QString& path, const QByteArray& bytes)
{
    const QString part = path + QStringLiteral(".part");
    QFile f(part);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
        return Error::invalid(QStringLiteral("%1: cannot write: %2").arg(part, f.errorString()));
    f.close();
    if (std::rename(QFile::encodeName(part).constData(), QFile::encodeName(path).constData()) !=
        0) {
        QFile::remove(part);
        return Error::invalid(QStringLiteral("%1: cannot write").arg(path));
    }
    return {};
}

QString number(double v)
{
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

QString csvCell(const QJsonValue& v)
{
    if (v.isDouble())
        return number(v.toDouble());
    QString s = v.toString();
    if (s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"')) ||
        s.contains(QLatin1Char('\n')))
        s = QLatin1Char('"') + s.replace(QLatin1String("\""), QLatin1String("\"\"")) +
            QLatin1Char('"');
    return s;
}
} // namespace

Result<SweepSession> SweepSession::open(const QString& sweepFile, const QString& outDir,
                                        bool resume)
{
    Result<SweepSpec> spec = SweepReader::readFile(sweepFile);
    if (!spec)
        return spec.error();
    return open(std::move(spec).value(), outDir, resume);
}

Result<SweepSession> SweepSession::open(SweepSpec spec, const QString& outDir, bool resume)
{
    SweepSession s;
    s.m_spec = std::move(spec);
    s.m_outDir = outDir;
    const std::size_t n = SweepPoints::count(s.m_spec);
    s.m_points.reserve(n);
    // Points that differ only in run settings (policy, seed, ...) share one derived scenario.
    std::map<std::vector<std::size_t>, std::size_t> firstWith;
    for (std::size_t i = 0; i < n; ++i) {
        const auto [at, added] = firstWith.emplace(SweepPoints::scenarioAxes(s.m_spec, i), i);
        Result<SweepPoint> p = added ? SweepPoints::derive(s.m_spec, i)
                                     : SweepPoints::derive(s.m_spec, i, s.m_points[at->second]);
        if (!p)
            return p.error();
        s.m_points.push_back(std::move(p).value());
    }
    s.m_results.assign(n, std::nullopt);
    s.m_serialised.assign(n, QByteArray());
    if (!outDir.isEmpty() && !QDir().mkpath(cacheDir(outDir)))
        return Error::invalid(QStringLiteral("%1: cannot create the folder").arg(cacheDir(outDir)));
    if (resume && !outDir.isEmpty()) {
        for (std::size_t i = 0; i < n; ++i) {
            QFile f(QDir(cacheDir(outDir)).filePath(s.m_points[i].key + QStringLiteral(".json")));
            if (!f.open(QIODevice::ReadOnly))
                continue;
            // An entry that does not read back (a foreign or damaged file) is run again.
            const QByteArray bytes = f.readAll();
            if (s.parse(i, bytes))
                s.record(i, bytes, false);
        }
    }
    s.m_evaluated = 0;
    return s;
}

std::size_t SweepSession::pointCount() const
{
    return m_points.size();
}

std::vector<std::size_t> SweepSession::pending() const
{
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < m_results.size(); ++i)
        if (!m_results[i])
            out.push_back(i);
    return out;
}

QByteArray SweepSession::serialise(const SweepPoint& p, const BatchRun& run)
{
    QJsonObject o{{"key", p.key}, {"feasible", true}};
    const QJsonObject summary = ResultWriter::summaryJson(run.result);
    QJsonObject metrics;
    for (const QString& m : SweepReader::metricNames())
        metrics.insert(m, summary.value(m));
    o.insert("metrics", metrics);
    QJsonObject busy;
    QJsonArray order;
    // Counted during the run: points need no recorded schedule.
    for (const auto& [type, seconds] : run.result.busyGpuSeconds) {
        busy.insert(type, seconds);
        order.append(type);
    }
    o.insert("gpu_seconds", busy);
    o.insert("gpu_types", order);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

Result<QByteArray> SweepSession::evaluate(std::size_t i) const
{
    if (i >= m_points.size())
        return Error::internal(QStringLiteral("no point %1").arg(i));
    const SweepPoint& p = m_points[i];
    if (!p.feasible)
        return QJsonDocument(
                   QJsonObject{{"key", p.key}, {"feasible", false}, {"reason", p.infeasibleReason}})
            .toJson(QJsonDocument::Compact);
    BatchRunner::Options opt;
    opt.threads = 1;
    std::vector<BatchItem> items{
        BatchItem{std::shared_ptr<const Scenario>(&p.scenario, [](const Scenario*) {}), p.config}};
    Result<std::vector<BatchRun>> runs = BatchRunner::run(items, opt);
    if (!runs)
        return runs.error();
    return serialise(p, runs.value().front());
}

Result<PointResult> SweepSession::parse(std::size_t i, const QByteArray& bytes) const
{
    const SweepPoint& p = m_points[i];
    const QJsonObject o = QJsonDocument::fromJson(bytes).object();
    if (o.value("key").toString() != p.key)
        return Error::internal(QStringLiteral("point %1: the result is for another point").arg(i));
    PointResult r;
    r.feasible = o.value("feasible").toBool();
    if (!r.feasible) {
        r.infeasibleReason = o.value("reason").toString();
        return r;
    }
    const QJsonObject metrics = o.value("metrics").toObject();
    for (const QString& m : SweepReader::metricNames()) {
        if (!metrics.value(m).isDouble())
            return Error::internal(QStringLiteral("point %1: metric %2 missing").arg(i).arg(m));
        r.metrics.emplace_back(m, metrics.value(m).toDouble());
    }
    const QJsonObject busy = o.value("gpu_seconds").toObject();
    for (const QJsonValue& t : o.value("gpu_types").toArray())
        r.busyGpuSeconds.emplace_back(t.toString(), busy.value(t.toString()).toDouble());
    const Result<double> capital = CostModel::capitalUsd(p.scenario.cluster);
    const Result<double> energy = CostModel::energyUsd(
        p.scenario.cluster, r.busyGpuSeconds, r.metric(QStringLiteral("makespan_s")), m_spec.cost);
    const Result<double> cloud = CostModel::cloudUsd(r.busyGpuSeconds);
    for (const Result<double>* c : {&capital, &energy, &cloud})
        if (!*c)
            return c->error();
    r.capitalUsd = capital.value();
    r.energyUsd = energy.value();
    r.costUsd = r.capitalUsd + r.energyUsd;
    r.cloudCostUsd = cloud.value();
    return r;
}

Status SweepSession::record(std::size_t i, const QByteArray& bytes, bool writeCache)
{
    Result<PointResult> r = parse(i, bytes);
    if (!r)
        return r.error();
    if (writeCache && !m_outDir.isEmpty()) {
        const Status w = writeCacheEntry(
            QDir(cacheDir(m_outDir)).filePath(m_points[i].key + QStringLiteral(".json")), bytes);
        if (!w)
            return w;
    }
    m_results[i] = std::move(r).value();
    m_serialised[i] = bytes;
    return {};
}

Status SweepSession::accept(std::size_t i, const QByteArray& r)
{
    if (i >= m_points.size())
        return Error::internal(QStringLiteral("no point %1").arg(i));
    const Status s = record(i, r, true);
    if (s)
        ++m_evaluated;
    return s;
}

Status SweepSession::runAll(int threads, Feedback* feedback, const AcceptedFn& accepted)
{
    const std::vector<std::size_t> todo = pending();
    std::size_t finished = m_points.size() - todo.size();
    std::vector<BatchItem> items;
    std::vector<std::size_t> itemPoint;
    Status failure;
    for (std::size_t i : todo) {
        const SweepPoint& p = m_points[i];
        if (!p.feasible) {
            const Result<QByteArray> r = evaluate(i);
            const Status s = r ? accept(i, r.value()) : Status(r.error());
            if (!s)
                return s;
            if (accepted)
                accepted(++finished, m_points.size());
            continue;
        }
        items.push_back(BatchItem{
            std::shared_ptr<const Scenario>(&p.scenario, [](const Scenario*) {}), p.config});
        itemPoint.push_back(i);
    }
    // Each point is serialised and read back on the thread that ran it; only the cache write
    // and the bookkeeping wait in the in-order line, so the line does not cap the speed-up.
    std::vector<QByteArray> bytes(items.size());
    std::vector<std::optional<Result<PointResult>>> parsed(items.size());
    BatchRunner::Options opt;
    opt.threads = std::max(1, threads);
    opt.settle = [&](std::size_t k, BatchRun& run) {
        const std::size_t i = itemPoint[k];
        bytes[k] = serialise(m_points[i], run);
        parsed[k] = parse(i, bytes[k]);
        // Only the serialised result is kept: a trace's per-job records would pile up.
        std::vector<JobRecord>().swap(run.result.jobs);
    };
    opt.finished = [&](std::size_t k, BatchRun&) {
        if (!failure)
            return;
        const std::size_t i = itemPoint[k];
        Status s;
        if (!parsed[k])
            s = Status(Error::internal(QStringLiteral("point %1 was not settled").arg(i)));
        else if (!*parsed[k])
            s = Status(parsed[k]->error());
        if (s && !m_outDir.isEmpty())
            s = writeCacheEntry(
                QDir(cacheDir(m_outDir)).filePath(m_points[i].key + QStringLiteral(".json")),
                bytes[k]);
        if (s) {
            m_results[i] = std::move(*parsed[k]).value();
            m_serialised[i] = std::move(bytes[k]);
            ++m_evaluated;
        }
        parsed[k].reset();
        if (!s) {
            failure = s;
            if (feedback)
                feedback->cancel();
            return;
        }
        if (accepted)
            accepted(++finished, m_points.size());
    };
    const std::vector<Result<BatchRun>> runs = BatchRunner::runEach(items, opt, feedback);
    if (!failure)
        return failure;
    for (const Result<BatchRun>& r : runs)
        if (!r)
            return r.error();
    return {};
}

Status SweepSession::finish()
{
    if (!pending().empty())
        return Error::internal(QStringLiteral("%1 points are not finished").arg(pending().size()));
    m_recommendations = Recommender::recommend(m_spec, m_results);
    const QStringList metrics = SweepReader::metricNames();
    QStringList header;
    for (const SweepAxis& a : m_spec.axes)
        header << a.name;
    header << metrics;
    header << QStringLiteral("cost_usd") << QStringLiteral("cloud_cost_usd")
           << QStringLiteral("feasible") << QStringLiteral("meets_target");
    QByteArray csv = header.join(QLatin1Char(',')).toUtf8() + '\n';
    QJsonArray points;
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        const SweepPoint& p = m_points[i];
        const PointResult& r = *m_results[i];
        QJsonObject o;
        QStringList cells;
        for (std::size_t k = 0; k < m_spec.axes.size(); ++k) {
            o.insert(m_spec.axes[k].name, p.values[k]);
            cells << csvCell(p.values[k]);
        }
        for (const QString& m : metrics) {
            const QJsonValue v = r.feasible ? QJsonValue(r.metric(m)) : QJsonValue();
            o.insert(m, v);
            cells << (r.feasible ? number(r.metric(m)) : QString());
        }
        const bool meets = r.feasible && m_spec.target.meets(r.metric(m_spec.target.metric));
        o.insert("cost_usd", r.feasible ? QJsonValue(r.costUsd) : QJsonValue());
        o.insert("cloud_cost_usd", r.feasible ? QJsonValue(r.cloudCostUsd) : QJsonValue());
        o.insert("feasible", r.feasible);
        o.insert("meets_target", meets);
        cells << (r.feasible ? number(r.costUsd) : QString())
              << (r.feasible ? number(r.cloudCostUsd) : QString())
              << (r.feasible ? QStringLiteral("true") : QStringLiteral("false"))
              << (meets ? QStringLiteral("true") : QStringLiteral("false"));
        if (!r.feasible)
            o.insert("infeasible_reason", r.infeasibleReason);
        csv += cells.join(QLatin1Char(',')).toUtf8() + '\n';
        points.append(o);
    }
    QJsonArray recs, pareto;
    for (const Recommendation& rec : m_recommendations) {
        QJsonObject g;
        for (const auto& [axis, value] : rec.group)
            g.insert(axis, value);
        QJsonObject ro = g;
        ro.insert("point", rec.point ? QJsonValue(double(*rec.point)) : QJsonValue());
        ro.insert("cost_usd", rec.point ? QJsonValue(rec.costUsd) : QJsonValue());
        ro.insert("metric", rec.point ? QJsonValue(rec.metric) : QJsonValue());
        QJsonArray marginal;
        for (const MarginalGain& m : rec.marginal)
            marginal.append(QJsonObject{
                {"axis", m.axis},
                {"from", m.from},
                {"to", m.to},
                {"point", double(m.point)},
                {"feasible", m.feasible},
                {"delta_cost_usd", m.feasible ? QJsonValue(m.deltaCostUsd) : QJsonValue()},
                {"delta_metric", m.feasible ? QJsonValue(m.deltaMetric) : QJsonValue()}});
        ro.insert("marginal", marginal);
        recs.append(ro);
        QJsonObject po = g;
        QJsonArray rows;
        for (std::size_t row : rec.pareto)
            rows.append(double(row));
        po.insert("points", rows);
        pareto.append(po);
    }
    QJsonArray axisNames, metricNames;
    for (const SweepAxis& a : m_spec.axes)
        axisNames.append(a.name);
    for (const QString& m : metrics)
        metricNames.append(m);
    QJsonObject target{{"metric", m_spec.target.metric}};
    if (m_spec.target.max)
        target.insert("max", *m_spec.target.max);
    if (m_spec.target.min)
        target.insert("min", *m_spec.target.min);
    const QJsonObject root{{"format", "gantry-sweep-result"},
                           {"version", 1},
                           {"name", m_spec.name},
                           {"sweep_sha256", m_spec.hash},
                           {"config", m_spec.config},
                           {"axes", axisNames},
                           {"metrics", metricNames},
                           {"target", target},
                           {"points", points},
                           {"recommendations", recs},
                           {"pareto", pareto},
                           {"catalogue_sources", GpuCatalogue::sources()},
                           {"gantry_version", QStringLiteral(GANTRY_VERSION)}};
    m_pointsCsv = csv;
    m_sweepJson = QJsonDocument(root).toJson(QJsonDocument::Indented);
    if (m_outDir.isEmpty())
        return {};
    const Status a =
        ResultWriter::writeAtomically(QDir(m_outDir).filePath(QStringLiteral("points.csv")), csv);
    if (!a)
        return a;
    return ResultWriter::writeAtomically(QDir(m_outDir).filePath(QStringLiteral("sweep.json")),
                                         m_sweepJson);
}

QByteArray SweepSession::sweepJson() const
{
    return m_sweepJson;
}

QByteArray SweepSession::pointsCsv() const
{
    return m_pointsCsv;
}

const SweepSpec& SweepSession::spec() const
{
    return m_spec;
}

const SweepPoint& SweepSession::point(std::size_t i) const
{
    return m_points[i];
}

const std::optional<PointResult>& SweepSession::result(std::size_t i) const
{
    return m_results[i];
}

std::size_t SweepSession::evaluatedCount() const
{
    return m_evaluated;
}

const std::vector<Recommendation>& SweepSession::recommendations() const
{
    return m_recommendations;
}

} // namespace gantry::plan
