#include "childrun.h"

#include "cliargs.h"
#include "sim/metrics.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryFile>

#include <cerrno>
#include <fcntl.h>
#include <malloc.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

extern char** environ;

namespace gantry::cli {

QString ChildRun::Process::failure() const
{
    QString why;
    if (!started)
        why = QStringLiteral("could not be started");
    else if (!exited)
        why = QStringLiteral("killed by signal %1").arg(signal);
    else
        why = QStringLiteral("exit status %1").arg(exitCode);
    const QList<QByteArray> lines = err.trimmed().split('\n');
    if (!lines.back().isEmpty())
        why += QStringLiteral(": ") + QString::fromUtf8(lines.back().trimmed());
    return why;
}

namespace {

// This process's resident memory now (VmRSS), in MB; 0 when unknown.
double residentMb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0.0;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').front().toDouble() / 1024.0;
    return 0.0;
}

} // namespace

// posix_spawn and wait4 rather than QProcess: wait4 hands back the finished child's own
// resource usage, so its peak memory is read as `run --report-memory` reads its own
// (getrusage's ru_maxrss), for programs that cannot report it themselves.
//
// The kernel starts a child's peak at the peak of the memory it replaces when it starts the
// program, which is this process's; so this process first gives freed heap back and resets its
// own peak to what it holds now (writing 5 to /proc/self/clear_refs), leaving as floor only
// what it holds at the start (floorMb).
ChildRun::Process ChildRun::measure(const QString& program, const QStringList& args)
{
    Process result;
    malloc_trim(0);
    if (QFile refs(QStringLiteral("/proc/self/clear_refs")); refs.open(QIODevice::WriteOnly))
        refs.write("5");
    result.floorMb = residentMb();
    QTemporaryFile outFile, errFile;
    if (!outFile.open() || !errFile.open())
        return result;
    std::vector<std::string> words;
    words.push_back(QFile::encodeName(program).toStdString());
    for (const QString& a : args)
        words.push_back(a.toLocal8Bit().toStdString());
    std::vector<char*> argv;
    for (std::string& w : words)
        argv.push_back(w.data());
    argv.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, outFile.handle(), 1);
    posix_spawn_file_actions_adddup2(&actions, errFile.handle(), 2);
    QElapsedTimer clock;
    clock.start();
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0)
        return result;
    result.started = true;
    int status = 0;
    rusage usage{};
    pid_t waited = -1;
    do
        waited = wait4(pid, &status, 0, &usage);
    while (waited < 0 && errno == EINTR);
    result.wallS = double(clock.nsecsElapsed()) / 1e9;
    if (waited != pid)
        return result;
    result.exited = WIFEXITED(status);
    result.exitCode = result.exited ? WEXITSTATUS(status) : -1;
    result.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    result.peakRssMb = double(usage.ru_maxrss) / 1024.0;
    QFile out(outFile.fileName()), err(errFile.fileName());
    if (out.open(QIODevice::ReadOnly))
        result.out = out.readAll();
    if (err.open(QIODevice::ReadOnly))
        result.err = err.readAll();
    return result;
}

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
