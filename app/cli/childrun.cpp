#include "childrun.h"

#include "cliargs.h"
#include "sim/metrics.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QProcess>

#include <algorithm>
#include <vector>

namespace gantry::cli {

QJsonObject ChildRun::median(const QString& scenario, const QString& policy,
                             const QString& placement, int firstJobs, int repeat,
                             const QString& predictor)
{
    std::vector<double> walls;
    double events = 0, rss = 0;
    QJsonObject last;
    for (int r = 0; r < repeat; ++r) {
        QProcess p;
        p.start(QCoreApplication::applicationFilePath(),
                {QStringLiteral("run"), scenario, QStringLiteral("--policy"), policy,
                 QStringLiteral("--placement"), placement, QStringLiteral("--predictor"), predictor,
                 QStringLiteral("--first-jobs"), QString::number(firstJobs),
                 QStringLiteral("--json"), QStringLiteral("--report-memory")});
        p.waitForFinished(-1);
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            // A child's invalid input (exit 2) is the bench's invalid input too.
            const bool invalid =
                p.exitStatus() == QProcess::NormalExit && p.exitCode() == ExitInvalid;
            return {{"exit", invalid ? int(ExitInvalid) : int(ExitInternal)},
                    {"error", QString::fromUtf8(p.readAllStandardError()).trimmed()}};
        }
        const QJsonObject o = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        last = o;
        walls.push_back(o.value("wall_s").toDouble());
        events = o.value("events").toDouble();
        rss = std::max(rss, o.value("peak_rss_mb").toDouble());
    }
    return {{"exit", 0},
            {"wall_s", Metrics::percentile(walls, 0.5)},
            {"events", events},
            {"peak_rss_mb", rss},
            {"summary", last}};
}

} // namespace gantry::cli
