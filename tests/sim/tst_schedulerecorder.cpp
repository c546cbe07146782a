// The recorded schedule (Gantt, playback, heatmap and trace export read it): segments agree with
// the run's job records, no GPU is held twice at once, counters add up, asrpt's virtual machine
// releases jobs before the cluster starts them, and a hand-checked two-job example. The compact
// log of decision notes gives back what it was given, bit for bit.
#include "policies/policyregistry.h"
#include "randomscenario.h"
#include "run/runner.h"
#include "sim/notelog.h"
#include "sim/schedulerecorder.h"
#include "sim/simtime.h"
#include "util/rng.h"

#include <QTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <map>
#include <span>
#include <vector>

using namespace gantry;

Q_DECLARE_METATYPE(std::vector<gantry::DecisionNote>)

class TestScheduleRecorder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void handExample();
    void agreesWithRecords_data();
    void agreesWithRecords();
    void noteLogGivesBack_data();
    void noteLogGivesBack();
    void noteLogOfARun();
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
    const auto gpusOf = [&sc](const ScheduleSegment& g) {
        const std::span<const int> v = sc.gpusOf(g);
        return std::vector<int>(v.begin(), v.end());
    };
    QCOMPARE(gpusOf(sc.segments[0]), (std::vector<int>{0, 1, 2, 3}));
    QCOMPARE(sc.segments[0].iterations, 10.0);
    QCOMPARE(sc.segments[1].job, 1);
    QCOMPARE(sc.segments[1].startS, 10.0);
    QCOMPARE(sc.segments[1].endS, 15.0);
    QCOMPARE(int(sc.gpusOf(sc.segments[1]).size()), 2);
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
    // Each start event gives the GPUs of its segment; the others none.
    std::vector<std::vector<int>> started;
    for (const ScheduleEvent& e : sc.events) {
        const std::span<const int> g = sc.gpusOf(e);
        if (e.kind == ScheduleEvent::Kind::Started)
            started.emplace_back(g.begin(), g.end());
        else
            QVERIFY(g.empty());
    }
    QCOMPARE(started,
             (std::vector<std::vector<int>>{gpusOf(sc.segments[0]), gpusOf(sc.segments[1])}));
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
        QCOMPARE(int(sc.gpusOf(g).size()), s.jobs[j].gpuCount());
        QVERIFY(g.endS >= g.startS);
        QVERIFY(g.end != ScheduleSegment::End::Cut);
        gpuSeconds[j] += double(sc.gpusOf(g).size()) * (g.endS - g.startS);
        iterations[j] += g.iterations;
        preempted[j] += g.end == ScheduleSegment::End::Preempted;
        if (g.end == ScheduleSegment::End::Finished)
            QCOMPARE(g.endS, res.jobs[j].finishS);
        for (int gpu : sc.gpusOf(g))
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

namespace {

// Same fields, doubles compared bit for bit (-0 is not +0, a NaN is itself).
bool same(const DecisionNote& a, const DecisionNote& b)
{
    const auto bits = [](double x) { return std::bit_cast<std::uint64_t>(x); };
    return bits(a.timeS) == bits(b.timeS) && a.kind == b.kind && a.reason == b.reason &&
           a.job == b.job && a.other == b.other && bits(a.value) == bits(b.value) &&
           bits(a.value2) == bits(b.value2);
}

// Every way of reading log gives notes back in order; instant t's notes are those at t.
void checkLog(const NoteLog& log, const std::vector<DecisionNote>& notes)
{
    QCOMPARE(log.size(), notes.size());
    QCOMPARE(log.empty(), notes.empty());
    std::size_t i = 0;
    for (const DecisionNote& n : log) {
        QVERIFY2(i < notes.size() && same(n, notes[i]), qPrintable(QString::number(i)));
        QVERIFY2(same(log[i], notes[i]), qPrintable(QString::number(i)));
        ++i;
    }
    QCOMPARE(i, notes.size());
    for (std::size_t k = 0; k < notes.size(); ++k) {
        const auto [first, last] = log.at(notes[k].timeS);
        QVERIFY(first <= k && k < last);
        QVERIFY(first == 0 || notes[first - 1].timeS != notes[k].timeS);
        QVERIFY(last == notes.size() || notes[last].timeS != notes[k].timeS);
    }
}

} // namespace

void TestScheduleRecorder::noteLogGivesBack_data()
{
    QTest::addColumn<std::vector<DecisionNote>>("notes");
    QTest::addColumn<int>("maxBytesPerNote"); // checked from 21 notes on
    using K = DecisionNote::Kind;
    QTest::newRow("none") << std::vector<DecisionNote>{} << 0;
    QTest::newRow("one, defaults") << std::vector<DecisionNote>{DecisionNote{}} << 0;
    QTest::newRow("odd doubles and ids")
        << std::vector<DecisionNote>{{0.0, K::Arrived, 0, 0, 0, -0.0, -0.0},
                                     {-0.0, K::Waits, 0, 1, 0, 0.0, 0.0},
                                     {0.0, K::Started, 255, std::numeric_limits<int>::max(), -2,
                                      std::numeric_limits<double>::quiet_NaN(),
                                      std::numeric_limits<double>::infinity()},
                                     {1e-300, K::Preempted, 1, 7, 0,
                                      -std::numeric_limits<double>::infinity(),
                                      std::numeric_limits<double>::denorm_min()},
                                     {1e300, K::Waits, 3, std::numeric_limits<int>::min(),
                                      std::numeric_limits<int>::max(), 1.5, 0.0},
                                     {1e300, K::Waits, 3, std::numeric_limits<int>::max(),
                                      std::numeric_limits<int>::min(), -1e12, 1e12}}
        << 0;
    // One instant of 300 notes across blocks, between instants of one note; times and figures in
    // whole microseconds and not.
    for (const double step : {1.0, 0.1}) {
        std::vector<DecisionNote> notes;
        for (int k = 0; k < 400; ++k) {
            DecisionNote d;
            d.timeS = k < 30 ? k * step : k < 330 ? 30 * step : (k - 299) * step;
            d.job = k % 7;
            d.value = d.timeS + 3 * step;
            notes.push_back(d);
        }
        QTest::newRow(qPrintable(QStringLiteral("long instant, step %1").arg(step)))
            << notes << (step == 1.0 ? 8 : 12);
    }
    // Seeded: instants of one to six notes, about one in four naming another job, one in five
    // with a second figure; the figures any doubles, or whole microseconds as the engine's are.
    for (const bool engine : {false, true}) {
        for (const std::uint64_t seed : {1ULL, 2ULL, 3ULL}) {
            Rng rng(seed);
            std::vector<DecisionNote> notes;
            double t = 0.0;
            for (int instant = 0; instant < 2000; ++instant) {
                t += engine ? toSeconds(SimTime(1 + rng.below(1'000'000'000)))
                            : 0.5 + double(rng.below(1000)) * 0.25;
                const int n = 1 + int(rng.below(6));
                for (int k = 0; k < n; ++k) {
                    DecisionNote d;
                    d.timeS = t;
                    d.kind = K(rng.below(4));
                    d.reason = std::uint8_t(rng.below(4));
                    d.job = int(rng.below(100000));
                    d.other = rng.below(4) == 0 ? int(rng.below(100000)) : -1;
                    d.value = engine ? toSeconds(SimTime(rng.below(1ULL << 40)))
                                     : double(rng.below(1u << 30)) / 7.0;
                    d.value2 = rng.below(5) != 0 ? 0.0
                               : engine          ? toSeconds(SimTime(rng.below(1ULL << 40)))
                                                 : double(rng.below(1000)) / 3.0;
                    notes.push_back(d);
                }
            }
            QTest::newRow(qPrintable(
                QStringLiteral("seeded %1%2").arg(seed).arg(engine ? ", engine's figures" : "")))
                << notes << (engine ? 16 : 18);
        }
    }
}

void TestScheduleRecorder::noteLogGivesBack()
{
    QFETCH(std::vector<DecisionNote>, notes);
    QFETCH(int, maxBytesPerNote);
    NoteLog log;
    for (const DecisionNote& n : notes)
        log.push_back(n);
    checkLog(log, notes);
    const NoteLog copy = log;
    checkLog(copy, notes);
    // No note at a time between instants, before the first or after the last.
    QCOMPARE(log.at(-1.0).first, log.at(-1.0).second);
    QCOMPARE(log.at(1e301).first, log.at(1e301).second);
    if (notes.size() > 20) {
        QCOMPARE(log.at(notes[10].timeS + 0.125).first, log.at(notes[10].timeS + 0.125).second);
        // Compact (a DecisionNote is 40 bytes).
        QVERIFY2(log.bytes() <= notes.size() * std::size_t(maxBytesPerNote),
                 qPrintable(QStringLiteral("%1 bytes for %2 notes, more than %3 a note")
                                .arg(log.bytes())
                                .arg(notes.size())
                                .arg(maxBytesPerNote)));
    }
}

// A real run's notes: what the recorder was told, in its order, for a preemptive policy with
// preemptions and waits.
void TestScheduleRecorder::noteLogOfARun()
{
    test::RandomScenario::Shape shape;
    shape.jobs = 60;
    const Scenario s = test::RandomScenario::make(7, shape);
    RunConfig config;
    config.policy = QStringLiteral("asrpt-gittins-eft");
    ScheduleRecorder rec(s);
    auto r = Runner::run(s, config, nullptr, {&rec});
    QVERIFY(r.ok());
    const Schedule sc = rec.take();
    QVERIFY(sc.notes.size() > 60);
    std::vector<DecisionNote> notes(sc.notes.begin(), sc.notes.end());
    std::size_t kinds[4] = {0, 0, 0, 0};
    for (std::size_t i = 0; i < notes.size(); ++i) {
        ++kinds[int(notes[i].kind)];
        if (i > 0)
            QVERIFY(notes[i - 1].timeS <= notes[i].timeS);
    }
    QVERIFY(kinds[int(DecisionNote::Kind::Started)] >= 60);
    QVERIFY(kinds[int(DecisionNote::Kind::Waits)] > 0);
    checkLog(sc.notes, notes);
}

QTEST_GUILESS_MAIN(TestScheduleRecorder)
#include "tst_schedulerecorder.moc"
