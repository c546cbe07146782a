#include "io/import/slurmtraceparser.h"

#include "io/import/csvheader.h"
#include "io/import/csvreader.h"
#include "io/import/csvrows.h"
#include "io/import/importprogress.h"
#include "io/import/sharedvalues.h"
#include "io/import/traceassembler.h"
#include "io/import/tracefields.h"

#include <QFileInfo>

namespace gantry {

namespace {

const QString kTimeFormat = QStringLiteral("is not YYYY-MM-DD HH:MM:SS");

} // namespace

Result<ImportedTrace> SlurmTraceParser::import(const Layout& layout,
                                               const TraceImporter::Input& input,
                                               const Cluster& cluster, const ImportOptions& options,
                                               Feedback* feedback)
{
    ImportedTrace out;
    ImportReport& report = out.report;
    report.source = input.source;
    report.format = layout.format;
    CsvReader reader(input.data);
    auto header = CsvHeader::read(
        reader, input.source,
        {QStringLiteral("gpu_num"), QStringLiteral("submit_time"), QStringLiteral("start_time")},
        layout.columns);
    if (!header)
        return header.error();
    const CsvHeader& h = header.value();
    const int cGpus = h.column(QStringLiteral("gpu_num"));
    const int cSubmit = h.column(QStringLiteral("submit_time"));
    const int cStart = h.column(QStringLiteral("start_time"));
    const int cEnd = h.column(QStringLiteral("end_time"));
    const int cDuration = h.column(QStringLiteral("duration"));
    if (cEnd < 0 && cDuration < 0)
        return Error::invalid(QStringLiteral("%1: line %2: header needs a duration or an end_time "
                                             "column (expected the columns %3)")
                                  .arg(input.source)
                                  .arg(h.line())
                                  .arg(layout.columns));
    const int cId = h.column(layout.idColumn);
    const int cUser = h.column(layout.userColumn);
    const int cVc = layout.vcColumn.isEmpty() ? -1 : h.column(layout.vcColumn);
    QList<QPair<int, QString>> text, numbers;
    for (const auto& [column, key] : layout.textFeatures)
        if (h.has(column))
            text.append({h.column(column), key});
    for (const auto& [column, key] : layout.numberFeatures)
        if (h.has(column))
            numbers.append({h.column(column), key});
    QList<int> fallbacks;
    for (const QString& c : layout.endFallbacks)
        if (h.has(c))
            fallbacks.append(h.column(c));

    std::vector<TraceRow> rows;
    SharedValues shared; // users, virtual clusters and features repeat over rows
    QByteArray featureKey;
    ImportProgress progress(feedback, input.source);
    CsvRows csv(reader, h.size(), report, options, progress);
    while (csv.next()) {
        const CsvReader::Record& rec = csv.row();
        const int line = rec.line;
        const auto bad = [&](const QString& message) { return csv.malformed(message); };
        const auto cell = [&](int c) -> const QByteArray& { return csv.cell(c); };
        const auto gpus = TraceFields::wholeNumber(cell(cGpus), 10'000'000);
        if (!gpus) {
            if (auto e = bad(QStringLiteral("gpu_num %1 is not a whole number >= 0")
                                 .arg(TraceFields::quoted(cell(cGpus)))))
                return *e;
            continue;
        }
        const auto submit = TraceFields::dateTime(cell(cSubmit));
        if (!submit) {
            if (auto e = bad(QStringLiteral("submit_time %1 %2")
                                 .arg(TraceFields::quoted(cell(cSubmit)), kTimeFormat)))
                return *e;
            continue;
        }
        // Optional times: missing is a fact about the job, unreadable is a malformed row.
        std::optional<double> start, end;
        QString problem;
        const auto time = [&](int c, const char* name) -> std::optional<double> {
            if (c < 0 || TraceFields::missing(cell(c)))
                return std::nullopt;
            const auto t = TraceFields::dateTime(cell(c));
            if (!t && problem.isEmpty())
                problem = QStringLiteral("%1 %2 %3")
                              .arg(QLatin1String(name), TraceFields::quoted(cell(c)), kTimeFormat);
            return t;
        };
        start = time(cStart, "start_time");
        end = time(cEnd, "end_time");
        for (int i = 0; !end && problem.isEmpty() && i < fallbacks.size(); ++i)
            end = time(fallbacks[i], qPrintable(layout.endFallbacks[i]));
        std::optional<double> duration;
        if (problem.isEmpty() && cDuration >= 0 && !TraceFields::missing(cell(cDuration))) {
            duration = TraceFields::number(cell(cDuration));
            if (!duration || *duration < 0 || *duration > TraceFields::kMaxSeconds)
                problem = QStringLiteral("duration %1 is not a number of seconds from 0 to 1e9")
                              .arg(TraceFields::quoted(cell(cDuration)));
        }
        if (problem.isEmpty() && !duration && start && end) {
            if (*end < *start)
                problem = QStringLiteral("end_time is before start_time");
            else if (*end - *start > TraceFields::kMaxSeconds)
                problem = QStringLiteral("runs for more than 1e9 s");
            else
                duration = *end - *start;
        }
        if (!problem.isEmpty()) {
            if (auto e = bad(problem))
                return *e;
            continue;
        }

        TraceRow r;
        r.line = line;
        r.submitS = *submit;
        if (cId >= 0)
            r.traceId = QString::fromUtf8(cell(cId));
        if (cVc >= 0)
            r.vc = shared.text(cell(cVc));
        if (*gpus == 0)
            r.drop = DropReason::ZeroGpus;
        else if (!start)
            r.drop = DropReason::NotStarted;
        else if (!duration)
            r.drop = DropReason::NoEndTime;
        else if (*duration <= 0)
            r.drop = DropReason::NoDuration;
        r.gpus = *gpus;
        r.durationS = duration.value_or(0.0);
        if (!r.drop) {
            if (cUser >= 0 && !TraceFields::missing(cell(cUser)))
                r.user = shared.text(cell(cUser));
            // Rows of the same feature cells share one map.
            featureKey.clear();
            for (const auto* columns : {&text, &numbers})
                for (const auto& [c, key] : *columns)
                    featureKey.append(QByteArray::number(cell(c).size()))
                        .append(':')
                        .append(cell(c));
            r.features = shared.features(featureKey, [&] {
                QVariantMap f;
                for (const auto& [c, key] : text)
                    if (!TraceFields::missing(cell(c)))
                        f.insert(key, QString::fromUtf8(cell(c)));
                for (const auto& [c, key] : numbers)
                    if (const auto v = TraceFields::number(cell(c)))
                        f.insert(key, *v);
                return f;
            });
        }
        rows.push_back(std::move(r));
    }
    if (csv.error())
        return *csv.error();
    out.scenario.name = QFileInfo(input.source).completeBaseName();
    out.scenario.cluster = cluster;
    out.scenario.cluster.finalize();
    if (!TraceAssembler::assemble(std::move(rows), options, layout.idPrefix, out.scenario, report,
                                  progress))
        return Error::cancelled();
    return out;
}

} // namespace gantry
