#include "projectcommand.h"
#include "clierror.h"

#include "cliargs.h"
#include "io/scenarioreader.h"
#include "storage/projectschema.h"
#include "storage/projectstore.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace gantry::cli {

using storage::ProjectStore;

Result<std::vector<Job>> ProjectCommand::loadHistory(const QString& path)
{
    auto store = ProjectStore::open(path, ProjectStore::OpenMode::Existing);
    if (!store)
        return store.error();
    return store.value()->history();
}

Status ProjectCommand::applyHistory(const CliArgs& a, RunConfig& config)
{
    if (auto h = a.value(QStringLiteral("history"))) {
        auto jobs = loadHistory(*h);
        if (!jobs)
            return jobs.error();
        config.history = std::move(jobs).value();
    }
    return {};
}

Status ProjectCommand::checkWritable(const QString& path)
{
    if (!QFileInfo::exists(path)) {
        const QFileInfo folder(QFileInfo(path).absolutePath());
        if (!folder.isDir() || !folder.isWritable())
            return Error::invalid(QStringLiteral("%1: cannot be created (the folder %2)")
                                      .arg(path, folder.isDir()
                                                     ? QStringLiteral("is not writable")
                                                     : QStringLiteral("does not exist")));
        return {};
    }
    auto store = ProjectStore::open(path, ProjectStore::OpenMode::Existing);
    if (!store)
        return store.error();
    if (store.value()->readOnly())
        return Error::invalid(QStringLiteral("%1: is read-only (the file is not writable); "
                                             "nothing could be stored in it")
                                  .arg(path));
    return {};
}

Status ProjectCommand::recordSweep(const QString& path, const Scenario& base,
                                   const QByteArray& sweepJson)
{
    auto store = ProjectStore::open(path, ProjectStore::OpenMode::CreateIfMissing);
    if (!store)
        return store.error();
    auto id = store.value()->addSweep(base, sweepJson);
    if (!id)
        return id.error();
    QTextStream err(stderr);
    err << "gantry-cli: stored the sweep as sweep " << id.value() << " in " << path << Qt::endl;
    return {};
}

int ProjectCommand::run(const QStringList& args)
{
    auto a = CliArgs::parse(args, {QStringLiteral("add")}, {QStringLiteral("json")});
    if (!a)
        return CliError::report(a.error());
    const CliArgs& v = a.value();
    if (v.positional().size() != 1)
        return CliError::report(
            Error::invalid(QStringLiteral("project needs exactly one FILE.gantry")));
    const QString path = v.positional().front();
    const auto add = v.value(QStringLiteral("add"));
    std::vector<Scenario> toAdd;
    if (add) {
        for (const QString& file : add->split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            auto s = ScenarioReader::readFile(file.trimmed());
            if (!s)
                return CliError::report(s.error());
            toAdd.push_back(std::move(s).value());
        }
        if (toAdd.empty())
            return CliError::report(
                Error::invalid(QStringLiteral("--add needs SCENARIO.json[,...]")));
    }
    auto opened = ProjectStore::open(path, add ? ProjectStore::OpenMode::CreateIfMissing
                                               : ProjectStore::OpenMode::Existing);
    if (!opened)
        return CliError::report(opened.error());
    ProjectStore& store = *opened.value();
    if (!toAdd.empty()) {
        storage::ProjectChanges changes;
        for (const Scenario& s : toAdd)
            changes.addScenarios.push_back(&s);
        auto saved = store.save(changes);
        if (!saved)
            return CliError::report(saved.error());
    }

    auto scenarios = store.scenarios();
    if (!scenarios)
        return CliError::report(scenarios.error());
    auto runs = store.runs();
    if (!runs)
        return CliError::report(runs.error());
    auto history = store.historySize();
    if (!history)
        return CliError::report(history.error());
    auto gpus = store.gpuTypes();
    if (!gpus)
        return CliError::report(gpus.error());
    auto sweeps = store.sweeps();
    if (!sweeps)
        return CliError::report(sweeps.error());

    QTextStream out(stdout);
    if (v.flag(QStringLiteral("json"))) {
        QJsonArray sj, rj, gj, wj;
        for (const auto& s : scenarios.value())
            sj.append(QJsonObject{{"id", s.id},
                                  {"name", s.name},
                                  {"hash", s.hash},
                                  {"jobs", int(s.scenario.jobs.size())},
                                  {"gpus", s.scenario.cluster.totalGpus()}});
        for (const auto& r : runs.value())
            rj.append(QJsonObject{{"id", r.id},
                                  {"scenario_id", r.scenarioId},
                                  {"scenario", r.scenarioName},
                                  {"scenario_hash", r.scenarioHash},
                                  {"policy", r.policy},
                                  {"placement", r.placement},
                                  {"predictor", r.predictor},
                                  {"seed", QString::number(r.seed)},
                                  {"version", r.version},
                                  {"created_at", r.createdAt},
                                  {"jobs", r.jobs},
                                  {"config", r.config},
                                  {"summary", r.summary}});
        for (const GpuType& g : gpus.value())
            gj.append(QJsonObject{{"name", g.name},
                                  {"tflops", g.tflops},
                                  {"memory_gb", g.memoryGb},
                                  {"speed", g.speed}});
        for (const auto& w : sweeps.value())
            wj.append(QJsonObject{{"id", w.id},
                                  {"name", w.name},
                                  {"sweep_sha256", w.hash},
                                  {"scenario_id", w.scenarioId},
                                  {"scenario", w.scenarioName},
                                  {"points", w.points},
                                  {"version", w.version},
                                  {"created_at", w.createdAt}});
        const QJsonObject o{{"file", path}, {"schema", store.schemaVersion()}, {"scenarios", sj},
                            {"runs", rj},   {"history_jobs", history.value()}, {"gpu_types", gj},
                            {"sweeps", wj}};
        out << QJsonDocument(o).toJson(QJsonDocument::Compact) << Qt::endl;
        return ExitOk;
    }
    out << path << ": Gantry project, schema " << store.schemaVersion() << '\n';
    out << "scenarios (" << scenarios.value().size() << "):\n";
    for (const auto& s : scenarios.value())
        out << "  #" << s.id << ' ' << s.name << ": " << s.scenario.jobs.size() << " jobs, "
            << s.scenario.cluster.totalGpus() << " GPUs (" << s.hash.left(12) << ")\n";
    out << "runs (" << runs.value().size() << "):\n";
    for (const auto& r : runs.value())
        out << "  #" << r.id << ' ' << r.scenarioName << ": " << r.policy << '/' << r.placement
            << '/' << r.predictor << " seed " << r.seed << ", " << r.jobs << " jobs, avg JCT "
            << QString::number(r.summary.value("avg_jct_s").toDouble(), 'f', 1) << " s, gantry "
            << r.version << ", " << r.createdAt << '\n';
    out << "history: " << history.value() << " jobs\n";
    out << "GPU type overrides (" << gpus.value().size() << ")";
    for (const GpuType& g : gpus.value())
        out << (g.name == gpus.value().front().name ? ": " : ", ") << g.name;
    out << '\n';
    out << "sweeps (" << sweeps.value().size() << "):\n";
    for (const auto& w : sweeps.value())
        out << "  #" << w.id << ' ' << w.name << " on " << w.scenarioName << ": " << w.points
            << " points (" << w.hash.left(12) << "), gantry " << w.version << ", " << w.createdAt
            << '\n';
    out << Qt::flush;
    return ExitOk;
}

} // namespace gantry::cli
