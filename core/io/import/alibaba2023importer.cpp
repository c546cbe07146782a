#include "io/import/alibaba2023importer.h"

#include "io/gpucatalogue.h"
#include "io/import/csvheader.h"
#include "io/import/csvreader.h"
#include "io/import/csvrows.h"
#include "io/import/importprogress.h"
#include "io/import/traceassembler.h"
#include "io/import/tracefields.h"

#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

namespace gantry {

namespace {

const QString kPodColumns = QStringLiteral(
    "name, cpu_milli, memory_mib, num_gpu, gpu_milli, gpu_spec, qos, pod_phase, creation_time, "
    "deletion_time, scheduled_time");
const QString kNodeColumns = QStringLiteral("sn, cpu_milli, memory_mib, gpu, model");

// Bandwidths of the generated servers: the trace gives none; duration jobs do not communicate.
constexpr double kIntraGBps = 300.0;
constexpr double kNicGbps = 100.0;
constexpr double kUplinkGbps = 1600.0;

std::optional<GpuType> catalogueType(const QString& name)
{
    for (const GpuType& t : GpuCatalogue::builtin())
        if (t.name.compare(name, Qt::CaseInsensitive) == 0)
            return t;
    return std::nullopt;
}

// GPU-weighted mean speed of the servers whose type is in names (every server when empty or
// when none matches).
double meanSpeed(const Cluster& c, const QSet<QString>& names)
{
    double sum = 0.0, gpus = 0.0, allSum = 0.0, allGpus = 0.0;
    for (const Server& s : c.servers) {
        const GpuType& t = c.gpuTypes[std::size_t(s.gpuType)];
        allSum += t.speed * s.gpus;
        allGpus += s.gpus;
        if (names.contains(t.name)) {
            sum += t.speed * s.gpus;
            gpus += s.gpus;
        }
    }
    if (gpus > 0)
        return sum / gpus;
    return allGpus > 0 ? allSum / allGpus : 1.0;
}

} // namespace

GpuType Alibaba2023Importer::gpuTypeOf(const QString& model, bool* known)
{
    *known = true;
    if (auto t = catalogueType(model))
        return *t;
    static const QRegularExpression withMemory(QStringLiteral("^(.+?)M([0-9]+)$"));
    if (const auto m = withMemory.match(model); m.hasMatch()) {
        const QString base = m.captured(1);
        const double gb = m.captured(2).toDouble();
        if (auto t = catalogueType(QStringLiteral("%1-%2G").arg(base, m.captured(2))))
            return *t;
        if (auto t = catalogueType(base)) {
            if (t->memoryGb == gb)
                return *t;
            GpuType v = *t;
            v.name = model;
            v.memoryGb = gb;
            return v;
        }
    }
    *known = false;
    GpuType unknown = GpuCatalogue::find(QStringLiteral("A100-80G")).value_or(GpuType{});
    unknown.name = model;
    unknown.speed = 1.0;
    return unknown;
}

Result<Cluster> Alibaba2023Importer::clusterFromNodes(const Input& nodes, QStringList* notes)
{
    CsvReader reader(nodes.data);
    auto header = CsvHeader::read(
        reader, nodes.source,
        {QStringLiteral("sn"), QStringLiteral("gpu"), QStringLiteral("model")}, kNodeColumns);
    if (!header)
        return header.error();
    const CsvHeader& h = header.value();
    const int cSn = h.column(QStringLiteral("sn"));
    const int cGpu = h.column(QStringLiteral("gpu"));
    const int cModel = h.column(QStringLiteral("model"));
    Cluster c;
    c.racks.push_back({QStringLiteral("alibaba"), kUplinkGbps});
    QHash<QString, int> typeIndex;
    QSet<QString> names;
    QStringList unknownModels, mappedModels;
    int cpuNodes = 0;
    CsvReader::Record rec;
    while (reader.next(rec)) {
        const auto bad = [&](const QString& m) {
            return Error::invalid(
                QStringLiteral("%1: line %2: %3").arg(nodes.source).arg(rec.line).arg(m));
        };
        if (rec.unterminated)
            return bad(QStringLiteral("a quoted field is not closed (truncated file?)"));
        if (int(rec.cells.size()) != h.size())
            return bad(QStringLiteral("expected %1 columns, found %2")
                           .arg(h.size())
                           .arg(rec.cells.size()));
        const QByteArray& gpuCell = rec.cells[std::size_t(cGpu)];
        const auto gpus = TraceFields::wholeNumber(gpuCell, 1024);
        if (!gpus)
            return bad(QStringLiteral("gpu %1 is not a whole number from 0 to 1024")
                           .arg(TraceFields::quoted(gpuCell)));
        if (*gpus == 0) {
            ++cpuNodes;
            continue;
        }
        const QString sn = QString::fromUtf8(rec.cells[std::size_t(cSn)]);
        if (sn.isEmpty())
            return bad(QStringLiteral("sn is empty"));
        if (names.contains(sn))
            return bad(QStringLiteral("duplicate node \"%1\"").arg(sn));
        names.insert(sn);
        const QByteArray& modelCell = rec.cells[std::size_t(cModel)];
        if (TraceFields::missing(modelCell))
            return bad(QStringLiteral("node %1 has %2 GPUs but no model").arg(sn).arg(*gpus));
        const QString model = QString::fromUtf8(modelCell);
        if (!typeIndex.contains(model)) {
            bool known = true;
            GpuType t = gpuTypeOf(model, &known);
            if (!known)
                unknownModels << model;
            else if (t.name != model)
                mappedModels << QStringLiteral("%1 -> %2").arg(model, t.name);
            int index = -1;
            for (std::size_t i = 0; i < c.gpuTypes.size(); ++i)
                if (c.gpuTypes[i].name == t.name)
                    index = int(i);
            if (index < 0) {
                index = int(c.gpuTypes.size());
                c.gpuTypes.push_back(t);
            }
            typeIndex.insert(model, index);
        }
        c.servers.push_back({sn, 0, typeIndex.value(model), *gpus, kIntraGBps, kNicGbps});
    }
    if (c.servers.empty())
        return Error::invalid(QStringLiteral("%1: no node with GPUs").arg(nodes.source));
    c.finalize();
    if (notes) {
        if (cpuNodes)
            *notes << QStringLiteral("%1 nodes without GPUs left out of the cluster").arg(cpuNodes);
        if (!mappedModels.isEmpty())
            *notes << QStringLiteral("GPU models mapped onto the catalogue: %1")
                          .arg(mappedModels.join(QStringLiteral(", ")));
        if (!unknownModels.isEmpty())
            *notes << QStringLiteral("GPU models not in the catalogue, kept as new types with "
                                     "speed 1.0: %1")
                          .arg(unknownModels.join(QStringLiteral(", ")));
    }
    return c;
}

Result<ImportedTrace> Alibaba2023Importer::importData(const Input& main,
                                                      const std::optional<Cluster>& cluster,
                                                      const ImportOptions& options,
                                                      const QMap<QString, Input>& extras,
                                                      Feedback* feedback) const
{
    const auto nodes = extras.constFind(QStringLiteral("nodes"));
    const bool haveNodes = nodes != extras.constEnd();
    if (haveNodes == cluster.has_value())
        return Error::invalid(
            QStringLiteral("%1: the alibaba2023 format needs either its node list or a cluster "
                           "(%2)")
                .arg(main.source, haveNodes ? QStringLiteral("both were given")
                                            : QStringLiteral("neither was given")));
    ImportedTrace out;
    ImportReport& report = out.report;
    report.source = main.source;
    report.format = format();
    if (haveNodes) {
        auto c = clusterFromNodes(*nodes, &report.notes);
        if (!c)
            return c.error();
        out.scenario.cluster = std::move(c).value();
    } else {
        out.scenario.cluster = *cluster;
        out.scenario.cluster.finalize();
    }
    const Cluster& cl = out.scenario.cluster;

    CsvReader reader(main.data);
    auto header =
        CsvHeader::read(reader, main.source,
                        {QStringLiteral("name"), QStringLiteral("num_gpu"),
                         QStringLiteral("pod_phase"), QStringLiteral("creation_time"),
                         QStringLiteral("deletion_time"), QStringLiteral("scheduled_time")},
                        kPodColumns);
    if (!header)
        return header.error();
    const CsvHeader& h = header.value();
    const int cName = h.column(QStringLiteral("name"));
    const int cGpus = h.column(QStringLiteral("num_gpu"));
    const int cMilli = h.column(QStringLiteral("gpu_milli"));
    const int cSpec = h.column(QStringLiteral("gpu_spec"));
    const int cQos = h.column(QStringLiteral("qos"));
    const int cPhase = h.column(QStringLiteral("pod_phase"));
    const int cCreate = h.column(QStringLiteral("creation_time"));
    const int cDelete = h.column(QStringLiteral("deletion_time"));
    const int cSched = h.column(QStringLiteral("scheduled_time"));
    const int cCpu = h.column(QStringLiteral("cpu_milli"));
    const int cMem = h.column(QStringLiteral("memory_mib"));

    // Durations are seconds on the trace's own GPUs; on its own cluster they are rescaled to
    // seconds at speed 1.0 with the mean speed of the GPUs the pod may use.
    const double allSpeed = haveNodes ? meanSpeed(cl, {}) : 1.0;
    QHash<QString, double> specSpeed;
    int fractional = 0, runningWithDeletion = 0;
    std::vector<TraceRow> rows;
    ImportProgress progress(feedback, main.source);
    CsvRows csv(reader, h.size(), report, options, progress);
    while (csv.next()) {
        const CsvReader::Record& rec = csv.row();
        const auto bad = [&](const QString& message) { return csv.malformed(message); };
        const auto cell = [&](int c) -> const QByteArray& { return csv.cell(c); };
        QString problem;
        const auto gpus = TraceFields::wholeNumber(cell(cGpus), 10'000'000);
        if (!gpus)
            problem = QStringLiteral("num_gpu %1 is not a whole number >= 0")
                          .arg(TraceFields::quoted(cell(cGpus)));
        std::optional<double> milli;
        if (problem.isEmpty() && cMilli >= 0 && !TraceFields::missing(cell(cMilli))) {
            milli = TraceFields::number(cell(cMilli));
            if (!milli || *milli < 0 || *milli > 1000)
                problem = QStringLiteral("gpu_milli %1 is not a number from 0 to 1000")
                              .arg(TraceFields::quoted(cell(cMilli)));
        }
        // Times: seconds; missing is a fact about the pod, unreadable a malformed row.
        const auto time = [&](int c, const char* name) -> std::optional<double> {
            if (!problem.isEmpty() || TraceFields::missing(cell(c)))
                return std::nullopt;
            const auto t = TraceFields::number(cell(c));
            if (!t || *t < 0 || *t > 1e12) {
                problem = QStringLiteral("%1 %2 is not a number of seconds >= 0")
                              .arg(QLatin1String(name), TraceFields::quoted(cell(c)));
                return std::nullopt;
            }
            return t;
        };
        const auto created = time(cCreate, "creation_time");
        const auto scheduled = time(cSched, "scheduled_time");
        const auto deleted = time(cDelete, "deletion_time");
        if (problem.isEmpty() && !created)
            problem = QStringLiteral("creation_time is empty");
        if (problem.isEmpty() && scheduled && deleted && *deleted < *scheduled)
            problem = QStringLiteral("deletion_time is before scheduled_time");
        if (problem.isEmpty() && scheduled && deleted && *deleted - *scheduled > 1e9)
            problem = QStringLiteral("runs for more than 1e9 s");
        if (!problem.isEmpty()) {
            if (auto e = bad(problem))
                return *e;
            continue;
        }
        const QString phase = QString::fromUtf8(cell(cPhase));
        TraceRow r;
        r.line = rec.line;
        r.traceId = QString::fromUtf8(cell(cName));
        r.submitS = *created;
        const double duration = scheduled && deleted ? *deleted - *scheduled : 0.0;
        if (*gpus == 0)
            r.drop = DropReason::ZeroGpus;
        else if (phase.compare(QLatin1String("Pending"), Qt::CaseInsensitive) == 0 || !scheduled)
            r.drop = DropReason::NotStarted;
        else if (!deleted)
            r.drop = DropReason::NoEndTime;
        else if (duration <= 0)
            r.drop = DropReason::NoDuration;
        r.gpus = *gpus;
        if (!r.drop) {
            if (phase.compare(QLatin1String("Running"), Qt::CaseInsensitive) == 0)
                ++runningWithDeletion;
            double speed = allSpeed;
            if (cSpec >= 0 && !TraceFields::missing(cell(cSpec))) {
                const QString spec = QString::fromUtf8(cell(cSpec));
                r.features.insert(QStringLiteral("gpu_spec"), spec);
                if (haveNodes) {
                    auto it = specSpeed.constFind(spec);
                    if (it == specSpeed.constEnd()) {
                        QSet<QString> names;
                        for (const QString& m : spec.split(QLatin1Char('|'), Qt::SkipEmptyParts)) {
                            bool known = true;
                            names.insert(gpuTypeOf(m.trimmed(), &known).name);
                        }
                        it = specSpeed.insert(spec, meanSpeed(cl, names));
                    }
                    speed = *it;
                }
            }
            r.durationS = std::min(duration * speed, TraceFields::kMaxSeconds);
            if (milli && *milli > 0 && *milli < 1000 && *gpus == 1)
                r.features.insert(QStringLiteral("gpu_milli"), *milli);
            if (cQos >= 0 && !TraceFields::missing(cell(cQos)))
                r.features.insert(QStringLiteral("qos"), QString::fromUtf8(cell(cQos)));
            if (cCpu >= 0)
                if (const auto v = TraceFields::number(cell(cCpu)))
                    r.features.insert(QStringLiteral("cpu_milli"), *v);
            if (cMem >= 0)
                if (const auto v = TraceFields::number(cell(cMem)))
                    r.features.insert(QStringLiteral("memory_mib"), *v);
        }
        rows.push_back(std::move(r));
    }
    if (csv.error())
        return *csv.error();
    out.scenario.name = QFileInfo(main.source).completeBaseName();
    if (!TraceAssembler::assemble(std::move(rows), options, QStringLiteral("pod"), out.scenario,
                                  report, progress))
        return Error::cancelled();
    for (const Job& j : out.scenario.jobs)
        fractional += j.features.contains(QStringLiteral("gpu_milli"));
    if (fractional)
        report.notes << QStringLiteral("%1 kept pods ask for a fraction of one GPU (gpu_milli < "
                                       "1000): each takes one whole GPU")
                            .arg(fractional);
    if (runningWithDeletion)
        report.notes << QStringLiteral("%1 pods recorded as Running have a deletion time: they "
                                       "are taken to run until it")
                            .arg(runningWithDeletion);
    if (haveNodes)
        report.notes << QStringLiteral("durations rescaled from the trace's GPUs to speed 1.0 (x "
                                       "%1 on average over the cluster)")
                            .arg(allSpeed, 0, 'f', 3);
    return out;
}

} // namespace gantry
