#include "benchcommand.h"

#include "cliargs.h"
#include "policies/policyregistry.h"
#include "sim/metrics.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTextStream>

namespace gantry::cli {

namespace {

QString defaultScenario()
{
    const QStringList candidates = {
        QCoreApplication::applicationDirPath() +
            QStringLiteral("/../../sampledata/philly-512.json"),
        QCoreApplication::applicationDirPath() +
            QStringLiteral("/../share/gantry/sampledata/philly-512.json"),
        QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/philly-512.json")};
    for (const QString& c : candidates)
        if (QFileInfo::exists(c))
            return QDir::cleanPath(c);
    return candidates.back();
}

int countJobs(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    return int(QJsonDocument::fromJson(f.readAll()).object().value("jobs").toArray().size());
}

} // namespace

int BenchCommand::run(const QStringList& args)
{
    QTextStream out(stdout), err(stderr);
    auto parsed = CliArgs::parse(
        args, {QStringLiteral("scenario"), QStringLiteral("repeat"), QStringLiteral("policies")},
        {QStringLiteral("json")});
    if (!parsed) {
        err << "gantry-cli: " << parsed.error().message << Qt::endl;
        return ExitInvalid;
    }
    const CliArgs& a = parsed.value();
    const QString scenario = a.value(QStringLiteral("scenario")).value_or(defaultScenario());
    const int repeat = a.value(QStringLiteral("repeat")).value_or(QStringLiteral("3")).toInt();
    const int total = countJobs(scenario);
    if (total < 0 || repeat < 1) {
        err << "gantry-cli: bench: cannot read " << scenario << " (or bad --repeat)" << Qt::endl;
        return ExitInvalid;
    }
    const QStringList policies = a.value(QStringLiteral("policies"))
                                     ? a.value(QStringLiteral("policies"))->split(QLatin1Char(','))
                                     : PolicyRegistry::names();
    const bool json = a.flag(QStringLiteral("json"));
    QJsonArray rows;
    if (!json)
        out << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                   .arg(QStringLiteral("policy"), -15)
                   .arg(QStringLiteral("jobs"), 7)
                   .arg(QStringLiteral("median wall s"), 14)
                   .arg(QStringLiteral("jobs/s"), 11)
                   .arg(QStringLiteral("events/s"), 11)
                   .arg(QStringLiteral("peak MB"), 9)
            << Qt::flush;
    for (const QString& policy : policies) {
        for (const int n : {total / 4, total / 2, total}) {
            std::vector<double> walls;
            double events = 0, rss = 0;
            for (int r = 0; r < repeat; ++r) {
                QProcess p;
                p.start(QCoreApplication::applicationFilePath(),
                        {QStringLiteral("run"), scenario, QStringLiteral("--policy"), policy,
                         QStringLiteral("--placement"), QStringLiteral("consolidate"),
                         QStringLiteral("--predictor"), QStringLiteral("oracle"),
                         QStringLiteral("--first-jobs"), QString::number(n),
                         QStringLiteral("--json"), QStringLiteral("--report-memory")});
                p.waitForFinished(-1);
                if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
                    err << "gantry-cli: bench: " << policy
                        << " failed: " << p.readAllStandardError() << Qt::endl;
                    // A child's invalid input (exit 2) is the bench's invalid input too.
                    const bool invalid =
                        p.exitStatus() == QProcess::NormalExit && p.exitCode() == ExitInvalid;
                    return invalid ? ExitInvalid : ExitInternal;
                }
                const QJsonObject o = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
                walls.push_back(o.value("wall_s").toDouble());
                events = o.value("events").toDouble();
                rss = std::max(rss, o.value("peak_rss_mb").toDouble());
            }
            const double wall = Metrics::percentile(walls, 0.5);
            const QJsonObject row{{"policy", policy},
                                  {"jobs", n},
                                  {"wall_s", wall},
                                  {"jobs_per_s", n / std::max(wall, 1e-9)},
                                  {"events_per_s", events / std::max(wall, 1e-9)},
                                  {"peak_rss_mb", rss},
                                  {"repeats", repeat}};
            rows.append(row);
            if (!json)
                out << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                           .arg(policy, -15)
                           .arg(n, 7)
                           .arg(wall, 14, 'f', 3)
                           .arg(row.value("jobs_per_s").toDouble(), 11, 'f', 0)
                           .arg(row.value("events_per_s").toDouble(), 11, 'f', 0)
                           .arg(rss, 9, 'f', 1)
                    << Qt::flush;
        }
    }
    if (json)
        out << QJsonDocument(QJsonObject{{"scenario", scenario}, {"results", rows}})
                   .toJson(QJsonDocument::Indented);
    return ExitOk;
}

} // namespace gantry::cli
