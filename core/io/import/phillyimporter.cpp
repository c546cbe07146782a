#include "io/import/phillyimporter.h"

#include "io/import/csvheader.h"
#include "io/import/csvreader.h"
#include "io/import/csvrows.h"
#include "io/import/importprogress.h"
#include "io/import/sharedvalues.h"
#include "io/import/traceassembler.h"
#include "io/import/tracefields.h"

#include <QFile>
#include <QFileInfo>

namespace gantry {

Result<PhillyImporter::Imported>
PhillyImporter::importFile(const QString& path, const Cluster& cluster, const Options& options)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error::invalid(QStringLiteral("%1: cannot open: %2").arg(path, f.errorString()));
    return importCsv(f.readAll(), path, cluster, options);
}

Result<PhillyImporter::Imported> PhillyImporter::importCsv(const QByteArray& csv,
                                                           const QString& src,
                                                           const Cluster& cluster,
                                                           const Options& options)
{
    ImportOptions o;
    o.limit = options.limit;
    o.strict = true;
    auto r = PhillyImporter().importData({src, csv}, cluster, o, {});
    if (!r)
        return r.error();
    Imported out;
    out.scenario = std::move(r.value().scenario);
    const ImportReport& rep = r.value().report;
    if (const int n = rep.dropped(DropReason::LargerThanCluster))
        out.warnings << QStringLiteral("%1: dropped %2 jobs larger than the cluster (%3 GPUs)")
                            .arg(src)
                            .arg(n)
                            .arg(rep.clusterGpus);
    if (const int n = rep.dropped(DropReason::ZeroGpus) + rep.dropped(DropReason::NoDuration))
        out.warnings << QStringLiteral("%1: dropped %2 rows with zero GPUs or zero duration")
                            .arg(src)
                            .arg(n);
    out.dropped = rep.droppedTotal() - rep.dropped(DropReason::OverLimit);
    return out;
}

Result<ImportedTrace> PhillyImporter::importData(const Input& main,
                                                 const std::optional<Cluster>& cluster,
                                                 const ImportOptions& options,
                                                 const QMap<QString, Input>& extras,
                                                 Feedback* feedback) const
{
    Q_UNUSED(extras);
    if (!cluster)
        return Error::invalid(QStringLiteral("%1: the philly format needs a cluster to import "
                                             "onto")
                                  .arg(main.source));
    ImportedTrace out;
    ImportReport& report = out.report;
    report.source = main.source;
    report.format = format();
    CsvReader reader(main.data);
    auto header = CsvHeader::read(
        reader, main.source,
        {QStringLiteral("timestamp"), QStringLiteral("duration"), QStringLiteral("num_gpus")},
        QStringLiteral("timestamp, duration, num_gpus, gpu_time, cluster"));
    if (!header)
        return header.error();
    const CsvHeader& h = header.value();
    const int cTime = h.column(QStringLiteral("timestamp"));
    const int cDur = h.column(QStringLiteral("duration"));
    const int cGpus = h.column(QStringLiteral("num_gpus"));
    const int cVc = h.column(QStringLiteral("cluster"));

    std::vector<TraceRow> rows;
    SharedValues shared; // virtual clusters repeat over rows
    ImportProgress progress(feedback, main.source);
    CsvRows csv(reader, h.size(), report, options, progress);
    while (csv.next()) {
        const CsvReader::Record& rec = csv.row();
        const auto bad = [&](const QString& message) { return csv.malformed(message); };
        const auto cell = [&](int c) -> const QByteArray& { return csv.cell(c); };
        const auto ts = TraceFields::dateTime(cell(cTime));
        std::optional<Error> e;
        if (!ts) {
            e = bad(QStringLiteral("timestamp %1 is not YYYY-MM-DD HH:MM:SS")
                        .arg(TraceFields::quoted(cell(cTime))));
            if (e)
                return *e;
            continue;
        }
        const auto dur = TraceFields::number(cell(cDur));
        if (!dur || *dur < 0 || *dur > TraceFields::kMaxSeconds) {
            e = bad(QStringLiteral("duration %1 is not a number of seconds from 0 to 1e9")
                        .arg(TraceFields::quoted(cell(cDur))));
            if (e)
                return *e;
            continue;
        }
        const auto gpus = TraceFields::wholeNumber(cell(cGpus), 10'000'000);
        if (!gpus) {
            e = bad(QStringLiteral("num_gpus %1 is not a whole number >= 0")
                        .arg(TraceFields::quoted(cell(cGpus))));
            if (e)
                return *e;
            continue;
        }
        TraceRow r;
        r.line = rec.line;
        r.submitS = *ts;
        if (cVc >= 0)
            r.vc = shared.text(cell(cVc));
        if (*gpus == 0)
            r.drop = DropReason::ZeroGpus;
        else if (*dur == 0)
            r.drop = DropReason::NoDuration;
        r.gpus = *gpus;
        r.durationS = *dur;
        if (!r.vc.isEmpty())
            r.features = shared.features(cell(cVc), [&] {
                return QVariantMap{{QStringLiteral("vc"), r.vc}};
            });
        rows.push_back(std::move(r));
    }
    if (csv.error())
        return *csv.error();
    out.scenario.name = QFileInfo(main.source).completeBaseName();
    out.scenario.cluster = *cluster;
    out.scenario.cluster.finalize();
    if (!TraceAssembler::assemble(std::move(rows), options, QStringLiteral("p"), out.scenario,
                                  report, progress))
        return Error::cancelled();
    return out;
}

} // namespace gantry
