// gantry-sweep: a sweep across machines (docs/scale.md). Under `mpirun -n N gantry-sweep FILE
// --out DIR`, rank 0 opens the sweep, hands its pending points out one at a time (TaskFarm),
// accepts each result into the cache as it arrives and writes the same points.csv and sweep.json
// as `gantry-cli sweep`; the other ranks open the same sweep without writing and evaluate.
#include "cliargs.h"
#include "plan/sweepsession.h"
#include "taskfarm.h"

#include <QTextStream>

#include <cstdlib>
#include <optional>

#include <unistd.h>

using namespace gantry;
using gantry::cli::ExitInternal;
using gantry::cli::ExitInvalid;
using gantry::cli::ExitOk;

namespace {

const char* const kHelp =
    "Usage: mpirun -n N gantry-sweep SWEEP.json [--out DIR] [--resume] [--json]\n"
    "       gantry-sweep --help | --version\n"
    "\n"
    "Runs a sweep (docs/planning.md) across the ranks of an MPI job (docs/scale.md). Rank 0\n"
    "hands the points out one at a time to whichever rank asks, records each result in the\n"
    "cache under DIR as it arrives and writes the same points.csv and sweep.json as\n"
    "`gantry-cli sweep`, byte for byte, whatever N is. With one rank it runs every point itself.\n"
    "\n"
    "  --out DIR   write points.csv, sweep.json and the point cache there (and, while\n"
    "              points are out, held.txt naming them: a stopped run leaves it)\n"
    "  --resume    keep the points already in DIR's cache (after a stopped run)\n"
    "  --json      print sweep.json instead of the summary\n"
    "\n"
    "Exit status: 0 done, 2 invalid input (the message on stderr, printed by rank 0 only),\n"
    "1 an internal error or a rank that failed (rerun with --resume to finish).\n";

// The rank this process will have, read from the launcher before MPI starts, so that --help,
// --version and argument errors are printed once without starting MPI.
int launchRank()
{
    for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "SLURM_PROCID"})
        if (const char* value = std::getenv(name))
            return std::atoi(value);
    return 0;
}

int exitFor(const Error& e)
{
    return e.kind == ErrorKind::InvalidInput ? ExitInvalid : ExitInternal;
}

void printError(const QString& message)
{
    QTextStream(stderr) << "gantry-sweep: " << message << Qt::endl;
}

// Every rank opened the sweep: agrees on the worst outcome (0, 1 or 2) and, where some rank
// failed, gives rank 0 the message of the first failing rank. Collective.
int agree(int code, const QString& message, QString& firstMessage)
{
    int worst = 0;
    MPI_Allreduce(&code, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (worst == 0)
        return 0;
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const QByteArray mine = code ? message.toUtf8() : QByteArray();
    int length = int(mine.size());
    std::vector<int> lengths(std::size_t(size), 0), offsets(std::size_t(size), 0);
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    int total = 0;
    for (int r = 0; r < size; ++r) {
        offsets[std::size_t(r)] = total;
        total += lengths[std::size_t(r)];
    }
    QByteArray all(total, '\0');
    MPI_Gatherv(mine.constData(), length, MPI_BYTE, all.data(), lengths.data(), offsets.data(),
                MPI_BYTE, 0, MPI_COMM_WORLD);
    for (int r = 0; rank == 0 && r < size; ++r)
        if (lengths[std::size_t(r)] > 0) {
            const QString text =
                QString::fromUtf8(all.mid(offsets[std::size_t(r)], lengths[std::size_t(r)]));
            firstMessage = r == 0 ? text : QStringLiteral("rank %1: %2").arg(r).arg(text);
            break;
        }
    return worst;
}

int runSweep(const QString& file, const QString& outDir, bool resume, bool json)
{
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    // Workers keep everything in memory: only rank 0 writes.
    Result<plan::SweepSession> session = rank == 0
                                             ? plan::SweepSession::open(file, outDir, resume)
                                             : plan::SweepSession::open(file, QString(), false);
    QString message;
    const int opened = agree(session ? 0 : exitFor(session.error()),
                             session ? QString() : session.error().message, message);
    if (opened != 0) {
        if (rank == 0)
            printError(message);
        return opened;
    }
    plan::SweepSession& s = session.value();
    const std::vector<std::size_t> pending = rank == 0 ? s.pending() : std::vector<std::size_t>();
    const std::size_t cached = s.pointCount() - pending.size();
    QTextStream err(stderr);
    const bool terminal = rank == 0 && isatty(STDERR_FILENO) != 0;
    if (terminal)
        err << "sweep: " << s.pointCount() << " points, " << cached << " from the cache, " << size
            << (size == 1 ? " rank" : " ranks") << Qt::endl;
    std::size_t done = cached;
    sweep::TaskFarm farm(MPI_COMM_WORLD, QStringLiteral("gantry-sweep"), QStringLiteral("point"));
    if (!outDir.isEmpty())
        farm.setHeldNote(outDir + QStringLiteral("/held.txt"));
    const Status run = farm.run(
        pending, [&](std::size_t i) { return s.evaluate(i); },
        [&](std::size_t i, const QByteArray& r) {
            const Status accepted = s.accept(i, r);
            if (accepted && terminal)
                err << "\rsweep: " << ++done << "/" << s.pointCount() << " points" << Qt::flush;
            return accepted;
        });
    if (terminal)
        err << Qt::endl;
    if (rank != 0)
        return ExitOk;
    if (!run) {
        printError(run.error().message);
        if (!outDir.isEmpty())
            printError(QStringLiteral("the points finished so far are in %1's cache; run again "
                                      "with --resume to finish")
                           .arg(outDir));
        if (!farm.workersStopped())
            MPI_Abort(MPI_COMM_WORLD, exitFor(run.error()));
        return exitFor(run.error());
    }
    if (const Status f = s.finish(); !f) {
        printError(f.error().message);
        return exitFor(f.error());
    }
    QTextStream out(stdout);
    if (json) {
        out << s.sweepJson() << Qt::flush;
        return ExitOk;
    }
    const QString name = s.spec().name.isEmpty() ? file : s.spec().name;
    out << "sweep " << name << ": " << s.pointCount() << " points (" << s.evaluatedCount()
        << " run on " << size << (size == 1 ? " rank" : " ranks") << ", " << cached
        << " from the cache)\n";
    if (!outDir.isEmpty())
        out << "wrote " << outDir << "/points.csv and " << outDir << "/sweep.json\n";
    out.flush();
    return ExitOk;
}

} // namespace

int main(int argc, char** argv)
{
    QStringList args;
    for (int i = 1; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    const bool printer = launchRank() == 0;
    if (args.contains(QStringLiteral("--version"))) {
        if (printer)
            QTextStream(stdout) << "gantry-sweep " << GANTRY_VERSION << Qt::endl;
        return ExitOk;
    }
    if (cli::CliArgs::asksForHelp(args)) {
        if (printer)
            QTextStream(stdout) << kHelp;
        return ExitOk;
    }
    auto a = cli::CliArgs::parse(args, {QStringLiteral("out")},
                                 {QStringLiteral("resume"), QStringLiteral("json")});
    std::optional<Error> invalid;
    if (!a)
        invalid = a.error();
    else if (a.value().positional().size() != 1)
        invalid = Error::invalid(QStringLiteral("needs exactly one sweep file"));
    else if (a.value().flag(QStringLiteral("resume")) && !a.value().value(QStringLiteral("out")))
        invalid = Error::invalid(QStringLiteral("--resume needs --out DIR (the cache is there)"));
    if (invalid) {
        // Every rank sees the same arguments and fails alike, before MPI starts.
        if (printer) {
            printError(invalid->message);
            QTextStream(stderr) << kHelp;
        }
        return ExitInvalid;
    }
    MPI_Init(&argc, &argv);
    const int status = runSweep(
        a.value().positional().front(), a.value().value(QStringLiteral("out")).value_or(QString()),
        a.value().flag(QStringLiteral("resume")), a.value().flag(QStringLiteral("json")));
    MPI_Finalize();
    return status;
}
