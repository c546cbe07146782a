#include "io/import/gavelimporter.h"
#include "io/scenariolimits.h"

#include "io/import/csvreader.h"
#include "io/import/importprogress.h"
#include "io/import/traceassembler.h"
#include "io/import/tracefields.h"
#include "io/modelzoo.h"
#include "model/modelgraphbuilder.h"

#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace gantry {

namespace {

constexpr double kMaxIterations = ScenarioLimits::kMaxIterations;

// Where a line of one of Gavel's two formats keeps each field (-1: the format has none).
struct Layout
{
    int fields;
    int totalSteps;
    int scaleFactor;
    int priorityWeight;
    int slo;
    int arrivalTime;
};

// job_type, command, working_directory, num_steps_arg, needs_data_dir, total_steps,
// scale_factor, priority_weight, SLO, arrival_time: Gavel's current parser.
constexpr Layout kCurrent{10, 5, 6, 7, 8, 9};
// job_type, command, num_steps_arg, needs_data_dir, total_steps, arrival_time, scale_factor:
// Gavel's earlier traces, still shipped with it.
constexpr Layout kEarlier{7, 4, 6, -1, -1, 5};

const Layout* layoutOf(std::size_t fields)
{
    if (fields == std::size_t(kCurrent.fields))
        return &kCurrent;
    if (fields == std::size_t(kEarlier.fields))
        return &kEarlier;
    return nullptr;
}

// The zoo model for a job of family t on scale GPUs, when the cluster can run it.
std::optional<ModelSpec> zooModelFor(const GavelImporter::JobType& t, int gpus, const Cluster& c)
{
    if (t.zooModel.isEmpty() || gpus > c.totalGpus())
        return std::nullopt;
    const auto spec = ModelZoo::find(t.zooModel);
    if (!spec)
        return std::nullopt;
    Parallelism par;
    par.dp = gpus;
    QString key;
    if (!ModelGraphBuilder::check(*spec, par, &key).isEmpty())
        return std::nullopt;
    double largest = 0.0, fastest = 0.0;
    for (const GpuType& g : c.gpuTypes) {
        largest = std::max(largest, g.memoryGb);
        fastest = std::max(fastest, g.tflops);
    }
    if (ModelGraphBuilder::memoryPerWorkerGb(*spec, par) > largest)
        return std::nullopt;
    // The scenario reader's bound on one iteration's compute (1e4 s on the fastest GPU).
    if (ModelGraphBuilder::flopsPerWorker(*spec, par) > fastest * 1e12 * 1e4)
        return std::nullopt;
    return spec;
}

} // namespace

const std::vector<GavelImporter::JobType>& GavelImporter::jobTypes()
{
    // Step times are rough A100 figures for the workloads Gavel runs (CIFAR-10 ResNet-18,
    // Multi30k Transformer, WikiText-2 LSTM, ML-20M autoencoder, Pong A3C, monet2photo
    // CycleGAN), set so that typical jobs of Gavel's generated traces last hours; docs/formats.md.
    static const std::vector<JobType> types = {
        {QStringLiteral("ResNet-18"), QString(), 0.01},
        {QStringLiteral("ResNet-50"), QStringLiteral("resnet50"), 0.1},
        {QStringLiteral("Transformer"), QString(), 0.1},
        {QStringLiteral("LM"), QString(), 0.008},
        {QStringLiteral("Recommendation"), QString(), 1.5},
        {QStringLiteral("A3C"), QString(), 0.01},
        {QStringLiteral("CycleGAN"), QString(), 0.05},
    };
    return types;
}

std::optional<GavelImporter::JobType> GavelImporter::jobTypeOf(const QString& jobType,
                                                               int* batchSize)
{
    static const QRegularExpression re(
        QStringLiteral("^\\s*(.*?)\\s*(?:\\(batch size ([0-9]{1,9})\\))?\\s*$"));
    const auto m = re.match(jobType);
    *batchSize = 0;
    if (!m.hasMatch())
        return std::nullopt;
    for (const JobType& t : jobTypes())
        if (t.family == m.captured(1)) {
            *batchSize = m.captured(2).toInt();
            return t;
        }
    return std::nullopt;
}

Result<ImportedTrace> GavelImporter::importData(const Input& main,
                                                const std::optional<Cluster>& cluster,
                                                const ImportOptions& options,
                                                const QMap<QString, Input>& extras,
                                                Feedback* feedback) const
{
    Q_UNUSED(extras);
    if (!cluster)
        return Error::invalid(
            QStringLiteral("%1: the gavel format needs a cluster to import onto").arg(main.source));
    ImportedTrace out;
    ImportReport& report = out.report;
    report.source = main.source;
    report.format = format();
    out.scenario.name = QFileInfo(main.source).completeBaseName();
    out.scenario.cluster = *cluster;
    out.scenario.cluster.finalize();
    const Cluster& cl = out.scenario.cluster;

    // Commands hold quotes of their own: no CSV quoting in this format.
    CsvReader reader(main.data, '\t', false);
    CsvReader::Record rec;
    std::vector<TraceRow> rows;
    bool first = true;
    const Layout* format = nullptr; // the first well-formed line's, which every line must have
    int formatLine = 0;
    ImportProgress progress(feedback, main.source);
    while (reader.next(rec)) {
        if (progress.parsed(reader))
            return Error::cancelled();
        // A line of nothing but blanks and tabs (a trailing one, say) is no row: the reader
        // reads a tab as a delimiter, so only its empty cells tell it.
        if (std::all_of(rec.cells.begin(), rec.cells.end(),
                        [](const QByteArray& c) { return c.trimmed().isEmpty(); }))
            continue;
        const bool header = first && !rec.cells.empty() && rec.cells[0] == "job_type";
        first = false;
        if (header)
            continue;
        ++report.rowsRead;
        auto bad = [&](const QString& message) {
            return TraceAssembler::malformed(report, options, rec.line, message);
        };
        const Layout* layout = layoutOf(rec.cells.size());
        if (!layout) {
            const int expected = format ? format->fields : kCurrent.fields;
            if (auto e = bad(QStringLiteral("expected %1 tab-separated fields, found %2")
                                 .arg(expected)
                                 .arg(rec.cells.size()) +
                             (format ? QString()
                                     : QStringLiteral(" (or %1, Gavel's earlier format)")
                                           .arg(kEarlier.fields))))
                return *e;
            continue;
        }
        if (!format) {
            format = layout;
            formatLine = rec.line;
        } else if (layout != format) {
            if (auto e = bad(QStringLiteral("%1 tab-separated fields, but line %2 has %3: a "
                                            "Gavel trace is all in its current format (%4 "
                                            "fields) or all in its earlier one (%5)")
                                 .arg(layout->fields)
                                 .arg(formatLine)
                                 .arg(format->fields)
                                 .arg(kCurrent.fields)
                                 .arg(kEarlier.fields)))
                return *e;
            continue;
        }
        const auto cell = [&](int c) -> const QByteArray& { return rec.cells[std::size_t(c)]; };
        // The earlier format has no priority_weight (every job weighs 1) and no SLO.
        const auto optionalNumber = [&](int c, double absent) {
            return c < 0 ? std::optional<double>(absent) : TraceFields::number(cell(c));
        };
        QString problem;
        int batch = 0;
        const QString jobType = QString::fromUtf8(cell(0));
        const auto type = jobTypeOf(jobType, &batch);
        const auto steps = TraceFields::number(cell(layout->totalSteps));
        const auto scale = TraceFields::wholeNumber(cell(layout->scaleFactor), 10'000'000);
        const auto priority = optionalNumber(layout->priorityWeight, 1.0);
        const auto slo = optionalNumber(layout->slo, -1.0);
        const auto arrival = TraceFields::number(cell(layout->arrivalTime));
        if (!type) {
            QStringList families;
            for (const JobType& t : jobTypes())
                families << t.family;
            problem = QStringLiteral("job_type %1 is not a Gavel job type (%2)")
                          .arg(TraceFields::quoted(cell(0)), families.join(QStringLiteral(", ")));
        } else if (!steps || *steps < 0 || *steps > kMaxIterations ||
                   std::floor(*steps) != *steps) {
            problem = QStringLiteral("total_steps %1 is not a whole number from 0 to 1e9")
                          .arg(TraceFields::quoted(cell(layout->totalSteps)));
        } else if (!scale) {
            problem = QStringLiteral("scale_factor %1 is not a whole number >= 0")
                          .arg(TraceFields::quoted(cell(layout->scaleFactor)));
        } else if (!priority || *priority <= 0 || *priority > 1e12) {
            // The scenario reader takes weights up to 1e12: an import must read back.
            problem = QStringLiteral("priority_weight %1 is not a number > 0 and <= 1e12")
                          .arg(TraceFields::quoted(cell(layout->priorityWeight)));
        } else if (!slo) {
            problem = QStringLiteral("SLO %1 is not a number")
                          .arg(TraceFields::quoted(cell(layout->slo)));
        } else if (!arrival || *arrival < 0 || *arrival > 1e12) {
            problem = QStringLiteral("arrival_time %1 is not a number of seconds >= 0")
                          .arg(TraceFields::quoted(cell(layout->arrivalTime)));
        } else if (*steps * type->stepSeconds > TraceFields::kMaxSeconds) {
            problem = QStringLiteral("runs for more than 1e9 s");
        }
        if (!problem.isEmpty()) {
            if (auto e = bad(problem))
                return *e;
            continue;
        }
        TraceRow r;
        r.line = rec.line;
        r.submitS = *arrival;
        if (*scale == 0)
            r.drop = DropReason::ZeroGpus;
        else if (*steps == 0)
            r.drop = DropReason::NoDuration;
        r.gpus = *scale;
        r.durationS = *steps * type->stepSeconds;
        if (!r.drop) {
            if (const auto spec = zooModelFor(*type, *scale, cl)) {
                r.gpus = 0;
                r.durationS = 0.0;
                r.model = std::make_unique<Job>();
                Job& m = *r.model;
                m.kind = JobKind::Model;
                m.model = spec->name;
                m.parallelism.dp = *scale;
                m.iterations = *steps;
                m.graph = ModelGraphBuilder::build(*spec, m.parallelism);
            }
            r.weight = *priority;
            r.features.insert(QStringLiteral("name"), type->family);
            if (batch > 0)
                r.features.insert(QStringLiteral("batch_size"), double(batch));
            if (*slo > 0)
                r.features.insert(QStringLiteral("slo"), *slo);
        }
        rows.push_back(std::move(r));
    }
    if (!TraceAssembler::assemble(std::move(rows), options, QStringLiteral("g"), out.scenario,
                                  report, progress))
        return Error::cancelled();
    int models = 0;
    for (const Job& j : out.scenario.jobs)
        models += j.kind == JobKind::Model;
    if (format == &kEarlier)
        report.notes << QStringLiteral("read in Gavel's earlier format (7 fields: no "
                                       "priority_weight, every job weighs 1, and no SLO)");
    if (models)
        report.notes << QStringLiteral("%1 jobs run as zoo models, the others as duration jobs of "
                                       "total_steps x a per-type step time")
                            .arg(models);
    return out;
}

} // namespace gantry
