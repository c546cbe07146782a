// gantry-cli import against the real binary: every format writes a valid scenario and prints
// its kept/dropped summary to stderr; options reach the importer; bad input exits 2 with a clear
// message and writes nothing.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Outcome
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    bool finished = false;
};

Outcome cli(const QStringList& args)
{
    QProcess p;
    p.setProgram(QStringLiteral(GANTRY_CLI_PATH));
    p.setArguments(args);
    p.start();
    Outcome o;
    if (!p.waitForStarted(30000))
        return o;
    p.closeWriteChannel();
    o.finished = p.waitForFinished(300000) && p.exitStatus() == QProcess::NormalExit;
    o.exitCode = p.exitCode();
    o.out = p.readAllStandardOutput();
    o.err = p.readAllStandardError();
    return o;
}

QString data(const QString& rel)
{
    return QStringLiteral(GANTRY_TEST_DATA "/") + rel;
}

QString cluster()
{
    return data(QStringLiteral("valid/duration_jobs.json")); // 8 GPUs
}

QString explain(const Outcome& o)
{
    return QStringLiteral("exit %1\nstdout: %2\nstderr: %3")
        .arg(o.exitCode)
        .arg(QString::fromUtf8(o.out), QString::fromUtf8(o.err));
}

} // namespace

class TestImportCli : public QObject
{
    Q_OBJECT

private slots:
    void imports_data();
    void imports();
    void invalid_data();
    void invalid();
    void usageListsFormats();
};

void TestImportCli::imports_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("jobs");
    QTest::addColumn<QStringList>("stderrHas");
    const QString c = cluster();
    QTest::newRow("helios") << QStringList{"--format", "helios",
                                           data("import/helios/cluster_log.csv"), "--cluster", c}
                            << 10
                            << QStringList{"read 22 rows, kept 10 jobs, dropped 12",
                                           "dropped 2 with zero GPUs",
                                           "dropped 2 larger than the cluster (8 GPUs)",
                                           "cluster_log.csv: line 15: gpu_num \"abc\"",
                                           "wrote 10 jobs to"};
    QTest::newRow("helios --vc --min-gpus --max-gpus")
        << QStringList{"--format",
                       "helios",
                       data("import/helios/cluster_log.csv"),
                       "--cluster",
                       c,
                       "--vc",
                       "vcJkd",
                       "--min-gpus",
                       "2",
                       "--max-gpus",
                       "4"}
        << 2 << QStringList{"kept 2 jobs", "in another virtual cluster"};
    QTest::newRow("helios --since --until --limit")
        << QStringList{"--format=helios", data("import/helios/cluster_log.csv"),
                       "--cluster",       c,
                       "--since",         "600",
                       "--until",         "19200",
                       "--limit",         "2"}
        << 2 << QStringList{"kept 2 jobs", "dropped 1 beyond the job limit"};
    QTest::newRow("acme kalos") << QStringList{"--format", "acme",
                                               data("import/acme/trace_kalos.csv"), "--cluster", c}
                                << 3
                                << QStringList{"kept 3 jobs",
                                               "failed or cancelled before starting"};
    QTest::newRow("alibaba2023 with --nodes")
        << QStringList{"--format", "alibaba2023",
                       data("import/alibaba2023/openb_pod_list_default.csv"), "--nodes",
                       data("import/alibaba2023/openb_node_list_all_node.csv")}
        << 6 << QStringList{"kept 6 jobs", "note: 2 kept pods ask for a fraction of one GPU"};
    QTest::newRow("gavel") << QStringList{"--format", "gavel",
                                          data("import/gavel/physical_cluster.trace"), "--cluster",
                                          c}
                           << 8 << QStringList{"kept 8 jobs", "line 11: job_type \"VGG-16"};
    QTest::newRow("philly") << QStringList{"--format", "philly", data("philly/basic.csv"),
                                           "--cluster", c}
                            << 5 << QStringList{"dropped 1 larger than the cluster (8 GPUs)"};
    QTest::newRow("truncated file")
        << QStringList{"--format", "helios", data("import/helios/truncated_quote.csv"), "--cluster",
                       c}
        << 2 << QStringList{"line 4: a quoted field is not closed"};
}

void TestImportCli::imports()
{
    QFETCH(QStringList, args);
    QFETCH(int, jobs);
    QFETCH(QStringList, stderrHas);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString out = tmp.filePath(QStringLiteral("out.json"));
    const Outcome o =
        cli(QStringList{QStringLiteral("import")} + args + QStringList{QStringLiteral("-o"), out});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    QVERIFY2(o.out.isEmpty(), qPrintable(explain(o)));
    for (const QString& s : stderrHas)
        QVERIFY2(QString::fromUtf8(o.err).contains(s),
                 qPrintable(s + QLatin1Char('\n') + explain(o)));
    // The scenario written is valid and holds the kept jobs.
    const Outcome v = cli({QStringLiteral("validate"), out});
    QVERIFY2(v.exitCode == 0, qPrintable(explain(v)));
    QVERIFY2(v.out.contains(QByteArray::number(jobs) + " jobs"), qPrintable(explain(v)));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(f.readAll()).object().value("jobs").toArray().size(), jobs);
}

void TestImportCli::invalid_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString c = cluster();
    const QString h = data("import/helios/cluster_log.csv");
    const QString pods = data("import/alibaba2023/openb_pod_list_default.csv");
    const QString nodes = data("import/alibaba2023/openb_node_list_all_node.csv");
    QTest::newRow("no --format") << QStringList{h, "--cluster", c} << "import needs --format F";
    QTest::newRow("unknown format") << QStringList{"--format", "slurm", h, "--cluster", c}
                                    << "unknown import format \"slurm\" (available: philly, "
                                       "helios, acme, alibaba2023, gavel)";
    QTest::newRow("no input") << QStringList{"--format", "helios", "--cluster", c}
                              << "exactly one INPUT";
    QTest::newRow("missing input")
        << QStringList{"--format", "helios", data("import/none.csv"), "--cluster", c}
        << "none.csv: cannot open";
    QTest::newRow("no --cluster") << QStringList{"--format", "acme", h}
                                  << "import --format acme needs --cluster FILE";
    QTest::newRow("alibaba without --nodes or --cluster")
        << QStringList{"--format", "alibaba2023", pods}
        << "import --format alibaba2023 needs --nodes NODES.csv (or --cluster FILE)";
    QTest::newRow("alibaba with both")
        << QStringList{"--format", "alibaba2023", pods, "--nodes", nodes, "--cluster", c}
        << "takes --nodes or --cluster, not both";
    QTest::newRow("--nodes on helios")
        << QStringList{"--format", "helios", h, "--cluster", c, "--nodes", nodes}
        << "--nodes: the helios format takes no node list";
    QTest::newRow("bad --limit") << QStringList{"--format", "helios",  h,    "--cluster",
                                                c,          "--limit", "ten"}
                                 << "--limit: must be a non-negative integer";
    QTest::newRow("negative --min-gpus")
        << QStringList{"--format", "helios", h, "--cluster", c, "--min-gpus", "-1"}
        << "--min-gpus: must be a non-negative integer";
    QTest::newRow("bad --since") << QStringList{"--format", "helios",  h,          "--cluster",
                                                c,          "--since", "yesterday"}
                                 << "--since: must be a number of seconds >= 0";
    QTest::newRow("--until before --since")
        << QStringList{"--format", "helios", h, "--cluster", c, "--since", "10", "--until", "5"}
        << "--until must be later than --since";
    QTest::newRow("--min-gpus above --max-gpus")
        << QStringList{"--format", "helios",     h,  "--cluster", c, "--min-gpus",
                       "8",        "--max-gpus", "2"}
        << "--min-gpus must not exceed --max-gpus";
    QTest::newRow("--vc on acme")
        << QStringList{"--format", "acme", data("import/acme/trace_seren.csv"), "--cluster", c,
                       "--vc",     "x"}
        << "--vc: the acme format has no virtual clusters";
    QTest::newRow("header of another format")
        << QStringList{"--format", "alibaba2023", h, "--cluster", c}
        << "cluster_log.csv: line 1: header lacks the columns name, num_gpu";
    QTest::newRow("empty file") << QStringList{"--format", "helios",
                                               data("import/helios/empty.csv"), "--cluster", c}
                                << "empty.csv: line 1: empty file";
    QTest::newRow("garbage: nothing to write")
        << QStringList{"--format", "helios", data("import/helios/garbage.csv"), "--cluster", c}
        << "no job left to import, nothing written";
    QTest::newRow("strict: first malformed row")
        << QStringList{"--format", "helios", h, "--cluster", c, "--strict"}
        << "cluster_log.csv: line 15: gpu_num \"abc\" is not a whole number >= 0";
    QTest::newRow("bad node list") << QStringList{"--format", "alibaba2023", pods, "--nodes",
                                                  data("import/alibaba2023/nodes_bad.csv")}
                                   << "nodes_bad.csv: line 5: gpu \"eight\"";
    QTest::newRow("malformed cluster file")
        << QStringList{"--format", "helios", h, "--cluster", data("malformed/unknown_rack.json")}
        << "cluster.servers[0].rack";
    QTest::newRow("unknown option")
        << QStringList{"--format", "helios", h, "--cluster", c, "--window", "5"}
        << "unknown option --window";
}

void TestImportCli::invalid()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString out = tmp.filePath(QStringLiteral("never.json"));
    const Outcome o =
        cli(QStringList{QStringLiteral("import")} + args + QStringList{QStringLiteral("-o"), out});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 2, qPrintable(explain(o)));
    QVERIFY2(o.out.isEmpty(), qPrintable(explain(o)));
    QVERIFY2(QString::fromUtf8(o.err).contains(message), qPrintable(explain(o)));
    QVERIFY(!QFile::exists(out));
}

void TestImportCli::usageListsFormats()
{
    const Outcome o = cli({QStringLiteral("--help")});
    QVERIFY(o.finished);
    QCOMPARE(o.exitCode, 0);
    QVERIFY2(o.out.contains("gantry-cli import --format philly|helios|acme|alibaba2023|gavel"),
             qPrintable(explain(o)));
    QVERIFY2(o.out.contains("[--nodes NODES.csv]"), qPrintable(explain(o)));
    QVERIFY2(o.out.contains("gantry-cli bench"), qPrintable(explain(o)));
}

QTEST_GUILESS_MAIN(TestImportCli)
#include "tst_importcli.moc"
