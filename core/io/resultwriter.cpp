#include "io/resultwriter.h"

#include <QDir>
#include <QJsonDocument>
#include <QSaveFile>

namespace gantry {

namespace {
QString num(double v)
{
    return QString::number(v, 'g', 15);
}

Status writeAtomically(const QString& path, const QByteArray& data)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Error::invalid(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    f.write(data);
    if (!f.commit())
        return Error::invalid(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    return {};
}
} // namespace

QByteArray ResultWriter::jobsCsv(const RunResult& result)
{
    QByteArray out =
        "job_id,arrival_s,start_s,finish_s,jct_s,queue_delay_s,gpus,servers,preemptions,"
        "predicted_iterations,iterations\n";
    for (const JobRecord& r : result.jobs) {
        QString id = r.id;
        if (id.contains(QLatin1Char(',')) || id.contains(QLatin1Char('"')))
            id = QLatin1Char('"') + id.replace(QLatin1String("\""), QLatin1String("\"\"")) +
                 QLatin1Char('"');
        const QStringList cells = {id,
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
                       {"gpu_utilization", s.gpuUtilization},
                       {"cross_server_bytes", s.crossServerBytes},
                       {"preemptions", double(s.preemptions)},
                       {"events", double(s.events)},
                       {"wall_s", s.wallS},
                       {"prediction_mae", s.predictionMae},
                       {"prediction_mape", s.predictionMape},
                       {"prediction_r2", s.predictionR2},
                       {"version", QStringLiteral(GANTRY_VERSION)}};
}

QJsonArray ResultWriter::comparisonJson(const std::vector<RunResult>& results)
{
    QJsonArray arr;
    for (const RunResult& r : results)
        arr.append(summaryJson(r));
    return arr;
}

Status ResultWriter::writeDirectory(const RunResult& result, const QString& dir)
{
    if (!QDir().mkpath(dir))
        return Error::invalid(QStringLiteral("%1: cannot create directory").arg(dir));
    const QDir d(dir);
    if (Status s = writeAtomically(d.filePath(QStringLiteral("jobs.csv")), jobsCsv(result)); !s)
        return s;
    return writeAtomically(d.filePath(QStringLiteral("summary.json")),
                           QJsonDocument(summaryJson(result)).toJson(QJsonDocument::Indented));
}

} // namespace gantry
