#pragma once

#include <QJsonArray>
#include <QString>

namespace gantry::cli {

struct BenchContext;

/// The sweep suite's whole-process figures: `gantry-cli sweep FILE --threads W` against
/// `mpirun -n W+1 gantry-sweep FILE` (rank 0 only hands out points, so W+1 ranks are W
/// workers), each a child process into a fresh folder, so that start-up, reading the sweep and
/// writing its files count on both sides. MPI is measured when gantry-sweep lies beside
/// gantry-cli (or in ../sweep of a build tree) and mpirun is on the PATH.
class SweepBench
{
public:
    /// One row per side and worker count (1 and 2): {"side": "threads"|"mpi", "workers",
    /// "ranks" (mpi), "wall_s" (median of repeat), "points_per_s"}, then per worker count
    /// with both sides {"side": "ratio", "workers", "mpi_over_threads", "target": "<= 1.10"}.
    /// Empty with why set when a child fails.
    static QJsonArray processRows(const QString& sweepFile, double points, int repeat,
                                  QString* why);
    /// The suite: points per second of --sweep (the sample sweep) in process on one thread and
    /// on every core, the whole-process rows, and the trace-sized --heavy-sweep (the Philly
    /// sweep; none skips it) on 1 and 2 threads; rows under sweep, sweep_processes and
    /// sweep_heavy.
    static int suite(BenchContext& b);
    /// gantry-sweep's path, or empty when it is not built.
    static QString sweepProgram();
};

} // namespace gantry::cli
