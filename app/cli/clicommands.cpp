#include "clicommands.h"
#include "clierror.h"
#include "run/productdefaults.h"

#include "cliargs.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "mapping/gpupool.h"
#include "mapping/iterationmodel.h"
#include "mapping/placement.h"
#include "mapping/placementregistry.h"
#include "projectcommand.h"
#include "projectrecording.h"
#include "run/batchrunner.h"
#include "run/resultwriter.h"
#include "run/runner.h"
#include "runoptions.h"
#include "sim/schedulerecorder.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QProcess>
#include <QTextStream>

#include <sys/resource.h>

namespace gantry::cli {

namespace {

QTextStream& out()
{
    static QTextStream s(stdout);
    return s;
}

// The run options of run and compare.
const RunOptions::Groups kRunGroups =
    RunOptions::Policy | RunOptions::Engine | RunOptions::Project | RunOptions::FirstJobs;

Result<Scenario> loadScenario(const CliArgs& a, const QString& command)
{
    if (a.positional().size() != 1)
        return Error::invalid(
            QStringLiteral("%1 needs exactly one scenario FILE (see gantry-cli --help)")
                .arg(command));
    auto s = ScenarioReader::readFile(a.positional().front());
    if (!s)
        return s;
    if (auto n = a.value(QStringLiteral("first-jobs"))) {
        // Keep the first N jobs by arrival (file order on ties): the benchmark's trace prefixes.
        bool ok = false;
        const int keep = n->toInt(&ok);
        if (!ok || keep < 0)
            return Error::invalid(QStringLiteral("--first-jobs: must be a non-negative integer"));
        Scenario sc = std::move(s).value();
        std::stable_sort(sc.jobs.begin(), sc.jobs.end(),
                         [](const Job& x, const Job& y) { return x.arrivalS < y.arrivalS; });
        if (keep < int(sc.jobs.size()))
            sc.jobs.resize(std::size_t(keep));
        return sc;
    }
    return s;
}

QString fmt(double v, int prec = 1)
{
    return QString::number(v, 'f', prec);
}

void printTable(const std::vector<RunResult>& results)
{
    const QStringList head = {"policy",     "avg JCT s",       "p50 JCT s", "p99 JCT s",
                              "makespan s", "sum C s",         "queue s",   "util",
                              "preempt",    "idle-wait GPU s", "wall s"};
    QList<QStringList> rows;
    for (const RunResult& r : results) {
        const RunSummary& s = r.summary;
        rows.append({s.policy, fmt(s.avgJctS), fmt(s.p50JctS), fmt(s.p99JctS), fmt(s.makespanS),
                     fmt(s.sumCompletionS), fmt(s.avgQueueDelayS), fmt(s.gpuUtilization, 3),
                     QString::number(s.preemptions), fmt(s.idleWhileWaitingGpuS, 0),
                     fmt(s.wallS, 3)});
    }
    QList<int> width;
    for (int c = 0; c < head.size(); ++c) {
        int w = int(head[c].size());
        for (const QStringList& row : rows)
            w = std::max(w, int(row[c].size()));
        width << w;
    }
    auto line = [&](const QStringList& cells) {
        QString l;
        for (int c = 0; c < cells.size(); ++c)
            l +=
                (c == 0 ? cells[c].leftJustified(width[c]) : cells[c].rightJustified(width[c] + 2));
        out() << l << '\n';
    };
    line(head);
    for (const QStringList& row : rows)
        line(row);
    out().flush();
}

QJsonObject withMemory(QJsonObject o, bool memory)
{
    if (memory) {
        rusage ru{};
        getrusage(RUSAGE_SELF, &ru);
        o.insert("peak_rss_mb", double(ru.ru_maxrss) / 1024.0);
    }
    return o;
}

} // namespace

QString CliCommands::usage()
{
    // The run options are RunOptions'; the other lines are written here.
    const QString run = RunOptions::usageLines(
        QStringLiteral("  gantry-cli run FILE"),
        RunOptions::synopsis(RunOptions::Policy | RunOptions::Engine) +
            QStringList{QStringLiteral("[--out DIR]"), QStringLiteral("[--json]")} +
            RunOptions::synopsis(RunOptions::Project),
        22);
    const QString others = QStringLiteral(
        "  gantry-cli compare FILE --policies P1,P2,... [same options]\n"
        "                      [--format table|csv|json] [--json]\n"
        "  gantry-cli report FILE --policies P1,P2,... -o OUT.pdf [--baseline P]\n"
        "                      [--page a4|letter] [same options]\n"
        "  gantry-cli animate FILE --policy P -o OUT.gif [--frames N] [--size WxH]\n"
        "                      [--delay-ms D] [--no-captions] [--dark] [same options]\n"
        "  gantry-cli project FILE.gantry [--add SCENARIO.json,...] [--json]\n"
        "  gantry-cli map FILE --job ID [--placement P] [--free SERVER=N,...] [--json]\n"
        "  gantry-cli generate --cluster FILE --jobs N --load L --mix paper|philly-like --seed S "
        "-o OUT\n"
        "  gantry-cli import --format philly|helios|acme|alibaba2023|gavel INPUT\n"
        "                    [--cluster FILE] -o OUT [--nodes NODES.csv] [--limit N] [--since S]\n"
        "                    [--until S] [--vc NAME] [--min-gpus N] [--max-gpus N] [--strict]\n"
        "  gantry-cli bench [--suite all|scheduling|mapping|prediction|paper|sensitivity|sweep|\n"
        "                   parse|memory|fidelity|robustness|scale] [--json] [--sweep FILE]\n"
        "                   [--heavy-sweep FILE|none] [--scenario FILE]\n"
        "                   [--repeat N] [--predictor X] [--paper-jobs N] [--paper-seeds N]\n"
        "                   [--clusters N] [--write-scenarios DIR] [--jobs N]\n"
        "  gantry-cli sweep SWEEP.json [--threads N] [--out DIR] [--resume] [--json]\n"
        "                   [--project FILE.gantry] [--report OUT.pdf] [--page a4|letter]\n"
        "exit status: 0 success, 2 invalid input, 1 internal error\n");
    return QStringLiteral("usage:\n  gantry-cli validate FILE\n") + run + others;
}

int CliCommands::validate(const QStringList& args)
{
    auto a = CliArgs::parse(args, {}, {});
    if (!a)
        return CliError::report(a.error());
    if (a.value().positional().size() != 1)
        return CliError::report(Error::invalid(QStringLiteral("validate needs exactly one FILE")));
    auto s = ScenarioReader::readFile(a.value().positional().front());
    if (!s)
        return CliError::report(s.error());
    const Cluster& c = s.value().cluster;
    out() << a.value().positional().front() << ": valid: " << s.value().jobs.size() << " jobs, "
          << c.totalGpus() << " GPUs on " << c.servers.size() << " servers in " << c.racks.size()
          << " racks" << Qt::endl;
    return ExitOk;
}

int CliCommands::run(const QStringList& args)
{
    auto a =
        CliArgs::parse(args, RunOptions::names(kRunGroups) + QStringList{QStringLiteral("out")},
                       {QStringLiteral("json"), QStringLiteral("report-memory")});
    if (!a)
        return CliError::report(a.error());
    auto config = RunOptions::config(a.value(), ProductDefaults::runConfig());
    if (!config)
        return CliError::report(config.error());
    auto scenario = loadScenario(a.value(), QStringLiteral("run"));
    if (!scenario)
        return CliError::report(scenario.error());
    if (Status s = ProjectCommand::applyHistory(a.value(), config.value()); !s)
        return CliError::report(s.error());
    // --out also writes trace.json, so the run records its schedule then.
    const auto dir = a.value().value(QStringLiteral("out"));
    ScheduleRecorder recorder(scenario.value(), ScheduleRecorder::Notes::Skip);
    std::vector<sim::SimObserver*> observers;
    if (dir)
        observers.push_back(&recorder);
    auto recording = ProjectRecording::fromOptions(a.value(), scenario.value());
    if (!recording)
        return CliError::report(recording.error());
    auto ran = Runner::run(scenario.value(), config.value(), nullptr, observers);
    if (!ran)
        return CliError::report(ran.error());
    const std::vector<RunResult> results{std::move(ran).value()};
    const RunResult& result = results.front();
    if (recording.value())
        if (Status s = recording.value()->record(results); !s)
            return CliError::report(s.error());
    if (dir) {
        QJsonObject given{{"scenario_file", a.value().positional().front()}};
        if (auto n = a.value().value(QStringLiteral("first-jobs")))
            given.insert("first_jobs", n->toInt());
        const Schedule schedule = recorder.take();
        if (Status s =
                ResultWriter::writeDirectory(scenario.value(), result, &schedule, *dir, given);
            !s)
            return CliError::report(s.error());
    }
    if (a.value().flag(QStringLiteral("json"))) {
        const QJsonObject o = withMemory(ResultWriter::summaryJson(result),
                                         a.value().flag(QStringLiteral("report-memory")));
        out() << QJsonDocument(o).toJson(QJsonDocument::Compact) << Qt::endl;
    } else {
        printTable(results);
    }
    return ExitOk;
}

int CliCommands::compare(const QStringList& args)
{
    auto a = CliArgs::parse(args,
                            RunOptions::names(kRunGroups) + QStringList{QStringLiteral("policies"),
                                                                        QStringLiteral("format"),
                                                                        QStringLiteral("threads")},
                            {QStringLiteral("json")});
    if (!a)
        return CliError::report(a.error());
    // --json is short for --format json.
    const bool json = a.value().flag(QStringLiteral("json"));
    const QString format = a.value()
                               .value(QStringLiteral("format"))
                               .value_or(json ? QStringLiteral("json") : QStringLiteral("table"));
    if (!QStringList{"table", "csv", "json"}.contains(format))
        return CliError::report(Error::invalid(
            QStringLiteral("--format: must be table, csv or json, not \"%1\"").arg(format)));
    if (json && format != QLatin1String("json"))
        return CliError::report(
            Error::invalid(QStringLiteral("--json conflicts with --format %1").arg(format)));
    const auto list = a.value().value(QStringLiteral("policies"));
    if (!list || list->trimmed().isEmpty())
        return CliError::report(
            Error::invalid(QStringLiteral("compare needs --policies P1,P2,...")));
    auto base = RunOptions::config(a.value(), ProductDefaults::runConfig());
    if (!base)
        return CliError::report(base.error());
    auto scenario = loadScenario(a.value(), QStringLiteral("compare"));
    if (!scenario)
        return CliError::report(scenario.error());
    if (Status s = ProjectCommand::applyHistory(a.value(), base.value()); !s)
        return CliError::report(s.error());
    BatchRunner::Options options;
    if (auto t = a.value().value(QStringLiteral("threads"))) {
        bool ok = false;
        options.threads = t->toInt(&ok);
        if (!ok || options.threads < 1)
            return CliError::report(Error::invalid(
                QStringLiteral("--threads: must be a positive integer, not \"%1\"").arg(*t)));
    }
    std::vector<RunConfig> configs;
    for (const QString& p : list->split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        RunConfig c = base.value();
        c.policy = p.trimmed();
        configs.push_back(std::move(c));
    }
    // The first failing policy's error, as when the runs went one after another.
    auto recording = ProjectRecording::fromOptions(a.value(), scenario.value());
    if (!recording)
        return CliError::report(recording.error());
    auto batch = BatchRunner::run(BatchRunner::items(scenario.value(), configs), options);
    if (!batch)
        return CliError::report(batch.error());
    std::vector<RunResult> results;
    results.reserve(batch.value().size());
    for (BatchRun& run : batch.value())
        results.push_back(std::move(run.result));
    if (recording.value())
        if (Status s = recording.value()->record(results); !s)
            return CliError::report(s.error());
    if (format == QLatin1String("json"))
        out() << QJsonDocument(ResultWriter::comparisonJson(results)).toJson(QJsonDocument::Compact)
              << Qt::endl;
    else if (format == QLatin1String("csv"))
        out() << ResultWriter::comparisonCsv(results) << Qt::flush;
    else
        printTable(results);
    return ExitOk;
}

namespace {

// One placement's answer for gantry-cli map, as JSON.
QJsonObject mappingReport(const Job& job, const Mapping& m, const Cluster& c)
{
    const IterationModel::Breakdown b = IterationModel::breakdown(job, m, c);
    QJsonArray workers;
    for (std::size_t v = 0; v < m.gpus.size(); ++v) {
        const int s = c.serverOfGpu(m.gpus[v]);
        workers.append(QJsonObject{{"worker", int(v)},
                                   {"server", c.servers[std::size_t(s)].name},
                                   {"gpu", m.gpus[v] - c.firstGpu(s)}});
    }
    QJsonObject o{{"iteration_s", b.iterationS},
                  {"compute_s", b.computeS},
                  {"intra_comm_s", b.intraCommS},
                  {"inter_comm_s", b.interCommS},
                  {"bottleneck_worker", b.worker},
                  {"cross_server_bytes", IterationModel::crossServerBytes(job, m, c)},
                  {"servers", IterationModel::serverCount(m, c)},
                  {"mapping", workers}};
    if (job.graph.model) {
        // The model's parts (docs/models.md): where the iteration goes, and memory per GPU.
        const ModelIterationParts& p = b.parts;
        o.insert("breakdown",
                 QJsonObject{{"compute_s", p.computeS},
                             {"recompute_s", p.recomputeS},
                             {"bubble_s", p.bubbleS},
                             {"data_comm_s", p.dataS},
                             {"tensor_comm_s", p.tensorS},
                             {"pipeline_comm_s", p.pipelineS},
                             {"context_comm_s", p.contextS},
                             {"expert_comm_s", p.expertS},
                             {"gpu_type", p.gpuType >= 0 ? c.gpuTypes[std::size_t(p.gpuType)].name
                                                         : QString()}});
        const ModelCost& cost = *job.graph.model;
        o.insert("memory_gb_per_gpu", QJsonObject{{"weights", cost.weightsGb},
                                                  {"gradients", cost.gradientsGb},
                                                  {"optimizer", cost.optimizerGb},
                                                  {"activations", cost.activationsGb},
                                                  {"total", cost.memoryGb()}});
    }
    return o;
}

void printMapping(const QString& title, const QJsonObject& o)
{
    out() << title << ": " << fmt(o.value("iteration_s").toDouble(), 4)
          << " s per iteration (compute " << fmt(o.value("compute_s").toDouble(), 4)
          << ", intra-server " << fmt(o.value("intra_comm_s").toDouble(), 4) << ", inter-server "
          << fmt(o.value("inter_comm_s").toDouble(), 4) << "), "
          << QString::number(o.value("cross_server_bytes").toDouble() / 1e9, 'g', 6)
          << " GB per iteration across servers, " << o.value("servers").toInt() << " servers\n";
    QMap<QString, QStringList> byServer;
    for (const QJsonValue& w : o.value("mapping").toArray()) {
        const QJsonObject wo = w.toObject();
        byServer[wo.value("server").toString()] << QStringLiteral("w%1->gpu%2")
                                                       .arg(wo.value("worker").toInt())
                                                       .arg(wo.value("gpu").toInt());
    }
    if (o.contains("breakdown")) {
        const QJsonObject b = o.value("breakdown").toObject();
        out() << "  breakdown on " << b.value("gpu_type").toString() << ": compute "
              << fmt(b.value("compute_s").toDouble(), 4) << ", recompute "
              << fmt(b.value("recompute_s").toDouble(), 4) << ", bubble "
              << fmt(b.value("bubble_s").toDouble(), 4) << ", exposed data "
              << fmt(b.value("data_comm_s").toDouble(), 4) << ", tensor "
              << fmt(b.value("tensor_comm_s").toDouble(), 4) << ", pipeline "
              << fmt(b.value("pipeline_comm_s").toDouble(), 4) << ", context "
              << fmt(b.value("context_comm_s").toDouble(), 4) << ", expert "
              << fmt(b.value("expert_comm_s").toDouble(), 4) << " s\n";
        const QJsonObject mem = o.value("memory_gb_per_gpu").toObject();
        out() << "  memory per GPU: " << fmt(mem.value("total").toDouble(), 2) << " GB (weights "
              << fmt(mem.value("weights").toDouble(), 2) << ", gradients "
              << fmt(mem.value("gradients").toDouble(), 2) << ", optimizer "
              << fmt(mem.value("optimizer").toDouble(), 2) << ", activations "
              << fmt(mem.value("activations").toDouble(), 2) << ")\n";
    }
    for (auto it = byServer.cbegin(); it != byServer.cend(); ++it)
        out() << "  " << it.key() << ": " << it.value().join(QLatin1Char(' ')) << '\n';
}

} // namespace

int CliCommands::map(const QStringList& args)
{
    auto a =
        CliArgs::parse(args,
                       {QStringLiteral("job"), QStringLiteral("placement"), QStringLiteral("free"),
                        QStringLiteral("seed"), QStringLiteral("mapping-backend")},
                       {QStringLiteral("json")});
    if (!a)
        return CliError::report(a.error());
    const CliArgs& v = a.value();
    auto scenario = loadScenario(v, QStringLiteral("map"));
    if (!scenario)
        return CliError::report(scenario.error());
    const Scenario& s = scenario.value();
    const auto id = v.value(QStringLiteral("job"));
    if (!id)
        return CliError::report(Error::invalid(QStringLiteral("map needs --job ID")));
    const auto job =
        std::find_if(s.jobs.begin(), s.jobs.end(), [&](const Job& j) { return j.id == *id; });
    if (job == s.jobs.end())
        return CliError::report(Error::invalid(
            QStringLiteral("%1: no job with id \"%2\"").arg(v.positional().front(), *id)));
    GpuPool pool(s.cluster);
    if (auto free = v.value(QStringLiteral("free"))) {
        // SERVER=N leaves N GPUs of SERVER free (its lowest-index GPUs become busy).
        Mapping busy;
        for (const QString& item : free->split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString name = item.section(QLatin1Char('='), 0, 0);
            bool ok = false;
            const int n = item.section(QLatin1Char('='), 1).toInt(&ok);
            const auto sv = std::find_if(s.cluster.servers.begin(), s.cluster.servers.end(),
                                         [&](const Server& x) { return x.name == name; });
            if (sv == s.cluster.servers.end())
                return CliError::report(
                    Error::invalid(QStringLiteral("--free: unknown server \"%1\"").arg(name)));
            if (!ok || n < 0 || n > sv->gpus)
                return CliError::report(
                    Error::invalid(QStringLiteral("--free %1: must be 0 to %2 free GPUs")
                                       .arg(item)
                                       .arg(sv->gpus)));
            const int idx = int(sv - s.cluster.servers.begin());
            for (int g = 0; g < sv->gpus - n; ++g)
                busy.gpus.push_back(s.cluster.firstGpu(idx) + g);
        }
        pool.take(busy);
    }
    PlacementOptions options;
    options.seed = v.value(QStringLiteral("seed")).value_or(QStringLiteral("0")).toULongLong();
    options.mappingBackend =
        v.value(QStringLiteral("mapping-backend")).value_or(QStringLiteral("auto"));
    const QString name =
        v.value(QStringLiteral("placement")).value_or(ProductDefaults::runConfig().placement);
    auto placement = PlacementRegistry::create(name, options);
    if (!placement)
        return CliError::report(
            Error::invalid(QStringLiteral("unknown placement \"%1\" (choose one of: %2)")
                               .arg(name, PlacementRegistry::names().join(QStringLiteral(", ")))));
    const auto chosen = placement->place(*job, pool);
    const auto baseline =
        PlacementRegistry::create(QStringLiteral("consolidate"), options)->place(*job, pool);
    if (!chosen || !baseline)
        return CliError::report(
            Error::invalid(QStringLiteral("job %1 (%2 GPUs) does not fit the free GPUs (%3 free)")
                               .arg(*id)
                               .arg(job->gpuCount())
                               .arg(pool.freeTotal())));
    QJsonObject o = mappingReport(*job, *chosen, s.cluster);
    o.insert("job", *id);
    o.insert("placement", name);
    o.insert("consolidate", mappingReport(*job, *baseline, s.cluster));
    if (v.flag(QStringLiteral("json"))) {
        out() << QJsonDocument(o).toJson(QJsonDocument::Compact) << Qt::endl;
    } else {
        printMapping(name, o);
        printMapping(QStringLiteral("consolidate"), o.value("consolidate").toObject());
        out().flush();
    }
    return ExitOk;
}

int CliCommands::report(const QStringList& args)
{
    return delegate(QStringLiteral("report"), args);
}

int CliCommands::animate(const QStringList& args)
{
    return delegate(QStringLiteral("animate"), QStringList{QStringLiteral("--animate")} + args);
}

int CliCommands::delegate(const QString& command, const QStringList& args)
{
    // The report and the animation need Qt's GUI modules, which gantry-cli never links:
    // gantry-report (installed beside gantry-cli, or in the build tree's app/report) does the
    // work with the same arguments; its stderr and exit status are ours.
    const QDir here(QCoreApplication::applicationDirPath());
    const QStringList candidates = {here.filePath(QStringLiteral("gantry-report")),
                                    here.filePath(QStringLiteral("../report/gantry-report"))};
    QString program;
    for (const QString& c : candidates)
        if (QFileInfo(c).isExecutable()) {
            program = QFileInfo(c).canonicalFilePath();
            break;
        }
    if (program.isEmpty())
        return CliError::report(Error::internal(
            QStringLiteral("%1: gantry-report is missing (looked for %2); build or install "
                           "the gantry-report program beside gantry-cli")
                .arg(command, candidates.join(QStringLiteral(" and ")))));
    QProcess child;
    child.setProcessChannelMode(QProcess::ForwardedChannels);
    child.setInputChannelMode(QProcess::ForwardedInputChannel);
    child.start(program, args);
    if (!child.waitForStarted(-1))
        return CliError::report(Error::internal(
            QStringLiteral("%1: cannot start %2: %3").arg(command, program, child.errorString())));
    child.waitForFinished(-1);
    if (child.exitStatus() != QProcess::NormalExit)
        return CliError::report(
            Error::internal(QStringLiteral("%1: %2 crashed").arg(command, program)));
    return child.exitCode();
}

} // namespace gantry::cli
