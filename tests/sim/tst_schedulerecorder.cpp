// The recorded schedule (Gantt, playback, heatmap and trace export read it): segments agree with
// the run's job records, no GPU is held twice at once, counters add up, asrpt's virtual machine
// releases jobs before the cluster starts them, and a hand-checked two-job example.
#include "policies/policyregistry.h"
#include "randomscenario.h"
#include "run/runner.h"
#include "sim/schedulerecorder.h"

#include <QTest>

#include <algorithm>
#include <map>

using namespace gantry;

class TestScheduleRecorder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void handExample();
    void agreesWithRecords_data();
    void agreesWithRecords();
};

// One 4-GPU server, fifo: a (4 GPUs, 10 s) at 0, b (2 GPUs, 5 s) at 1: b waits for a.
void TestScheduleRecorder::handExample()
{
    Scenario s;
    s.cluster.gpuTypes.push_back({QStringLiteral("t"), 100, 80, 1.0});
    s.cluster.racks = {{QStringLiteral("r0"), 1000}};
    s.cluster.servers.push_back({QStringLiteral("s0"), 0, 0, 4, 100, 80});
    s.cluster.finalize();
    for (auto [id, at, g, d] : {std::tuple{"a", 0.0, 4, 10.0}, std::tuple{"b", 1.0, 2, 5.0}}) {
        Job j;
        j.id = QString::fromLatin1(id);
        j.arrivalS = at;
        j.gpus = g;
        j.durationS = d;
        s.jobs.push_back(j);
    }
    RunConfig c;
    c.policy = QStringLiteral("fifo");
    ScheduleRecorder rec(s);
    QVERIFY(Runner::run(s, c, nullptr, {&rec}).ok());
    const Schedule sc = rec.take();
    QCOMPARE(sc.totalGpus, 4);
    QCOMPARE(int(sc.segments.size()), 2);
    QCOMPARE(sc.segments[0].job, 0);
    QCOMPARE(sc.segments[0].startS, 0.0);
    QCOMPARE(sc.segments[0].endS, 10.0);
    QCOMPARE(sc.segments[0].gpus, (std::vector<int>{0, 1, 2, 3}));
    QCOMPARE(sc.segments[0].iterations, 10.0);
    QCOMPARE(sc.segments[1].job, 1);
    QCOMPARE(sc.segments[1].startS, 10.0);
    QCOMPARE(sc.segments[1].endS, 15.0);
    QCOMPARE(int(sc.segments[1].gpus.size()), 2);
    QVERIFY(sc.segments[1].end == ScheduleSegment::End::Finished);
    // Counters: t=0 a runs (0 free), t=1 b queued, t=10 b runs (2 free), t=15 all free.
    QCOMPARE(int(sc.counters.size()), 4);
    QCOMPARE(sc.counters[0].freeGpus, 0);
    QCOMPARE(sc.counters[1].queueLength, 1);
    QCOMPARE(sc.counters[2].timeS, 10.0);
    QCOMPARE(sc.counters[2].freeGpus, 2);
    QCOMPARE(sc.counters[2].queueLength, 0);
    QCOMPARE(sc.counters[3].freeGpus, 4);
    QCOMPARE(int(sc.events.size()), 6); // 2 arrivals, 2 starts, 2 completions
    QVERIFY(sc.virtualSlices.empty());
}

void TestScheduleRecorder::agreesWithRecords_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<quint64>("seed");
    for (const QString& policy : PolicyRegistry::names())
        for (quint64 seed = 1; seed <= 4; ++seed)
            QTest::addRow("%s/seed%llu", qPrintable(policy), seed) << policy << seed;
}

void TestScheduleRecorder::agreesWithRecords()
{
    QFETCH(QString, policy);
    QFETCH(quint64, seed);
    const Scenario s = test::RandomScenario::make(seed, {});
    RunConfig c;
    c.policy = policy;
    c.placement = QStringLiteral("graph");
    c.seed = seed;
    c.restartOverheadS = seed % 2 ? 5.0 : 0.0;
    ScheduleRecorder rec(s);
    auto r = Runner::run(s, c, nullptr, {&rec});
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
    const Schedule sc = rec.take();
    const RunResult& res = r.value();

    std::vector<double> gpuSeconds(s.jobs.size(), 0.0), iterations(s.jobs.size(), 0.0);
    std::vector<int> preempted(s.jobs.size(), 0);
    std::vector<std::pair<double, int>> sweep; // (time, +1 start / -1 end) per GPU
    std::map<int, std::vector<std::pair<double, double>>> byGpu;
    for (const ScheduleSegment& g : sc.segments) {
        const auto j = std::size_t(g.job);
        QCOMPARE(int(g.gpus.size()), s.jobs[j].gpuCount());
        QVERIFY(g.endS >= g.startS);
        QVERIFY(g.end != ScheduleSegment::End::Cut);
        gpuSeconds[j] += double(g.gpus.size()) * (g.endS - g.startS);
        iterations[j] += g.iterations;
        preempted[j] += g.end == ScheduleSegment::End::Preempted;
        if (g.end == ScheduleSegment::End::Finished)
            QCOMPARE(g.endS, res.jobs[j].finishS);
        for (int gpu : g.gpus)
            byGpu[gpu].push_back({g.startS, g.endS});
    }
    for (std::size_t j = 0; j < s.jobs.size(); ++j) {
        QVERIFY(qAbs(gpuSeconds[j] - res.jobs[j].gpuSeconds) <= 1e-6 * (1 + gpuSeconds[j]));
        QVERIFY(qAbs(iterations[j] - s.jobs[j].trueIterations()) <=
                1e-6 * s.jobs[j].trueIterations());
        QCOMPARE(preempted[j], res.jobs[j].preemptions);
    }
    for (auto& [gpu, spans] : byGpu) {
        std::sort(spans.begin(), spans.end());
        for (std::size_t i = 1; i < spans.size(); ++i)
            QVERIFY2(spans[i].first >= spans[i - 1].second,
                     qPrintable(QStringLiteral("GPU %1 held twice").arg(gpu)));
    }
    for (const CounterSample& k : sc.counters) {
        QVERIFY(k.freeGpus >= 0 && k.freeGpus <= sc.totalGpus);
        QVERIFY(k.queueLength >= 0 && k.running >= 0);
    }
    QCOMPARE(sc.counters.back().freeGpus, sc.totalGpus);
    QCOMPARE(sc.counters.back().queueLength, 0);
    const long arrivals = std::count_if(sc.events.begin(), sc.events.end(), [](const auto& e) {
        return e.kind == ScheduleEvent::Kind::Arrived;
    });
    QCOMPARE(int(arrivals), int(s.jobs.size()));

    if (policy == QLatin1String("asrpt")) {
        // Strict A-SRPT releases a job to the cluster when the virtual machine completes it.
        QVERIFY(!sc.virtualSlices.empty());
        std::vector<double> released(s.jobs.size(), -1.0);
        for (const VirtualSlice& v : sc.virtualSlices)
            released[std::size_t(v.job)] = std::max(released[std::size_t(v.job)], v.toS);
        for (std::size_t j = 0; j < s.jobs.size(); ++j) {
            QVERIFY(released[j] >= 0.0);
            QVERIFY2(res.jobs[j].startS >= released[j] - 1e-6, qPrintable(res.jobs[j].id));
        }
    }
}

QTEST_GUILESS_MAIN(TestScheduleRecorder)
#include "tst_schedulerecorder.moc"
