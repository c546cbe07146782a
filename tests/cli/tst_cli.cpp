// The command-line contract of README.md, "The command line", checked against the real
// gantry-cli binary: exit statuses, the run/compare JSON keys, the result files, import and the
// bench output format.
#include "../common/childprocess.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace {

using Outcome = gantry::test::ChildProcess;

Outcome cli(const QStringList& args)
{
    return Outcome::run(QStringLiteral(GANTRY_CLI_PATH), args);
}

QString data(const QString& rel)
{
    return QStringLiteral(GANTRY_TEST_DATA "/") + rel;
}

QString small()
{
    return data(QStringLiteral("valid/duration_jobs.json"));
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

int jobsInScenario(const QString& path)
{
    return int(QJsonDocument::fromJson(readAll(path)).object().value("jobs").toArray().size());
}

const QStringList kSummaryKeys = {"policy",
                                  "placement",
                                  "predictor",
                                  "jobs",
                                  "total_jct_s",
                                  "avg_jct_s",
                                  "p50_jct_s",
                                  "p99_jct_s",
                                  "sum_completion_s",
                                  "makespan_s",
                                  "avg_queue_delay_s",
                                  "p99_queue_delay_s",
                                  "gpu_utilization",
                                  "cross_server_bytes",
                                  "preemptions",
                                  "idle_while_waiting_gpu_s",
                                  "virtual_wait_s",
                                  "events",
                                  "wall_s"};

// Output path of the failing commands: none of them may create it. It lies in a folder of this
// run alone, so that two runs of the test (or a file left by an earlier one) cannot meet there.
QString neverWritten()
{
    static const QTemporaryDir dir;
    return dir.filePath(QStringLiteral("never-written.json"));
}

const QByteArray kJobsHeader = "job_id,arrival_s,start_s,finish_s,jct_s,queue_delay_s,gpus,servers,"
                               "preemptions,predicted_iterations,iterations";

// Checks one summary object: every contract key, numbers where numbers belong, consistent values.
QString summaryProblem(const QJsonObject& o, int jobs)
{
    for (const QString& k : kSummaryKeys)
        if (!o.contains(k))
            return QStringLiteral("missing key %1").arg(k);
    for (const char* k : {"policy", "placement", "predictor"})
        if (!o.value(k).isString() || o.value(k).toString().isEmpty())
            return QStringLiteral("%1 is not a non-empty string").arg(k);
    for (const QString& k : kSummaryKeys.mid(3)) {
        const QJsonValue v = o.value(k);
        if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < 0)
            return QStringLiteral("%1 is not a finite number >= 0").arg(k);
    }
    if (o.value("jobs").toInt() != jobs)
        return QStringLiteral("jobs is %1, want %2").arg(o.value("jobs").toInt()).arg(jobs);
    const double total = o.value("total_jct_s").toDouble(), avg = o.value("avg_jct_s").toDouble();
    if (jobs > 0 && std::abs(total / jobs - avg) > 1e-6 * std::max(1.0, avg))
        return QStringLiteral("avg_jct_s != total_jct_s / jobs");
    if (o.value("p50_jct_s").toDouble() > o.value("p99_jct_s").toDouble() + 1e-9)
        return QStringLiteral("p50 > p99");
    if (o.value("gpu_utilization").toDouble() > 1.0 + 1e-9)
        return QStringLiteral("gpu_utilization > 1");
    if (jobs > 0 && !(o.value("makespan_s").toDouble() > 0))
        return QStringLiteral("makespan_s not positive");
    return {};
}

QJsonObject parseObject(const QByteArray& text, QString* problem)
{
    QJsonParseError pe;
    const QJsonDocument d = QJsonDocument::fromJson(text, &pe);
    if (pe.error != QJsonParseError::NoError)
        *problem =
            QStringLiteral("not JSON: %1: %2").arg(pe.errorString(), QString::fromUtf8(text));
    else if (!d.isObject())
        *problem = QStringLiteral("not one JSON object: %1").arg(QString::fromUtf8(text));
    return d.object();
}

QString explain(const Outcome& o)
{
    return o.explain();
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void help();
    void overview_data();
    void overview();
    void commandHelp_data();
    void commandHelp();
    void helpUnknownCommand();
    void helpNamesTheDefaults();
    void version();
    void validateValid_data();
    void validateValid();
    void validateMalformed_data();
    void validateMalformed();
    void runJson_data();
    void runJson();
    void runDefaults();
    void runOptionsReachTheRun();
    void runOut();
    void runIsDeterministic();
    void compareJson();
    void runOutTrace_data();
    void runOutTrace();
    void summaryConfig();
    void compareFormats();
    void compareThreads_data();
    void compareThreads();
    void invalid_data();
    void invalid();
    void sweepPointEqualsRun_data();
    void sweepPointEqualsRun();
    void importPhilly();
    void importLimit();
    void importMalformed();
    void benchSmoke();
    void benchRobustness();
    void benchScale_data();
    void benchScale();
    void mapJson_data();
    void mapJson();
};

void TestCli::help()
{
    const Outcome o = cli({QStringLiteral("--help")});
    QVERIFY(o.finished);
    QCOMPARE(o.exitCode, 0);
    QVERIFY(o.out.contains("usage"));
}

// The options each command takes (its parser's), which its help must name.
const QList<QPair<QString, QStringList>> kCommandOptions = {
    {"validate", {}},
    {"run",
     {"--policy", "--placement", "--predictor", "--seed", "--contention", "--restart-overhead",
      "--first-jobs", "--mapping-backend", "--project", "--history", "--out", "--json",
      "--report-memory"}},
    {"compare",
     {"--policies", "--placement", "--predictor", "--seed", "--contention", "--restart-overhead",
      "--first-jobs", "--mapping-backend", "--project", "--history", "--format", "--json",
      "--threads"}},
    {"report",
     {"--policies", "-o", "--baseline", "--page", "--placement", "--predictor", "--seed",
      "--contention", "--restart-overhead", "--mapping-backend", "--project", "--history"}},
    {"project", {"--add", "--json"}},
    {"map", {"--job", "--placement", "--free", "--seed", "--mapping-backend", "--json"}},
    {"generate", {"--cluster", "--jobs", "--load", "--mix", "--seed", "-o"}},
    {"import",
     {"--format", "--cluster", "-o", "--nodes", "--limit", "--since", "--until", "--vc",
      "--min-gpus", "--max-gpus", "--strict"}},
    {"bench",
     {"--suite", "--scenario", "--repeat", "--policies", "--predictor", "--paper-jobs", "--jobs",
      "--json"}},
};

// --help, -h and a bare help print the overview: every command's usage and what it does.
void TestCli::overview_data()
{
    QTest::addColumn<QString>("arg");
    for (const char* arg : {"--help", "-h", "help"})
        QTest::newRow(arg) << QString::fromLatin1(arg);
}

void TestCli::overview()
{
    QFETCH(QString, arg);
    const Outcome o = cli({arg});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0 && o.err.isEmpty(), qPrintable(explain(o)));
    const QString text = QString::fromUtf8(o.out);
    for (const auto& [command, options] : kCommandOptions) {
        QVERIFY2(text.contains(QStringLiteral("gantry-cli ") + command),
                 qPrintable(command + QStringLiteral(": no usage line\n") + text));
        QVERIFY2(text.contains(QStringLiteral("\n  ") + command + QLatin1Char(' ')),
                 qPrintable(command + QStringLiteral(": not in the command list\n") + text));
    }
    QVERIFY(text.contains("gantry-cli help COMMAND"));
}

// help COMMAND, COMMAND --help and COMMAND -h (even after other arguments) print the command's
// help: what it does, its usage and a line for each option it takes; exit 0, nothing run.
void TestCli::commandHelp_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("command");
    QTest::addColumn<QStringList>("options");
    for (const auto& [command, options] : kCommandOptions) {
        QTest::addRow("help %s", qPrintable(command))
            << QStringList{"help", command} << command << options;
        QTest::addRow("%s --help", qPrintable(command))
            << QStringList{command, "--help"} << command << options;
        QTest::addRow("%s FILE -h", qPrintable(command))
            << QStringList{command, small(), "-h"} << command << options;
    }
}

void TestCli::commandHelp()
{
    QFETCH(QStringList, args);
    QFETCH(QString, command);
    QFETCH(QStringList, options);
    const Outcome o = cli(args);
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0 && o.err.isEmpty(), qPrintable(explain(o)));
    const QString text = QString::fromUtf8(o.out);
    QVERIFY2(text.startsWith(QStringLiteral("gantry-cli ") + command + QStringLiteral(": ")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("usage:\n  gantry-cli ") + command), qPrintable(text));
    // Each option has its own line under "options:", and every option the usage shows is there.
    const QString described = text.section(QStringLiteral("\noptions:\n"), 1);
    QVERIFY2(options.isEmpty() || !described.isEmpty(), qPrintable(text));
    QStringList lines;
    for (const QString& line : described.split(QLatin1Char('\n')))
        lines << line.trimmed();
    const auto hasLine = [&](const QString& option) {
        for (const QString& line : lines)
            if (line.startsWith(option + QLatin1Char(' ')) ||
                line.startsWith(option + QLatin1Char(',')))
                return true;
        return false;
    };
    for (const QString& option : options)
        QVERIFY2(hasLine(option),
                 qPrintable(option + QStringLiteral(" is not described\n") + text));
    const QString usage =
        text.section(QStringLiteral("usage:\n"), 1).section(QStringLiteral("\n\n"), 0, 0);
    static const QRegularExpression optionInUsage(QStringLiteral("(--[a-z-]+)"));
    for (auto it = optionInUsage.globalMatch(usage); it.hasNext();) {
        const QString option = it.next().captured(1);
        QVERIFY2(
            hasLine(option),
            qPrintable(option + QStringLiteral(" is in the usage but not described\n") + text));
    }
}

// run's help states the policy, placement and predictor a run uses when none is named (the
// product's defaults), read from what a plain run reports.
void TestCli::helpNamesTheDefaults()
{
    const Outcome ran = cli({QStringLiteral("run"), small(), QStringLiteral("--json")});
    QVERIFY2(ran.finished && ran.exitCode == 0, qPrintable(explain(ran)));
    const QJsonObject used = QJsonDocument::fromJson(ran.out).object();
    const Outcome help = cli({QStringLiteral("help"), QStringLiteral("run")});
    const QString text = QString::fromUtf8(help.out).simplified();
    for (const char* key : {"policy", "placement", "predictor"}) {
        const QString said = QStringLiteral("(default %1;").arg(used.value(key).toString());
        QVERIFY2(!used.value(key).toString().isEmpty() && text.contains(said),
                 qPrintable(QString::fromLatin1(key) + QStringLiteral(": ") + said +
                            QLatin1Char('\n') + text));
    }
}

void TestCli::helpUnknownCommand()
{
    const Outcome o = cli({QStringLiteral("help"), QStringLiteral("simulate")});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 2 && o.out.isEmpty(), qPrintable(explain(o)));
    QVERIFY2(o.err.contains("unknown command \"simulate\""), qPrintable(explain(o)));
}

void TestCli::version()
{
    const Outcome o = cli({QStringLiteral("--version")});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    QCOMPARE(o.out.trimmed(), QByteArray("gantry-cli " GANTRY_VERSION));
}

void TestCli::validateValid_data()
{
    QTest::addColumn<QString>("file");
    const QStringList files =
        QDir(data("valid")).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    QVERIFY(!files.isEmpty());
    for (const QString& f : files)
        QTest::newRow(qPrintable(f)) << data(QStringLiteral("valid/") + f);
}

void TestCli::validateValid()
{
    QFETCH(QString, file);
    const Outcome o = cli({QStringLiteral("validate"), file});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    QVERIFY2(o.err.isEmpty(), qPrintable(explain(o)));
    QVERIFY2(o.out.contains("valid"), qPrintable(explain(o)));
}

// Every malformed scenario of tests/data/malformed/expected.txt: exit 2, path and problem on
// stderr, nothing on stdout.
void TestCli::validateMalformed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    QFile f(data("malformed/expected.txt"));
    QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
    int rows = 0;
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const QStringList c = line.split(QStringLiteral(" | "));
        QCOMPARE(c.size(), 3);
        QTest::newRow(qPrintable(c[0])) << c[0].trimmed() << c[1].trimmed() << c[2].trimmed();
        ++rows;
    }
    QVERIFY(rows >= 25);
}

void TestCli::validateMalformed()
{
    QFETCH(QString, file);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const Outcome o = cli({QStringLiteral("validate"), data(QStringLiteral("malformed/") + file)});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 2, qPrintable(explain(o)));
    QVERIFY2(o.out.isEmpty(), qPrintable(explain(o)));
    const QString err = QString::fromUtf8(o.err);
    QVERIFY2(err.contains(file), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral(": ") + path), qPrintable(err));
    QVERIFY2(err.contains(message), qPrintable(err));
}

void TestCli::runJson_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("policy");
    // Every valid scenario (contention forced to none, to compare like with like) under a few
    // policies, including the preemptive ones.
    const QStringList files =
        QDir(data("valid")).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QString& f : files)
        for (const char* p : {"asrpt", "fifo", "srtf", "tiresias"})
            QTest::newRow(qPrintable(f + QLatin1Char(' ') + QLatin1String(p)))
                << data(QStringLiteral("valid/") + f) << QString::fromLatin1(p);
}

void TestCli::runJson()
{
    QFETCH(QString, file);
    QFETCH(QString, policy);
    const Outcome o =
        cli({QStringLiteral("run"), file, QStringLiteral("--policy"), policy,
             QStringLiteral("--contention"), QStringLiteral("none"), QStringLiteral("--json")});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    // One JSON object on stdout, on one line.
    QCOMPARE(o.out.trimmed().count('\n'), 0);
    QString problem;
    const QJsonObject obj = parseObject(o.out, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    problem = summaryProblem(obj, jobsInScenario(file));
    QVERIFY2(problem.isEmpty(), qPrintable(problem + QStringLiteral("\n") + explain(o)));
    QCOMPARE(obj.value("policy").toString(), policy);
}

void TestCli::runDefaults()
{
    const Outcome o = cli({QStringLiteral("run"), small(), QStringLiteral("--json")});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    QString problem;
    const QJsonObject obj = parseObject(o.out, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // The product's defaults (ProductDefaults; docs/policies.md, "Robustness").
    QCOMPARE(obj.value("policy").toString(), QStringLiteral("asrpt-gittins-move"));
    QCOMPARE(obj.value("placement").toString(), QStringLiteral("graph"));
    QCOMPARE(obj.value("predictor").toString(), QStringLiteral("rf-fast"));
    QCOMPARE(obj.value("jobs").toInt(), 8);
    // Without --json the table goes to stdout.
    const Outcome table = cli({QStringLiteral("run"), small()});
    QVERIFY(table.finished);
    QCOMPARE(table.exitCode, 0);
    QVERIFY(table.out.contains("asrpt-gittins-move"));
}

void TestCli::runOptionsReachTheRun()
{
    const Outcome o =
        cli({QStringLiteral("run"), small(), QStringLiteral("--policy=sjf"),
             QStringLiteral("--placement"), QStringLiteral("random"), QStringLiteral("--predictor"),
             QStringLiteral("noisy:0.5"), QStringLiteral("--seed"), QStringLiteral("7"),
             QStringLiteral("--json")});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    QString problem;
    const QJsonObject obj = parseObject(o.out, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(obj.value("policy").toString(), QStringLiteral("sjf"));
    QCOMPARE(obj.value("placement").toString(), QStringLiteral("random"));
    QCOMPARE(obj.value("predictor").toString(), QStringLiteral("noisy:0.5"));
    problem = summaryProblem(obj, 8);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestCli::runOut()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString file = data("valid/features_and_predictions.json");
    const QString dir = tmp.filePath(QStringLiteral("nested/out"));
    const Outcome o =
        cli({QStringLiteral("run"), file, QStringLiteral("--out"), dir, QStringLiteral("--json")});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));

    const QByteArray csv = readAll(dir + QStringLiteral("/jobs.csv"));
    QList<QByteArray> lines = csv.split('\n');
    QVERIFY(csv.endsWith('\n'));
    lines.removeLast();
    QCOMPARE(lines.value(0), kJobsHeader);
    const QJsonArray jobs = QJsonDocument::fromJson(readAll(file)).object().value("jobs").toArray();
    QCOMPARE(lines.size() - 1, jobs.size());
    for (int i = 0; i < jobs.size(); ++i) {
        QByteArray line = lines[i + 1];
        const QString id = jobs[i].toObject().value("id").toString();
        // A job id with a comma is quoted as CSV requires.
        const QByteArray cell =
            id.contains(QLatin1Char(',')) ? '"' + id.toUtf8() + '"' : id.toUtf8();
        QVERIFY2(line.startsWith(cell + ','), line.constData());
        line = line.mid(cell.size() + 1);
        const QList<QByteArray> cells = line.split(',');
        QCOMPARE(cells.size(), 10);
        bool ok = true;
        QList<double> v;
        for (const QByteArray& c : cells) {
            v << c.toDouble(&ok);
            QVERIFY2(ok && std::isfinite(v.last()), line.constData());
        }
        const double arrival = v[0], start = v[1], finish = v[2], jct = v[3], queue = v[4];
        QCOMPARE(arrival, jobs[i].toObject().value("arrival_s").toDouble());
        QVERIFY(start >= arrival && finish > start);
        QVERIFY(std::abs(jct - (finish - arrival)) < 1e-6);
        QVERIFY(std::abs(queue - (start - arrival)) < 1e-6);
        QVERIFY(v[5] >= 1 && v[6] >= 1); // gpus, servers
    }

    // summary.json carries the same summary as --json.
    QString problem;
    const QJsonObject summary =
        parseObject(readAll(dir + QStringLiteral("/summary.json")), &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    problem = summaryProblem(summary, int(jobs.size()));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QJsonObject printed = parseObject(o.out, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QJsonObject fromFile = summary;
    printed.remove("wall_s");
    fromFile.remove("wall_s");
    // summary.json adds its units and the run's configuration to the printed object.
    QVERIFY(fromFile.take("units").isObject());
    QVERIFY(fromFile.take("config").isObject());
    QCOMPARE(fromFile, printed);
    QVERIFY(QFile::exists(dir + QStringLiteral("/trace.json")));
}

void TestCli::runIsDeterministic()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    for (const char* policy : {"asrpt", "tiresias"}) {
        QByteArray first;
        for (int k = 0; k < 2; ++k) {
            const QString dir = tmp.filePath(QStringLiteral("%1-%2").arg(policy).arg(k));
            const Outcome o = cli({QStringLiteral("run"), small(), QStringLiteral("--policy"),
                                   QString::fromLatin1(policy), QStringLiteral("--placement"),
                                   QStringLiteral("random"), QStringLiteral("--seed"),
                                   QStringLiteral("3"), QStringLiteral("--out"), dir});
            QVERIFY(o.finished);
            QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
            // jobs.csv and trace.json are byte for byte the same for the same seed.
            const QByteArray csv = readAll(dir + QStringLiteral("/jobs.csv")) +
                                   readAll(dir + QStringLiteral("/trace.json"));
            QVERIFY(csv.startsWith(kJobsHeader));
            QVERIFY(csv.contains("\"traceEvents\""));
            if (k == 0)
                first = csv;
            else
                QCOMPARE(csv, first);
        }
    }
}

void TestCli::compareJson()
{
    const Outcome o = cli({QStringLiteral("compare"), small(), QStringLiteral("--policies"),
                           QStringLiteral("fifo,sjf,asrpt"), QStringLiteral("--json")});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    QJsonParseError pe;
    const QJsonDocument d = QJsonDocument::fromJson(o.out, &pe);
    QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(explain(o)));
    QVERIFY(d.isArray());
    const QJsonArray arr = d.array();
    QCOMPARE(arr.size(), 3);
    const QStringList order = {"fifo", "sjf", "asrpt"};
    for (int i = 0; i < 3; ++i) {
        const QJsonObject obj = arr[i].toObject();
        QCOMPARE(obj.value("policy").toString(), order[i]);
        QCOMPARE(obj.value("placement").toString(), QStringLiteral("graph"));
        const QString problem = summaryProblem(obj, 8);
        QVERIFY2(problem.isEmpty(), qPrintable(order[i] + QStringLiteral(": ") + problem));
    }
    // compare's asrpt entry equals a plain run's (apart from the wall clock).
    const Outcome single = cli({QStringLiteral("run"), small(), QStringLiteral("--policy"),
                                QStringLiteral("asrpt"), QStringLiteral("--json")});
    QString problem;
    QJsonObject alone = parseObject(single.out, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QJsonObject inCompare = arr[2].toObject();
    alone.remove("wall_s");
    inCompare.remove("wall_s");
    QCOMPARE(inCompare, alone);
}

void TestCli::runOutTrace_data()
{
    QTest::addColumn<QString>("policy");
    QTest::newRow("asrpt") << "asrpt";
    QTest::newRow("tiresias") << "tiresias";
}

// run --out writes trace.json beside jobs.csv; the details are tst_tracewriter's.
void TestCli::runOutTrace()
{
    QFETCH(QString, policy);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const Outcome o = cli({QStringLiteral("run"), small(), QStringLiteral("--policy"), policy,
                           QStringLiteral("--out"), tmp.path()});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    QString problem;
    const QJsonObject trace = parseObject(readAll(tmp.filePath("trace.json")), &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QSet<QString> processes;
    int complete = 0, counters = 0;
    for (const QJsonValue& v : trace.value("traceEvents").toArray()) {
        const QJsonObject e = v.toObject();
        if (e.value("name").toString() == QLatin1String("process_name"))
            processes.insert(e.value("args").toObject().value("name").toString());
        complete += e.value("ph").toString() == QLatin1String("X");
        counters += e.value("ph").toString() == QLatin1String("C");
    }
    QVERIFY(complete >= 8); // at least one slice per job
    QVERIFY(counters >= 2);
    QVERIFY(processes.contains(QStringLiteral("cluster")));
    QCOMPARE(processes.contains(QStringLiteral("virtual single machine")), policy == "asrpt");
}

// summary.json says how to reproduce the run; its scenario hash follows the scenario's content.
void TestCli::summaryConfig()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QJsonObject scenario = QJsonDocument::fromJson(readAll(small())).object();
    auto write = [&](const QString& name, const QJsonObject& o, QJsonDocument::JsonFormat f) {
        QFile file(tmp.filePath(name));
        return file.open(QIODevice::WriteOnly) && file.write(QJsonDocument(o).toJson(f)) > 0;
    };
    // The same scenario laid out differently, and one with a job arriving later.
    QVERIFY(write(QStringLiteral("compact.json"), scenario, QJsonDocument::Compact));
    QJsonArray jobs = scenario.value("jobs").toArray();
    QJsonObject first = jobs[0].toObject();
    first.insert("arrival_s", first.value("arrival_s").toDouble() + 1.0);
    jobs[0] = first;
    scenario.insert("jobs", jobs);
    QVERIFY(write(QStringLiteral("changed.json"), scenario, QJsonDocument::Indented));
    auto config = [&](const QString& file, const QString& out) {
        const Outcome o = cli({QStringLiteral("run"), file, QStringLiteral("--policy"),
                               QStringLiteral("srtf"), QStringLiteral("--seed"),
                               QStringLiteral("5"), QStringLiteral("--restart-overhead"),
                               QStringLiteral("2.5"), QStringLiteral("--out"), tmp.filePath(out)});
        if (o.exitCode != 0)
            qWarning("%s", qPrintable(explain(o)));
        QString problem;
        return parseObject(readAll(tmp.filePath(out + QStringLiteral("/summary.json"))), &problem)
            .value("config")
            .toObject();
    };
    const QJsonObject a = config(small(), QStringLiteral("a"));
    const QJsonObject b = config(tmp.filePath(QStringLiteral("compact.json")), QStringLiteral("b"));
    const QJsonObject c = config(tmp.filePath(QStringLiteral("changed.json")), QStringLiteral("c"));
    QCOMPARE(a.value("scenario_sha256").toString().size(), 64);
    QCOMPARE(b.value("scenario_sha256"), a.value("scenario_sha256"));
    QVERIFY(c.value("scenario_sha256") != a.value("scenario_sha256"));
    QCOMPARE(a.value("policy").toString(), QStringLiteral("srtf"));
    QCOMPARE(a.value("placement").toString(), QStringLiteral("graph"));
    QCOMPARE(a.value("predictor").toString(), QStringLiteral("rf-fast"));
    QCOMPARE(a.value("seed").toString(), QStringLiteral("5"));
    QCOMPARE(a.value("restart_overhead_s").toDouble(), 2.5);
    QCOMPARE(a.value("contention").toString(), QStringLiteral("none"));
    QCOMPARE(a.value("mapping_backend").toString(), QStringLiteral("auto"));
    QCOMPARE(a.value("scenario_file").toString(), small());
    QVERIFY(!a.value("gantry_version").toString().isEmpty());
    QCOMPARE(a.value("scenario_jobs").toInt(), 8);
}

// compare --format csv has the JSON's fields and numbers; --json is --format json.
void TestCli::compareFormats()
{
    const QStringList base = {QStringLiteral("compare"),     small(),
                              QStringLiteral("--policies"),  QStringLiteral("fifo,asrpt,srtf"),
                              QStringLiteral("--predictor"), QStringLiteral("noisy:0.4")};
    const Outcome csv = cli(base + QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
    const Outcome json = cli(base + QStringList{QStringLiteral("--format=json")});
    const Outcome alias = cli(base + QStringList{QStringLiteral("--json")});
    const Outcome table =
        cli(base + QStringList{QStringLiteral("--format"), QStringLiteral("table")});
    for (const Outcome* o : {&csv, &json, &alias, &table}) {
        QVERIFY(o->finished);
        QVERIFY2(o->exitCode == 0, qPrintable(explain(*o)));
    }
    QVERIFY(table.out.contains("avg JCT s"));
    const QJsonArray arr = QJsonDocument::fromJson(json.out).array();
    const QJsonArray aliasArr = QJsonDocument::fromJson(alias.out).array();
    QCOMPARE(arr.size(), 3);
    QCOMPARE(aliasArr.size(), 3);
    QList<QByteArray> lines = csv.out.split('\n');
    QVERIFY(csv.out.endsWith('\n'));
    lines.removeLast();
    QCOMPARE(lines.size(), 4);
    const QList<QByteArray> head = lines[0].split(',');
    QCOMPARE(head.size(), arr[0].toObject().size());
    for (int i = 0; i < 3; ++i) {
        QJsonObject o = arr[i].toObject(), again = aliasArr[i].toObject();
        o.remove("wall_s");
        again.remove("wall_s");
        QCOMPARE(again, o);
        const QList<QByteArray> cells = lines[i + 1].split(',');
        QCOMPARE(cells.size(), head.size());
        for (int k = 0; k < head.size(); ++k) {
            const QString key = QString::fromUtf8(head[k]);
            QVERIFY2(o.contains(key) || key == QLatin1String("wall_s"), qPrintable(key));
            if (key == QLatin1String("wall_s"))
                continue;
            const QJsonValue v = o.value(key);
            if (v.isDouble())
                QCOMPARE(cells[k].toDouble(), v.toDouble());
            else
                QCOMPARE(QString::fromUtf8(cells[k]), v.toString());
        }
    }
}

void TestCli::compareThreads_data()
{
    QTest::addColumn<QString>("threads");
    QTest::newRow("1 thread") << QStringLiteral("1");
    QTest::newRow("2 threads") << QStringLiteral("2");
    QTest::newRow("8 threads") << QStringLiteral("8");
}

// compare --threads N prints what compare alone prints, in the order given (wall_s aside).
void TestCli::compareThreads()
{
    QFETCH(QString, threads);
    const QStringList base = {QStringLiteral("compare"),    small(),
                              QStringLiteral("--policies"), QStringLiteral("srtf,fifo,asrpt,sjf"),
                              QStringLiteral("--seed"),     QStringLiteral("5"),
                              QStringLiteral("--json")};
    const Outcome alone = cli(base);
    const Outcome many = cli(base + QStringList{QStringLiteral("--threads"), threads});
    for (const Outcome* o : {&alone, &many}) {
        QVERIFY(o->finished);
        QVERIFY2(o->exitCode == 0, qPrintable(explain(*o)));
    }
    const QJsonArray a = QJsonDocument::fromJson(alone.out).array();
    const QJsonArray b = QJsonDocument::fromJson(many.out).array();
    QCOMPARE(a.size(), 4);
    QCOMPARE(b.size(), 4);
    const QStringList order = {"srtf", "fifo", "asrpt", "sjf"};
    for (int i = 0; i < 4; ++i) {
        QJsonObject x = a[i].toObject(), y = b[i].toObject();
        QCOMPARE(y.value("policy").toString(), order[i]);
        QVERIFY(y.contains("wall_s"));
        x.remove("wall_s");
        y.remove("wall_s");
        QCOMPARE(y, x);
    }
    // The first failing policy is the one named, as on one thread.
    const Outcome bad =
        cli({QStringLiteral("compare"), small(), QStringLiteral("--policies"),
             QStringLiteral("fifo,lottery,dice,asrpt"), QStringLiteral("--threads"), threads});
    QVERIFY(bad.finished);
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains("unknown policy \"lottery\""), qPrintable(explain(bad)));
}

void TestCli::invalid_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString f = small();
    const QString run = QStringLiteral("run");
    QTest::newRow("no command") << QStringList{} << "usage";
    QTest::newRow("unknown command") << QStringList{"simulate", f} << "unknown command";
    QTest::newRow("unknown policy")
        << QStringList{run, f, "--policy", "lottery"} << "unknown policy";
    QTest::newRow("unknown placement")
        << QStringList{run, f, "--placement", "scatter"} << "unknown placement";
    QTest::newRow("unknown predictor")
        << QStringList{run, f, "--predictor", "crystal-ball"} << "unknown predictor";
    QTest::newRow("unknown option")
        << QStringList{run, f, "--polcy", "fifo"} << "unknown option --polcy";
    QTest::newRow("unknown flag") << QStringList{run, f, "--verbose"} << "unknown option --verbose";
    QTest::newRow("option without value") << QStringList{run, f, "--policy"} << "needs a value";
    QTest::newRow("missing file") << QStringList{run, data("valid/no-such-file.json")}
                                  << "no-such-file.json";
    QTest::newRow("no file") << QStringList{run, "--json"} << "exactly one";
    QTest::newRow("two files") << QStringList{run, f, f} << "exactly one";
    QTest::newRow("bad seed") << QStringList{run, f, "--seed", "abc"} << "--seed";
    QTest::newRow("negative seed") << QStringList{run, f, "--seed", "-1"} << "--seed";
    QTest::newRow("fractional seed") << QStringList{run, f, "--seed", "1.5"} << "--seed";
    QTest::newRow("contention bogus")
        << QStringList{run, f, "--contention", "bogus"} << "--contention";
    QTest::newRow("mapping backend bogus")
        << QStringList{run, f, "--mapping-backend", "tpu"} << "--mapping-backend";
    QTest::newRow("map without job") << QStringList{"map", f} << "--job";
    QTest::newRow("map unknown job") << QStringList{"map", f, "--job", "nope"} << "nope";
    QTest::newRow("map bad free") << QStringList{"map", f, "--job", "x", "--free", "zz=1"} << "";
    QTest::newRow("negative restart overhead")
        << QStringList{run, f, "--restart-overhead", "-1"} << "--restart-overhead";
    QTest::newRow("infinite restart overhead")
        << QStringList{run, f, "--policy", "srtf", "--restart-overhead", "inf"}
        << "--restart-overhead";
    QTest::newRow("huge restart overhead")
        << QStringList{run, f, "--policy", "srtf", "--restart-overhead", "1e300"}
        << "--restart-overhead";
    QTest::newRow("malformed scenario")
        << QStringList{run, data("malformed/job_too_large.json"), "--json"} << "jobs[1].gpus";
    QTest::newRow("compare without --policies")
        << QStringList{"compare", f, "--json"} << "--policies";
    QTest::newRow("compare with an unknown policy")
        << QStringList{"compare", f, "--policies", "fifo,lottery", "--json"} << "unknown policy";
    QTest::newRow("compare with a bad seed")
        << QStringList{"compare", f, "--policies", "fifo", "--seed", "x"} << "--seed";
    QTest::newRow("compare with an unknown --format")
        << QStringList{"compare", f, "--policies", "fifo", "--format", "xml"} << "--format";
    QTest::newRow("compare with --threads 0")
        << QStringList{"compare", f, "--policies", "fifo", "--threads", "0"} << "--threads";
    QTest::newRow("compare with --threads x")
        << QStringList{"compare", f, "--policies", "fifo", "--threads", "x"} << "--threads";
    QTest::newRow("compare --json with --format csv")
        << QStringList{"compare", f, "--policies", "fifo", "--format", "csv", "--json"}
        << "conflicts";
    const QString sweepFile = QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/two-racks-sweep.json");
    QTest::newRow("sweep without file") << QStringList{"sweep"} << "exactly one sweep file";
    QTest::newRow("sweep bad threads")
        << QStringList{"sweep", sweepFile, "--threads", "0"} << "--threads";
    QTest::newRow("sweep resume without out")
        << QStringList{"sweep", sweepFile, "--resume"} << "--resume needs --out";
    QTest::newRow("sweep unknown option")
        << QStringList{"sweep", sweepFile, "--bogus", "x"} << "unknown option --bogus";
    QTest::newRow("sweep malformed")
        << QStringList{"sweep", data("sweep/bad_count.json"), "--json"}
        << "bad_count.json: axes.servers.h100.count[1]: must be a whole number from 0 to 10000";
    QTest::newRow("validate unknown option")
        << QStringList{"validate", f, "--json"} << "unknown option";
    QTest::newRow("validate no file") << QStringList{"validate"} << "exactly one";
    QTest::newRow("import unknown format")
        << QStringList{"import",    "--format", "slurm", data("philly/basic.csv"),
                       "--cluster", f,          "-o",    neverWritten()}
        << "unknown import format";
    QTest::newRow("import without --cluster")
        << QStringList{"import", "--format",    "philly", data("philly/basic.csv"),
                       "-o",     neverWritten()}
        << "--cluster";
    QTest::newRow("import without -o")
        << QStringList{"import", "--format", "philly", data("philly/basic.csv"), "--cluster", f}
        << "-o";
    QTest::newRow("import with a malformed cluster file")
        << QStringList{"import",    "--format",
                       "philly",    data("philly/basic.csv"),
                       "--cluster", data("malformed/unknown_rack.json"),
                       "-o",        neverWritten()}
        << "cluster.servers[0].rack";
    QTest::newRow("import bad --limit") << QStringList{"import",    "--format",
                                                       "philly",    data("philly/basic.csv"),
                                                       "--cluster", f,
                                                       "--limit",   "ten",
                                                       "-o",        neverWritten()}
                                        << "--limit";
    QTest::newRow("bench bad --repeat")
        << QStringList{"bench", "--scenario", f, "--repeat", "0", "--json"} << "repeat";
    // The scale suite's --jobs is checked before anything runs.
    for (const char* jobs : {"0", "-1", "ten", "12x"})
        QTest::newRow(qPrintable(QStringLiteral("bench scale --jobs %1").arg(jobs)))
            << QStringList{"bench", "--suite", "scale", "--jobs", jobs, "--json"}
            << "--jobs must be a whole number";
    QTest::newRow("bench missing scenario")
        << QStringList{"bench", "--scenario", data("valid/none.json"), "--json"} << "none.json";
    // The bench runs children; their invalid input is still invalid input (2), not internal (1).
    QTest::newRow("bench unknown policy")
        << QStringList{"bench", "--scenario", f, "--repeat", "1", "--policies", "lottery", "--json"}
        << "unknown policy";
    QTest::newRow("bench malformed scenario")
        << QStringList{"bench",    "--scenario", data("malformed/job_too_large.json"),
                       "--repeat", "1",          "--policies",
                       "fifo",     "--json"}
        << "jobs[1].gpus";
    // report hands its arguments to gantry-report; its invalid input is still invalid input.
    QTest::newRow("report malformed scenario")
        << QStringList{"report",     data("malformed/job_too_large.json"),
                       "--policies", "fifo",
                       "-o",         neverWritten()}
        << "jobs[1].gpus";
    QTest::newRow("report unknown policy")
        << QStringList{"report", f, "--policies", "lottery", "-o", neverWritten()}
        << "unknown policy";
}

void TestCli::invalid()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Outcome o = cli(args);
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 2, qPrintable(explain(o)));
    QVERIFY2(o.out.isEmpty(),
             qPrintable(explain(o))); // nothing a script could mistake for a result
    QVERIFY2(QString::fromUtf8(o.err).contains(message), qPrintable(explain(o)));
    QVERIFY(!QFile::exists(neverWritten()));
}

void TestCli::sweepPointEqualsRun_data()
{
    QTest::addColumn<int>("row");
    for (int row : {16, 64, 74, 95})
        QTest::addRow("point %d", row) << row;
}

// A sweep point's metrics equal gantry-cli run on the scenario the point describes, bit for
// bit; the test derives that scenario itself from the base and the point's axis values.
void TestCli::sweepPointEqualsRun()
{
    QFETCH(int, row);
    const QString sweepFile = QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/two-racks-sweep.json");
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const Outcome sw = cli({"sweep", sweepFile, "--threads", "2", "--out", tmp.path(), "--json"});
    QVERIFY2(sw.finished && sw.exitCode == 0, qPrintable(explain(sw)));
    QString problem;
    const QJsonObject doc = parseObject(sw.out, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(readAll(tmp.filePath("sweep.json")), sw.out);
    const QJsonObject point = doc.value("points").toArray()[row].toObject();
    QVERIFY(point.value("feasible").toBool());
    const QJsonObject sweep = QJsonDocument::fromJson(readAll(sweepFile)).object();
    QJsonObject base = QJsonDocument::fromJson(
                           readAll(QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/two-racks.json")))
                           .object();
    QJsonObject cluster = base.value("cluster").toObject();
    QJsonArray servers;
    for (const QJsonValue& v : cluster.value("servers").toArray()) {
        QJsonObject s = v.toObject();
        const QString axis = QStringLiteral("servers.%1.count").arg(s.value("name").toString());
        if (point.contains(axis))
            s.insert("count", point.value(axis));
        if (s.value("count").toInt(1) > 0)
            servers.append(s);
    }
    cluster.insert("servers", servers);
    base.insert("cluster", cluster);
    QJsonArray jobs = base.value("jobs").toArray();
    for (qsizetype j = 0; j < jobs.size(); ++j) {
        QJsonObject o = jobs[j].toObject();
        o.insert("arrival_s",
                 o.value("arrival_s").toDouble() / point.value("load_scale").toDouble());
        jobs[j] = o;
    }
    base.insert("jobs", jobs);
    const QString scenario = tmp.filePath("point.json");
    QFile f(scenario);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(base).toJson());
    f.close();
    const QJsonObject run = sweep.value("run").toObject();
    const Outcome r =
        cli({"run", scenario, "--policy", point.value("policy").toString(), "--placement",
             run.value("placement").toString(), "--predictor", run.value("predictor").toString(),
             "--seed", QString::number(point.value("seed").toInt()), "--json"});
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(explain(r)));
    const QJsonObject plain = parseObject(r.out, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    int compared = 0;
    for (const QString& k : doc.value("metrics").toVariant().toStringList()) {
        QVERIFY2(plain.contains(k), qPrintable(k));
        QVERIFY2(plain.value(k) == point.value(k),
                 qPrintable(QStringLiteral("%1: run %2, sweep %3")
                                .arg(k)
                                .arg(plain.value(k).toDouble(), 0, 'g', 17)
                                .arg(point.value(k).toDouble(), 0, 'g', 17)));
        ++compared;
    }
    QVERIFY(compared >= 15);
}

void TestCli::importPhilly()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString out = tmp.filePath(QStringLiteral("philly.json"));
    const Outcome o = cli({QStringLiteral("import"), QStringLiteral("--format"),
                           QStringLiteral("philly"), data("philly/basic.csv"),
                           QStringLiteral("--cluster"), small(), QStringLiteral("-o"), out});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    QVERIFY2(o.err.contains("dropped 1 larger than the cluster (8 GPUs)"), qPrintable(explain(o)));

    const Outcome v = cli({QStringLiteral("validate"), out});
    QVERIFY(v.finished);
    QVERIFY2(v.exitCode == 0, qPrintable(explain(v)));
    QVERIFY2(v.out.contains("5 jobs, 8 GPUs"), qPrintable(explain(v)));

    const QJsonObject doc = QJsonDocument::fromJson(readAll(out)).object();
    const QJsonArray jobs = doc.value("jobs").toArray();
    QCOMPARE(jobs.size(), 5);
    QCOMPARE(jobs[0].toObject().value("arrival_s").toDouble(), 0.0);
    QCOMPARE(jobs[4].toObject().value("arrival_s").toDouble(), 86400.0);
    QCOMPARE(jobs[2].toObject().value("features").toObject().value("vc").toString(),
             QStringLiteral("vc-c"));
    // The cluster is the one of --cluster.
    QCOMPARE(doc.value("cluster").toObject(),
             QJsonDocument::fromJson(readAll(small())).object().value("cluster").toObject());
    const QJsonArray servers = doc.value("cluster").toObject().value("servers").toArray();
    QCOMPARE(servers.size(), 2);
    QCOMPARE(servers[0].toObject().value("name").toString(), QStringLiteral("v100-box"));

    // And the imported scenario runs.
    const Outcome r = cli({QStringLiteral("run"), out, QStringLiteral("--json")});
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
    QString problem;
    const QJsonObject obj = parseObject(r.out, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    problem = summaryProblem(obj, 5);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestCli::importLimit()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString out = tmp.filePath(QStringLiteral("limited.json"));
    const Outcome o =
        cli({QStringLiteral("import"), QStringLiteral("--format=philly"), data("philly/basic.csv"),
             QStringLiteral("--cluster"), small(), QStringLiteral("--limit"), QStringLiteral("2"),
             QStringLiteral("-o"), out});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    const QJsonArray jobs = QJsonDocument::fromJson(readAll(out)).object().value("jobs").toArray();
    QCOMPARE(jobs.size(), 2);
    QCOMPARE(jobs[0].toObject().value("duration_s").toDouble(), 50.0);
    QCOMPARE(jobs[1].toObject().value("duration_s").toDouble(), 100.0);
}

void TestCli::importMalformed()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString out = tmp.filePath(QStringLiteral("bad.json"));
    const Outcome o =
        cli({QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("philly"),
             data("philly/fractional_gpus.csv"), QStringLiteral("--cluster"), small(),
             QStringLiteral("--strict"), QStringLiteral("-o"), out});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 2, qPrintable(explain(o)));
    QVERIFY2(o.err.contains("fractional_gpus.csv: line 5: "), qPrintable(explain(o)));
    QVERIFY(!QFile::exists(out));
}

// Output format only; the bench is not timed in tests.
void TestCli::benchSmoke()
{
    const Outcome o = cli(
        {QStringLiteral("bench"), QStringLiteral("--scenario"), small(), QStringLiteral("--repeat"),
         QStringLiteral("1"), QStringLiteral("--policies"), QStringLiteral("fifo,asrpt"),
         QStringLiteral("--suite"), QStringLiteral("scheduling"), QStringLiteral("--json")});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    QString problem;
    const QJsonObject doc = parseObject(o.out, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const QJsonArray rows = doc.value("results").toArray();
    QVERIFY2(!rows.isEmpty(), qPrintable(explain(o)));
    QSet<QString> policies;
    for (const QJsonValue& v : rows) {
        const QJsonObject row = v.toObject();
        const QString policy = row.value("policy").toString();
        QVERIFY2(policy == QLatin1String("fifo") || policy == QLatin1String("asrpt"),
                 qPrintable(policy));
        policies.insert(policy);
        QVERIFY2(row.value("jobs").toInt() > 0, qPrintable(explain(o)));
        QVERIFY2(row.value("wall_s").toDouble() > 0, qPrintable(explain(o)));
        QVERIFY(row.value("jobs").toInt() <= 8);
    }
    QCOMPARE(policies.size(), 2);

    // The mapping and paper suites print their rows (figures are not checked: not a timed test).
    const Outcome m =
        cli({QStringLiteral("bench"), QStringLiteral("--scenario"), small(),
             QStringLiteral("--repeat"), QStringLiteral("1"), QStringLiteral("--suite"),
             QStringLiteral("mapping"), QStringLiteral("--json")});
    QVERIFY2(m.exitCode == 0, qPrintable(explain(m)));
    const QJsonArray mapping = parseObject(m.out, &problem).value("mapping").toArray();
    QVERIFY2(mapping.size() >= 4, qPrintable(explain(m)));
    for (const QJsonValue& v : mapping)
        QVERIFY2(v.toObject().value("value").toDouble() > 0, qPrintable(explain(m)));
    const Outcome p =
        cli({QStringLiteral("bench"), QStringLiteral("--suite"), QStringLiteral("paper"),
             QStringLiteral("--predictor"), QStringLiteral("oracle"),
             QStringLiteral("--paper-jobs"), QStringLiteral("60"), QStringLiteral("--paper-seeds"),
             QStringLiteral("1"), QStringLiteral("--json")});
    QVERIFY2(p.exitCode == 0, qPrintable(explain(p)));
    const QJsonArray paper = parseObject(p.out, &problem).value("paper").toArray();
    QSet<QString> paperPolicies;
    for (const QJsonValue& v : paper)
        paperPolicies.insert(v.toObject().value("policy").toString());
    QVERIFY(paperPolicies.contains(QStringLiteral("asrpt-guided")));
    // Two loads x one seed x two placements x every policy.
    QCOMPARE(paper.size(), 4 * int(paperPolicies.size()));
    for (const QJsonValue& v : paper) {
        const QJsonObject row = v.toObject();
        QVERIFY(row.value("total_jct_s").toDouble() > 0);
        QVERIFY(row.value("idle_while_waiting_gpu_s").toDouble() >= 0);
        if (row.value("placement").toString() != QLatin1String("graph"))
            continue;
        if (row.value("policy").toString() == QLatin1String("asrpt"))
            QCOMPARE(row.value("asrpt_reduction").toDouble(), 0.0);
        if (row.value("policy").toString() == QLatin1String("asrpt-guided"))
            QCOMPARE(row.value("guided_total_ratio").toDouble(), 1.0);
    }
    const Outcome sens =
        cli({QStringLiteral("bench"), QStringLiteral("--suite"), QStringLiteral("sensitivity"),
             QStringLiteral("--paper-jobs"), QStringLiteral("30"), QStringLiteral("--paper-seeds"),
             QStringLiteral("1"), QStringLiteral("--json")});
    QVERIFY2(sens.exitCode == 0, qPrintable(explain(sens)));
    const QJsonArray sensitivity = parseObject(sens.out, &problem).value("sensitivity").toArray();
    // Every policy x S = 0, 0.25, 0.5, 1, 2.
    QCOMPARE(sensitivity.size(), 5 * int(paperPolicies.size()));
    for (const QJsonValue& v : sensitivity) {
        const QJsonObject row = v.toObject();
        QVERIFY(row.value("total_jct_s").toDouble() > 0);
        QVERIFY(row.value("p99_jct_s").toDouble() > 0);
        QCOMPARE(row.value("runs").toInt(), 1);
    }

    // The memory suite: the peak of one whole run in a child process.
    const Outcome mem =
        cli({QStringLiteral("bench"), QStringLiteral("--scenario"), small(),
             QStringLiteral("--suite"), QStringLiteral("memory"), QStringLiteral("--json")});
    QVERIFY2(mem.exitCode == 0, qPrintable(explain(mem)));
    const QJsonObject memory = parseObject(mem.out, &problem).value("memory").toObject();
    QVERIFY2(memory.value("peak_rss_mb").toDouble() > 1.0, qPrintable(explain(mem)));
    QCOMPARE(memory.value("target_mb").toInt(), 120);

    // The sweep suite's whole-process rows: threads on 1 and 2 workers, and with gantry-sweep
    // built, mpirun with W + 1 ranks for W workers and the ratio. Under AddressSanitizer the
    // mpirun ranks run without leak detection, as in tests/mpi (Open MPI's unloaded plugins
    // leave allocations LeakSanitizer cannot attribute); memory errors are still checked.
    const QByteArray asan = qgetenv("ASAN_OPTIONS");
    if (!asan.isEmpty())
        qputenv("ASAN_OPTIONS", asan + ":detect_leaks=0");
    const Outcome sw =
        cli({QStringLiteral("bench"), QStringLiteral("--suite"), QStringLiteral("sweep"),
             QStringLiteral("--sweep"),
             QStringLiteral(GANTRY_SOURCE_DIR "/tests/mpi/data/tiny-sweep.json"),
             QStringLiteral("--heavy-sweep"), QStringLiteral("none"), QStringLiteral("--repeat"),
             QStringLiteral("1"), QStringLiteral("--json")});
    if (!asan.isEmpty())
        qputenv("ASAN_OPTIONS", asan);
    QVERIFY2(sw.exitCode == 0, qPrintable(explain(sw)));
    const QJsonObject sweepDoc = parseObject(sw.out, &problem);
    QCOMPARE(sweepDoc.value("sweep_heavy").toArray().size(), 0);
    QMap<QString, int> sides;
    for (const QJsonValue& v : sweepDoc.value("sweep_processes").toArray()) {
        const QJsonObject row = v.toObject();
        const QString side = row.value("side").toString();
        ++sides[side];
        if (side == QLatin1String("ratio"))
            QVERIFY(row.value("mpi_over_threads").toDouble() > 0);
        else
            QVERIFY2(row.value("wall_s").toDouble() > 0, qPrintable(explain(sw)));
        if (side == QLatin1String("mpi"))
            QCOMPARE(row.value("ranks").toInt(), row.value("workers").toInt() + 1);
    }
    QCOMPARE(sides.value(QStringLiteral("threads")), 2);
    QCOMPARE(sides.value(QStringLiteral("mpi")), sides.value(QStringLiteral("ratio")));
#ifdef GANTRY_HAVE_MPI
    QCOMPARE(sides.value(QStringLiteral("mpi")), 2);
#endif
}

// The robustness suite on a small draw (2 clusters, 1 seed, 40 jobs): one row per cell, each
// half's summary is what its rows give (docs/policies.md quotes it), and a scenario written by
// --write-scenarios, into a folder it makes, reproduces its cell under run.
void TestCli::benchRobustness()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString dir = tmp.filePath(QStringLiteral("new/scenarios"));
    const QStringList policies = {"fifo-backfill", "sjf",   "srtf",           "srsf",
                                  "tiresias",      "asrpt", "asrpt-backfill", "asrpt-gittins-eft"};
    const QStringList baselines = policies.mid(0, 7);
    const Outcome o =
        cli({QStringLiteral("bench"), QStringLiteral("--suite"), QStringLiteral("robustness"),
             QStringLiteral("--clusters"), QStringLiteral("2"), QStringLiteral("--paper-seeds"),
             QStringLiteral("1"), QStringLiteral("--paper-jobs"), QStringLiteral("40"),
             QStringLiteral("--policies"), policies.join(QLatin1Char(',')),
             QStringLiteral("--write-scenarios"), dir, QStringLiteral("--json")});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    QString problem;
    const QJsonObject doc = parseObject(o.out, &problem).value("robustness").toObject();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // 2 clusters x 2 mixes x 3 loads x 1 seed x 3 predictors.
    QCOMPARE(doc.value("cells").toInt(), 36);
    const QJsonArray rows = doc.value("rows").toArray();
    QCOMPARE(rows.size(), 36);

    // Each policy's ratios per half, worked out from the rows.
    QMap<QString, std::vector<double>> total, p99, vsTiresias; // "policy half" -> ratios
    for (const QJsonValue& v : rows) {
        const QJsonObject row = v.toObject();
        const QJsonObject t = row.value("total_jct_s").toObject();
        const QJsonObject q = row.value("p99_jct_s").toObject();
        const QString half = row.value("cluster").toInt() % 2 ? QStringLiteral("held-out")
                                                              : QStringLiteral("tuning");
        for (const QString& p : policies) {
            QVERIFY2(t.value(p).toDouble() > 0.0, qPrintable(p));
            double best = std::numeric_limits<double>::infinity();
            for (const QString& b : baselines)
                if (b != p)
                    best = std::min(best, t.value(b).toDouble());
            const QString k = p + QLatin1Char(' ') + half;
            total[k].push_back(t.value(p).toDouble() / best);
            p99[k].push_back(q.value(p).toDouble() / q.value("sjf").toDouble());
            if (row.value("predictor").toString() == QLatin1String("mean"))
                vsTiresias[k].push_back(t.value(p).toDouble() / t.value("tiresias").toDouble());
        }
    }
    const auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        const std::size_t n = v.size();
        return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
    };
    const auto worst = [](const std::vector<double>& v) {
        return *std::max_element(v.begin(), v.end());
    };
    const QJsonArray summary = doc.value("summary").toArray();
    QCOMPARE(summary.size(), 2 * int(policies.size()));
    for (const QJsonValue& v : summary) {
        const QJsonObject s = v.toObject();
        const QString k =
            s.value("policy").toString() + QLatin1Char(' ') + s.value("half").toString();
        QVERIFY2(total.contains(k), qPrintable(k));
        QCOMPARE(s.value("cells").toInt(), 18);
        QCOMPARE(s.value("failed").toInt(), 0);
        QCOMPARE(s.value("total_vs_best_median").toDouble(), median(total[k]));
        QCOMPARE(s.value("total_vs_best_worst").toDouble(), worst(total[k]));
        QCOMPARE(s.value("p99_vs_sjf_median").toDouble(), median(p99[k]));
        QCOMPARE(s.value("p99_vs_sjf_worst").toDouble(), worst(p99[k]));
        QCOMPARE(s.value("mean_vs_tiresias_worst").toDouble(), worst(vsTiresias[k]));
    }

    // One scenario per (cluster, mix, load, seed); the first reproduces its oracle cell.
    QCOMPARE(QDir(dir).entryList({QStringLiteral("cluster-*.json")}, QDir::Files).size(), 12);
    const Outcome r = cli(
        {QStringLiteral("run"), QDir(dir).filePath(QStringLiteral("cluster-0-paper-0.7-s1.json")),
         QStringLiteral("--policy"), QStringLiteral("asrpt-gittins-eft"),
         QStringLiteral("--predictor"), QStringLiteral("oracle"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
    double cell = -1.0;
    for (const QJsonValue& v : rows) {
        const QJsonObject row = v.toObject();
        if (row.value("cluster").toInt() == 0 && row.value("mix").toString() == "paper" &&
            row.value("load").toDouble() == 0.7 && row.value("predictor").toString() == "oracle")
            cell = row.value("total_jct_s").toObject().value("asrpt-gittins-eft").toDouble();
    }
    QCOMPARE(parseObject(r.out, &problem).value("total_jct_s").toDouble(), cell);
}

// The scale suite at 2,000 jobs, run once for every row of the table: each step is there, the
// child steps have a positive wall time and peak memory, a window row is either measured or
// says why not, and a target is marked met only when the figures meet it.
void TestCli::benchScale_data()
{
    QTest::addColumn<QString>("step");
    QTest::addColumn<bool>("child"); // timed as a child process: wall time and peak memory
    QTest::newRow("generate") << "generate" << true;
    QTest::newRow("import") << "import --format helios" << true;
    QTest::newRow("json.load") << "python3 json.load" << true;
    QTest::newRow("run fifo") << "run fifo" << true;
    QTest::newRow("run sjf") << "run sjf" << true;
    QTest::newRow("run default") << "(default)" << true;
    QTest::newRow("open") << "window: open the scenario" << false;
    QTest::newRow("save") << "window: save project, three runs" << false;
    QTest::newRow("reopen") << "window: open that project" << false;
    QTest::newRow("gantt") << "Gantt full zoom-out, drawn anew" << false;
    QTest::newRow("notes") << "teaching notes for the run" << false;
    QTest::newRow("uibench peak") << "gantry-uibench peak memory" << false;
}

void TestCli::benchScale()
{
    QFETCH(QString, step);
    QFETCH(bool, child);
    static const Outcome o =
        cli({QStringLiteral("bench"), QStringLiteral("--suite"), QStringLiteral("scale"),
             QStringLiteral("--jobs"), QStringLiteral("2000"), QStringLiteral("--json")});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    QString problem;
    const QJsonObject scale = parseObject(o.out, &problem).value("scale").toObject();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(scale.value("jobs").toInt(), 2000);
    QCOMPARE(scale.value("repeat").toInt(), 1);
    QVERIFY(scale.value("trace_csv_mb").toDouble() > 0.0);
    QJsonObject row;
    int found = 0;
    for (const QJsonValue& v : scale.value("rows").toArray()) {
        const QJsonObject r = v.toObject();
        const QString name = r.value("step").toString();
        if (name == step || (step.startsWith('(') && name.endsWith(step))) {
            row = r;
            ++found;
        }
    }
    QVERIFY2(found == 1, qPrintable(step + QStringLiteral(" rows: ") + QString::number(found)));
    QVERIFY(!row.value("target").toString().isEmpty());
    const bool notMeasured = row.value("not_measured").toBool(false);
    const QString measured = row.value("measured").toString();
    QCOMPARE(measured.startsWith(QLatin1String("not measured: ")), notMeasured);
    if (notMeasured) {
        // Only python3 and gantry-uibench may be missing, and then nothing is judged.
        QVERIFY2(!child || (step == QLatin1String("python3 json.load") &&
                            QStandardPaths::findExecutable(QStringLiteral("python3")).isEmpty()),
                 qPrintable(measured));
        QVERIFY(!row.contains("met"));
        return;
    }
    const double wall =
        row.contains("wall_ms") ? row.value("wall_ms").toDouble() : row.value("wall_s").toDouble();
    QVERIFY2(wall > 0.0, qPrintable(measured));
    if (child)
        QVERIFY2(row.value("peak_rss_mb").toDouble() > 1.0, qPrintable(measured));
    if (step.startsWith(QLatin1String("window:"))) // how long the window stood still, too
        QVERIFY2(row.value("stall_ms").toDouble() >= 0.0 && row.contains("stall_ms") &&
                     measured.contains(QLatin1String("window still at most")),
                 qPrintable(measured));
    if (step == QLatin1String("generate"))
        QCOMPARE(row.value("jobs").toInt(), 2000);
    if (step.startsWith(QLatin1String("import"))) {
        QCOMPARE(row.value("rows").toInt(), 2000);
        QVERIFY(row.value("jobs").toInt() > 1000);
        QVERIFY(row.value("input_mb").toDouble() > 0.0 && row.value("output_mb").toDouble() > 0.0);
        QCOMPARE(row.value("met").toBool(), row.value("wall_s").toDouble() <= 5.0 &&
                                                row.value("peak_rss_mb").toDouble() <= 1000.0);
    }
    if (step.startsWith(QLatin1String("run")) || step.startsWith('(')) {
        QVERIFY(!row.value("policy").toString().isEmpty());
        // Judged against json.load only when it was measured; over 1 GB fails regardless.
        if (row.contains("ratio_to_json_load"))
            QCOMPARE(row.value("met").toBool(), row.value("ratio_to_json_load").toDouble() <= 0.5 &&
                                                    row.value("peak_rss_mb").toDouble() <= 1000.0);
        else if (row.contains("met"))
            QVERIFY(!row.value("met").toBool());
    }
    if (step.startsWith(QLatin1String("window: open")))
        QCOMPARE(row.value("met").toBool(), wall <= 1.5);
    if (step.startsWith(QLatin1String("Gantt")))
        QCOMPARE(row.value("met").toBool(), wall <= 16.0);
}

void TestCli::mapJson_data()
{
    QTest::addColumn<QString>("placement");
    QTest::addColumn<QString>("free");
    QTest::newRow("graph, all free") << "graph"
                                     << "";
    QTest::newRow("graph, two GPUs free per server") << "graph"
                                                     << "small=2,big=1,h=2";
    QTest::newRow("consolidate") << "consolidate"
                                 << "";
}

// gantry-cli map: the chosen mapping and its iteration-time split, beside consolidate's.
void TestCli::mapJson()
{
    QFETCH(QString, placement);
    QFETCH(QString, free);
    QStringList args{QStringLiteral("map"),         data(QStringLiteral("valid/graph_jobs.json")),
                     QStringLiteral("--job"),       QStringLiteral("ring4"),
                     QStringLiteral("--placement"), placement,
                     QStringLiteral("--json")};
    if (!free.isEmpty())
        args << QStringLiteral("--free") << free;
    const Outcome o = cli(args);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    const QJsonObject obj = QJsonDocument::fromJson(o.out).object();
    for (const QJsonObject& r : {obj, obj.value("consolidate").toObject()}) {
        for (const char* key :
             {"iteration_s", "compute_s", "intra_comm_s", "inter_comm_s", "cross_server_bytes"})
            QVERIFY2(r.value(QLatin1String(key)).isDouble(), key);
        QVERIFY(qAbs(r.value("iteration_s").toDouble() - r.value("compute_s").toDouble() -
                     r.value("intra_comm_s").toDouble() - r.value("inter_comm_s").toDouble()) <
                1e-9);
        const QJsonArray m = r.value("mapping").toArray();
        QCOMPARE(m.size(), 4);
        QSet<QString> used;
        for (const QJsonValue& w : m) {
            const QJsonObject wo = w.toObject();
            QVERIFY(wo.contains("worker") && wo.contains("server") && wo.contains("gpu"));
            used.insert(wo.value("server").toString() + QLatin1Char('/') +
                        QString::number(wo.value("gpu").toInt()));
        }
        QCOMPARE(used.size(), 4); // distinct GPUs
    }
    QVERIFY(obj.value("cross_server_bytes").toDouble() <=
            obj.value("consolidate").toObject().value("cross_server_bytes").toDouble() + 1e-6);
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
