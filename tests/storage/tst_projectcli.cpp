// gantry-cli and project files: run/compare --project record runs and history, --history trains
// the predictor, `project` lists a project, and every invalid project exits 2 untouched.
#include "storage/projectschema.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct CliRun
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

CliRun cli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(GANTRY_CLI_PATH), args);
    CliRun r;
    if (!p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString sample(const char* name)
{
    return QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + QLatin1String(name);
}

QJsonObject listing(const QString& project)
{
    const CliRun r = cli({"project", project, "--json"});
    if (r.exitCode != 0)
        qWarning("%s", r.err.constData());
    return QJsonDocument::fromJson(r.out).object();
}

QByteArray checksum(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly)
               ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex()
               : QByteArray("<missing>");
}

} // namespace

class TstProjectCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void recordsRunsAndHistory();
    void historyTrainsThePredictor();
    void listsAndAdds();
    void invalidProjectExits2_data();
    void invalidProjectExits2();
    void sweepStoresItsPoints();
    void sweepProjectProblemsExit2_data();
    void sweepProjectProblemsExit2();
};

namespace {

// A small sweep over the sample's base (4 points, one infeasible) written into dir.
QString smallSweep(const QTemporaryDir& dir)
{
    const QString path = dir.filePath("small-sweep.json");
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    const QJsonObject sweep{
        {"format", "gantry-sweep"},
        {"version", 1},
        {"name", "small"},
        {"base", sample("two-racks.json")},
        {"axes", QJsonObject{{"servers.h100.count", QJsonArray{0, 1}},
                             {"servers.a100.count", QJsonArray{0, 4}}}},
        {"run", QJsonObject{{"placement", "graph"}, {"predictor", "oracle"}}},
        {"target", QJsonObject{{"metric", "p99_queue_delay_s"}, {"max", 3600}}}};
    f.write(QJsonDocument(sweep).toJson());
    return path;
}

} // namespace

void TstProjectCli::recordsRunsAndHistory()
{
    QTemporaryDir dir;
    const QString project = dir.filePath("p.gantry");
    CliRun r =
        cli({"run", sample("teaching.json"), "--policy", "fifo", "--project", project, "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(QJsonDocument::fromJson(r.out).isObject()); // stdout stays one JSON object
    r = cli({"compare", sample("teaching.json"), "--policies", "sjf,asrpt", "--project", project});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = cli({"run", sample("two-racks.json"), "--project", project});
    QVERIFY2(r.exitCode == 0, r.err.constData());

    const QJsonObject o = listing(project);
    QCOMPARE(o.value("schema").toInt(), gantry::storage::ProjectSchema::CurrentVersion);
    const QJsonArray scenarios = o.value("scenarios").toArray();
    QCOMPARE(scenarios.size(), 2); // teaching once, however often it ran
    QCOMPARE(scenarios[0].toObject().value("name").toString(), QStringLiteral("teaching"));
    const QJsonArray runs = o.value("runs").toArray();
    QCOMPARE(runs.size(), 4);
    QStringList policies;
    for (const QJsonValue& v : runs)
        policies << v.toObject().value("policy").toString();
    QCOMPARE(policies,
             QStringList({"fifo", "sjf", "asrpt", "asrpt-gittins-move"})); // the last: the default
    const QJsonObject first = runs[0].toObject();
    QCOMPARE(first.value("jobs").toInt(), 8);
    QCOMPARE(first.value("seed").toString(), QStringLiteral("0"));
    QCOMPARE(first.value("version").toString(), QStringLiteral(GANTRY_VERSION));
    QVERIFY(first.value("summary").toObject().value("avg_jct_s").toDouble() > 0);
    QCOMPARE(runs[3].toObject().value("scenario").toString(), QStringLiteral("two-racks"));
    QCOMPARE(o.value("history_jobs").toInt(), 8 + 30);

    r = cli({"project", project});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("runs (4)"));
    QVERIFY(r.out.contains("history: 38 jobs"));
}

void TstProjectCli::historyTrainsThePredictor()
{
    QTemporaryDir dir;
    const QString project = dir.filePath("h.gantry");
    QCOMPARE(cli({"run", sample("teaching.json"), "--project", project}).exitCode, 0);
    // teaching's eight durations: the mean predictor then predicts their mean for every job.
    const QString out = dir.filePath("out");
    CliRun r = cli({"run", sample("two-racks.json"), "--predictor", "mean", "--history", project,
                    "--out", out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile csv(out + "/jobs.csv");
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> header = csv.readLine().trimmed().split(',');
    const int col = int(header.indexOf("predicted_iterations"));
    QVERIFY(col >= 0);
    const double first = csv.readLine().trimmed().split(',')[col].toDouble();

    QFile teaching(sample("teaching.json"));
    QVERIFY(teaching.open(QIODevice::ReadOnly));
    double mean = 0;
    const QJsonArray jobs = QJsonDocument::fromJson(teaching.readAll()).object()["jobs"].toArray();
    for (const QJsonValue& j : jobs)
        mean += j.toObject()["duration_s"].toDouble() / jobs.size();
    QVERIFY2(qAbs(first - mean) < 1e-3,
             qPrintable(QStringLiteral("%1 vs %2").arg(first).arg(mean)));
    // --history only reads: the project is unchanged.
    QCOMPARE(listing(project).value("runs").toArray().size(), 1);
}

void TstProjectCli::listsAndAdds()
{
    QTemporaryDir dir;
    const QString project = dir.filePath("new.gantry");
    CliRun r = cli({"project", project});
    QCOMPARE(r.exitCode, 2); // listing never creates
    QVERIFY(!QFile::exists(project));
    r = cli({"project", project, "--add", sample("teaching.json") + "," + sample("models.json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.contains("scenarios (2)"));
    r = cli({"project", project, "--add", sample("teaching.json")});
    QVERIFY(r.out.contains("scenarios (2)")); // an identical scenario is kept once
    r = cli({"project", project, "--add", dir.filePath("missing.json")});
    QCOMPARE(r.exitCode, 2);
}

void TstProjectCli::invalidProjectExits2_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("command");
    const QByteArray garbage = "definitely not a database, just some text\n";
    QFile plain(QStringLiteral(GANTRY_TEST_DATA "/projects/v1.gantry"));
    QVERIFY(plain.open(QIODevice::ReadOnly));
    const QByteArray truncated = plain.readAll().left(3000);
    for (const char* cmd : {"run --project", "compare --project", "run --history", "project"}) {
        QTest::newRow(qPrintable(QStringLiteral("garbage, %1").arg(cmd))) << garbage << cmd;
        QTest::newRow(qPrintable(QStringLiteral("truncated, %1").arg(cmd))) << truncated << cmd;
        QTest::newRow(qPrintable(QStringLiteral("empty, %1").arg(cmd))) << QByteArray() << cmd;
    }
}

void TstProjectCli::invalidProjectExits2()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, command);
    QTemporaryDir dir;
    const QString project = dir.filePath("bad.gantry");
    QFile f(project);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
    f.close();
    const QByteArray before = checksum(project);
    QStringList args;
    if (command == "project")
        args = {"project", project};
    else if (command.startsWith("compare"))
        args = {"compare", sample("teaching.json"), "--policies", "fifo,sjf", "--project", project};
    else
        args = {"run", sample("teaching.json"), command.section(' ', 1), project};
    const CliRun r = cli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("bad.gantry"), r.err.constData());
    QVERIFY(r.out.isEmpty()); // failed before any run printed
    QCOMPARE(checksum(project), before);
}

void TstProjectCli::sweepStoresItsPoints()
{
    QTemporaryDir dir;
    const QString project = dir.filePath("p.gantry");
    const QString sweep = smallSweep(dir);
    CliRun r = cli({"sweep", sweep, "--threads", "2", "--project", project, "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject result = QJsonDocument::fromJson(r.out).object(); // stdout: sweep.json only
    QCOMPARE(result.value("points").toArray().size(), 4);
    QVERIFY(r.err.contains("stored the sweep"));
    QJsonObject o = listing(project);
    QCOMPARE(o.value("schema").toInt(), gantry::storage::ProjectSchema::CurrentVersion);
    QJsonArray sweeps = o.value("sweeps").toArray();
    QCOMPARE(sweeps.size(), 1);
    QCOMPARE(sweeps[0].toObject().value("name").toString(), QStringLiteral("small"));
    QCOMPARE(sweeps[0].toObject().value("points").toInt(), 4);
    QCOMPARE(sweeps[0].toObject().value("sweep_sha256").toString(),
             result.value("sweep_sha256").toString());
    QCOMPARE(sweeps[0].toObject().value("scenario").toString(), QStringLiteral("two-racks"));
    QCOMPARE(o.value("scenarios").toArray().size(), 1); // the base scenario
    // The same sweep again replaces it; the listing's text names it.
    r = cli({"sweep", sweep, "--project", project});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    o = listing(project);
    QCOMPARE(o.value("sweeps").toArray().size(), 1);
    QCOMPARE(o.value("sweeps").toArray()[0].toObject().value("id").toInt(), 1);
    r = cli({"project", project});
    QVERIFY(r.out.contains("sweeps (1):"));
    QVERIFY(r.out.contains("#1 small on two-racks: 4 points"));
}

void TstProjectCli::sweepProjectProblemsExit2_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("not a project") << "garbage"
                                   << "not a Gantry project";
    QTest::newRow("empty file") << "empty"
                                << "empty";
    QTest::newRow("read-only project") << "read-only"
                                       << "read-only";
    QTest::newRow("missing folder") << "no-folder"
                                    << "does not exist";
    QTest::newRow("a folder") << "folder"
                              << "not a file";
}

void TstProjectCli::sweepProjectProblemsExit2()
{
    QFETCH(QString, kind);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    const QString sweep = smallSweep(dir);
    QString project = dir.filePath("bad.gantry");
    if (kind == "garbage" || kind == "empty") {
        QFile f(project);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kind == "garbage" ? "not a database\n" : "");
    } else if (kind == "read-only") {
        QCOMPARE(cli({"project", project, "--add", sample("teaching.json")}).exitCode, 0);
        QVERIFY(QFile::setPermissions(project, QFile::ReadOwner | QFile::ReadGroup));
    } else if (kind == "no-folder") {
        project = dir.filePath("missing/bad.gantry");
    } else if (kind == "folder") {
        QVERIFY(QDir().mkpath(project));
    }
    const QByteArray before = checksum(project);
    const CliRun r = cli({"sweep", sweep, "--project", project, "--json"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(project.toUtf8()), r.err.constData());
    QVERIFY2(r.err.contains(mentions.toUtf8()), r.err.constData());
    QVERIFY(r.out.isEmpty()); // refused before the sweep ran
    QCOMPARE(checksum(project), before);
}

QTEST_GUILESS_MAIN(TstProjectCli)
#include "tst_projectcli.moc"
