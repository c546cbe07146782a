#include "benchcommand.h"

#include "benchcontext.h"
#include "childrun.h"
#include "cliargs.h"
#include "fidelitybench.h"
#include "mappingbench.h"
#include "paperbench.h"
#include "parsebench.h"
#include "policies/policyregistry.h"
#include "predictionbench.h"
#include "robustnessbench.h"
#include "run/productdefaults.h"
#include "scalebench.h"
#include "sensitivitybench.h"
#include "sweepbench.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>
#include <QThread>

namespace gantry::cli {

namespace {

int countJobs(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    return int(QJsonDocument::fromJson(f.readAll()).object().value("jobs").toArray().size());
}

// --paper-jobs or --paper-seeds is not a positive integer.
int countsInvalid(BenchContext& b)
{
    b.err << "gantry-cli: bench: --paper-jobs and --paper-seeds must be positive integers"
          << Qt::endl;
    return ExitInvalid;
}

// Every policy (consolidate, oracle) on the scenario's first quarter, half and whole, each in a
// child process, median of repeat: wall time, jobs/s, events/s, peak RSS; rows under results.
int schedulingSuite(BenchContext& b)
{
    QTextStream &out = b.out, &err = b.err;
    const bool json = b.json;
    const int repeat = b.repeat, total = b.total;
    const QString& scenario = b.scenario;
    const QStringList& policies = b.policies;
    QJsonArray rows;
    if (!json)
        out << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                   .arg(QStringLiteral("policy"), -20)
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
                err << "gantry-cli: bench: " << policy << " failed: " << r.value("error").toString()
                    << Qt::endl;
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
                           .arg(policy, -20)
                           .arg(n, 7)
                           .arg(wall, 14, 'f', 3)
                           .arg(row.value("jobs_per_s").toDouble(), 11, 'f', 0)
                           .arg(row.value("events_per_s").toDouble(), 11, 'f', 0)
                           .arg(r.value("peak_rss_mb").toDouble(), 9, 'f', 1)
                    << Qt::flush;
        }
    }
    b.doc.insert("results", rows);
    return ExitOk;
}

// The mapping suite (MappingBench); rows under mapping.
int mappingSuite(BenchContext& b)
{
    QTextStream& out = b.out;
    const bool json = b.json;
    const QJsonArray mappingRows = MappingBench::run(b.scenario, b.repeat);
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
    b.doc.insert("mapping", mappingRows);
    return ExitOk;
}

// The prediction suite (PredictionBench); rows under prediction and prediction_calibration.
int predictionSuite(BenchContext& b)
{
    QTextStream &out = b.out, &err = b.err;
    const bool json = b.json;
    const int repeat = b.repeat;
    const QString& scenario = b.scenario;
    QJsonArray predictionRows, calibrationRows;
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
    b.doc.insert("prediction", predictionRows);
    b.doc.insert("prediction_calibration", calibrationRows);
    return ExitOk;
}

// The paper suite (PaperBench) with --predictor, --paper-jobs and --paper-seeds; rows under
// paper.
int paperSuite(BenchContext& b)
{
    QTextStream &out = b.out, &err = b.err;
    const CliArgs& a = b.args;
    const bool json = b.json;
    QJsonArray paperRows;
    const QString predictor = a.value(QStringLiteral("predictor")).value_or(QStringLiteral("rf"));
    const int jobs = b.count("paper-jobs", 600), seeds = b.count("paper-seeds", 2);
    if (jobs < 1 || seeds < 1)
        return countsInvalid(b);
    paperRows = PaperBench::run(jobs, predictor, seeds, QThread::idealThreadCount());
    if (paperRows.isEmpty()) {
        err << "gantry-cli: bench: the paper suite could not run (predictor " << predictor << ")"
            << Qt::endl;
        return ExitInvalid;
    }
    if (!json)
        PaperBench::print(paperRows, predictor, jobs, out);
    b.doc.insert("paper", paperRows);
    return ExitOk;
}

// The sensitivity suite (SensitivityBench); rows under sensitivity.
int sensitivitySuite(BenchContext& b)
{
    QTextStream &out = b.out, &err = b.err;
    const bool json = b.json;
    QJsonArray sensitivityRows;
    const int jobs = b.count("paper-jobs", 300), seeds = b.count("paper-seeds", 3);
    if (jobs < 1 || seeds < 1)
        return countsInvalid(b);
    QString why;
    sensitivityRows = SensitivityBench::run(jobs, seeds, QThread::idealThreadCount(), &why);
    if (sensitivityRows.isEmpty()) {
        err << "gantry-cli: bench: the sensitivity suite failed: " << why << Qt::endl;
        return ExitInternal;
    }
    if (!json)
        SensitivityBench::print(sensitivityRows, jobs, seeds, out);
    b.doc.insert("sensitivity", sensitivityRows);
    return ExitOk;
}

// Peak memory of one whole run of the scenario (asrpt, graph, oracle) in a child process; the
// row under memory.
int memorySuite(BenchContext& b)
{
    QTextStream &out = b.out, &err = b.err;
    const bool json = b.json;
    const int total = b.total;
    const QString& scenario = b.scenario;
    QJsonObject memoryRow;
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
            << QString::number(r.value("peak_rss_mb").toDouble(), 'f', 1) << " MB (target 120 MB)"
            << Qt::endl;
    b.doc.insert("memory", memoryRow);
    return ExitOk;
}

// The performance model against published training runs (docs/fidelity.md); under fidelity.
int fidelitySuite(BenchContext& b)
{
    QTextStream &out = b.out, &err = b.err;
    const bool json = b.json;
    const int repeat = b.repeat;
    QJsonObject fidelity;
    QString why;
    fidelity = FidelityBench::run(ProductDefaults::runConfig().placement, repeat, &why);
    if (fidelity.isEmpty()) {
        err << "gantry-cli: bench: the fidelity suite failed: " << why << Qt::endl;
        return ExitInternal;
    }
    if (!json)
        FidelityBench::print(fidelity, out);
    b.doc.insert("fidelity", fidelity);
    return ExitOk;
}

// Every policy on generated clusters, tuning and held-out halves (RobustnessBench); under
// robustness.
int robustnessSuite(BenchContext& b)
{
    QTextStream &out = b.out, &err = b.err;
    const CliArgs& a = b.args;
    const bool json = b.json;
    const QStringList& policies = b.policies;
    QJsonObject robustness;
    RobustnessBench::Options ro;
    ro.clusters = b.count("clusters", 6);
    ro.seeds = b.count("paper-seeds", 3);
    ro.jobs = b.count("paper-jobs", 600);
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
    b.doc.insert("robustness", robustness);
    return ExitOk;
}

// Reading the scenario against python3's json.load of it (ParseBench); rows under parse.
int parseSuite(BenchContext& b)
{
    QString why;
    const QJsonArray parseRows = ParseBench::run(b.scenario, b.policies, b.repeat, &why);
    if (parseRows.isEmpty()) {
        b.err << "gantry-cli: bench: the parse suite failed: " << why << Qt::endl;
        return ExitInternal;
    }
    if (!b.json)
        ParseBench::print(parseRows, b.scenario, b.repeat, b.out);
    b.doc.insert("parse", parseRows);
    return ExitOk;
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
         QStringLiteral("clusters"), QStringLiteral("write-scenarios"), QStringLiteral("jobs")},
        {QStringLiteral("json")});
    if (!parsed) {
        err << "gantry-cli: " << parsed.error().message << Qt::endl;
        return ExitInvalid;
    }
    const CliArgs& a = parsed.value();
    const QString scenario =
        a.value(QStringLiteral("scenario"))
            .value_or(BenchContext::sampleFile(QStringLiteral("philly-512.json")));
    const int repeat = a.value(QStringLiteral("repeat")).value_or(QStringLiteral("3")).toInt();
    const QString suite = a.value(QStringLiteral("suite")).value_or(QStringLiteral("all"));
    const QStringList suites = {
        QStringLiteral("all"),        QStringLiteral("scheduling"), QStringLiteral("mapping"),
        QStringLiteral("prediction"), QStringLiteral("paper"),      QStringLiteral("sensitivity"),
        QStringLiteral("sweep"),      QStringLiteral("parse"),      QStringLiteral("memory"),
        QStringLiteral("fidelity"),   QStringLiteral("robustness"), QStringLiteral("scale")};
    if (!suites.contains(suite)) {
        err << "gantry-cli: bench: --suite must be all, scheduling, mapping, prediction, paper, "
               "sensitivity, sweep, parse, memory, fidelity, robustness or scale"
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
    BenchContext b{a, out, err, scenario, repeat, total, policies, a.flag(QStringLiteral("json")),
                   {}};
    // Without --json, a suite not asked for still has its (empty) key, as it always had.
    for (const char* key : {"results", "mapping", "prediction", "paper", "sensitivity"})
        b.doc.insert(QLatin1String(key), QJsonArray());
    b.doc.insert("scenario", scenario);
    const auto wants = [&](const char* name) {
        return suite == QLatin1String("all") || suite == QLatin1String(name);
    };
    // In the order their tables are printed; sweep, robustness, parse and scale only when asked.
    const std::pair<const char*, int (*)(BenchContext&)> order[] = {
        {"scheduling", schedulingSuite},   {"mapping", mappingSuite},
        {"prediction", predictionSuite},   {"paper", paperSuite},
        {"sensitivity", sensitivitySuite}, {"sweep", SweepBench::suite},
        {"memory", memorySuite},           {"fidelity", fidelitySuite},
        {"robustness", robustnessSuite},   {"parse", parseSuite},
        {"scale", ScaleBench::suite}};
    for (const auto& [name, runSuite] : order) {
        const bool onlyWhenAsked = !qstrcmp(name, "sweep") || !qstrcmp(name, "robustness") ||
                                   !qstrcmp(name, "parse") || !qstrcmp(name, "scale");
        if (onlyWhenAsked ? suite != QLatin1String(name) : !wants(name))
            continue;
        if (const int status = runSuite(b); status != ExitOk)
            return status;
    }
    if (b.json)
        out << QJsonDocument(b.doc).toJson(QJsonDocument::Indented);
    return ExitOk;
}

} // namespace gantry::cli
