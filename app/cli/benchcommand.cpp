#include "benchcommand.h"

#include "fidelitybench.h"

#include "childrun.h"
#include "cliargs.h"
#include "io/scenarioreader.h"
#include "mappingbench.h"
#include "paperbench.h"
#include "plan/sweepsession.h"
#include "policies/policyregistry.h"
#include "predictionbench.h"
#include "robustnessbench.h"
#include "run/batchrunner.h"
#include "run/productdefaults.h"
#include "sensitivitybench.h"
#include "sim/metrics.h"
#include "sweepbench.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTextStream>
#include <QThread>

namespace gantry::cli {

namespace {

QString defaultScenario()
{
    const QStringList candidates = {
        QCoreApplication::applicationDirPath() +
            QStringLiteral("/../../sampledata/philly-512.json"),
        QCoreApplication::applicationDirPath() + QStringLiteral("/../share/gantry/philly-512.json"),
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

// The sample sweep, found like the default scenario.
QString defaultSweep()
{
    const QStringList candidates = {
        QCoreApplication::applicationDirPath() +
            QStringLiteral("/../../sampledata/two-racks-sweep.json"),
        QCoreApplication::applicationDirPath() +
            QStringLiteral("/../share/gantry/two-racks-sweep.json"),
        QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/two-racks-sweep.json")};
    for (const QString& c : candidates)
        if (QFileInfo::exists(c))
            return QDir::cleanPath(c);
    return candidates.back();
}

// The trace-sized sweep (four points on the Philly scenario), found like the sample sweep.
QString defaultHeavySweep()
{
    const QStringList candidates = {
        QCoreApplication::applicationDirPath() +
            QStringLiteral("/../../sampledata/philly-sweep.json"),
        QCoreApplication::applicationDirPath() +
            QStringLiteral("/../share/gantry/philly-sweep.json"),
        QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/philly-sweep.json")};
    for (const QString& c : candidates)
        if (QFileInfo::exists(c))
            return QDir::cleanPath(c);
    return candidates.back();
}

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

// Median wall seconds of repeat runs of program with args as a child process, start to exit;
// negative when it cannot start or exits non-zero.
double processWall(const QString& program, const QStringList& args, int repeat)
{
    std::vector<double> walls;
    for (int r = 0; r < repeat; ++r) {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        QElapsedTimer t;
        t.start();
        p.start(program, args);
        if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            return -1.0;
        walls.push_back(double(t.nsecsElapsed()) / 1e9);
    }
    std::sort(walls.begin(), walls.end());
    return walls[walls.size() / 2];
}

// The parse suite (issue 14's first figure): reading and validating the scenario, in process
// (the fast path and the reference reader) and whole process (`validate`, and `run` of each
// policy with the oracle predictor), side by side with python3's json.load of the same file,
// whole process. Rows {"case", "wall_s", "python_s", "ratio", "target"}; python_s and ratio
// are absent without python3. Empty (with why) when a run fails.
QJsonArray parseSuite(const QString& scenario, const QStringList& policies, int repeat,
                      QString* why)
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    const double pythonWall =
        python.isEmpty()
            ? -1.0
            : processWall(python,
                          {QStringLiteral("-c"),
                           QStringLiteral("import json,sys; json.load(open(sys.argv[1]))"),
                           scenario},
                          repeat);
    QJsonArray rows;
    const auto add = [&](const QString& name, double wall, const QString& target) {
        QJsonObject row{{"case", name}, {"wall_s", wall}, {"target", target}};
        if (pythonWall > 0.0) {
            row.insert("python_s", pythonWall);
            row.insert("ratio", wall / pythonWall);
        }
        rows.append(row);
    };
    if (pythonWall > 0.0)
        add(QStringLiteral("python3 json.load, whole process"), pythonWall, QStringLiteral("-"));
    const auto inProcess = [&](bool reference) {
        QFile f(scenario);
        std::vector<double> walls;
        for (int r = 0; r < repeat; ++r) {
            QElapsedTimer t;
            t.start();
            bool ok = false;
            if (reference) {
                if (f.open(QIODevice::ReadOnly))
                    ok = bool(ScenarioReader::readJsonTree(f.readAll(), scenario));
                f.close();
            } else {
                ok = bool(ScenarioReader::readFile(scenario));
            }
            if (!ok)
                return -1.0;
            walls.push_back(double(t.nsecsElapsed()) / 1e9);
        }
        std::sort(walls.begin(), walls.end());
        return walls[walls.size() / 2];
    };
    const double reference = inProcess(true);
    const double fast = inProcess(false);
    if (reference < 0.0 || fast < 0.0) {
        *why = scenario + QStringLiteral(" does not read");
        return {};
    }
    add(QStringLiteral("parse+validate, reference reader, in process"), reference,
        QStringLiteral("-"));
    add(QStringLiteral("parse+validate, in process"), fast, QStringLiteral("<= 1x python"));
    const QString self = QCoreApplication::applicationFilePath();
    const double validate = processWall(self, {QStringLiteral("validate"), scenario}, repeat);
    if (validate < 0.0) {
        *why = QStringLiteral("gantry-cli validate failed");
        return {};
    }
    add(QStringLiteral("validate, whole process"), validate, QStringLiteral("<= 1x python"));
    for (const QString& policy : policies) {
        const double run =
            processWall(self,
                        {QStringLiteral("run"), scenario, QStringLiteral("--policy"), policy,
                         QStringLiteral("--predictor"), QStringLiteral("oracle")},
                        repeat);
        if (run < 0.0) {
            *why = QStringLiteral("gantry-cli run --policy %1 failed").arg(policy);
            return {};
        }
        add(QStringLiteral("run %1 (oracle), whole process").arg(policy), run,
            QStringLiteral("<= 1x python"));
    }
    return rows;
}

} // namespace

int BenchCommand::run(const QStringList& args)
{
    QTextStream out(stdout), err(stderr);
    auto parsed = CliArgs::parse(
        args,
        {QStringLiteral("scenario"), QStringLiteral("repeat"), QStringLiteral("policies"),
         QStringLiteral("suite"), QStringLiteral("predictor"), QStringLiteral("paper-jobs"),
         QStringLiteral("paper-seeds"), QStringLiteral("sweep"), QStringLiteral("heavy-sweep"),
         QStringLiteral("clusters"), QStringLiteral("write-scenarios")},
        {QStringLiteral("json")});
    if (!parsed) {
        err << "gantry-cli: " << parsed.error().message << Qt::endl;
        return ExitInvalid;
    }
    const CliArgs& a = parsed.value();
    const QString scenario = a.value(QStringLiteral("scenario")).value_or(defaultScenario());
    const int repeat = a.value(QStringLiteral("repeat")).value_or(QStringLiteral("3")).toInt();
    const QString suite = a.value(QStringLiteral("suite")).value_or(QStringLiteral("all"));
    const QStringList suites = {
        QStringLiteral("all"),        QStringLiteral("scheduling"), QStringLiteral("mapping"),
        QStringLiteral("prediction"), QStringLiteral("paper"),      QStringLiteral("sensitivity"),
        QStringLiteral("sweep"),      QStringLiteral("parse"),      QStringLiteral("memory"),
        QStringLiteral("fidelity"),   QStringLiteral("robustness")};
    if (!suites.contains(suite)) {
        err << "gantry-cli: bench: --suite must be all, scheduling, mapping, prediction, paper, "
               "sensitivity, sweep, parse, memory, fidelity or robustness"
            << Qt::endl;
        return ExitInvalid;
    }
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
    const auto wants = [&](const char* name) {
        return suite == QLatin1String("all") || suite == QLatin1String(name);
    };
    if (wants("scheduling")) {
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
                const QJsonObject r =
                    ChildRun::median(scenario, policy, QStringLiteral("consolidate"), n, repeat);
                if (r.value("exit").toInt() != 0) {
                    err << "gantry-cli: bench: " << policy
                        << " failed: " << r.value("error").toString() << Qt::endl;
                    return r.value("exit").toInt();
                }
                const double wall = r.value("wall_s").toDouble();
                const QJsonObject row{
                    {"policy", policy},
                    {"jobs", n},
                    {"wall_s", wall},
                    {"jobs_per_s", n / std::max(wall, 1e-9)},
                    {"events_per_s", r.value("events").toDouble() / std::max(wall, 1e-9)},
                    {"peak_rss_mb", r.value("peak_rss_mb")},
                    {"repeats", repeat}};
                rows.append(row);
                if (!json)
                    out << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                               .arg(policy, -15)
                               .arg(n, 7)
                               .arg(wall, 14, 'f', 3)
                               .arg(row.value("jobs_per_s").toDouble(), 11, 'f', 0)
                               .arg(row.value("events_per_s").toDouble(), 11, 'f', 0)
                               .arg(r.value("peak_rss_mb").toDouble(), 9, 'f', 1)
                        << Qt::flush;
            }
        }
    }
    QJsonArray mappingRows;
    if (wants("mapping")) {
        mappingRows = MappingBench::run(scenario, repeat);
        if (!json) {
            out << "\nmapping suite\n";
            for (const QJsonValue& v : mappingRows) {
                const QJsonObject o = v.toObject();
                out << QStringLiteral("%1 %2 %3 (target %4)\n")
                           .arg(o.value("case").toString(), -58)
                           .arg(o.value("value").toDouble(), 14, 'g', 6)
                           .arg(o.value("unit").toString(), o.value("target").toString());
            }
            out.flush();
        }
    }
    QJsonArray predictionRows, calibrationRows;
    if (wants("prediction")) {
        QString why;
        predictionRows = PredictionBench::run(scenario, repeat, &why);
        if (!predictionRows.isEmpty())
            calibrationRows = PredictionBench::calibration(scenario, &why);
        if (predictionRows.isEmpty() || calibrationRows.isEmpty()) {
            err << "gantry-cli: bench: the prediction suite failed: " << why << Qt::endl;
            return ExitInternal;
        }
        if (!json)
            PredictionBench::print(predictionRows, calibrationRows, repeat, out);
    }
    // --paper-jobs and --paper-seeds (defaults per suite), which must be positive.
    const auto count = [&](const char* name, int fallback) {
        const auto v = a.value(QLatin1String(name));
        return v ? v->toInt() : fallback;
    };
    const auto countsInvalid = [&] {
        err << "gantry-cli: bench: --paper-jobs and --paper-seeds must be positive integers"
            << Qt::endl;
        return int(ExitInvalid);
    };
    QJsonArray paperRows;
    if (wants("paper")) {
        const QString predictor =
            a.value(QStringLiteral("predictor")).value_or(QStringLiteral("rf"));
        const int jobs = count("paper-jobs", 600), seeds = count("paper-seeds", 2);
        if (jobs < 1 || seeds < 1)
            return countsInvalid();
        paperRows = PaperBench::run(jobs, predictor, seeds, QThread::idealThreadCount());
        if (paperRows.isEmpty()) {
            err << "gantry-cli: bench: the paper suite could not run (predictor " << predictor
                << ")" << Qt::endl;
            return ExitInvalid;
        }
        if (!json) {
            out << "\npaper suite (" << predictor << " predictor, " << jobs
                << " jobs): total and p99 JCT, preemptions, GPU-seconds idle while a job "
                   "waited, A-SRPT's reduction and asrpt-guided's (graph) ratio\n"
                << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12\n")
                       .arg(QStringLiteral("load"), 4)
                       .arg(QStringLiteral("seed"), 4)
                       .arg(QStringLiteral("placement"), -11)
                       .arg(QStringLiteral("policy"), -14)
                       .arg(QStringLiteral("total JCT s"), 12)
                       .arg(QStringLiteral("p99 JCT s"), 10)
                       .arg(QStringLiteral("preempt"), 7)
                       .arg(QStringLiteral("idle-wait GPU s"), 15)
                       .arg(QStringLiteral("asrpt"), 7)
                       .arg(QStringLiteral("asrpt-bf"), 8)
                       .arg(QStringLiteral("guided/tot"), 10)
                       .arg(QStringLiteral("guided/p99"), 10);
            for (const QJsonValue& v : paperRows) {
                const QJsonObject o = v.toObject();
                out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9% %10% %11 %12\n")
                           .arg(o.value("load").toDouble(), 4, 'f', 1)
                           .arg(o.value("seed").toInt(), 4)
                           .arg(o.value("placement").toString(), -11)
                           .arg(o.value("policy").toString(), -14)
                           .arg(o.value("total_jct_s").toDouble(), 12, 'f', 0)
                           .arg(o.value("p99_jct_s").toDouble(), 10, 'f', 0)
                           .arg(o.value("preemptions").toDouble(), 7, 'f', 0)
                           .arg(o.value("idle_while_waiting_gpu_s").toDouble(), 15, 'f', 0)
                           .arg(100.0 * o.value("asrpt_reduction").toDouble(), 6, 'f', 1)
                           .arg(100.0 * o.value("asrpt_backfill_reduction").toDouble(), 7, 'f', 1)
                           .arg(o.value("guided_total_ratio").toDouble(), 10, 'f', 3)
                           .arg(o.value("guided_p99_ratio").toDouble(), 10, 'f', 3);
            }
            out.flush();
        }
    }
    QJsonArray sensitivityRows;
    if (wants("sensitivity")) {
        const int jobs = count("paper-jobs", 300), seeds = count("paper-seeds", 3);
        if (jobs < 1 || seeds < 1)
            return countsInvalid();
        QString why;
        sensitivityRows = SensitivityBench::run(jobs, seeds, QThread::idealThreadCount(), &why);
        if (sensitivityRows.isEmpty()) {
            err << "gantry-cli: bench: the sensitivity suite failed: " << why << Qt::endl;
            return ExitInternal;
        }
        if (!json) {
            out << "\nsensitivity suite (paper mix, " << jobs << " jobs, load 0.9, graph, noisy:S, "
                << "mean of " << seeds << " seeds): total and p99 JCT\n"
                << QStringLiteral("%1 %2 %3 %4\n")
                       .arg(QStringLiteral("policy"), -14)
                       .arg(QStringLiteral("S"), 5)
                       .arg(QStringLiteral("total JCT s"), 12)
                       .arg(QStringLiteral("p99 JCT s"), 10);
            for (const QJsonValue& v : sensitivityRows) {
                const QJsonObject o = v.toObject();
                out << QStringLiteral("%1 %2 %3 %4\n")
                           .arg(o.value("policy").toString(), -14)
                           .arg(o.value("sigma").toDouble(), 5, 'f', 2)
                           .arg(o.value("total_jct_s").toDouble(), 12, 'f', 0)
                           .arg(o.value("p99_jct_s").toDouble(), 10, 'f', 0);
            }
            out.flush();
        }
    }
    // Points per second of the sample sweep on one thread and on every core; only when asked.
    QJsonArray sweepRows, processRows, heavyRows;
    if (suite == QLatin1String("sweep")) {
        const QString file = a.value(QStringLiteral("sweep")).value_or(defaultSweep());
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
        const QString heavy = a.value(QStringLiteral("heavy-sweep")).value_or(defaultHeavySweep());
        if (heavy != QLatin1String("none")) {
            auto heavyOpened = plan::SweepSession::open(heavy, QString(), false);
            if (!heavyOpened) {
                err << "gantry-cli: bench: " << heavyOpened.error().message << Qt::endl;
                return heavyOpened.error().kind == ErrorKind::InvalidInput ? ExitInvalid
                                                                           : ExitInternal;
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
                heavyRows.append(QJsonObject{
                    {"sweep", heavy},
                    {"threads", threads},
                    {"points", double(heavyPoints)},
                    {"wall_s", wall.value()},
                    {"points_per_s", double(heavyPoints) / std::max(wall.value(), 1e-9)},
                    {"speedup", heavyOne / std::max(wall.value(), 1e-9)}});
            }
            if (!json)
                out << "\nheavy sweep (" << heavy << ", " << heavyPoints
                    << " points, running the points only, median of " << repeat << "): 1 thread "
                    << QString::number(heavyRows.first().toObject().value("wall_s").toDouble(), 'f',
                                       3)
                    << " s, 2 threads "
                    << QString::number(heavyRows.last().toObject().value("wall_s").toDouble(), 'f',
                                       3)
                    << " s, speedup "
                    << QString::number(heavyRows.last().toObject().value("speedup").toDouble(), 'f',
                                       2)
                    << " (target 1.8)" << Qt::endl;
        }
    }
    // Peak memory of one whole run of the scenario (asrpt, graph, oracle) in a child process.
    QJsonObject memoryRow;
    if (wants("memory")) {
        const QJsonObject r =
            ChildRun::median(scenario, QStringLiteral("asrpt"), QStringLiteral("graph"), total, 1,
                             QStringLiteral("oracle"));
        if (r.value("exit").toInt() != 0) {
            err << "gantry-cli: bench: the memory suite failed: " << r.value("error").toString()
                << Qt::endl;
            return r.value("exit").toInt();
        }
        memoryRow = QJsonObject{{"case", "run asrpt graph oracle"},
                                {"jobs", total},
                                {"peak_rss_mb", r.value("peak_rss_mb")},
                                {"target_mb", 120}};
        if (!json)
            out << "\nmemory suite: peak RSS of `run " << QFileInfo(scenario).fileName()
                << " --policy asrpt --placement graph --predictor oracle`: "
                << QString::number(r.value("peak_rss_mb").toDouble(), 'f', 1)
                << " MB (target 120 MB)" << Qt::endl;
    }
    // The performance model against published training runs (docs/fidelity.md).
    QJsonObject fidelity;
    if (wants("fidelity")) {
        QString why;
        fidelity = FidelityBench::run(ProductDefaults::runConfig().placement, repeat, &why);
        if (fidelity.isEmpty()) {
            err << "gantry-cli: bench: the fidelity suite failed: " << why << Qt::endl;
            return ExitInternal;
        }
        if (!json)
            FidelityBench::print(fidelity, out);
    }
    // Every policy on generated clusters, tuning and held-out halves; only when asked (minutes).
    QJsonObject robustness;
    if (suite == QLatin1String("robustness")) {
        RobustnessBench::Options ro;
        ro.clusters = count("clusters", 6);
        ro.seeds = count("paper-seeds", 3);
        ro.jobs = count("paper-jobs", 600);
        ro.threads = QThread::idealThreadCount();
        ro.scenarioDir = a.value(QStringLiteral("write-scenarios")).value_or(QString());
        if (a.value(QStringLiteral("policies")))
            ro.policies = policies;
        if (ro.clusters < 2 || ro.seeds < 1 || ro.jobs < 1) {
            err << "gantry-cli: bench: --clusters must be at least 2, --paper-jobs and "
                   "--paper-seeds positive"
                << Qt::endl;
            return ExitInvalid;
        }
        QString why;
        robustness = RobustnessBench::run(ro, &why);
        if (robustness.isEmpty()) {
            err << "gantry-cli: bench: the robustness suite failed: " << why << Qt::endl;
            return ExitInvalid;
        }
        if (!json)
            RobustnessBench::print(robustness, out);
    }
    // Reading the scenario against python3's json.load of it; only when asked.
    QJsonArray parseRows;
    if (suite == QLatin1String("parse")) {
        QString why;
        parseRows = parseSuite(scenario, policies, repeat, &why);
        if (parseRows.isEmpty()) {
            err << "gantry-cli: bench: the parse suite failed: " << why << Qt::endl;
            return ExitInternal;
        }
        if (!json) {
            out << "\nparse suite (" << scenario << ", median of " << repeat << ")\n"
                << QStringLiteral("%1 %2 %3 %4 %5\n")
                       .arg(QStringLiteral("case"), -46)
                       .arg(QStringLiteral("wall s"), 8)
                       .arg(QStringLiteral("python s"), 9)
                       .arg(QStringLiteral("x python"), 9)
                       .arg(QStringLiteral("target"), 13);
            for (const QJsonValue& v : parseRows) {
                const QJsonObject o = v.toObject();
                const auto cell = [&o](const char* key, int width, const QString& suffix) {
                    return o.contains(QLatin1String(key))
                               ? QString::number(o.value(QLatin1String(key)).toDouble(), 'f', 3)
                                     .append(suffix)
                                     .rightJustified(width)
                               : QStringLiteral("-").rightJustified(width);
                };
                out << QStringLiteral("%1 %2 %3 %4 %5\n")
                           .arg(o.value("case").toString(), -46)
                           .arg(o.value("wall_s").toDouble(), 8, 'f', 3)
                           .arg(cell("python_s", 9, QString()))
                           .arg(cell("ratio", 9, QStringLiteral("x")))
                           .arg(o.value("target").toString(), 13);
            }
            out.flush();
        }
    }
    if (json) {
        QJsonObject doc{{"scenario", scenario},   {"results", rows},
                        {"mapping", mappingRows}, {"prediction", predictionRows},
                        {"paper", paperRows},     {"sensitivity", sensitivityRows}};
        if (suite == QLatin1String("sweep")) {
            doc.insert("sweep", sweepRows);
            doc.insert("sweep_processes", processRows);
            doc.insert("sweep_heavy", heavyRows);
        }
        if (suite == QLatin1String("parse"))
            doc.insert("parse", parseRows);
        if (wants("prediction"))
            doc.insert("prediction_calibration", calibrationRows);
        if (wants("memory"))
            doc.insert("memory", memoryRow);
        if (wants("fidelity"))
            doc.insert("fidelity", fidelity);
        if (suite == QLatin1String("robustness"))
            doc.insert("robustness", robustness);
        out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
    }
    return ExitOk;
}

} // namespace gantry::cli
