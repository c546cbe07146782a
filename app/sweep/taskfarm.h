#pragma once

#include "util/result.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <functional>
#include <vector>

#include <mpi.h>

namespace gantry::sweep {

/// A dynamic task farm over an MPI communicator. Rank 0 hands out one task at a time to whichever
/// worker asks next and passes each result, as it arrives, to an accept callback; the other ranks
/// evaluate. A slow task holds only its worker. With one rank, rank 0 evaluates everything itself.
/// Independent of sweeps: tasks are indices, results are bytes.
class TaskFarm
{
public:
    /// Evaluates one task (on a worker, or on rank 0 when it is alone): its result, or an error.
    using Evaluate = std::function<Result<QByteArray>(std::size_t task)>;
    /// Records one task's result on rank 0, in arrival order; an error stops the hand-out.
    using Accept = std::function<Status(std::size_t task, const QByteArray& result)>;

    /// A farm over comm; sets comm's error handler to MPI_ERRORS_RETURN so that failures the
    /// library reports come back as errors. program and noun name things in messages.
    TaskFarm(MPI_Comm comm, const QString& program, const QString& noun);

    /// This process's rank in the communicator.
    int rank() const { return m_rank; }
    /// The number of ranks.
    int size() const { return m_size; }

    /// Runs the farm; every rank calls it. Rank 0 hands out tasks in the given order and accepts
    /// each result; the workers ignore tasks and accept. Returns on every rank once the farm has
    /// ended; on rank 0, the first error (an evaluation, an accept or a failed rank), after
    /// every result that did arrive was accepted. While it runs, rank 0 reports on stderr the
    /// tasks each worker held if the job is stopped by a signal. O(tasks) messages each way.
    Status run(const std::vector<std::size_t>& tasks, const Evaluate& evaluate,
               const Accept& accept);
    /// Sets a file that rank 0 keeps naming the tasks the workers hold while it hands out
    /// (replaced whole after every message) and removes once every worker has stopped: a job
    /// that ends any other way (a dead rank, a signal, a failed library call) leaves it naming
    /// the tasks that were out, which stderr cannot promise (mpirun may end the job before it
    /// forwards rank 0's last words). Empty (the default): no file.
    void setHeldNote(const QString& path) { m_heldNote = path; }
    /// False on rank 0 after run() returned early because the library reported a failure:
    /// workers may still wait, so the caller should abort the job (MPI_Abort).
    bool workersStopped() const { return m_workersStopped; }

private:
    Status runAlone(const std::vector<std::size_t>& tasks, const Evaluate& evaluate,
                    const Accept& accept);
    Status runRoot(const std::vector<std::size_t>& tasks, const Accept& accept);
    Status runWorker(const Evaluate& evaluate);
    QString mpiError(int code) const;

    MPI_Comm m_comm;
    int m_rank = 0;
    int m_size = 1;
    bool m_workersStopped = true;
    QString m_program;
    QString m_noun;
    QString m_heldNote;
};

} // namespace gantry::sweep
