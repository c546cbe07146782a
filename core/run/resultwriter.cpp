#include "run/resultwriter.h"

#include "io/scenariowriter.h"
#include "run/tracewriter.h"

#include <QCryptographicHash>
#include <QDir>
#include <QJsonDocument>
#include <QLocale>
#include <QSaveFile>

namespace gantry {

namespace {
QString num(double v)
{
    return QString::number(v, 'g', 15);
}

// A CSV cell: quoted when it holds a comma, a quote or a line break.
QString csvCell(QString cell)
{
    if (cell.contains(QLatin1Char(',')) || cell.contains(QLatin1Char('"')) ||
        cell.contains(QLatin1Char('\n')) || cell.contains(QLatin1Char('\r')))
        cell = QLatin1Char('"') + cell.replace(QLatin1String("\""), QLatin1String("\"\"")) +
               QLatin1Char('"');
    return cell;
}

} // namespace

QByteArray ResultWriter::jobsCsv(const RunResult& result)
{
    QByteArray out =
        "job_id,arrival_s,start_s,finish_s,jct_s,queue_delay_s,gpus,servers,preemptions,"
        "predicted_iterations,iterations\n";
    for (const JobRecord& r : result.jobs) {
        const QStringList cells = {csvCell(r.id),
                                   num(r.arrivalS),
                                   num(r.startS),
                                   num(r.finishS),
                                   num(r.jctS),
                                   num(r.queueDelayS),
                                   QString::number(r.gpus),
                                   QString::number(r.servers),
                                   QString::number(r.preemptions),
                                   num(r.predictedIterations),
                                   num(r.iterations)};
        out += cells.join(QLatin1Char(',')).toUtf8();
        out += '\n';
    }
    return out;
}

QJsonObject ResultWriter::summaryJson(const RunResult& result)
{
    const RunSummary& s = result.summary;
    return QJsonObject{{"policy", s.policy},
                       {"placement", s.placement},
                       {"predictor", s.predictor},
                       {"seed", QString::number(result.config.seed)},
                       {"jobs", s.jobs},
                       {"total_jct_s", s.totalJctS},
                       {"avg_jct_s", s.avgJctS},
                       {"p50_jct_s", s.p50JctS},
                       {"p99_jct_s", s.p99JctS},
                       {"sum_completion_s", s.sumCompletionS},
                       {"makespan_s", s.makespanS},
                       {"avg_queue_delay_s", s.avgQueueDelayS},
                       {"p99_queue_delay_s", s.p99QueueDelayS},
                       {"gpu_utilization", s.gpuUtilization},
                       {"cross_server_bytes", s.crossServerBytes},
                       {"preemptions", double(s.preemptions)},
                       {"idle_while_waiting_gpu_s", s.idleWhileWaitingGpuS},
                       {"virtual_wait_s", s.virtualWaitS},
                       {"events", double(s.events)},
                       {"wall_s", s.wallS},
                       {"prediction_mae", s.predictionMae},
                       {"prediction_mape", s.predictionMape},
                       {"prediction_r2", s.predictionR2},
                       {"version", QStringLiteral(GANTRY_VERSION)}};
}

QStringList ResultWriter::summaryKeys()
{
    return {QStringLiteral("policy"),
            QStringLiteral("placement"),
            QStringLiteral("predictor"),
            QStringLiteral("seed"),
            QStringLiteral("jobs"),
            QStringLiteral("total_jct_s"),
            QStringLiteral("avg_jct_s"),
            QStringLiteral("p50_jct_s"),
            QStringLiteral("p99_jct_s"),
            QStringLiteral("sum_completion_s"),
            QStringLiteral("makespan_s"),
            QStringLiteral("avg_queue_delay_s"),
            QStringLiteral("p99_queue_delay_s"),
            QStringLiteral("gpu_utilization"),
            QStringLiteral("cross_server_bytes"),
            QStringLiteral("preemptions"),
            QStringLiteral("idle_while_waiting_gpu_s"),
            QStringLiteral("virtual_wait_s"),
            QStringLiteral("events"),
            QStringLiteral("wall_s"),
            QStringLiteral("prediction_mae"),
            QStringLiteral("prediction_mape"),
            QStringLiteral("prediction_r2"),
            QStringLiteral("version")};
}

QJsonArray ResultWriter::comparisonJson(const std::vector<RunResult>& results)
{
    QJsonArray arr;
    for (const RunResult& r : results)
        arr.append(summaryJson(r));
    return arr;
}

QByteArray ResultWriter::comparisonCsv(const std::vector<RunResult>& results)
{
    const QStringList keys = summaryKeys();
    QByteArray out = keys.join(QLatin1Char(',')).toUtf8() + '\n';
    for (const RunResult& r : results) {
        const QJsonObject o = summaryJson(r);
        QStringList cells;
        for (const QString& k : keys) {
            const QJsonValue v = o.value(k);
            cells << (v.isDouble()
                          ? QString::number(v.toDouble(), 'g', QLocale::FloatingPointShortest)
                          : csvCell(v.toString()));
        }
        out += cells.join(QLatin1Char(',')).toUtf8() + '\n';
    }
    return out;
}

QJsonObject ResultWriter::unitsJson()
{
    const QString name = QStringLiteral("text");
    const QString s = QStringLiteral("s");
    const QString count = QStringLiteral("count");
    const QString seed = QStringLiteral("integer as a decimal string");
    const QJsonObject config{
        {"scenario_sha256", QStringLiteral("hex SHA-256 of the scenario's canonical JSON")},
        {"scenario_name", name},
        {"scenario_jobs", count},
        {"scenario_file", QStringLiteral("path as given")},
        {"first_jobs", count},
        {"policy", name},
        {"placement", name},
        {"predictor", name},
        {"seed", seed},
        {"contention", QStringLiteral("none or fair")},
        {"restart_overhead_s", s},
        {"mapping_backend", QStringLiteral("cpu, cuda or auto")},
        {"default_iterations", QStringLiteral("iterations")},
        {"history_jobs", count},
        {"gantry_version", name}};
    return QJsonObject{{"policy", name},
                       {"placement", name},
                       {"predictor", name},
                       {"seed", seed},
                       {"jobs", count},
                       {"total_jct_s", s},
                       {"avg_jct_s", s},
                       {"p50_jct_s", s},
                       {"p99_jct_s", s},
                       {"sum_completion_s", s},
                       {"makespan_s", s},
                       {"avg_queue_delay_s", s},
                       {"p99_queue_delay_s", s},
                       {"gpu_utilization", QStringLiteral("fraction (0 to 1)")},
                       {"cross_server_bytes", QStringLiteral("bytes")},
                       {"preemptions", count},
                       {"idle_while_waiting_gpu_s", QStringLiteral("GPU-seconds")},
                       {"virtual_wait_s", s},
                       {"events", count},
                       {"wall_s", QStringLiteral("s (wall clock)")},
                       {"prediction_mae", QStringLiteral("iterations (s for duration jobs)")},
                       {"prediction_mape", QStringLiteral("fraction")},
                       {"prediction_r2", QStringLiteral("ratio (1 is a perfect prediction)")},
                       {"version", name},
                       {"config", config}};
}

QString ResultWriter::scenarioHash(const Scenario& scenario)
{
    const QByteArray canonical =
        QJsonDocument(ScenarioWriter::toJsonObject(scenario)).toJson(QJsonDocument::Compact);
    return QString::fromLatin1(
        QCryptographicHash::hash(canonical, QCryptographicHash::Sha256).toHex());
}

QJsonObject ResultWriter::configJson(const Scenario& scenario, const RunConfig& config)
{
    const Contention contention = config.contention.value_or(scenario.options.contention);
    return QJsonObject{
        {"scenario_sha256", scenarioHash(scenario)},
        {"scenario_name", scenario.name},
        {"scenario_jobs", int(scenario.jobs.size())},
        {"policy", config.policy},
        {"placement", config.placement},
        {"predictor", config.predictor},
        {"seed", QString::number(config.seed)},
        {"contention", contention == Contention::Fair ? "fair" : "none"},
        {"restart_overhead_s", config.restartOverheadS.value_or(scenario.options.restartOverheadS)},
        {"mapping_backend", config.mappingBackend},
        {"default_iterations", config.defaultIterations},
        {"history_jobs", int(config.history.size())},
        {"gantry_version", QStringLiteral(GANTRY_VERSION)}};
}

QJsonObject ResultWriter::summaryFileJson(const Scenario& scenario, const RunResult& result,
                                          const QJsonObject& extraConfig)
{
    QJsonObject config = configJson(scenario, result.config);
    for (auto it = extraConfig.begin(); it != extraConfig.end(); ++it)
        config.insert(it.key(), it.value());
    QJsonObject o = summaryJson(result);
    o.insert("units", unitsJson());
    o.insert("config", config);
    return o;
}

Status ResultWriter::writeDirectory(const Scenario& scenario, const RunResult& result,
                                    const Schedule* schedule, const QString& dir,
                                    const QJsonObject& extraConfig)
{
    if (!QDir().mkpath(dir))
        return Error::invalid(QStringLiteral("%1: cannot create directory").arg(dir));
    const QDir d(dir);
    if (Status s = writeAtomically(d.filePath(QStringLiteral("jobs.csv")), jobsCsv(result)); !s)
        return s;
    const QJsonObject summary = summaryFileJson(scenario, result, extraConfig);
    if (Status s = writeAtomically(d.filePath(QStringLiteral("summary.json")),
                                   QJsonDocument(summary).toJson(QJsonDocument::Indented));
        !s)
        return s;
    if (!schedule)
        return {};
    return PerfettoTraceWriter::writeFile(scenario, result, *schedule,
                                          d.filePath(QStringLiteral("trace.json")));
}

Status ResultWriter::writeAtomically(const QString& path, const QByteArray& data)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Error::invalid(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    f.write(data);
    if (!f.commit())
        return Error::invalid(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    return {};
}

} // namespace gantry
