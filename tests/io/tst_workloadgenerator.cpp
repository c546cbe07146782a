// gantry-cli generate's engine: recurring templates, calibrated load, determinism, errors.
#include "io/gpucatalogue.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "io/workloadgenerator.h"
#include "mapping/gpupool.h"
#include "mapping/graphplacement.h"
#include "mapping/iterationmodel.h"

#include <QSet>
#include <QTest>

using namespace gantry;

namespace {

Cluster cluster(int servers, const char* type = "A100-80G")
{
    Cluster c;
    const auto known = GpuCatalogue::find(QLatin1String(type));
    c.gpuTypes = {known ? *known : GpuType{QLatin1String(type), 10, 1, 0.1}}; // "tiny": 1 GB
    c.racks = {{QStringLiteral("r0"), 1600}};
    for (int s = 0; s < servers; ++s)
        c.servers.push_back({QStringLiteral("s%1").arg(s), 0, 0, 8, 600, 200});
    c.finalize();
    return c;
}

// Reference GPU-seconds of a job: GPUs x iterations x iteration time under graph on an empty
// cluster.
double gpuSeconds(const Job& j, const Cluster& c)
{
    if (j.kind == JobKind::Duration)
        return j.gpus * j.durationS;
    const auto m = GraphPlacement().place(j, GpuPool(c));
    return j.gpuCount() * j.iterations * IterationModel::iterationTimeS(j, *m, c);
}

} // namespace

class TestWorkloadGenerator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void mixes_data();
    void mixes();
    void errors_data();
    void errors();
};

void TestWorkloadGenerator::mixes_data()
{
    QTest::addColumn<QString>("mix");
    QTest::addColumn<double>("load");
    QTest::addColumn<int>("servers");
    QTest::newRow("paper 0.7") << "paper" << 0.7 << 16;
    QTest::newRow("paper 0.9") << "paper" << 0.9 << 16;
    QTest::newRow("philly-like 0.8") << "philly-like" << 0.8 << 64;
}

void TestWorkloadGenerator::mixes()
{
    QFETCH(QString, mix);
    QFETCH(double, load);
    QFETCH(int, servers);
    const Cluster c = cluster(servers);
    WorkloadGenerator::Options o;
    o.jobs = 2000;
    o.load = load;
    o.mix = mix;
    o.seed = 7;
    auto a = WorkloadGenerator::generate(c, o);
    QVERIFY2(a.ok(), a.ok() ? "" : qPrintable(a.error().message));
    const Scenario& s = a.value();
    QCOMPARE(int(s.jobs.size()), 2000);
    // Deterministic for a seed, different for another.
    auto b = WorkloadGenerator::generate(c, o);
    QVERIFY(b.ok() && b.value() == s);
    o.seed = 8;
    QVERIFY(!(WorkloadGenerator::generate(c, o).value() == s));
    // Jobs recur: far fewer templates than jobs, each seen many times.
    QSet<QString> templates, models;
    for (const Job& j : s.jobs) {
        templates.insert(j.features.value(QStringLiteral("name")).toString());
        models.insert(j.model);
    }
    QVERIFY2(templates.size() >= 10 && templates.size() * 10 <= 2000,
             qPrintable(QString::number(templates.size())));
    if (mix == QLatin1String("paper"))
        QVERIFY2(models.size() >= 4, qPrintable(QStringList(models.values()).join(',')));
    // Offered GPU-time over capacity in the arrival window is the load (Poisson noise: 15%).
    double work = 0.0;
    for (const Job& j : s.jobs)
        work += gpuSeconds(j, c);
    const double window = s.jobs.back().arrivalS - s.jobs.front().arrivalS;
    const double offered = work / (c.totalGpus() * window);
    qInfo("%s: offered load %.3f for %.2f requested, %lld templates", qPrintable(mix), offered,
          load, (long long)templates.size());
    QVERIFY(qAbs(offered - load) < 0.15 * load);
    // Arrivals are non-decreasing and the file reads back equal.
    for (std::size_t i = 1; i < s.jobs.size(); ++i)
        QVERIFY(s.jobs[i].arrivalS >= s.jobs[i - 1].arrivalS);
    auto back = ScenarioReader::readJson(ScenarioWriter::toJson(s), QStringLiteral("generated"));
    QVERIFY2(back.ok(), back.ok() ? "" : qPrintable(back.error().message));
    QVERIFY(back.value() == s);
}

void TestWorkloadGenerator::errors_data()
{
    QTest::addColumn<QString>("mix");
    QTest::addColumn<int>("jobs");
    QTest::addColumn<double>("load");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown mix") << "alibaba" << 10 << 0.5 << "A100-80G"
                                 << "unknown mix";
    QTest::newRow("zero jobs") << "paper" << 0 << 0.5 << "A100-80G"
                               << "--jobs";
    QTest::newRow("negative load") << "paper" << 10 << -1.0 << "A100-80G"
                                   << "--load";
    QTest::newRow("nothing fits 1 GB GPUs") << "paper" << 10 << 0.5 << "tiny"
                                            << "fits";
}

void TestWorkloadGenerator::errors()
{
    QFETCH(QString, mix);
    QFETCH(int, jobs);
    QFETCH(double, load);
    QFETCH(QString, type);
    QFETCH(QString, message);
    WorkloadGenerator::Options o;
    o.mix = mix;
    o.jobs = jobs;
    o.load = load;
    auto r = WorkloadGenerator::generate(cluster(1, qPrintable(type)), o);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, ErrorKind::InvalidInput);
    QVERIFY2(r.error().message.contains(message), qPrintable(r.error().message));
}

QTEST_GUILESS_MAIN(TestWorkloadGenerator)
#include "tst_workloadgenerator.moc"
