// PhillyImporter: arrivals, ordering, features, dropped jobs, --limit and malformed rows, over the
// fixtures in tests/data/philly/ (columns as the real trace: timestamp,duration,num_gpus,gpu_time,
// cluster).
#include "io/gpucatalogue.h"
#include "io/import/phillyimporter.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"

#include <QFile>
#include <QTest>

using namespace gantry;

namespace {

QString phillyDir()
{
    return QStringLiteral(GANTRY_TEST_DATA "/philly");
}

// Two servers of four V100s in one rack: 8 GPUs.
Cluster eightGpus()
{
    Cluster c;
    c.gpuTypes.push_back(*GpuCatalogue::find(QStringLiteral("V100")));
    c.racks.push_back({QStringLiteral("r0"), 400});
    c.servers.push_back({QStringLiteral("s-0"), 0, 0, 4, 150, 100});
    c.servers.push_back({QStringLiteral("s-1"), 0, 0, 4, 150, 100});
    c.finalize();
    return c;
}

struct Expect
{
    double arrival;
    int gpus;
    double duration;
    const char* vc;
};

// basic.csv sorted by submission (stable): line 3 (t0), then the three rows at t0+10 s in file
// order (lines 2, 5, 7), then line 6 a day later; line 4 is too large, line 8 has duration 0.
const QList<Expect> kBasic = {{0, 1, 50.0, "vc-b"},
                              {10, 2, 100.0, "vc-a"},
                              {10, 4, 200.0, "vc-c"},
                              {10, 1, 1.0, "vc-a"},
                              {86400, 8, 5.5, "vc-b"}};

} // namespace

class TestPhillyImporter : public QObject
{
    Q_OBJECT

private slots:
    void basic_data();
    void basic();
    void limit_data();
    void limit();
    void calendar();
    void noVcColumn();
    void importedScenarioRoundTrips();
    void malformed_data();
    void malformed();
    void missingFile();
};

void TestPhillyImporter::basic_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("lf") << phillyDir() + QStringLiteral("/basic.csv");
    QTest::newRow("crlf") << phillyDir() + QStringLiteral("/basic_crlf.csv");
}

void TestPhillyImporter::basic()
{
    QFETCH(QString, file);
    const auto r = PhillyImporter::importFile(file, eightGpus(), {});
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message));
    const Scenario& s = r.value().scenario;
    QCOMPARE(int(s.jobs.size()), int(kBasic.size()));
    for (int i = 0; i < kBasic.size(); ++i) {
        const Job& j = s.jobs[std::size_t(i)];
        QCOMPARE(j.id, QStringLiteral("p%1").arg(i));
        QCOMPARE(j.kind, JobKind::Duration);
        QCOMPARE(j.arrivalS, kBasic[i].arrival);
        QCOMPARE(j.gpus, kBasic[i].gpus);
        QCOMPARE(j.durationS, kBasic[i].duration);
        QCOMPARE(j.features.value(QStringLiteral("vc")).toString(),
                 QString::fromLatin1(kBasic[i].vc));
        QCOMPARE(j.features.size(), 1);
        QVERIFY(!j.predictedIterations.has_value());
    }
    // The cluster given is the scenario's cluster.
    QVERIFY(s.cluster == eightGpus());
    QCOMPARE(s.cluster.totalGpus(), 8);
    // The 16-GPU job is dropped and counted; the zero-duration row is dropped too.
    QCOMPARE(r.value().dropped, 2);
    const QStringList& w = r.value().warnings;
    QVERIFY2(w.size() >= 1, qPrintable(w.join('\n')));
    const QString large = w.filter(QStringLiteral("larger than the cluster")).value(0);
    QVERIFY2(large.contains(QStringLiteral("dropped 1 ")), qPrintable(w.join('\n')));
    QVERIFY2(large.contains(QStringLiteral("8 GPUs")), qPrintable(large));
    QVERIFY2(large.contains(file), qPrintable(large));
    // Every imported scenario is valid input.
    const auto back = ScenarioReader::readJson(ScenarioWriter::toJson(s), QStringLiteral("x.json"));
    QVERIFY2(back.ok(), qPrintable(back.ok() ? QString() : back.error().message));
}

void TestPhillyImporter::limit_data()
{
    QTest::addColumn<int>("limit");
    QTest::addColumn<int>("expected");
    QTest::newRow("0 = all") << 0 << 5;
    QTest::newRow("1") << 1 << 1;
    QTest::newRow("3") << 3 << 3;
    QTest::newRow("4") << 4 << 4;
    QTest::newRow("5 (skips the dropped job)") << 5 << 5;
    QTest::newRow("more than rows") << 100 << 5;
}

void TestPhillyImporter::limit()
{
    QFETCH(int, limit);
    QFETCH(int, expected);
    PhillyImporter::Options opt;
    opt.limit = limit;
    const auto r = PhillyImporter::importFile(phillyDir() + "/basic.csv", eightGpus(), opt);
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message));
    const Scenario& s = r.value().scenario;
    QCOMPARE(int(s.jobs.size()), expected);
    // The earliest N, in the same order as without a limit.
    for (int i = 0; i < expected; ++i) {
        QCOMPARE(s.jobs[std::size_t(i)].arrivalS, kBasic[i].arrival);
        QCOMPARE(s.jobs[std::size_t(i)].durationS, kBasic[i].duration);
    }
}

// Leap day and year boundary in the timestamp arithmetic.
void TestPhillyImporter::calendar()
{
    const auto r = PhillyImporter::importFile(phillyDir() + "/calendar.csv", eightGpus(), {});
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message));
    const Scenario& s = r.value().scenario;
    QCOMPARE(s.jobs.size(), std::size_t(4));
    // 2016-02-28 23:00 -> 2016-03-01 00:00 is 25 h (2016 is a leap year).
    QCOMPARE(s.jobs[0].arrivalS, 0.0);
    QCOMPARE(s.jobs[1].arrivalS, 90000.0);
    // 2016-12-31 23:59:59 and 2017-01-01 00:00:00 are one second apart.
    const double newYearsEve = s.jobs[2].arrivalS;
    QCOMPARE(s.jobs[3].arrivalS - newYearsEve, 1.0);
    QCOMPARE(s.jobs[2].features.value("vc").toString(), QStringLiteral("y"));
    // 2016-02-28 23:00:00 to 2016-12-31 23:59:59: Feb 28 is day 59 and Dec 31 day 366 of 2016.
    const double days = 366 - 59;
    QCOMPARE(newYearsEve, days * 86400 + 3599);
    QVERIFY(r.value().warnings.isEmpty());
    QCOMPARE(r.value().dropped, 0);
}

void TestPhillyImporter::noVcColumn()
{
    const QByteArray csv = "timestamp,duration,num_gpus\n"
                           "2017-10-01 00:00:10,5,1\n"
                           "2017-10-01 00:00:00,7,2\n";
    const auto r = PhillyImporter::importCsv(csv, QStringLiteral("novc.csv"), eightGpus(), {});
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message));
    const Scenario& s = r.value().scenario;
    QCOMPARE(s.jobs.size(), std::size_t(2));
    QCOMPARE(s.jobs[0].durationS, 7.0);
    QCOMPARE(s.jobs[1].arrivalS, 10.0);
    QVERIFY(s.jobs[0].features.isEmpty());
}

void TestPhillyImporter::importedScenarioRoundTrips()
{
    const auto r = PhillyImporter::importFile(phillyDir() + "/basic.csv", eightGpus(), {});
    QVERIFY(r.ok());
    const QByteArray json = ScenarioWriter::toJson(r.value().scenario);
    const auto back = ScenarioReader::readJson(json, QStringLiteral("imported.json"));
    QVERIFY2(back.ok(), qPrintable(back.ok() ? QString() : back.error().message));
    QVERIFY(back.value() == r.value().scenario);
}

void TestPhillyImporter::malformed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    QTest::newRow("bad timestamp") << "bad_timestamp.csv" << 3 << "is not YYYY-MM-DD HH:MM:SS";
    QTest::newRow("impossible date (Feb 30)") << "bad_date.csv" << 4 << "timestamp";
    QTest::newRow("hour 24") << "bad_time.csv" << 2 << "is not YYYY-MM-DD HH:MM:SS";
    QTest::newRow("non-numeric duration") << "bad_duration.csv" << 2 << "duration \"abc\"";
    QTest::newRow("negative duration") << "negative_duration.csv" << 3 << "duration \"-5\"";
    QTest::newRow("nan duration") << "nan_duration.csv" << 4 << "duration \"nan\"";
    // Finite, but its microseconds overflow the engine's int64 clock.
    QTest::newRow("huge duration") << "huge_duration.csv" << 3 << "duration \"1e300\"";
    QTest::newRow("missing column") << "missing_column.csv" << 3 << "expected 5 columns, found 4";
    QTest::newRow("fractional gpus (after a blank line)")
        << "fractional_gpus.csv" << 5 << "num_gpus \"1.5\" is not a whole number";
    QTest::newRow("negative gpus") << "negative_gpus.csv" << 2 << "num_gpus \"-1\"";
    QTest::newRow("header without num_gpus") << "missing_header_column.csv" << 1 << "num_gpus";
    QTest::newRow("empty file") << "empty.csv" << 1 << "empty file";
}

void TestPhillyImporter::malformed()
{
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(QString, message);
    const QString path = phillyDir() + QLatin1Char('/') + file;
    const auto r = PhillyImporter::importFile(path, eightGpus(), {});
    QVERIFY2(!r.ok(), qPrintable(file + QStringLiteral(" was accepted")));
    QCOMPARE(r.error().kind, ErrorKind::InvalidInput);
    const QString msg = r.error().message;
    QVERIFY2(msg.startsWith(path + QStringLiteral(": line %1: ").arg(line)), qPrintable(msg));
    QVERIFY2(msg.contains(message), qPrintable(msg));

    // importCsv names its sourceName the same way.
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto again =
        PhillyImporter::importCsv(f.readAll(), QStringLiteral("trace.csv"), eightGpus(), {});
    QVERIFY(!again.ok());
    QVERIFY2(again.error().message.startsWith(QStringLiteral("trace.csv: line %1: ").arg(line)),
             qPrintable(again.error().message));
}

void TestPhillyImporter::missingFile()
{
    const QString path = phillyDir() + QStringLiteral("/nope.csv");
    const auto r = PhillyImporter::importFile(path, eightGpus(), {});
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, ErrorKind::InvalidInput);
    QVERIFY2(r.error().message.startsWith(path), qPrintable(r.error().message));
}

QTEST_GUILESS_MAIN(TestPhillyImporter)
#include "tst_phillyimporter.moc"
