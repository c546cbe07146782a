// The trace importers through TraceImporterRegistry, over the fixtures in tests/data/import/:
// rows kept and dropped per reason, malformed rows with their line numbers, the ImportOptions
// filters, job features, GPU counts, arrivals and durations, Alibaba's own cluster, truncated and
// garbled files, strict mode, and that every imported scenario is valid scenario input.
#include "importfixtures.h"
#include "io/gpucatalogue.h"
#include "io/import/alibaba2023importer.h"
#include "io/import/gavelimporter.h"
#include "io/import/traceimporterregistry.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"

#include <QTest>

using namespace gantry;

namespace {

QString data(const QString& rel)
{
    return QStringLiteral(GANTRY_TEST_DATA "/import/") + rel;
}

using importtest::sixteenGpus;

// "key=value,..." options: limit, since, until, vc, min, max, strict, nodes (a path under
// tests/data/import), nocluster.
struct Setup
{
    ImportOptions options;
    QMap<QString, QString> extras;
    std::optional<Cluster> cluster = sixteenGpus();
};

Setup setup(const QString& spec)
{
    Setup s;
    for (const QString& kv : spec.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString k = kv.section(QLatin1Char('='), 0, 0);
        const QString v = kv.section(QLatin1Char('='), 1);
        if (k == QLatin1String("limit"))
            s.options.limit = v.toInt();
        else if (k == QLatin1String("since"))
            s.options.sinceS = v.toDouble();
        else if (k == QLatin1String("until"))
            s.options.untilS = v.toDouble();
        else if (k == QLatin1String("vc"))
            s.options.vc = v;
        else if (k == QLatin1String("min"))
            s.options.minGpus = v.toInt();
        else if (k == QLatin1String("max"))
            s.options.maxGpus = v.toInt();
        else if (k == QLatin1String("strict"))
            s.options.strict = true;
        else if (k == QLatin1String("nodes"))
            s.extras.insert(QStringLiteral("nodes"), data(v));
        else if (k == QLatin1String("nocluster"))
            s.cluster.reset();
        else
            qFatal("bad setup key %s", qPrintable(k));
    }
    return s;
}

Result<ImportedTrace> importWith(const QString& format, const QString& file, const QString& spec)
{
    const Setup s = setup(spec);
    return TraceImporterRegistry::import(format, data(file), s.cluster, s.options, s.extras);
}

// The report's drops as "key=n,..." in DropReason order, malformed excluded.
QString drops(const ImportReport& r)
{
    QStringList out;
    for (int i = 0; i < kDropReasons; ++i)
        if (DropReason(i) != DropReason::Malformed && r.drops[std::size_t(i)] > 0)
            out << QStringLiteral("%1=%2")
                       .arg(ImportReport::reasonKey(DropReason(i)))
                       .arg(r.drops[std::size_t(i)]);
    return out.join(QLatin1Char(','));
}

QString malformedLines(const ImportReport& r)
{
    QStringList out;
    for (const auto& m : r.malformed)
        out << QString::number(m.line);
    return out.join(QLatin1Char(','));
}

// Mean speed of the fixture node list: 8 G3 (unknown: 1.0), 16 V100, 8 V100M16 (V100 speed),
// 4 T4, 2 P100 (unknown: 1.0).
double alibabaMeanSpeed()
{
    const double v100 = GpuCatalogue::find(QStringLiteral("V100"))->speed;
    const double t4 = GpuCatalogue::find(QStringLiteral("T4"))->speed;
    return (8 * 1.0 + 16 * v100 + 8 * v100 + 4 * t4 + 2 * 1.0) / 38.0;
}

const Job* jobById(const Scenario& s, const QString& id)
{
    for (const Job& j : s.jobs)
        if (j.id == id)
            return &j;
    return nullptr;
}

} // namespace

class TestTraceImporters : public QObject
{
    Q_OBJECT

private slots:
    void counts_data();
    void counts();
    void jobs_data();
    void jobs();
    void arrivalsInOrder_data();
    void arrivalsInOrder();
    void alibabaCluster();
    void alibabaGpuTypes_data();
    void alibabaGpuTypes();
    void gavelJobTypes_data();
    void gavelJobTypes();
    void reportSummary();
    void reportHeadline_data();
    void reportHeadline();
    void strict_data();
    void strict();
    void errors_data();
    void errors();
};

void TestTraceImporters::counts_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("read");
    QTest::addColumn<int>("kept");
    QTest::addColumn<QString>("drops");
    QTest::addColumn<QString>("malformed");

    const QString helios = QStringLiteral("helios/cluster_log.csv");
    const QString heliosDrops =
        QStringLiteral("zero_gpus=2,not_started=1,no_end_time=1,no_duration=1,"
                       "larger_than_cluster=1");
    const QString heliosBad = QStringLiteral("15,16,19,22,23");
    QTest::newRow("helios") << "helios" << helios << "" << 22 << 11 << heliosDrops << heliosBad;
    QTest::newRow("helios crlf") << "helios"
                                 << "helios/cluster_log_crlf.csv"
                                 << "" << 22 << 11 << heliosDrops << heliosBad;
    QTest::newRow("helios --vc vcJkd")
        << "helios" << helios << "vc=vcJkd" << 22 << 5
        << "zero_gpus=2,not_started=1,no_end_time=1,no_duration=1,other_vc=6,"
           "larger_than_cluster=1"
        << heliosBad;
    QTest::newRow("helios --min-gpus 2")
        << "helios" << helios << "min=2" << 22 << 7
        << "zero_gpus=2,not_started=1,no_end_time=1,no_duration=1,fewer_gpus=4,"
           "larger_than_cluster=1"
        << heliosBad;
    QTest::newRow("helios --max-gpus 4")
        << "helios" << helios << "max=4" << 22 << 9
        << "zero_gpus=2,not_started=1,no_end_time=1,no_duration=1,more_gpus=3" << heliosBad;
    QTest::newRow("helios window [600, 19200)")
        << "helios" << helios << "since=600,until=19200" << 22 << 4
        << "zero_gpus=2,not_started=1,no_end_time=1,no_duration=1,before_since=5,after_until=3"
        << heliosBad;
    QTest::newRow("helios --limit 3")
        << "helios" << helios << "limit=3" << 22 << 3 << heliosDrops + ",over_limit=8" << heliosBad;
    QTest::newRow("helios truncated mid-row") << "helios"
                                              << "helios/truncated.csv"
                                              << "" << 4 << 3 << ""
                                              << "5";
    QTest::newRow("helios truncated in a quote") << "helios"
                                                 << "helios/truncated_quote.csv"
                                                 << "" << 3 << 2 << ""
                                                 << "4";

    QTest::newRow("acme seren")
        << "acme"
        << "acme/trace_seren.csv"
        << "" << 13 << 6
        << "zero_gpus=1,not_started=1,no_end_time=1,no_duration=1,larger_than_cluster=1"
        << "10,12";
    QTest::newRow("acme seren --until 2100 (from the dropped first row)")
        << "acme"
        << "acme/trace_seren.csv"
        << "until=2100" << 13 << 3
        << "zero_gpus=1,not_started=1,no_end_time=1,no_duration=1,after_until=3,"
           "larger_than_cluster=1"
        << "10,12";
    QTest::newRow("acme kalos") << "acme"
                                << "acme/trace_kalos.csv"
                                << "" << 6 << 4 << "not_started=1,no_end_time=1"
                                << "";
    QTest::newRow("acme truncated") << "acme"
                                    << "acme/trace_seren_truncated.csv"
                                    << "" << 3 << 2 << ""
                                    << "4";

    const QString pods = QStringLiteral("alibaba2023/openb_pod_list_default.csv");
    const QString nodes =
        QStringLiteral("nodes=alibaba2023/openb_node_list_all_node.csv,nocluster");
    QTest::newRow("alibaba2023 with nodes")
        << "alibaba2023" << pods << nodes << 15 << 6
        << "zero_gpus=1,not_started=2,no_end_time=1,no_duration=1,larger_than_cluster=1"
        << "11,12,15";
    QTest::newRow("alibaba2023 on a given cluster")
        << "alibaba2023" << pods << "" << 15 << 6
        << "zero_gpus=1,not_started=2,no_end_time=1,no_duration=1,larger_than_cluster=1"
        << "11,12,15";
    QTest::newRow("alibaba2023 --max-gpus 1")
        << "alibaba2023" << pods << nodes + ",max=1" << 15 << 3
        << "zero_gpus=1,not_started=2,no_end_time=1,no_duration=1,more_gpus=4"
        << "11,12,15";
    QTest::newRow("alibaba2023 truncated")
        << "alibaba2023"
        << "alibaba2023/pods_truncated.csv" << nodes << 3 << 2 << ""
        << "4";

    QTest::newRow("gavel") << "gavel"
                           << "gavel/physical_cluster.trace"
                           << "" << 14 << 8 << "zero_gpus=1,no_duration=1,larger_than_cluster=1"
                           << "11,12,13";
    QTest::newRow("gavel --since 150 --limit 2")
        << "gavel"
        << "gavel/physical_cluster.trace"
        << "since=150,limit=2" << 14 << 2
        << "zero_gpus=1,no_duration=1,before_since=3,larger_than_cluster=1,over_limit=3"
        << "11,12,13";
    QTest::newRow("gavel truncated") << "gavel"
                                     << "gavel/truncated.trace"
                                     << "" << 3 << 2 << ""
                                     << "3";
    // A line in the other format than the first's is malformed.
    QTest::newRow("gavel mixing its two formats") << "gavel"
                                                  << "gavel/mixed_formats.trace"
                                                  << "" << 4 << 3 << ""
                                                  << "3";
    // Lines of nothing but blanks and tabs, among the rows and at the end, are no rows.
    QTest::newRow("gavel blank lines") << "gavel"
                                       << "gavel/blank_lines.trace"
                                       << "" << 4 << 4 << ""
                                       << "";
    QTest::newRow("gavel blank lines, strict") << "gavel"
                                               << "gavel/blank_lines.trace"
                                               << "strict" << 4 << 4 << ""
                                               << "";
    // Gavel's earlier format: 7 fields, total_steps before arrival_time and scale_factor.
    QTest::newRow("gavel earlier format") << "gavel"
                                          << "gavel/earlier_format.trace"
                                          << "" << 6 << 4 << "zero_gpus=1"
                                          << "4";

    // Philly goes through the same pipeline; its own fixtures, lenient here.
    QTest::newRow("philly lenient") << "philly"
                                    << "../philly/fractional_gpus.csv"
                                    << "" << 3 << 2 << ""
                                    << "5";
    QTest::newRow("philly --vc vc-a") << "philly"
                                      << "../philly/basic.csv"
                                      << "vc=vc-a" << 7 << 3 << "no_duration=1,other_vc=3"
                                      << "";

    QTest::newRow("garbage") << "helios"
                             << "helios/garbage.csv"
                             << "" << -1 << 0 << ""
                             << "*";
}

void TestTraceImporters::counts()
{
    QFETCH(QString, format);
    QFETCH(QString, file);
    QFETCH(QString, spec);
    QFETCH(int, read);
    QFETCH(int, kept);
    QFETCH(QString, drops);
    QFETCH(QString, malformed);
    const auto r = importWith(format, file, spec);
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message));
    const ImportReport& rep = r.value().report;
    const QString summary = rep.summaryLines().join(QLatin1Char('\n'));
    if (read >= 0)
        QCOMPARE(rep.rowsRead, read);
    QCOMPARE(rep.kept, kept);
    QCOMPARE(int(r.value().scenario.jobs.size()), kept);
    QCOMPARE(::drops(rep), drops);
    if (malformed == QLatin1String("*")) {
        QVERIFY2(rep.dropped(DropReason::Malformed) >= 1, qPrintable(summary));
        QCOMPARE(rep.dropped(DropReason::Malformed), rep.rowsRead);
    } else {
        QCOMPARE(malformedLines(rep), malformed);
        QCOMPARE(rep.dropped(DropReason::Malformed), int(rep.malformed.size()));
    }
    // Every row is accounted for exactly once.
    QCOMPARE(rep.kept + rep.droppedTotal(), rep.rowsRead);
    // Every import is valid scenario input, and reads back unchanged.
    const Scenario& s = r.value().scenario;
    if (!s.jobs.empty()) {
        const auto back =
            ScenarioReader::readJson(ScenarioWriter::toJson(s), QStringLiteral("imported.json"));
        QVERIFY2(back.ok(), qPrintable(back.ok() ? QString() : back.error().message));
        QVERIFY(back.value().jobs == s.jobs);
        QCOMPARE(s.jobs.front().arrivalS, 0.0);
    }
}

void TestTraceImporters::jobs_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("arrival");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<double>("seconds"); // duration_s, or iterations of a model job
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("features"); // key=value;... (all of them)

    const QString h = QStringLiteral("helios/cluster_log.csv");
    QTest::newRow("helios first (out of file order)") << "helios" << h << ""
                                                      << "1425519" << 0.0 << 8 << 3600.0 << "uzqls"
                                                      << "cpus=32;nodes=1;vc=vcpDC";
    QTest::newRow("helios failed after running") << "helios" << h << ""
                                                 << "1425512" << 87.0 << 4 << 249.0 << "uVMrF"
                                                 << "cpus=16;nodes=1;vc=vchbv";
    QTest::newRow("helios quoted times") << "helios" << h << ""
                                         << "1425520" << 600.0 << 2 << 7200.0 << "uzqls"
                                         << "cpus=8;nodes=1;vc=vcpDC";
    QTest::newRow("helios quoted user with comma and quote")
        << "helios" << h << ""
        << "1425521" << 900.0 << 1 << 60.0 << "u,co\"mma"
        << "cpus=2;nodes=1;vc=vcJkd";
    QTest::newRow("helios as large as the cluster")
        << "helios" << h << ""
        << "1425522" << 1200.0 << 16 << 3600.0 << "uXBbc"
        << "cpus=128;nodes=2;vc=vcJkd";
    QTest::newRow("helios duration from end - start")
        << "helios" << h << ""
        << "1425526" << 2400.0 << 4 << 600.0 << "uVMrF"
        << "cpus=16;nodes=1;vc=vchbv";
    QTest::newRow("helios next day") << "helios" << h << ""
                                     << "1425532" << 105600.0 << 2 << 1000.0 << "uXBbc"
                                     << "cpus=8;nodes=1;vc=vcJkd";
    QTest::newRow("helios window shifts arrivals") << "helios" << h << "since=600,until=19200"
                                                   << "1425526" << 1800.0 << 4 << 600.0 << "uVMrF"
                                                   << "cpus=16;nodes=1;vc=vchbv";

    const QString seren = QStringLiteral("acme/trace_seren.csv");
    QTest::newRow("acme first kept") << "acme" << seren << ""
                                     << "5778432" << 0.0 << 8 << 117.0 << "u5907"
                                     << "cpus=128;nodes=1;type=Other";
    QTest::newRow("acme Z zone equals +08:00") << "acme" << seren << ""
                                               << "5778474" << 1598.0 << 1 << 60.0 << "u2222"
                                               << "cpus=8;nodes=1;type=Evaluation";
    QTest::newRow("acme one day") << "acme" << seren << ""
                                  << "5778475" << 2498.0 << 16 << 86400.0 << "u2222"
                                  << "cpus=256;nodes=2;type=Pretrain";
    const QString kalos = QStringLiteral("acme/trace_kalos.csv");
    QTest::newRow("kalos") << "acme" << kalos << ""
                           << "dlc1t2ypl09b8qtp" << 1664.0 << 8 << 70.0 << "uf794"
                           << "cpus=120;memory_gb_per_pod=1000;nodes=1;type=Other";
    QTest::newRow("kalos ends at fail_time")
        << "acme" << kalos << ""
        << "dlcaaa0000000001" << 3542.0 << 16 << 3600.0 << "ua111"
        << "cpus=240;memory_gb_per_pod=500;nodes=2;type=Pretrain";
    QTest::newRow("kalos ends at stop_time")
        << "acme" << kalos << ""
        << "dlcbbb0000000002" << 4142.0 << 4 << 600.0 << "ua111"
        << "cpus=60;memory_gb_per_pod=250;nodes=1;type=SFT";

    const QString pods = QStringLiteral("alibaba2023/openb_pod_list_default.csv");
    const QString nodes =
        QStringLiteral("nodes=alibaba2023/openb_node_list_all_node.csv,nocluster");
    const double m = alibabaMeanSpeed();
    const double v100 = GpuCatalogue::find(QStringLiteral("V100"))->speed;
    const double t4 = GpuCatalogue::find(QStringLiteral("T4"))->speed;
    QTest::newRow("alibaba succeeded")
        << "alibaba2023" << pods << nodes << "openb-pod-0017" << 0.0 << 8 << 1332357 * m << ""
        << "cpu_milli=88000;memory_mib=327680;qos=Burstable";
    QTest::newRow("alibaba running with a deletion time, fraction of a GPU")
        << "alibaba2023" << pods << nodes << "openb-pod-0022" << 241678.0 << 1 << 294651 * m << ""
        << "cpu_milli=4000;gpu_milli=220;memory_mib=15258;qos=BE";
    QTest::newRow("alibaba gpu_spec V100M16|V100M32")
        << "alibaba2023" << pods << nodes << "openb-pod-0035" << 529561.0 << 1 << 1512 * v100 << ""
        << "cpu_milli=16000;gpu_spec=V100M16|V100M32;memory_mib=32768;qos=LS";
    QTest::newRow("alibaba gpu_spec T4, fraction")
        << "alibaba2023" << pods << nodes << "openb-pod-0049" << 292503.0 << 1 << 1000 * t4 << ""
        << "cpu_milli=4000;gpu_milli=250;gpu_spec=T4;"
           "memory_mib=8192;qos=BE";
    QTest::newRow("alibaba failed after running")
        << "alibaba2023" << pods << nodes << "openb-pod-0045" << 272503.0 << 4 << 600 * m << ""
        << "cpu_milli=16000;memory_mib=65536;qos=Burstable";
    QTest::newRow("alibaba on a given cluster: seconds as measured")
        << "alibaba2023" << pods << ""
        << "openb-pod-0017" << 0.0 << 8 << 1332357.0 << ""
        << "cpu_milli=88000;memory_mib=327680;qos=Burstable";

    const QString g = QStringLiteral("gavel/physical_cluster.trace");
    QTest::newRow("gavel ResNet-18") << "gavel" << g << ""
                                     << "g0" << 0.0 << 1 << 1000.0 << ""
                                     << "batch_size=64;name=ResNet-18";
    QTest::newRow("gavel out of order") << "gavel" << g << ""
                                        << "g1" << 50.0 << 2 << 1500.0 << ""
                                        << "batch_size=128;name=ResNet-18";
    QTest::newRow("gavel ResNet-50 as a zoo model job") << "gavel" << g << ""
                                                        << "g2" << 100.0 << 4 << 50000.0 << ""
                                                        << "batch_size=64;name=ResNet-50";
    QTest::newRow("gavel Transformer with SLO and priority")
        << "gavel" << g << ""
        << "g3" << 150.0 << 2 << 2000.0 << ""
        << "batch_size=128;name=Transformer;slo=1.2";
    QTest::newRow("gavel A3C without batch size") << "gavel" << g << ""
                                                  << "g6" << 400.0 << 4 << 10000.0 << ""
                                                  << "name=A3C";
    const QString e = QStringLiteral("gavel/earlier_format.trace");
    QTest::newRow("gavel earlier ResNet-18") << "gavel" << e << ""
                                             << "g0" << 0.0 << 1 << 1000.0 << ""
                                             << "batch_size=64;name=ResNet-18";
    QTest::newRow("gavel earlier ResNet-50 as a zoo model job")
        << "gavel" << e << ""
        << "g1" << 100.0 << 4 << 50000.0 << ""
        << "batch_size=64;name=ResNet-50";
    QTest::newRow("gavel earlier Transformer: no SLO") << "gavel" << e << ""
                                                       << "g2" << 150.0 << 2 << 2000.0 << ""
                                                       << "batch_size=128;name=Transformer";
    QTest::newRow("gavel earlier A3C") << "gavel" << e << ""
                                       << "g3" << 400.0 << 4 << 10000.0 << ""
                                       << "name=A3C";
}

void TestTraceImporters::jobs()
{
    QFETCH(QString, format);
    QFETCH(QString, file);
    QFETCH(QString, spec);
    QFETCH(QString, id);
    QFETCH(double, arrival);
    QFETCH(int, gpus);
    QFETCH(double, seconds);
    QFETCH(QString, user);
    QFETCH(QString, features);
    const auto r = importWith(format, file, spec);
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message));
    const Job* j = jobById(r.value().scenario, id);
    QVERIFY2(j, qPrintable(id));
    QCOMPARE(j->arrivalS, arrival);
    QCOMPARE(j->gpuCount(), gpus);
    if (j->kind == JobKind::Duration) {
        QCOMPARE(j->durationS, seconds);
    } else {
        QCOMPARE(j->kind, JobKind::Model);
        QCOMPARE(j->iterations, seconds);
    }
    QCOMPARE(j->user, user);
    QStringList got;
    for (auto it = j->features.cbegin(); it != j->features.cend(); ++it)
        got << QStringLiteral("%1=%2").arg(it.key(), it.value().toString());
    QCOMPARE(got.join(QLatin1Char(';')), features);
}

void TestTraceImporters::arrivalsInOrder_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("ids");
    QTest::newRow("helios")
        << "helios"
        << "helios/cluster_log.csv"
        << ""
        << "1425519,1425511,1425512,1425513,1425520,1425521,1425522,1425526,1425528,1425529,"
           "1425532";
    QTest::newRow("gavel") << "gavel"
                           << "gavel/physical_cluster.trace"
                           << ""
                           << "g0,g1,g2,g3,g4,g5,g6,g7";
    QTest::newRow("alibaba2023")
        << "alibaba2023"
        << "alibaba2023/openb_pod_list_default.csv"
        << "nodes=alibaba2023/openb_node_list_all_node.csv,nocluster"
        << "openb-pod-0017,openb-pod-0022,openb-pod-0045,openb-pod-0049,openb-pod-0051,"
           "openb-pod-0035";
}

void TestTraceImporters::arrivalsInOrder()
{
    QFETCH(QString, format);
    QFETCH(QString, file);
    QFETCH(QString, spec);
    QFETCH(QString, ids);
    const auto r = importWith(format, file, spec);
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message));
    QStringList got;
    double last = 0.0;
    for (const Job& j : r.value().scenario.jobs) {
        got << j.id;
        QVERIFY(j.arrivalS >= last);
        last = j.arrivalS;
    }
    QCOMPARE(got.join(QLatin1Char(',')), ids);
}

void TestTraceImporters::alibabaCluster()
{
    const auto r = importWith(QStringLiteral("alibaba2023"),
                              QStringLiteral("alibaba2023/openb_pod_list_default.csv"),
                              QStringLiteral("nodes=alibaba2023/openb_node_list_all_node.csv,"
                                             "nocluster"));
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message));
    const Cluster& c = r.value().scenario.cluster;
    // Six GPU nodes (two CPU nodes left out), 38 GPUs, five GPU types in order of appearance.
    QCOMPARE(int(c.servers.size()), 6);
    QCOMPARE(c.totalGpus(), 38);
    QStringList types;
    for (const GpuType& t : c.gpuTypes)
        types << t.name;
    QCOMPARE(types.join(QLatin1Char(',')), QStringLiteral("G3,V100,V100M16,T4,P100"));
    QCOMPARE(c.servers[0].name, QStringLiteral("openb-node-0228"));
    QCOMPARE(c.gpuTypes[std::size_t(c.servers[1].gpuType)].name, QStringLiteral("V100"));
    QCOMPARE(c.gpuTypes[2].memoryGb, 16.0);
    QCOMPARE(c.gpuTypes[2].speed, GpuCatalogue::find(QStringLiteral("V100"))->speed);
    QCOMPARE(c.gpuTypes[0].speed, 1.0);
    QCOMPARE(c.servers[3].gpus, 4);
    const QString notes = r.value().report.notes.join(QLatin1Char('\n'));
    QVERIFY2(notes.contains(QStringLiteral("2 nodes without GPUs")), qPrintable(notes));
    QVERIFY2(notes.contains(QStringLiteral("V100M32 -> V100")), qPrintable(notes));
    QVERIFY2(notes.contains(QStringLiteral("new types with speed 1.0: G3, P100")),
             qPrintable(notes));
    QVERIFY2(notes.contains(QStringLiteral("2 kept pods ask for a fraction of one GPU")),
             qPrintable(notes));
    QVERIFY2(notes.contains(QStringLiteral("2 pods recorded as Running")), qPrintable(notes));
    // The scenario with its own cluster is valid input.
    const auto back = ScenarioReader::readJson(ScenarioWriter::toJson(r.value().scenario),
                                               QStringLiteral("alibaba.json"));
    QVERIFY2(back.ok(), qPrintable(back.ok() ? QString() : back.error().message));
    QVERIFY(back.value().cluster == c);
}

void TestTraceImporters::alibabaGpuTypes_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("memory");
    QTest::addColumn<bool>("known");
    QTest::newRow("T4") << "T4"
                        << "T4" << 16.0 << true;
    QTest::newRow("lower case") << "t4"
                                << "T4" << 16.0 << true;
    QTest::newRow("V100M32 is the catalogue V100") << "V100M32"
                                                   << "V100" << 32.0 << true;
    QTest::newRow("V100M16 is a V100 with 16 GB") << "V100M16"
                                                  << "V100M16" << 16.0 << true;
    QTest::newRow("A100M40") << "A100M40"
                             << "A100-40G" << 40.0 << true;
    QTest::newRow("G2 unknown") << "G2"
                                << "G2" << 80.0 << false;
    QTest::newRow("P100 unknown") << "P100"
                                  << "P100" << 80.0 << false;
}

void TestTraceImporters::alibabaGpuTypes()
{
    QFETCH(QString, model);
    QFETCH(QString, name);
    QFETCH(double, memory);
    QFETCH(bool, known);
    bool k = !known;
    const GpuType t = Alibaba2023Importer::gpuTypeOf(model, &k);
    QCOMPARE(t.name, name);
    QCOMPARE(t.memoryGb, memory);
    QCOMPARE(k, known);
    QVERIFY(t.speed > 0 && t.tflops > 0);
}

void TestTraceImporters::gavelJobTypes_data()
{
    QTest::addColumn<QString>("jobType");
    QTest::addColumn<QString>("family");
    QTest::addColumn<int>("batch");
    QTest::newRow("with batch") << "ResNet-18 (batch size 32)"
                                << "ResNet-18" << 32;
    QTest::newRow("without batch") << "CycleGAN"
                                   << "CycleGAN" << 0;
    QTest::newRow("spaces") << "  LM (batch size 80) "
                            << "LM" << 80;
    QTest::newRow("unknown") << "VGG-16 (batch size 32)"
                             << "" << 0;
    QTest::newRow("family prefix is not enough") << "ResNet-180"
                                                 << "" << 0;
}

void TestTraceImporters::gavelJobTypes()
{
    QFETCH(QString, jobType);
    QFETCH(QString, family);
    QFETCH(int, batch);
    int b = -1;
    const auto t = GavelImporter::jobTypeOf(jobType, &b);
    QCOMPARE(t ? t->family : QString(), family);
    QCOMPARE(b, batch);
}

void TestTraceImporters::reportHeadline_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("headline"); // after "SOURCE: "

    QTest::newRow("helios") << "helios"
                            << "helios/cluster_log.csv"
                            << "read 22 rows, kept 11 jobs, dropped 11 (5 malformed, 2 with zero "
                               "GPUs, 1 failed or cancelled before starting, 1 with GPUs but no "
                               "end time, 1 with no duration, 1 larger than the cluster)";
    QTest::newRow("gavel") << "gavel"
                           << "gavel/physical_cluster.trace"
                           << "read 14 rows, kept 8 jobs, dropped 6 (3 malformed, 1 with zero "
                              "GPUs, 1 with no duration, 1 larger than the cluster)";
    QTest::newRow("gavel earlier format") << "gavel"
                                          << "gavel/earlier_format.trace"
                                          << "read 6 rows, kept 4 jobs, dropped 2 (1 malformed, 1 "
                                             "with zero GPUs)";
    QTest::newRow("gavel blank lines") << "gavel"
                                       << "gavel/blank_lines.trace"
                                       << "read 4 rows, kept 4 jobs, dropped 0";
}

// The first line stands alone in the window's status bar: it says why each row was dropped.
void TestTraceImporters::reportHeadline()
{
    QFETCH(QString, format);
    QFETCH(QString, file);
    QFETCH(QString, headline);
    const auto r = importWith(format, file, QString());
    QVERIFY(r.ok());
    QCOMPARE(r.value().report.summaryLines().value(0),
             data(file) + QStringLiteral(": ") + headline);
}

void TestTraceImporters::reportSummary()
{
    const auto r =
        importWith(QStringLiteral("helios"), QStringLiteral("helios/cluster_log.csv"), QString());
    QVERIFY(r.ok());
    const QStringList lines = r.value().report.summaryLines();
    const QString src = data(QStringLiteral("helios/cluster_log.csv"));
    QVERIFY(lines.value(0).startsWith(
        src + QStringLiteral(": read 22 rows, kept 11 jobs, dropped 11 (")));
    QVERIFY(lines.contains(QStringLiteral("  dropped 2 with zero GPUs")));
    QVERIFY(lines.contains(QStringLiteral("  dropped 1 larger than the cluster (16 GPUs)")));
    QVERIFY(lines.contains(QStringLiteral("  dropped 5 malformed")));
    QVERIFY(lines.contains(QStringLiteral("  %1: line 15: gpu_num \"abc\" is not a whole number "
                                          ">= 0")
                               .arg(src)));
    QVERIFY(
        lines.contains(QStringLiteral("  %1: line 19: expected 12 columns, found 11").arg(src)));
    QVERIFY(
        lines.contains(QStringLiteral("  %1: line 23: end_time is before start_time").arg(src)));
}

void TestTraceImporters::strict_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("message");
    QTest::newRow("helios") << "helios"
                            << "helios/cluster_log.csv"
                            << "strict"
                            << "helios/cluster_log.csv: line 15: gpu_num \"abc\"";
    QTest::newRow("helios truncated") << "helios"
                                      << "helios/truncated_quote.csv"
                                      << "strict"
                                      << "truncated_quote.csv: line 4: a quoted field is not "
                                         "closed";
    QTest::newRow("acme") << "acme"
                          << "acme/trace_seren.csv"
                          << "strict"
                          << "trace_seren.csv: line 10: submit_time \"yesterday\" is not "
                             "YYYY-MM-DD HH:MM:SS";
    QTest::newRow("alibaba2023") << "alibaba2023"
                                 << "alibaba2023/openb_pod_list_default.csv"
                                 << "strict"
                                 << "openb_pod_list_default.csv: line 11: num_gpu \"two\"";
    QTest::newRow("gavel") << "gavel"
                           << "gavel/physical_cluster.trace"
                           << "strict"
                           << "physical_cluster.trace: line 11: job_type \"VGG-16 (batch size "
                              "32)\" is not a Gavel job type";
    QTest::newRow("gavel mixing its two formats")
        << "gavel"
        << "gavel/mixed_formats.trace"
        << "strict"
        << "mixed_formats.trace: line 3: 7 tab-separated fields, but line 1 has 10: a Gavel "
           "trace is all in its current format (10 fields) or all in its earlier one (7)";
    QTest::newRow("gavel earlier format") << "gavel"
                                          << "gavel/earlier_format.trace"
                                          << "strict"
                                          << "earlier_format.trace: line 4: total_steps \"many\" "
                                             "is not a whole number";
}

void TestTraceImporters::strict()
{
    QFETCH(QString, format);
    QFETCH(QString, file);
    QFETCH(QString, spec);
    QFETCH(QString, message);
    const auto r = importWith(format, file, spec);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, ErrorKind::InvalidInput);
    QVERIFY2(r.error().message.contains(message), qPrintable(r.error().message));
}

void TestTraceImporters::errors_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown format") << "slurm"
                                    << "helios/cluster_log.csv"
                                    << ""
                                    << "unknown import format \"slurm\" (available: philly, "
                                       "helios, acme, alibaba2023, gavel)";
    QTest::newRow("missing file") << "helios"
                                  << "helios/nope.csv"
                                  << ""
                                  << "nope.csv: cannot open";
    QTest::newRow("empty file") << "helios"
                                << "helios/empty.csv"
                                << ""
                                << "empty.csv: line 1: empty file, expected a header";
    QTest::newRow("header without gpu_num")
        << "helios"
        << "helios/wrong_header.csv"
        << ""
        << "wrong_header.csv: line 1: header lacks the column gpu_num (expected the columns "
           "job_id, user, vc, gpu_num";
    QTest::newRow("helios file given as alibaba2023")
        << "alibaba2023"
        << "helios/cluster_log.csv"
        << ""
        << "header lacks the columns name, num_gpu, pod_phase";
    QTest::newRow("no cluster") << "helios"
                                << "helios/cluster_log.csv"
                                << "nocluster"
                                << "the helios format needs a cluster";
    QTest::newRow("vc on a format without") << "acme"
                                            << "acme/trace_seren.csv"
                                            << "vc=x"
                                            << "the acme format has no virtual clusters";
    QTest::newRow("nodes on a format without") << "helios"
                                               << "helios/cluster_log.csv"
                                               << "nodes=alibaba2023/openb_node_list_all_node.csv"
                                               << "the helios format takes no nodes file";
    QTest::newRow("alibaba without nodes or cluster")
        << "alibaba2023"
        << "alibaba2023/openb_pod_list_default.csv"
        << "nocluster"
        << "needs either its node list or a cluster (neither was given)";
    QTest::newRow("alibaba with both") << "alibaba2023"
                                       << "alibaba2023/openb_pod_list_default.csv"
                                       << "nodes=alibaba2023/openb_node_list_all_node.csv"
                                       << "(both were given)";
    QTest::newRow("alibaba bad node")
        << "alibaba2023"
        << "alibaba2023/openb_pod_list_default.csv"
        << "nodes=alibaba2023/nodes_bad.csv,nocluster"
        << "nodes_bad.csv: line 5: gpu \"eight\" is not a whole number from 0 to 1024";
    QTest::newRow("alibaba truncated nodes")
        << "alibaba2023"
        << "alibaba2023/openb_pod_list_default.csv"
        << "nodes=alibaba2023/nodes_truncated.csv,nocluster"
        << "nodes_truncated.csv: line 5: expected 5 columns, found 3";
    QTest::newRow("min above max") << "helios"
                                   << "helios/cluster_log.csv"
                                   << "min=8,max=4"
                                   << "minimum GPU count 8 exceeds the maximum 4";
}

void TestTraceImporters::errors()
{
    QFETCH(QString, format);
    QFETCH(QString, file);
    QFETCH(QString, spec);
    QFETCH(QString, message);
    const auto r = importWith(format, file, spec);
    QVERIFY2(!r.ok(),
             qPrintable(format + QLatin1Char(' ') + file + QStringLiteral(" was accepted")));
    QCOMPARE(r.error().kind, ErrorKind::InvalidInput);
    QVERIFY2(r.error().message.contains(message), qPrintable(r.error().message));
}

QTEST_GUILESS_MAIN(TestTraceImporters)
#include "tst_traceimporters.moc"
