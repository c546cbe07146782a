#include "sweepcommand.h"
#include "clierror.h"

#include "cliargs.h"
#include "clicommands.h"
#include "plan/sweepsession.h"
#include "projectcommand.h"
#include "run/batchrunner.h"

#include <QFileInfo>
#include <QJsonValue>
#include <QLocale>
#include <QTemporaryDir>
#include <QTextStream>

#include <optional>

#include <unistd.h>

namespace gantry::cli {

namespace {

// The capacity-plan report's path is checked before any point runs (gantry-report checks it
// again when it writes).
Status checkReport(const QString& path)
{
    const QFileInfo info(path);
    if (path.isEmpty())
        return Error::invalid(QStringLiteral("--report needs a file name (OUT.pdf)"));
    if (!QFileInfo(info.absolutePath()).isDir())
        return Error::invalid(
            QStringLiteral("--report: %1: cannot write: the directory does not exist").arg(path));
    if (info.isDir())
        return Error::invalid(
            QStringLiteral("--report: %1: cannot write: it is a directory").arg(path));
    if (!QFileInfo(info.absolutePath()).isWritable())
        return Error::invalid(
            QStringLiteral("--report: %1: cannot write: the directory is not writable").arg(path));
    return {};
}

QString text(const QJsonValue& v)
{
    return v.isDouble() ? QString::number(v.toDouble(), 'g', QLocale::FloatingPointShortest)
                        : v.toString();
}
} // namespace

int SweepCommand::run(const QStringList& args)
{
    CliError::setProgram(QStringLiteral("gantry-cli sweep"));
    auto a =
        CliArgs::parse(args,
                       {QStringLiteral("threads"), QStringLiteral("out"), QStringLiteral("project"),
                        QStringLiteral("report"), QStringLiteral("page")},
                       {QStringLiteral("resume"), QStringLiteral("json")});
    if (!a)
        return CliError::report(a.error());
    if (a.value().positional().size() != 1)
        return CliError::report(
            Error::invalid(QStringLiteral("sweep needs exactly one sweep file")));
    int threads = BatchRunner::hardwareThreads();
    if (auto t = a.value().value(QStringLiteral("threads"))) {
        bool ok = false;
        threads = t->toInt(&ok);
        if (!ok || threads < 1 || threads > 1024)
            return CliError::report(Error::invalid(
                QStringLiteral("--threads: must be a whole number from 1 to 1024, not \"%1\"")
                    .arg(*t)));
    }
    const QString outDir = a.value().value(QStringLiteral("out")).value_or(QString());
    const bool resume = a.value().flag(QStringLiteral("resume"));
    if (resume && outDir.isEmpty())
        return CliError::report(
            Error::invalid(QStringLiteral("--resume needs --out DIR (the cache is there)")));
    const std::optional<QString> report = a.value().value(QStringLiteral("report"));
    const std::optional<QString> page = a.value().value(QStringLiteral("page"));
    if (report)
        if (const Status r = checkReport(*report); !r)
            return CliError::report(r.error());
    if (page && !report)
        return CliError::report(Error::invalid(QStringLiteral("--page needs --report OUT.pdf")));
    if (page && page->compare(QLatin1String("a4"), Qt::CaseInsensitive) != 0 &&
        page->compare(QLatin1String("letter"), Qt::CaseInsensitive) != 0)
        return CliError::report(Error::invalid(
            QStringLiteral("--page: page size must be a4 or letter, got \"%1\"").arg(*page)));
    // The report reads the points back from the cache, so a sweep without --out keeps one in
    // a temporary folder for it.
    std::optional<QTemporaryDir> scratch;
    if (outDir.isEmpty() && report)
        scratch.emplace();
    const QString cacheDir = scratch ? (scratch->isValid() ? scratch->path() : QString()) : outDir;
    if (report && cacheDir.isEmpty())
        return CliError::report(
            Error::internal(QStringLiteral("--report: cannot create a temporary folder")));
    auto session = plan::SweepSession::open(a.value().positional().front(), cacheDir, resume);
    if (!session)
        return CliError::report(session.error());
    const auto project = a.value().value(QStringLiteral("project"));
    if (project) // before the sweep runs: a project it could not store into is exit 2 now
        if (const Status p = ProjectCommand::checkWritable(*project); !p)
            return CliError::report(p.error());
    plan::SweepSession& s = session.value();
    QTextStream err(stderr);
    const bool terminal = isatty(STDERR_FILENO) != 0;
    const std::size_t cached = s.pointCount() - s.pending().size();
    if (terminal)
        err << "sweep: " << s.pointCount() << " points, " << cached << " from the cache, "
            << threads << " threads" << Qt::endl;
    const Status run = s.runAll(threads, nullptr, [&](std::size_t done, std::size_t total) {
        if (terminal)
            err << "\rsweep: " << done << "/" << total << " points" << Qt::flush;
    });
    if (terminal)
        err << Qt::endl;
    if (!run)
        return CliError::report(run.error());
    if (const Status f = s.finish(); !f)
        return CliError::report(f.error());
    if (project)
        if (const Status p =
                ProjectCommand::recordSweep(*project, s.spec().baseScenario, s.sweepJson());
            !p)
            return CliError::report(p.error());
    // gantry-cli links no GUI module: gantry-report writes the PDF from the cache (nothing
    // runs again) and its exit status is ours.
    const auto writeReport = [&]() {
        if (!report)
            return int(ExitOk);
        QStringList reportArgs{QStringLiteral("--capacity-plan"),
                               a.value().positional().front(),
                               QStringLiteral("--out-dir"),
                               cacheDir,
                               QStringLiteral("-o"),
                               *report};
        if (page)
            reportArgs << QStringLiteral("--page") << *page;
        return CliCommands::report(reportArgs);
    };
    QTextStream out(stdout);
    if (a.value().flag(QStringLiteral("json"))) {
        out << s.sweepJson() << Qt::flush;
        return writeReport();
    }
    const plan::SweepSpec& spec = s.spec();
    out << "sweep " << (spec.name.isEmpty() ? a.value().positional().front() : spec.name) << ": "
        << s.pointCount() << " points (" << s.evaluatedCount() << " run, " << cached
        << " from the cache)\n";
    out << "target: " << spec.target.metric
        << (spec.target.max ? QStringLiteral(" <= %1").arg(*spec.target.max)
                            : QStringLiteral(" >= %1").arg(spec.target.min.value_or(0.0)))
        << " (mean over seeds)\n";
    for (const plan::Recommendation& r : s.recommendations()) {
        QStringList group;
        for (const auto& [axis, value] : r.group)
            group << axis + QLatin1Char('=') + text(value);
        out << (group.isEmpty() ? QStringLiteral("all points") : group.join(QStringLiteral(" ")))
            << ": ";
        if (!r.point) {
            out << "no cluster meets the target\n";
            continue;
        }
        QStringList cluster;
        const plan::SweepPoint& p = s.point(*r.point);
        for (std::size_t k = 0; k < spec.axes.size(); ++k)
            if (spec.axes[k].changesCluster())
                cluster << spec.axes[k].name + QLatin1Char('=') + text(p.values[k]);
        out << cluster.join(QStringLiteral(" ")) << ", cost " << QString::number(r.costUsd, 'f', 0)
            << " USD, " << spec.target.metric << " " << QString::number(r.metric, 'g', 6)
            << " (row " << *r.point << ")\n";
    }
    if (!outDir.isEmpty())
        out << "wrote " << outDir << "/points.csv and " << outDir << "/sweep.json\n";
    out.flush();
    return writeReport();
}

} // namespace gantry::cli
