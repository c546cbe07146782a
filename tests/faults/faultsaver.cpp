// gantry_fault_saver FILE ROWS [KILL_AT]: the child process of the storage fault tests. Opens the
// project FILE, prints "saving" when its save has started, and records one run "fault-new" of
// ROWS rows (faultcontent.h) in one save, then prints "done STEPS" (the save's progress
// reports, one per row written). With KILL_AT it kills itself with SIGKILL at that report.
#include "faultcontent.h"
#include "storage/projectstore.h"

#include <QCoreApplication>
#include <QTextStream>

#include <csignal>
#include <cstdio>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 3 && args.size() != 4) {
        QTextStream(stderr) << "usage: gantry_fault_saver FILE ROWS [KILL_AT]" << Qt::endl;
        return 2;
    }
    const long long killAt = args.size() == 4 ? args[3].toLongLong() : -1;
    auto store = gantry::storage::ProjectStore::open(args[1]);
    if (!store) {
        QTextStream(stderr) << store.error().message << Qt::endl;
        return 2;
    }
    const gantry::Scenario scenario = faults::faultScenario();
    const gantry::RunResult run = faults::faultRun(QStringLiteral("fault-new"), args[2].toInt());
    long long steps = 0;
    gantry::Feedback feedback([&](double, const QString&) {
        if (++steps == 1) {
            std::printf("saving\n");
            std::fflush(stdout);
        }
        if (steps == killAt)
            std::raise(SIGKILL);
    });
    auto ids = store.value()->recordRuns(scenario, {run}, true, &feedback);
    if (!ids) {
        QTextStream(stderr) << ids.error().message << Qt::endl;
        return 1;
    }
    std::printf("done %lld\n", steps);
    std::fflush(stdout);
    return 0;
}
