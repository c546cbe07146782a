#include "sweepbench.h"

#include "benchcontext.h"
#include "plan/sweepsession.h"
#include "run/batchrunner.h"
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

#include <algorithm>
#include <vector>

namespace gantry::cli {

namespace {

// Seconds to run every point of the sweep on threads (in memory, no cache), median of repeat.
Result<double> sweepWall(const QString& file, int threads, int repeat)
{
    std::vector<double> walls;
    for (int r = 0; r < repeat; ++r) {
        auto s = plan::SweepSession::open(file, QString(), false);
        if (!s)
            return s.error();
        QElapsedTimer t;
        t.start();
        if (const Status st = s.value().runAll(threads); !st)
            return st.error();
        walls.push_back(double(t.nsecsElapsed()) / 1e9);
    }
    std::sort(walls.begin(), walls.end());
    return walls[walls.size() / 2];
}

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

int SweepBench::suite(BenchContext& b)
{
    QTextStream &out = b.out, &err = b.err;
    const CliArgs& a = b.args;
    const bool json = b.json;
    const int repeat = b.repeat;
    QJsonArray sweepRows, processRows, heavyRows;
    const QString file =
        a.value(QStringLiteral("sweep"))
            .value_or(BenchContext::sampleFile(QStringLiteral("two-racks-sweep.json")));
    auto opened = plan::SweepSession::open(file, QString(), false);
    if (!opened) {
        err << "gantry-cli: bench: " << opened.error().message << Qt::endl;
        return opened.error().kind == ErrorKind::InvalidInput ? ExitInvalid : ExitInternal;
    }
    const std::size_t points = opened.value().pointCount();
    const int all = BatchRunner::hardwareThreads();
    double oneWall = 0.0;
    if (!json)
        out << "\nsweep suite (" << file << ", " << points << " points, median of " << repeat
            << ")\n"
            << QStringLiteral("%1 %2 %3\n")
                   .arg(QStringLiteral("threads"), 8)
                   .arg(QStringLiteral("wall s"), 10)
                   .arg(QStringLiteral("points/s"), 10);
    for (const int threads : {1, all}) {
        const Result<double> wall = sweepWall(file, threads, repeat);
        if (!wall) {
            err << "gantry-cli: bench: the sweep suite failed: " << wall.error().message
                << Qt::endl;
            return ExitInternal;
        }
        if (threads == 1)
            oneWall = wall.value();
        const double rate = double(points) / std::max(wall.value(), 1e-9);
        sweepRows.append(QJsonObject{{"threads", threads},
                                     {"points", double(points)},
                                     {"wall_s", wall.value()},
                                     {"points_per_s", rate},
                                     {"speedup", oneWall / std::max(wall.value(), 1e-9)}});
        if (!json)
            out << QStringLiteral("%1 %2 %3\n")
                       .arg(threads, 8)
                       .arg(wall.value(), 10, 'f', 3)
                       .arg(rate, 10, 'f', 1);
    }
    if (!json)
        out << "speedup " << all << " threads / 1 thread: "
            << QString::number(sweepRows.last().toObject().value("speedup").toDouble(), 'f', 2)
            << " (target 1.8 from 1 to 2)" << Qt::endl;

    // Whole processes: gantry-cli sweep on W threads against mpirun with W workers.
    QString why;
    processRows = SweepBench::processRows(file, double(points), repeat, &why);
    if (processRows.isEmpty()) {
        err << "gantry-cli: bench: the sweep suite failed: " << why << Qt::endl;
        return ExitInternal;
    }
    if (!json) {
        out << "\nwhole processes (start-up, reading and writing included; median of " << repeat
            << "); mpirun -n W+1 is W workers, rank 0 only hands out points";
        if (SweepBench::sweepProgram().isEmpty())
            out << "; gantry-sweep is not built, no MPI figures";
        out << "\n";
        for (const QJsonValue& v : processRows) {
            const QJsonObject o = v.toObject();
            const QString side = o.value("side").toString();
            if (side == QLatin1String("ratio"))
                out << QStringLiteral("  mpi / threads at %1 workers: %2 (target %3)\n")
                           .arg(o.value("workers").toInt())
                           .arg(o.value("mpi_over_threads").toDouble(), 0, 'f', 2)
                           .arg(o.value("target").toString());
            else
                out << QStringLiteral("%1 %2 workers %3 s %4 points/s\n")
                           .arg(side == QLatin1String("mpi")
                                    ? QStringLiteral("mpirun -n %1 gantry-sweep")
                                          .arg(o.value("ranks").toInt())
                                    : QStringLiteral("gantry-cli sweep --threads %1")
                                          .arg(o.value("workers").toInt()),
                                -32)
                           .arg(o.value("workers").toInt(), 2)
                           .arg(o.value("wall_s").toDouble(), 8, 'f', 3)
                           .arg(o.value("points_per_s").toDouble(), 9, 'f', 1);
        }
        out.flush();
    }

    // The sample's points take milliseconds; a trace-sized sweep shows how running points
    // scales when each point is a whole trace (--heavy-sweep none skips it).
    const QString heavy =
        a.value(QStringLiteral("heavy-sweep"))
            .value_or(BenchContext::sampleFile(QStringLiteral("philly-sweep.json")));
    if (heavy != QLatin1String("none")) {
        auto heavyOpened = plan::SweepSession::open(heavy, QString(), false);
        if (!heavyOpened) {
            err << "gantry-cli: bench: " << heavyOpened.error().message << Qt::endl;
            return heavyOpened.error().kind == ErrorKind::InvalidInput ? ExitInvalid : ExitInternal;
        }
        const std::size_t heavyPoints = heavyOpened.value().pointCount();
        double heavyOne = 0.0;
        for (const int threads : {1, 2}) {
            const Result<double> wall = sweepWall(heavy, threads, repeat);
            if (!wall) {
                err << "gantry-cli: bench: the sweep suite failed: " << wall.error().message
                    << Qt::endl;
                return ExitInternal;
            }
            if (threads == 1)
                heavyOne = wall.value();
            heavyRows.append(
                QJsonObject{{"sweep", heavy},
                            {"threads", threads},
                            {"points", double(heavyPoints)},
                            {"wall_s", wall.value()},
                            {"points_per_s", double(heavyPoints) / std::max(wall.value(), 1e-9)},
                            {"speedup", heavyOne / std::max(wall.value(), 1e-9)}});
        }
        if (!json)
            out << "\nheavy sweep (" << heavy << ", " << heavyPoints
                << " points, running the points only, median of " << repeat << "): 1 thread "
                << QString::number(heavyRows.first().toObject().value("wall_s").toDouble(), 'f', 3)
                << " s, 2 threads "
                << QString::number(heavyRows.last().toObject().value("wall_s").toDouble(), 'f', 3)
                << " s, speedup "
                << QString::number(heavyRows.last().toObject().value("speedup").toDouble(), 'f', 2)
                << " (target 1.8)" << Qt::endl;
    }
    b.doc.insert("sweep", sweepRows);
    b.doc.insert("sweep_processes", processRows);
    b.doc.insert("sweep_heavy", heavyRows);
    return ExitOk;
}

} // namespace gantry::cli
