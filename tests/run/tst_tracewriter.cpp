// trace.json (Chrome/Perfetto trace-event format): it parses as JSON, names every server and GPU,
// has one complete event per (segment, GPU) with the job's arguments, never overlaps slices on a
// track, carries the cluster counters, shows asrpt's virtual single machine (and only asrpt's),
// escapes odd job ids, and the checker refuses schedules that would not nest.
#include "io/scenarioreader.h"
#include "policies/policyregistry.h"
#include "randomscenario.h"
#include "run/runner.h"
#include "run/tracewriter.h"
#include "sim/schedulerecorder.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace gantry;

namespace {

struct Traced
{
    Scenario scenario;
    RunResult result;
    Schedule schedule;
};

Traced runTraced(const Scenario& s, const QString& policy, quint64 seed)
{
    RunConfig c;
    c.policy = policy;
    c.placement = QStringLiteral("graph");
    c.seed = seed;
    c.restartOverheadS = seed % 2 ? 5.0 : 0.0;
    ScheduleRecorder rec(s);
    auto r = Runner::run(s, c, nullptr, {&rec});
    if (!r)
        qFatal("run failed: %s", qPrintable(r.error().message));
    return {s, r.value(), rec.take()};
}

// A scenario of its own: one 4-GPU server, a job holding all of it, then two sharing it.
Scenario tiny(const QString& firstId)
{
    Scenario s;
    s.name = QStringLiteral("tiny");
    s.cluster.gpuTypes.push_back({QStringLiteral("t"), 100, 80, 1.0});
    s.cluster.racks = {{QStringLiteral("r0"), 1000}};
    s.cluster.servers.push_back({QStringLiteral("s0"), 0, 0, 4, 100, 80});
    s.cluster.finalize();
    for (auto [id, at, g, d] :
         {std::tuple{firstId, 0.0, 4, 10.0}, std::tuple{QStringLiteral("b"), 1.0, 2, 5.0},
          std::tuple{QStringLiteral("c"), 1.0, 2, 2.5}}) {
        Job j;
        j.id = id;
        j.arrivalS = at;
        j.gpus = g;
        j.durationS = d;
        s.jobs.push_back(j);
    }
    return s;
}

QJsonArray events(const QByteArray& json, QString* problem)
{
    QJsonParseError pe;
    const QJsonDocument d = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError) {
        *problem = QStringLiteral("not JSON at %1: %2").arg(pe.offset).arg(pe.errorString());
        return {};
    }
    if (!d.object().value("traceEvents").isArray())
        *problem = QStringLiteral("no traceEvents array");
    return d.object().value("traceEvents").toArray();
}

bool isInteger(const QJsonValue& v)
{
    return v.isDouble() && v.toDouble() == double(qint64(v.toDouble()));
}

} // namespace

class TestTraceWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void trace_data();
    void trace();
    void escapesJobIds();
    void checkRefuses_data();
    void checkRefuses();
    void writeFile();
};

void TestTraceWriter::trace_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<QString>("file");
    for (const QString& policy : PolicyRegistry::names()) {
        for (quint64 seed = 1; seed <= 3; ++seed)
            QTest::addRow("%s/random%llu", qPrintable(policy), seed) << policy << seed << QString();
        QTest::addRow("%s/two_racks_count", qPrintable(policy))
            << policy << quint64(0)
            << QStringLiteral(GANTRY_TEST_DATA "/valid/two_racks_count.json");
    }
}

void TestTraceWriter::trace()
{
    QFETCH(QString, policy);
    QFETCH(quint64, seed);
    QFETCH(QString, file);
    Scenario s;
    if (file.isEmpty()) {
        s = test::RandomScenario::make(seed, {});
    } else {
        auto read = ScenarioReader::readFile(file);
        QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().message));
        s = read.value();
    }
    const Traced t = runTraced(s, policy, seed);
    auto json = PerfettoTraceWriter::toJson(t.scenario, t.result, t.schedule);
    QVERIFY2(json.ok(), json.ok() ? "" : qPrintable(json.error().message));
    QString problem;
    const QJsonArray evs = events(json.value(), &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // Compact: no indentation, one event per line.
    QVERIFY(!json.value().contains("\n "));
    QCOMPARE(json.value().count('\n'), qsizetype(evs.size()) + 3);

    const Cluster& c = s.cluster;
    std::map<int, QString> processes;               // pid -> name
    std::map<std::pair<int, int>, QString> threads; // (pid, tid) -> name
    std::set<int> sortedProcesses;
    // (job, GPU track, ts, dur) of every complete event on a server process, and per track.
    std::multiset<std::tuple<int, std::pair<int, int>, qint64, qint64>> slices;
    std::map<std::pair<int, int>, std::vector<std::pair<qint64, qint64>>> perTrack;
    std::map<QString, int> jobIndex;
    for (int j = 0; j < int(s.jobs.size()); ++j)
        jobIndex[s.jobs[std::size_t(j)].id] = j;
    int counters = 0;
    std::vector<std::pair<qint64, qint64>> virtualSlices;
    int virtualPid = -1;
    for (const QJsonValue& v : evs) {
        const QJsonObject e = v.toObject();
        const QString ph = e.value("ph").toString();
        const int pid = e.value("pid").toInt(-1);
        QVERIFY(pid > 0);
        if (ph == QLatin1String("M")) {
            const QString name = e.value("name").toString();
            if (name == QLatin1String("process_name"))
                processes[pid] = e.value("args").toObject().value("name").toString();
            else if (name == QLatin1String("process_sort_index"))
                sortedProcesses.insert(pid);
            else if (name == QLatin1String("thread_name"))
                threads[{pid, e.value("tid").toInt()}] =
                    e.value("args").toObject().value("name").toString();
        } else if (ph == QLatin1String("X")) {
            QVERIFY(isInteger(e.value("ts")) && isInteger(e.value("dur")));
            const qint64 ts = qint64(e.value("ts").toDouble()),
                         dur = qint64(e.value("dur").toDouble());
            QVERIFY(dur >= 0);
            const std::pair<int, int> track{pid, e.value("tid").toInt()};
            QVERIFY2(threads.count(track), "complete event on an unnamed track");
            perTrack[track].push_back({ts, ts + dur});
            const QJsonObject args = e.value("args").toObject();
            QCOMPARE(args.value("job").toString(), e.value("name").toString());
            QVERIFY(jobIndex.count(args.value("job").toString()));
            const int j = jobIndex[args.value("job").toString()];
            if (processes[pid] == QLatin1String("virtual single machine")) {
                virtualPid = pid;
                virtualSlices.push_back({ts, ts + dur});
                continue;
            }
            for (const char* k : {"gpus", "iters", "end", "pred_iters", "true_iters"})
                QVERIFY2(args.contains(k), k);
            QCOMPARE(args.value("true_iters").toDouble(), t.result.jobs[std::size_t(j)].iterations);
            QCOMPARE(args.value("pred_iters").toDouble(),
                     t.result.jobs[std::size_t(j)].predictedIterations);
            slices.insert({j, track, ts, dur});
        } else if (ph == QLatin1String("C")) {
            const QJsonObject args = e.value("args").toObject();
            QVERIFY(isInteger(e.value("ts")));
            const int free = args.value("free_gpus").toInt(-1);
            QVERIFY(free >= 0 && free <= c.totalGpus());
            QVERIFY(args.value("queued_jobs").toInt(-1) >= 0);
            QVERIFY(args.value("running_jobs").toInt(-1) >= 0);
            QCOMPARE(processes[pid], QStringLiteral("cluster"));
            ++counters;
        } else {
            QFAIL(qPrintable(QStringLiteral("unexpected phase %1").arg(ph)));
        }
    }

    // One named, sorted process per server and one named track per GPU under it.
    for (std::size_t sv = 0; sv < c.servers.size(); ++sv) {
        const int pid = int(sv) + 1;
        QVERIFY(processes[pid].startsWith(c.servers[sv].name + QLatin1Char(' ')));
        QVERIFY(sortedProcesses.count(pid));
        int gpus = 0;
        for (const auto& [track, name] : threads)
            gpus += track.first == pid;
        QCOMPARE(gpus, c.servers[sv].gpus);
    }
    // Every (segment, GPU) pair is exactly one complete event on that GPU's track.
    std::map<int, std::pair<int, int>> trackOfGpu;
    for (const auto& [track, name] : threads) {
        const int hash = int(name.indexOf(QLatin1Char('#')));
        if (hash >= 0)
            trackOfGpu[name.mid(hash + 1).chopped(1).toInt()] = track;
    }
    QCOMPARE(int(trackOfGpu.size()), c.totalGpus());
    std::multiset<std::tuple<int, std::pair<int, int>, qint64, qint64>> want;
    for (const ScheduleSegment& seg : t.schedule.segments)
        for (int g : t.schedule.gpusOf(seg)) {
            QCOMPARE(trackOfGpu[g].first, c.serverOfGpu(g) + 1);
            const qint64 ts = fromSeconds(seg.startS);
            want.insert({seg.job, trackOfGpu[g], ts, fromSeconds(seg.endS) - ts});
        }
    QCOMPARE(int(slices.size()), int(want.size()));
    QVERIFY(slices == want);
    // Slices on one track never overlap (touching is fine): Perfetto nests them properly.
    for (auto& [track, spans] : perTrack) {
        std::sort(spans.begin(), spans.end());
        for (std::size_t i = 1; i < spans.size(); ++i)
            QVERIFY2(spans[i].first >= spans[i - 1].second,
                     qPrintable(QStringLiteral("overlap on track %1/%2 at %3")
                                    .arg(track.first)
                                    .arg(track.second)
                                    .arg(spans[i].first)));
    }
    QVERIFY(counters >= 2);
    // The A-SRPT family, and only it, has the virtual single machine, one slice per recorded
    // slice.
    if (policy.startsWith(QLatin1String("asrpt"))) {
        QVERIFY(virtualPid > 0);
        QCOMPARE(int(virtualSlices.size()), int(t.schedule.virtualSlices.size()));
        QVERIFY(!virtualSlices.empty());
    } else {
        QCOMPARE(virtualPid, -1);
        for (const auto& [pid, name] : processes)
            QVERIFY(name != QLatin1String("virtual single machine"));
    }
}

void TestTraceWriter::escapesJobIds()
{
    const QString odd = QStringLiteral("a \"quoted\", back\\slash\nnew line \t tab \u00e9\u4e2d");
    const Traced t = runTraced(tiny(odd), QStringLiteral("fifo"), 0);
    auto json = PerfettoTraceWriter::toJson(t.scenario, t.result, t.schedule);
    QVERIFY(json.ok());
    QString problem;
    const QJsonArray evs = events(json.value(), &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    int found = 0;
    for (const QJsonValue& v : evs) {
        const QJsonObject e = v.toObject();
        if (e.value("ph").toString() == QLatin1String("X") && e.value("name").toString() == odd) {
            ++found;
            QCOMPARE(e.value("args").toObject().value("gpus").toString(), QStringLiteral("0-3"));
            QCOMPARE(e.value("args").toObject().value("end").toString(),
                     QStringLiteral("finished"));
            QCOMPARE(e.value("dur").toDouble(), 10e6);
        }
    }
    QCOMPARE(found, 4); // one per GPU of the 4-GPU job
}

void TestTraceWriter::checkRefuses_data()
{
    QTest::addColumn<QList<double>>("spans"); // start, end, first GPU, GPU count per segment
    QTest::addColumn<QString>("problem");     // empty: accepted
    QTest::newRow("touching") << QList<double>{0, 10, 0, 4, 10, 15, 0, 2, 10, 12.5, 2, 2}
                              << QString();
    QTest::newRow("zero length at a boundary")
        << QList<double>{0, 10, 0, 4, 10, 10, 0, 1, 10, 15, 0, 2} << QString();
    QTest::newRow("overlap on one GPU")
        << QList<double>{0, 10, 0, 4, 9.5, 15, 3, 1} << QStringLiteral("overlap on GPU 3");
    QTest::newRow("overlap by a microsecond")
        << QList<double>{0, 10, 0, 1, 9.999999, 15, 0, 1} << QStringLiteral("overlap on GPU 0");
    QTest::newRow("GPU out of range") << QList<double>{0, 10, 2, 4} << QStringLiteral("GPU 4");
    QTest::newRow("ends before it starts")
        << QList<double>{5, 4, 0, 1} << QStringLiteral("invalid");
}

void TestTraceWriter::checkRefuses()
{
    QFETCH(QList<double>, spans);
    QFETCH(QString, problem);
    Traced t = runTraced(tiny(QStringLiteral("a")), QStringLiteral("fifo"), 0);
    t.schedule.segments.clear();
    for (qsizetype i = 0; i + 3 < spans.size(); i += 4) {
        std::vector<int> gpus;
        for (int g = 0; g < int(spans[i + 3]); ++g)
            gpus.push_back(int(spans[i + 2]) + g);
        t.schedule.addSegment(int(i / 4) % 3, spans[i], spans[i + 1], gpus, 0.0,
                              ScheduleSegment::End::Finished);
    }
    const Status s = PerfettoTraceWriter::check(t.scenario, t.result, t.schedule);
    auto json = PerfettoTraceWriter::toJson(t.scenario, t.result, t.schedule);
    if (problem.isEmpty()) {
        QVERIFY2(s.ok(), s.ok() ? "" : qPrintable(s.error().message));
        QVERIFY(json.ok());
        return;
    }
    QVERIFY(!s.ok());
    QVERIFY2(s.error().message.contains(problem), qPrintable(s.error().message));
    QVERIFY(!json.ok());
}

void TestTraceWriter::writeFile()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const Traced t = runTraced(tiny(QStringLiteral("a")), QStringLiteral("asrpt"), 0);
    const QString path = tmp.filePath(QStringLiteral("trace.json"));
    QVERIFY(PerfettoTraceWriter::writeFile(t.scenario, t.result, t.schedule, path).ok());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), PerfettoTraceWriter::toJson(t.scenario, t.result, t.schedule).value());
    f.close();
    // A schedule that fails the check leaves the previous file as it was.
    Schedule bad = t.schedule;
    bad.segments.push_back(bad.segments.front());
    bad.segments.back().startS += 0.5;
    const Status s = PerfettoTraceWriter::writeFile(t.scenario, t.result, bad, path);
    QVERIFY(!s.ok());
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), PerfettoTraceWriter::toJson(t.scenario, t.result, t.schedule).value());
    // An unwritable place is an error naming the path, not a crash.
    const QString nowhere = tmp.filePath(QStringLiteral("missing/dir/trace.json"));
    const Status w = PerfettoTraceWriter::writeFile(t.scenario, t.result, t.schedule, nowhere);
    QVERIFY(!w.ok());
    QVERIFY(w.error().message.contains(nowhere));
}

QTEST_GUILESS_MAIN(TestTraceWriter)
#include "tst_tracewriter.moc"
