// taskfarm-driver: the task farm of gantry-sweep alone, with a toy task, for tst_taskfarm.
//   mpirun -n N taskfarm-driver OUT COUNT [--slow TASK:MS] [--fail TASK] [--die TASK]
// Task i sleeps 2 ms (MS for --slow) and answers "i,rank,i*i". Rank 0 appends each accepted
// answer to OUT at once (as a sweep writes its cache), and fails on a task accepted twice.
// --fail makes TASK's evaluation fail as invalid input (exit 2); --die kills the rank that
// evaluates TASK (a worker that dies). Rank 0 keeps its held-task note
// in OUT.held.
#include "taskfarm.h"

#include <QFile>
#include <QSet>
#include <QTextStream>

#include <chrono>
#include <csignal>
#include <thread>

using gantry::Error;
using gantry::Result;
using gantry::Status;

int main(int argc, char** argv)
{
    MPI_Init(&argc, &argv);
    int status = 0;
    {
        gantry::sweep::TaskFarm farm(MPI_COMM_WORLD, QStringLiteral("taskfarm-driver"),
                                     QStringLiteral("task"));
        const QString out = QString::fromLocal8Bit(argv[1]);
        const int count = QByteArray(argv[2]).toInt();
        long slowTask = -1, slowMs = 0, failTask = -1, dieTask = -1;
        for (int i = 3; i + 1 < argc; i += 2) {
            const QByteArray option(argv[i]), value(argv[i + 1]);
            if (option == "--slow") {
                slowTask = value.split(':').value(0).toLong();
                slowMs = value.split(':').value(1).toLong();
            } else if (option == "--fail") {
                failTask = value.toLong();
            } else if (option == "--die") {
                dieTask = value.toLong();
            }
        }
        farm.setHeldNote(out + QStringLiteral(".held"));
        std::vector<std::size_t> tasks;
        for (int i = 0; i < count; ++i)
            tasks.push_back(std::size_t(i));
        QFile file(out);
        if (farm.rank() == 0 && !file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            MPI_Abort(MPI_COMM_WORLD, 1);
        QSet<std::size_t> seen;
        const auto evaluate = [&](std::size_t task) -> Result<QByteArray> {
            if (long(task) == dieTask)
                std::raise(SIGKILL);
            if (long(task) == failTask)
                return Error::invalid(QStringLiteral("task %1: refused").arg(task));
            std::this_thread::sleep_for(
                std::chrono::milliseconds(long(task) == slowTask ? slowMs : 2));
            return QStringLiteral("%1,%2,%3\n")
                .arg(task)
                .arg(farm.rank())
                .arg(task * task)
                .toUtf8();
        };
        const auto accept = [&](std::size_t task, const QByteArray& result) -> Status {
            if (seen.contains(task))
                return Error::internal(QStringLiteral("task %1 accepted twice").arg(task));
            seen.insert(task);
            file.write(result);
            file.flush();
            return {};
        };
        const Status s = farm.run(tasks, evaluate, accept);
        if (farm.rank() == 0 && !s) {
            QTextStream(stderr) << s.error().message << Qt::endl;
            status = s.error().kind == gantry::ErrorKind::InvalidInput ? 2 : 1;
        }
    }
    MPI_Finalize();
    return status;
}
