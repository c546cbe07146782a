#include "importcommand.h"
#include "clierror.h"

#include "cliargs.h"
#include "io/import/traceimporterregistry.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"

#include <QTextStream>

#include <cmath>

namespace gantry::cli {

namespace {

// A non-negative integer option, or an error naming it.
Status readCount(const CliArgs& a, const QString& name, int* out)
{
    if (auto v = a.value(name)) {
        bool ok = false;
        *out = v->toInt(&ok);
        if (!ok || *out < 0)
            return Error::invalid(
                QStringLiteral("--%1: must be a non-negative integer, got \"%2\"").arg(name, *v));
    }
    return {};
}

// A time in seconds >= 0, or an error naming the option.
Status readSeconds(const CliArgs& a, const QString& name, std::optional<double>* out)
{
    if (auto v = a.value(name)) {
        bool ok = false;
        const double s = v->toDouble(&ok);
        if (!ok || !std::isfinite(s) || s < 0)
            return Error::invalid(
                QStringLiteral("--%1: must be a number of seconds >= 0, got \"%2\"").arg(name, *v));
        *out = s;
    }
    return {};
}

} // namespace

int ImportCommand::run(const QStringList& args)
{
    auto a =
        CliArgs::parse(args,
                       {QStringLiteral("format"), QStringLiteral("cluster"), QStringLiteral("o"),
                        QStringLiteral("output"), QStringLiteral("nodes"), QStringLiteral("limit"),
                        QStringLiteral("since"), QStringLiteral("until"), QStringLiteral("vc"),
                        QStringLiteral("min-gpus"), QStringLiteral("max-gpus")},
                       {QStringLiteral("strict")});
    if (!a)
        return CliError::report(a.error());
    const CliArgs& v = a.value();
    const QString formats = TraceImporterRegistry::formats().join(QStringLiteral(", "));
    const QString format = v.value(QStringLiteral("format")).value_or(QString());
    if (format.isEmpty())
        return CliError::report(
            Error::invalid(QStringLiteral("import needs --format F (one of: %1)").arg(formats)));
    const TraceImporter* importer = TraceImporterRegistry::find(format);
    if (!importer)
        return CliError::report(Error::invalid(
            QStringLiteral("unknown import format \"%1\" (available: %2)").arg(format, formats)));
    if (v.positional().size() != 1)
        return CliError::report(
            Error::invalid(QStringLiteral("import needs exactly one INPUT file")));
    const auto output = v.value(QStringLiteral("o")) ? v.value(QStringLiteral("o"))
                                                     : v.value(QStringLiteral("output"));
    if (!output)
        return CliError::report(Error::invalid(QStringLiteral("import needs -o OUT")));
    const auto clusterFile = v.value(QStringLiteral("cluster"));
    QMap<QString, QString> extras;
    if (auto n = v.value(QStringLiteral("nodes"))) {
        if (!importer->extraInputs().contains(QStringLiteral("nodes")))
            return CliError::report(Error::invalid(
                QStringLiteral("--nodes: the %1 format takes no node list").arg(format)));
        if (clusterFile)
            return CliError::report(Error::invalid(
                QStringLiteral("import --format %1 takes --nodes or --cluster, not both")
                    .arg(format)));
        extras.insert(QStringLiteral("nodes"), *n);
    }
    if (!clusterFile && importer->needsCluster())
        return CliError::report(Error::invalid(
            QStringLiteral("import --format %1 needs --cluster FILE (a scenario whose cluster is "
                           "used)")
                .arg(format)));
    if (!clusterFile && extras.isEmpty())
        return CliError::report(Error::invalid(
            QStringLiteral("import --format %1 needs --nodes NODES.csv (or --cluster FILE)")
                .arg(format)));

    ImportOptions opt;
    opt.strict = v.flag(QStringLiteral("strict"));
    opt.vc = v.value(QStringLiteral("vc")).value_or(QString());
    for (const Status& s : {readCount(v, QStringLiteral("limit"), &opt.limit),
                            readCount(v, QStringLiteral("min-gpus"), &opt.minGpus),
                            readCount(v, QStringLiteral("max-gpus"), &opt.maxGpus),
                            readSeconds(v, QStringLiteral("since"), &opt.sinceS),
                            readSeconds(v, QStringLiteral("until"), &opt.untilS)})
        if (!s)
            return CliError::report(s.error());
    if (opt.sinceS && opt.untilS && *opt.untilS <= *opt.sinceS)
        return CliError::report(
            Error::invalid(QStringLiteral("--until must be later than --since")));
    if (opt.maxGpus > 0 && opt.minGpus > opt.maxGpus)
        return CliError::report(
            Error::invalid(QStringLiteral("--min-gpus must not exceed --max-gpus")));
    if (v.value(QStringLiteral("vc")) && opt.vc.isEmpty())
        return CliError::report(
            Error::invalid(QStringLiteral("--vc: needs a virtual cluster name")));
    if (!opt.vc.isEmpty() && !importer->hasVirtualClusters())
        return CliError::report(Error::invalid(
            QStringLiteral("--vc: the %1 format has no virtual clusters").arg(format)));

    std::optional<Cluster> cluster;
    if (clusterFile) {
        auto s = ScenarioReader::readFile(*clusterFile);
        if (!s)
            return CliError::report(s.error());
        cluster = s.value().cluster;
    }
    auto imported =
        TraceImporterRegistry::import(format, v.positional().front(), cluster, opt, extras);
    if (!imported)
        return CliError::report(imported.error());
    QTextStream err(stderr);
    for (const QString& line : imported.value().report.summaryLines())
        err << "gantry-cli: " << line << '\n';
    err.flush();
    if (imported.value().scenario.jobs.empty())
        return CliError::report(
            Error::invalid(QStringLiteral("%1: no job left to import, nothing written")
                               .arg(v.positional().front())));
    if (Status s = ScenarioWriter::writeFile(imported.value().scenario, *output); !s)
        return CliError::report(s.error());
    err << "gantry-cli: wrote " << imported.value().scenario.jobs.size() << " jobs to " << *output
        << Qt::endl;
    return ExitOk;
}

} // namespace gantry::cli
