// The cost model on a hand-worked example (docs/planning.md, "Cost").
#include "io/gpucatalogue.h"
#include "io/scenarioreader.h"
#include "plan/costmodel.h"

#include <QTest>

using namespace gantry;
using namespace gantry::plan;

namespace {
// One H100 server (8 GPUs, catalogue prices) and one A100-80G server with its own price.
const QByteArray kScenario = R"({
  "format": "gantry-scenario", "version": 1,
  "cluster": {
    "racks": [{"name": "r", "uplink_gbps": 400}],
    "servers": [
      {"name": "h", "rack": "r", "gpu_type": "H100", "gpus": 8, "intra_GBps": 900, "nic_gbps": 400},
      {"name": "a", "rack": "r", "gpu_type": "A100-80G", "gpus": 8, "intra_GBps": 600,
       "nic_gbps": 200, "price_usd": 100000}
    ]
  },
  "jobs": [{"id": "j", "arrival_s": 0, "gpus": 8, "duration_s": 3600}]
})";
} // namespace

class TestCostModel : public QObject
{
    Q_OBJECT
private slots:
    void catalogueFigures();
    void handWorked();
    void busyGpuSecondsPerType();
    void unknownType();
};

void TestCostModel::catalogueFigures()
{
    // The figures the hand-worked example assumes; every type has all three with sources.
    const auto h = GpuCatalogue::findCost(QStringLiteral("H100"));
    QVERIFY(h);
    QCOMPARE(h->purchaseUsd, 30000.0);
    QCOMPARE(h->boardPowerW, 700.0);
    QCOMPARE(h->cloudUsdPerHour, 12.29);
    QCOMPARE(GpuCatalogue::findCost(QStringLiteral("A100-80G"))->boardPowerW, 400.0);
    QCOMPARE(GpuCatalogue::costs().size(), GpuCatalogue::builtin().size());
    for (const GpuCost& c : GpuCatalogue::costs()) {
        QVERIFY2(c.purchaseUsd > 0 && c.boardPowerW > 0 && c.cloudUsdPerHour > 0,
                 qPrintable(c.name));
        QVERIFY2(!c.purchaseSource.isEmpty() && !c.powerSource.isEmpty() &&
                     !c.cloudSource.isEmpty(),
                 qPrintable(c.name));
        QVERIFY2(c.purchaseDate.size() == 7 && c.powerDate.size() == 7 && c.cloudDate.size() == 7,
                 qPrintable(c.name));
    }
    QVERIFY(GpuCatalogue::sources().contains(QLatin1String("assumption")));
}

void TestCostModel::handWorked()
{
    const auto s = ScenarioReader::readJson(kScenario, QStringLiteral("c.json"));
    QVERIFY2(s.ok(), qPrintable(s.ok() ? QString() : s.error().message));
    const Cluster& c = s.value().cluster;
    QCOMPARE(c.servers[1].priceUsd.value_or(-1), 100000.0);
    // Capital: 8 x 30000 (H100 from the catalogue) + 100000 (the A100 server's own price).
    const auto capital = CostModel::capitalUsd(c);
    QVERIFY(capital.ok());
    QCOMPARE(capital.value(), 340000.0);
    // The run kept the 8 H100s busy for one hour of a two-hour makespan; the A100s idled.
    const std::vector<std::pair<QString, double>> busy = {{QStringLiteral("H100"), 28800.0},
                                                          {QStringLiteral("A100-80G"), 0.0}};
    CostParams p;
    p.horizonYears = 1.0;
    p.electricityUsdPerKwh = 0.10;
    p.pue = 1.5;
    p.idlePowerFraction = 0.1;
    // H100: 0.7 kW x (0.1 x 8 + 0.9 x 28800 / 7200) = 0.7 x 4.4 = 3.08 kW.
    // A100: 0.4 kW x (0.1 x 8 + 0) = 0.32 kW. Total 3.4 kW x 1.5 x 8760 h x 0.10 = 4467.6 USD.
    const auto energy = CostModel::energyUsd(c, busy, 7200.0, p);
    QVERIFY(energy.ok());
    QVERIFY2(qAbs(energy.value() - 4467.6) < 1e-6,
             qPrintable(QString::number(energy.value(), 'g', 17)));
    // Renting: 8 GPU-hours of H100 at 12.29 = 98.32 USD.
    const auto cloud = CostModel::cloudUsd(busy);
    QVERIFY(cloud.ok());
    QVERIFY(qAbs(cloud.value() - 98.32) < 1e-9);
    // No idle draw and a zero makespan: only busy GPUs, and none of them.
    p.idlePowerFraction = 0.0;
    QCOMPARE(CostModel::energyUsd(c, busy, 0.0, p).value(), 0.0);
}

void TestCostModel::busyGpuSecondsPerType()
{
    const auto s = ScenarioReader::readJson(kScenario, QStringLiteral("c.json"));
    QVERIFY(s.ok());
    Schedule sched;
    // GPUs 0-7 are the H100 server's, 8-15 the A100 server's.
    sched.addSegment(0, 0.0, 100.0, std::vector<int>{0, 1}, 1.0, ScheduleSegment::End::Preempted);
    sched.addSegment(0, 150.0, 200.0, std::vector<int>{8, 9, 10}, 1.0,
                     ScheduleSegment::End::Finished);
    const auto busy = CostModel::busyGpuSeconds(s.value().cluster, sched);
    QCOMPARE(busy.size(), std::size_t(2));
    QCOMPARE(busy[0].first, QStringLiteral("H100"));
    QCOMPARE(busy[0].second, 200.0);
    QCOMPARE(busy[1].first, QStringLiteral("A100-80G"));
    QCOMPARE(busy[1].second, 150.0);
}

void TestCostModel::unknownType()
{
    Cluster c;
    c.gpuTypes.push_back({QStringLiteral("X1"), 1.0, 16.0, 1.0});
    c.racks.push_back({QStringLiteral("r"), 100.0});
    c.servers.push_back({QStringLiteral("s"), 0, 0, 4, 100.0, 100.0});
    c.finalize();
    const auto capital = CostModel::capitalUsd(c);
    QVERIFY(!capital.ok());
    QVERIFY(capital.error().message.contains(QLatin1String("\"X1\" is not in the catalogue")));
    c.servers[0].priceUsd = 5000.0; // its own price makes the capital known
    QCOMPARE(CostModel::capitalUsd(c).value(), 5000.0);
}

QTEST_GUILESS_MAIN(TestCostModel)
#include "tst_costmodel.moc"
