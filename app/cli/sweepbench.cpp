#include "sweepbench.h"

#include "sim/metrics.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <unistd.h>

#include <vector>

namespace gantry::cli {

namespace {

// Median wall seconds of repeat runs of program args (the last argument is the output folder,
// fresh each time); negative with why set on a failure.
double medianWall(const QString& program, const QStringList& args, int repeat, QString* why)
{
    std::vector<double> walls;
    for (int r = 0; r < repeat; ++r) {
        QTemporaryDir out;
        if (!out.isValid()) {
            *why = QStringLiteral("cannot create a temporary folder");
            return -1.0;
        }
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        if (::geteuid() == 0) { // Open MPI refuses root without both of these
            env.insert(QStringLiteral("OMPI_ALLOW_RUN_AS_ROOT"), QStringLiteral("1"));
            env.insert(QStringLiteral("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"), QStringLiteral("1"));
        }
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::MergedChannels);
        QElapsedTimer t;
        t.start();
        p.start(program, args + QStringList{QStringLiteral("--out"), out.path()});
        p.waitForFinished(-1);
        const double wall = double(t.nsecsElapsed()) / 1e9;
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            *why = QStringLiteral("%1 %2 failed: %3")
                       .arg(program, args.join(QLatin1Char(' ')),
                            QString::fromUtf8(p.readAll()).trimmed().right(400));
            return -1.0;
        }
        walls.push_back(wall);
    }
    return Metrics::percentile(walls, 0.5);
}

} // namespace

QString SweepBench::sweepProgram()
{
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString& c : {here.filePath(QStringLiteral("gantry-sweep")),
                             here.filePath(QStringLiteral("../sweep/gantry-sweep"))})
        if (QFileInfo(c).isExecutable())
            return QDir::cleanPath(c);
    return {};
}

QJsonArray SweepBench::processRows(const QString& sweepFile, double points, int repeat,
                                   QString* why)
{
    const QString sweep = sweepProgram();
    const QString mpirun = QStandardPaths::findExecutable(QStringLiteral("mpirun"));
    QJsonArray rows;
    for (const int workers : {1, 2}) {
        const double threads = medianWall(QCoreApplication::applicationFilePath(),
                                          {QStringLiteral("sweep"), sweepFile,
                                           QStringLiteral("--threads"), QString::number(workers)},
                                          repeat, why);
        if (threads < 0.0)
            return {};
        rows.append(QJsonObject{{"side", "threads"},
                                {"workers", workers},
                                {"wall_s", threads},
                                {"points_per_s", points / std::max(threads, 1e-9)}});
        if (sweep.isEmpty() || mpirun.isEmpty())
            continue;
        // Rank 0 is the farmer and evaluates nothing while there are workers: W workers need
        // W + 1 ranks, more than the cores here, hence --oversubscribe (rank 0 mostly sleeps).
        const int ranks = workers + 1;
        const double mpi = medianWall(mpirun,
                                      {QStringLiteral("-n"), QString::number(ranks),
                                       QStringLiteral("--oversubscribe"), sweep, sweepFile},
                                      repeat, why);
        if (mpi < 0.0)
            return {};
        rows.append(QJsonObject{{"side", "mpi"},
                                {"workers", workers},
                                {"ranks", ranks},
                                {"wall_s", mpi},
                                {"points_per_s", points / std::max(mpi, 1e-9)}});
        rows.append(QJsonObject{{"side", "ratio"},
                                {"workers", workers},
                                {"mpi_over_threads", mpi / std::max(threads, 1e-9)},
                                {"target", "<= 1.10"}});
    }
    return rows;
}

} // namespace gantry::cli
