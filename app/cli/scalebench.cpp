#include "scalebench.h"

#include "benchcontext.h"
#include "childrun.h"
#include "cliargs.h"
#include "run/productdefaults.h"
#include "util/rng.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <iterator>
#include <optional>
#include <vector>

namespace gantry::cli {

namespace {

// Targets of the million-job case: a whole trace at interactive speed. A "GB" of a target is
// read as 1000 MB of the peak_rss_mb figures (MiB), which is the stricter reading.
constexpr double kImportTargetS = 5.0;
constexpr double kMemoryTargetMb = 1000.0;
constexpr double kRunOverJsonLoad = 0.5;
constexpr double kOpenTargetS = 1.5;
constexpr double kSaveTargetS = 3.0;
constexpr double kFullZoomOutTargetMs = 16.0;
constexpr double kNotesRatioTarget = 1.3;
constexpr double kNotesTargetMb = 100.0;
constexpr double kUibenchTargetMb = 3000.0;

double megabytes(const QString& path)
{
    return double(QFileInfo(path).size()) / 1e6;
}

// The step's child repeat times: the median wall time, the largest peak memory, the last run's
// output. The first failure ends it.
ChildRun::Process repeated(const QString& program, const QStringList& args, int repeat)
{
    std::vector<double> walls;
    ChildRun::Process last;
    double peak = 0.0, floor = 0.0;
    for (int r = 0; r < repeat; ++r) {
        last = ChildRun::measure(program, args);
        if (!last.ok())
            return last;
        walls.push_back(last.wallS);
        peak = std::max(peak, last.peakRssMb);
        floor = std::max(floor, last.floorMb);
    }
    std::sort(walls.begin(), walls.end());
    last.wallS = walls[walls.size() / 2];
    last.peakRssMb = peak;
    last.floorMb = floor;
    return last;
}

QString seconds(double s)
{
    return QString::number(s, 'f', s < 1.0 ? 3 : s < 10.0 ? 2 : 1) + QStringLiteral(" s");
}

QString mb(double m)
{
    return QString::number(m, 'f', m < 10.0 ? 1 : 0) + QStringLiteral(" MB");
}

// A row that was timed: wall seconds and peak memory of its child, measured text, target text,
// and whether the target is met when one is stated and could be judged.
QJsonObject timedRow(const QString& step, const ChildRun::Process& p, const QString& measured,
                     const QString& target, std::optional<bool> met)
{
    QJsonObject row{{"step", step},          {"wall_s", p.wallS},    {"peak_rss_mb", p.peakRssMb},
                    {"floor_mb", p.floorMb}, {"measured", measured}, {"target", target}};
    if (met)
        row.insert("met", *met);
    return row;
}

QJsonObject notMeasured(const QString& step, const QString& why, const QString& target)
{
    return {{"step", step},
            {"measured", QStringLiteral("not measured: ") + why},
            {"target", target},
            {"not_measured", true}};
}

// `gantry-cli: wrote N ...` on a child's standard error: N, or -1.
qint64 wroteJobs(const QByteArray& err)
{
    static const QRegularExpression wrote(QStringLiteral("wrote (\\d+) "));
    const QRegularExpressionMatch m = wrote.match(QString::fromUtf8(err));
    return m.hasMatch() ? m.captured(1).toLongLong() : -1;
}

// A Helios cluster_log.csv of `rows` jobs, seeded: one submission every 5 s on average
// (exponential gaps) from 2020-04-01, Helios-like GPU counts (mostly 1, some 2 to 64), 8 GPUs
// a node, 4 CPUs a GPU, a queueing delay before the start, log-normal durations from a few
// seconds to weeks, and COMPLETED, FAILED or CANCELLED like the real trace. False when it
// cannot be written.
bool writeHeliosTrace(const QString& path, qint64 rows)
{
    std::FILE* f = std::fopen(QFile::encodeName(path).constData(), "wb");
    if (!f)
        return false;
    std::vector<char> buffer(1 << 20);
    std::setvbuf(f, buffer.data(), _IOFBF, buffer.size());
    std::fputs("job_id,user,vc,gpu_num,cpu_num,node_num,state,submit_time,start_time,end_time,"
               "duration,queue\n",
               f);
    Rng rng(1);
    const auto name = [&rng](char* out, const char* prefix, int count, std::uint64_t salt) {
        // One of count fixed names: prefix and five letters drawn from the index.
        static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        std::uint64_t k = rng.below(std::uint64_t(count)) * 0x9E3779B97F4A7C15ULL + salt;
        int n = std::snprintf(out, 8, "%s", prefix);
        for (int i = 0; i < 5; ++i, k /= 52)
            out[n++] = letters[k % 52];
        out[n] = '\0';
    };
    const auto when = [](char* out, std::time_t t) {
        std::tm tm{};
        gmtime_r(&t, &tm);
        std::strftime(out, 20, "%Y-%m-%d %H:%M:%S", &tm);
    };
    const int gpuChoices[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 4, 4, 8, 8, 8, 16, 32, 64};
    double submit = 1585699200.0; // 2020-04-01 00:00:00 UTC
    char user[16], vc[16], submitted[24], started[24], ended[24];
    bool ok = true;
    for (qint64 i = 0; i < rows && ok; ++i) {
        submit += -5.0 * std::log(1.0 - rng.uniform());
        const int gpus = gpuChoices[rng.below(std::size(gpuChoices))];
        const std::time_t sub = std::time_t(submit);
        const long queue = rng.uniform() < 0.6 ? 0 : long(-120.0 * std::log(1.0 - rng.uniform()));
        const long duration = long(std::clamp(std::exp(6.0 + 2.0 * rng.normal()), 1.0, 2e6));
        const double u = rng.uniform();
        const char* state = u < 0.7 ? "COMPLETED" : u < 0.85 ? "FAILED" : "CANCELLED";
        name(user, "u", 400, 17);
        name(vc, "vc", 30, 91);
        when(submitted, sub);
        when(started, sub + queue);
        when(ended, sub + queue + duration);
        ok = std::fprintf(f, "%lld,%s,%s,%d,%d,%d,%s,%s,%s,%s,%ld,%ld\n", 2'000'000LL + i, user, vc,
                          gpus, 4 * gpus, (gpus + 7) / 8, state, submitted, started, ended,
                          duration, queue) > 0;
    }
    return std::fclose(f) == 0 && ok;
}

// The window's rows from gantry-uibench --json (or why they are not measured).
void windowRows(const QString& scenario, int repeat, QJsonArray& rows)
{
    const QString open = QStringLiteral("window: open the scenario"),
                  save = QStringLiteral("window: save project, three runs"),
                  reopen = QStringLiteral("window: open that project"),
                  gantt = QStringLiteral("Gantt full zoom-out, drawn anew"),
                  notes = QStringLiteral("teaching notes for the run"),
                  peak = QStringLiteral("gantry-uibench peak memory");
    const QString openTarget = seconds(kOpenTargetS), saveTarget = seconds(kSaveTargetS),
                  ganttTarget = QStringLiteral("16 ms"),
                  notesTarget = QStringLiteral("<= 1.3x, 100 MB"),
                  peakTarget = QStringLiteral("3 GB");
    const auto none = [&](const QString& why) {
        rows.append(notMeasured(open, why, openTarget));
        rows.append(notMeasured(save, why, saveTarget));
        rows.append(notMeasured(reopen, why, openTarget));
        rows.append(notMeasured(gantt, why, ganttTarget));
        rows.append(notMeasured(notes, why, notesTarget));
        rows.append(notMeasured(peak, why, peakTarget));
    };
    const QString program = ScaleBench::uibenchProgram();
    if (program.isEmpty()) {
        none(QStringLiteral("gantry-uibench not found"));
        return;
    }
    const ChildRun::Process p =
        ChildRun::measure(program, {QStringLiteral("--json"), QStringLiteral("--rounds"),
                                    QString::number(repeat), scenario});
    // What it measured before any failure still counts; the rest says why it is missing.
    const QJsonObject ui = QJsonDocument::fromJson(p.out).object();
    const QString why = p.ok() && !ui.isEmpty()
                            ? QStringLiteral("gantry-uibench did not report it")
                            : QStringLiteral("gantry-uibench failed (%1)").arg(p.failure());
    const QJsonObject window = ui.value("window").toObject();
    // A window step's row: its time (key), how long at most the window stood still during it
    // (key_stall_ms), against targetS; detail goes after the time.
    const auto windowRow = [&](const QString& step, const QString& key, double targetS,
                               const QString& detail = QString()) {
        const double s = window.value(key + QStringLiteral("_s")).toDouble();
        const QJsonValue stall = window.value(key + QStringLiteral("_stall_ms"));
        return QJsonObject{{"step", step},
                           {"wall_s", s},
                           {"stall_ms", stall},
                           {"measured", seconds(s) + detail +
                                            QStringLiteral(" (window still at most %1 ms)")
                                                .arg(std::lround(stall.toDouble()))},
                           {"target", seconds(targetS)},
                           {"met", s <= targetS}};
    };
    if (window.contains("open_s")) {
        rows.append(windowRow(open, QStringLiteral("open"), kOpenTargetS));
        const double projectMb = window.value("project_mb").toDouble();
        QJsonObject saved =
            windowRow(save, QStringLiteral("save"), kSaveTargetS,
                      QStringLiteral(", ") + mb(projectMb) + QStringLiteral(" file"));
        saved.insert("project_mb", projectMb);
        rows.append(saved);
        rows.append(windowRow(reopen, QStringLiteral("reopen"), kOpenTargetS));
    } else {
        rows.append(notMeasured(open, why, openTarget));
        rows.append(notMeasured(save, why, saveTarget));
        rows.append(notMeasured(reopen, why, openTarget));
    }
    if (ui.contains("full_zoom_out_anew_ms")) {
        const double ganttMs = ui.value("full_zoom_out_anew_ms").toDouble();
        rows.append(
            QJsonObject{{"step", gantt},
                        {"wall_ms", ganttMs},
                        {"measured", QString::number(ganttMs, 'f', 1) + QStringLiteral(" ms")},
                        {"target", ganttTarget},
                        {"met", ganttMs <= kFullZoomOutTargetMs}});
    } else {
        rows.append(notMeasured(gantt, why, ganttTarget));
    }
    // The run without notes measured beside the one with them (medians of alternated pairs).
    if (ui.contains("notes_run_s") && ui.value("notes_plain_run_s").toDouble() > 0.0) {
        const double runS = ui.value("notes_plain_run_s").toDouble();
        const double notesS = ui.value("notes_run_s").toDouble();
        const double notesMb = ui.value("notes_mb").toDouble();
        const double notesRatio = notesS / runS;
        rows.append(
            QJsonObject{{"step", notes},
                        {"wall_s", notesS},
                        {"without_s", runS},
                        {"ratio", notesRatio},
                        {"notes_mb", notesMb},
                        {"measured", QStringLiteral("%1 against %2 without (%3x), %4 of notes")
                                         .arg(seconds(notesS), seconds(runS))
                                         .arg(notesRatio, 0, 'f', 2)
                                         .arg(mb(notesMb))},
                        {"target", notesTarget},
                        {"met", notesRatio <= kNotesRatioTarget && notesMb <= kNotesTargetMb}});
    } else {
        rows.append(notMeasured(notes, why, notesTarget));
    }
    if (p.ok()) {
        rows.append(
            QJsonObject{{"step", peak},
                        {"wall_s", p.wallS},
                        {"peak_rss_mb", p.peakRssMb},
                        {"floor_mb", p.floorMb},
                        {"measured", mb(p.peakRssMb) + QStringLiteral(" (the whole bench: ") +
                                         seconds(p.wallS) + QLatin1Char(')')},
                        {"target", peakTarget},
                        {"met", p.peakRssMb <= kUibenchTargetMb}});
    } else {
        rows.append(notMeasured(peak, why, peakTarget));
    }
}

} // namespace

QString ScaleBench::uibenchProgram()
{
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString& c : {here.filePath(QStringLiteral("gantry-uibench")),
                             here.filePath(QStringLiteral("../uibench/gantry-uibench"))})
        if (QFileInfo(c).isExecutable())
            return QDir::cleanPath(c);
    return {};
}

int ScaleBench::suite(BenchContext& b)
{
    QTextStream& err = b.err;
    const auto jobsText = b.args.value(QStringLiteral("jobs"));
    bool numeric = true;
    const qint64 jobs = jobsText ? jobsText->toLongLong(&numeric) : 1'000'000;
    if (!numeric || jobs < 1 || jobs > 100'000'000) {
        err << "gantry-cli: bench: --jobs must be a whole number from 1 to 100000000, got \""
            << jobsText.value_or(QString()) << "\"" << Qt::endl;
        return ExitInvalid;
    }
    // One run a step unless --repeat says otherwise: a million-job step takes many seconds.
    const int repeat = b.args.value(QStringLiteral("repeat")) ? b.repeat : 1;
    QTemporaryDir dir;
    if (!dir.isValid()) {
        err << "gantry-cli: bench: the scale suite cannot make a temporary folder" << Qt::endl;
        return ExitInternal;
    }
    const QString self = QCoreApplication::applicationFilePath();
    const QString cluster = BenchContext::sampleFile(QStringLiteral("cluster-512.json"));
    const QString scenario = dir.filePath(QStringLiteral("scenario.json"));
    const QString trace = dir.filePath(QStringLiteral("trace.csv"));
    const QString imported = dir.filePath(QStringLiteral("imported.json"));
    const auto fail = [&](const QString& what, const ChildRun::Process& p) {
        err << "gantry-cli: bench: the scale suite's " << what << " failed: " << p.failure()
            << Qt::endl;
        // A child's invalid input is the bench's invalid input too.
        return p.exited && p.exitCode == ExitInvalid ? int(ExitInvalid) : int(ExitInternal);
    };
    // Steps of a million jobs take minutes: say which one is running (on standard error).
    const auto progress = [&](const QString& step) {
        err << "gantry-cli: bench: scale: " << step << "..." << Qt::endl;
    };
    QJsonArray rows;

    progress(QStringLiteral("generate"));
    const ChildRun::Process gen =
        repeated(self,
                 {QStringLiteral("generate"), QStringLiteral("--cluster"), cluster,
                  QStringLiteral("--jobs"), QString::number(jobs), QStringLiteral("--mix"),
                  QStringLiteral("philly-like"), QStringLiteral("--load"), QStringLiteral("0.8"),
                  QStringLiteral("--seed"), QStringLiteral("1"), QStringLiteral("-o"), scenario},
                 repeat);
    if (!gen.ok())
        return fail(QStringLiteral("generate"), gen);
    const double scenarioMb = megabytes(scenario);
    QJsonObject genRow = timedRow(QStringLiteral("generate"), gen,
                                  QStringLiteral("%1, %2 peak; %3 of scenario JSON")
                                      .arg(seconds(gen.wallS), mb(gen.peakRssMb), mb(scenarioMb)),
                                  QStringLiteral("-"), std::nullopt);
    genRow.insert("jobs", wroteJobs(gen.err));
    genRow.insert("output_mb", scenarioMb);
    rows.append(genRow);

    progress(QStringLiteral("write the Helios trace and import it"));
    if (!writeHeliosTrace(trace, jobs)) {
        err << "gantry-cli: bench: the scale suite cannot write " << trace << Qt::endl;
        return ExitInternal;
    }
    const double traceMb = megabytes(trace);
    const ChildRun::Process imp =
        repeated(self,
                 {QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("helios"),
                  trace, QStringLiteral("--cluster"), cluster, QStringLiteral("-o"), imported},
                 repeat);
    if (!imp.ok())
        return fail(QStringLiteral("import"), imp);
    const double importedMb = megabytes(imported);
    QJsonObject impRow =
        timedRow(QStringLiteral("import --format helios"), imp,
                 QStringLiteral("%1, %2 peak; %3 of CSV to %4 of JSON")
                     .arg(seconds(imp.wallS), mb(imp.peakRssMb), mb(traceMb), mb(importedMb)),
                 QStringLiteral("5 s, 1 GB"),
                 imp.wallS <= kImportTargetS && imp.peakRssMb <= kMemoryTargetMb);
    impRow.insert("rows", jobs);
    impRow.insert("jobs", wroteJobs(imp.err));
    impRow.insert("input_mb", traceMb);
    impRow.insert("output_mb", importedMb);
    rows.append(impRow);
    QFile::remove(imported);

    progress(QStringLiteral("python3 json.load"));
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    double jsonLoadS = -1.0;
    if (python.isEmpty()) {
        rows.append(notMeasured(QStringLiteral("python3 json.load"),
                                QStringLiteral("python3 is not on the PATH"), QStringLiteral("-")));
    } else {
        const ChildRun::Process py =
            repeated(python,
                     {QStringLiteral("-c"),
                      QStringLiteral("import json,sys; json.load(open(sys.argv[1]))"), scenario},
                     repeat);
        if (py.ok()) {
            jsonLoadS = py.wallS;
            rows.append(timedRow(QStringLiteral("python3 json.load"), py,
                                 QStringLiteral("%1, %2 peak (the reference)")
                                     .arg(seconds(py.wallS), mb(py.peakRssMb)),
                                 QStringLiteral("-"), std::nullopt));
        } else {
            rows.append(notMeasured(QStringLiteral("python3 json.load"),
                                    QStringLiteral("python3 failed (%1)").arg(py.failure()),
                                    QStringLiteral("-")));
        }
    }

    const QString defaultPolicy = ProductDefaults::runConfig().policy;
    QStringList policies{QStringLiteral("fifo"), QStringLiteral("sjf")};
    if (!policies.contains(defaultPolicy))
        policies.append(defaultPolicy);
    const QString runTarget = jsonLoadS > 0.0
                                  ? QStringLiteral("<= 0.5x json.load (%1), 1 GB")
                                        .arg(seconds(kRunOverJsonLoad * jsonLoadS))
                                  : QStringLiteral("<= 0.5x json.load (not measured), 1 GB");
    for (const QString& policy : policies) {
        progress(QStringLiteral("run --policy ") + policy);
        const ChildRun::Process run = repeated(
            self, {QStringLiteral("run"), scenario, QStringLiteral("--policy"), policy}, repeat);
        if (!run.ok())
            return fail(QStringLiteral("run --policy ") + policy, run);
        QString measured = seconds(run.wallS);
        if (jsonLoadS > 0.0)
            measured += QStringLiteral(" (%1x json.load)").arg(run.wallS / jsonLoadS, 0, 'f', 2);
        measured += QStringLiteral(", ") + mb(run.peakRssMb) + QStringLiteral(" peak");
        // Without json.load the time cannot be judged; a memory over the target still fails.
        std::optional<bool> met;
        if (run.peakRssMb > kMemoryTargetMb)
            met = false;
        else if (jsonLoadS > 0.0)
            met = run.wallS <= kRunOverJsonLoad * jsonLoadS;
        QJsonObject row =
            timedRow(QStringLiteral("run ") + policy +
                         (policy == defaultPolicy ? QStringLiteral(" (default)") : QString()),
                     run, measured, runTarget, met);
        row.insert("policy", policy);
        if (jsonLoadS > 0.0)
            row.insert("ratio_to_json_load", run.wallS / jsonLoadS);
        rows.append(row);
    }

    progress(QStringLiteral("gantry-uibench"));
    windowRows(scenario, repeat, rows);

    double floorMb = 0.0;
    for (const QJsonValue& v : rows)
        floorMb = std::max(floorMb, v.toObject().value("floor_mb").toDouble());
    const QJsonObject scale{{"jobs", jobs},
                            {"repeat", repeat},
                            {"floor_mb", floorMb},
                            {"scenario_mb", scenarioMb},
                            {"trace_csv_mb", traceMb},
                            {"rows", rows}};
    if (!b.json)
        print(scale, b.out);
    b.doc.insert("scale", scale);
    return ExitOk;
}

void ScaleBench::print(const QJsonObject& scale, QTextStream& out)
{
    const QJsonArray rows = scale.value("rows").toArray();
    int stepWidth = 4, measuredWidth = 8, targetWidth = 6;
    for (const QJsonValue& v : rows) {
        const QJsonObject o = v.toObject();
        stepWidth = std::max(stepWidth, int(o.value("step").toString().size()));
        measuredWidth = std::max(measuredWidth, int(o.value("measured").toString().size()));
        targetWidth = std::max(targetWidth, int(o.value("target").toString().size()));
    }
    const auto line = [&](const QString& step, const QString& measured, const QString& target,
                          const QString& met) {
        out << step.leftJustified(stepWidth) << " | " << measured.leftJustified(measuredWidth)
            << " | " << target.leftJustified(targetWidth) << " | " << met << '\n';
    };
    out << "\nscale suite: " << scale.value("jobs").toInteger() << " jobs, median of "
        << scale.value("repeat").toInt() << " (a GB of a target is 1000 MB)\n";
    line(QStringLiteral("step"), QStringLiteral("measured"), QStringLiteral("target"),
         QStringLiteral("met"));
    line(QString(stepWidth, QLatin1Char('-')), QString(measuredWidth, QLatin1Char('-')),
         QString(targetWidth, QLatin1Char('-')), QStringLiteral("---"));
    for (const QJsonValue& v : rows) {
        const QJsonObject o = v.toObject();
        const QString met = !o.contains("met")             ? QStringLiteral("-")
                            : o.value("met").toBool(false) ? QStringLiteral("yes")
                                                           : QStringLiteral("no");
        line(o.value("step").toString(), o.value("measured").toString(),
             o.value("target").toString(), met);
    }
    out << "peak memory: each child's own, which the kernel starts from the bench's resident "
           "memory when it starts the child (at most "
        << mb(scale.value("floor_mb").toDouble()) << ")\n";
    out.flush();
}

} // namespace gantry::cli
