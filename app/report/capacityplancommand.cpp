#include "capacityplancommand.h"
#include "clierror.h"

#include "cliargs.h"
#include "plan/sweepsession.h"
#include "planreport/capacityplanreport.h"
#include "run/batchrunner.h"

#include <QFileInfo>
#include <QTextStream>

namespace gantry::report {

using cli::CliArgs;
using cli::CliError;
using cli::ExitInternal;
using cli::ExitInvalid;
using cli::ExitOk;
using ui::CapacityPlanReport;
using ui::ReportBuilder;

QString CapacityPlanCommand::usage()
{
    return QStringLiteral(
        "       gantry-report --capacity-plan SWEEP.json -o OUT.pdf [--out-dir DIR]\n"
        "                     [--page a4|letter] [--threads N]\n"
        "--capacity-plan writes the capacity-plan report of a sweep; with --out-dir the points\n"
        "are read back from DIR's cache (gantry-cli sweep --out DIR) and only missing ones run\n");
}

int CapacityPlanCommand::run(const QStringList& args)
{
    auto parsed = CliArgs::parse(args,
                                 {QStringLiteral("capacity-plan"), QStringLiteral("o"),
                                  QStringLiteral("output"), QStringLiteral("out-dir"),
                                  QStringLiteral("page"), QStringLiteral("threads")},
                                 {});
    if (!parsed)
        return CliError::report(parsed.error());
    const CliArgs& a = parsed.value();
    if (!a.positional().isEmpty())
        return CliError::report(Error::invalid(
            QStringLiteral("--capacity-plan takes the sweep file as its value, not \"%1\"")
                .arg(a.positional().front())));
    const QString sweep = a.value(QStringLiteral("capacity-plan")).value_or(QString());
    if (sweep.isEmpty())
        return CliError::report(
            Error::invalid(QStringLiteral("--capacity-plan needs a sweep file")));
    const auto output = a.value(QStringLiteral("o")) ? a.value(QStringLiteral("o"))
                                                     : a.value(QStringLiteral("output"));
    if (!output || output->isEmpty())
        return CliError::report(Error::invalid(QStringLiteral("--capacity-plan needs -o OUT.pdf")));
    if (const Status s = checkOutput(*output); !s)
        return CliError::report(s.error());
    CapacityPlanReport::Options options;
    if (auto page = a.value(QStringLiteral("page"))) {
        auto size = ReportBuilder::pageSizeFromName(*page);
        if (!size)
            return CliError::report(
                Error::invalid(QStringLiteral("--page: ") + size.error().message));
        options.pageSize = size.value();
    }
    int threads = BatchRunner::hardwareThreads();
    if (auto t = a.value(QStringLiteral("threads"))) {
        bool ok = false;
        threads = t->toInt(&ok);
        if (!ok || threads < 1 || threads > 1024)
            return CliError::report(Error::invalid(
                QStringLiteral("--threads: must be a whole number from 1 to 1024, not \"%1\"")
                    .arg(*t)));
    }
    const QString outDir = a.value(QStringLiteral("out-dir")).value_or(QString());
    auto session = plan::SweepSession::open(sweep, outDir, !outDir.isEmpty());
    if (!session)
        return CliError::report(session.error());
    plan::SweepSession& s = session.value();
    const std::size_t cached = s.pointCount() - s.pending().size();
    if (const Status r = s.runAll(threads); !r)
        return CliError::report(r.error());
    if (const Status f = s.finish(); !f)
        return CliError::report(f.error());
    auto pages = CapacityPlanReport::write(s, options, *output);
    if (!pages)
        return CliError::report(pages.error());
    QTextStream(stderr) << "gantry-report: wrote " << *output << " (" << pages.value() << " pages, "
                        << ReportBuilder::pageSizeName(options.pageSize) << "; " << s.pointCount()
                        << " points: " << cached << " from the cache, " << s.evaluatedCount()
                        << " run)" << Qt::endl;
    return ExitOk;
}

Status CapacityPlanCommand::checkOutput(const QString& path)
{
    const QFileInfo info(path);
    if (!QFileInfo(info.absolutePath()).isDir())
        return Error::invalid(
            QStringLiteral("%1: cannot write: the directory does not exist").arg(path));
    if (info.isDir())
        return Error::invalid(QStringLiteral("%1: cannot write: it is a directory").arg(path));
    if (!QFileInfo(info.absolutePath()).isWritable())
        return Error::invalid(
            QStringLiteral("%1: cannot write: the directory is not writable").arg(path));
    return {};
}

} // namespace gantry::report
