// Limits: very large scenarios (1,000,000 jobs, 100,000 GPUs) either run or stop with a clear
// message, and absurd numbers (1e308 or denormal bandwidths, zero-length or near-zero jobs,
// arrivals at the far end of the accepted range, a makespan past the clock) give a clear error
// (from the reader, naming the place, or from the run) or a complete, finite result under every
// policy; never a hang or a crash.
#include "io/scenarioreader.h"
#include "run/runner.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace gantry;

namespace {

constexpr int WatchdogS = 120; // a run still going after this long counts as a hang

// A scenario document: two V100 servers of 4 GPUs in one rack unless cluster is given.
QByteArray scenario(const QByteArray& jobs, const QByteArray& cluster = {},
                    const QByteArray& extra = {})
{
    const QByteArray c =
        cluster.isEmpty()
            ? QByteArray(R"({"racks": [{"name": "r0", "uplink_gbps": 100}], "servers": [)"
                         R"({"name": "s", "rack": "r0", "gpu_type": "V100", "gpus": 4, )"
                         R"("intra_GBps": 150, "nic_gbps": 100, "count": 2}]})")
            : cluster;
    return R"({"format": "gantry-scenario", "version": 1, )" + extra + R"("cluster": )" + c +
           R"(, "jobs": [)" + jobs + "]}";
}

// A cluster with one rack and count servers of 8 GPUs and the given bandwidths.
QByteArray cluster(int count, const char* uplink, const char* intra, const char* nic)
{
    return QByteArray(R"({"racks": [{"name": "r0", "uplink_gbps": )") + uplink +
           R"(}], "servers": [{"name": "s", "rack": "r0", "gpu_type": "A100-80G", "gpus": 8, )"
           R"("intra_GBps": )" +
           intra + R"(, "nic_gbps": )" + nic + R"(, "count": )" + QByteArray::number(count) + "}]}";
}

// n copies of a job; %1 in the template becomes the job's number.
QByteArray repeated(int n, const char* job)
{
    QByteArray out;
    out.reserve(qsizetype(n) * qsizetype(std::strlen(job) + 8));
    for (int i = 0; i < n; ++i) {
        if (i)
            out += ',';
        out += QByteArray(job).replace("%1", QByteArray::number(i));
    }
    return out;
}

// A graph job of 16 workers (two servers at least) in a ring of edges of the given bytes.
QByteArray ringJob(const char* id, const char* bytes, const char* compute = "0.1")
{
    QByteArray workers, edges;
    for (int i = 0; i < 16; ++i) {
        workers += QByteArray(i ? "," : "") + R"({"compute_s": )" + compute + "}";
        edges += QByteArray(i ? "," : "") + R"({"a": )" + QByteArray::number(i) + R"(, "b": )" +
                 QByteArray::number((i + 1) % 16) + R"(, "bytes": )" + bytes + "}";
    }
    return QByteArray(R"({"id": ")") + id + R"(", "arrival_s": 0, "iterations": 100, )" +
           R"("graph": {"workers": [)" + workers + R"(], "edges": [)" + edges + "]}}";
}

// Runs config on s with a watchdog that cancels after WatchdogS seconds.
Result<RunResult> guardedRun(const Scenario& s, const RunConfig& config, bool* hung)
{
    Feedback feedback;
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    std::thread watchdog([&] {
        std::unique_lock lock(m);
        if (!cv.wait_for(lock, std::chrono::seconds(WatchdogS), [&] { return done; }))
            feedback.cancel();
    });
    auto r = Runner::run(s, config, &feedback);
    {
        std::lock_guard lock(m);
        done = true;
    }
    cv.notify_one();
    watchdog.join();
    *hung = !r && r.error().kind == ErrorKind::Cancelled;
    return r;
}

} // namespace

class TstLimits : public QObject
{
    Q_OBJECT

private slots:
    void absurdScenario_data();
    void absurdScenario();
};

void TstLimits::absurdScenario_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("error"); // empty: must run to a complete, finite result
    QTest::addColumn<QStringList>("policies");
    const QStringList all = {"fifo", "sjf", "srtf", "tiresias", "asrpt"};
    const QStringList fifo = {"fifo"};

    QTest::newRow("1,000,000 jobs")
        << scenario(repeated(1000000, R"({"id": "j%1", "arrival_s": %1, "gpus": 1, )"
                                      R"("duration_s": 10})"))
        << QString() << fifo;
    QTest::newRow("100,000 GPUs") << scenario(
                                         repeated(2000,
                                                  R"({"id": "j%1", "arrival_s": 0, "gpus": 64, )"
                                                  R"("duration_s": 100})"),
                                         cluster(12500, "1600", "600", "200"))
                                  << QString() << all;
    const QString horizon = QStringLiteral("beyond the simulation horizon");
    QTest::newRow("1e308 bandwidths")
        << scenario(ringJob("ring", "1e9"), cluster(2, "1e308", "1e308", "1e308"))
        << QStringLiteral("cluster.racks[0].uplink_gbps: must be") << fifo;
    QTest::newRow("largest bandwidths")
        << scenario(ringJob("ring", "1e12"), cluster(2, "1e12", "1e12", "1e12")) << QString()
        << all;
    QTest::newRow("denormal bandwidths")
        << scenario(ringJob("ring", "1e9"), cluster(2, "5e-324", "5e-324", "5e-324")) << horizon
        << all;
    QTest::newRow("1e308 edge bytes")
        << scenario(ringJob("ring", "1e308"), cluster(2, "100", "600", "200"))
        << QStringLiteral("jobs[0].graph.edges[0].bytes: must be") << fifo;
    QTest::newRow("zero compute, no traffic")
        << scenario(ringJob("ring", "0", "0"), cluster(2, "100", "600", "200")) << QString() << all;
    QTest::newRow("zero duration") << scenario(R"({"id": "z", "arrival_s": 0, "gpus": 1, )"
                                               R"("duration_s": 0})")
                                   << QStringLiteral("jobs[0].duration_s: must be") << fifo;
    QTest::newRow("zero iterations") << scenario(R"({"id": "z", "arrival_s": 0, "iterations": 0, )"
                                                 R"("graph": {"workers": [{"compute_s": 1}]}})")
                                     << QStringLiteral("jobs[0].iterations: must be") << fifo;
    QTest::newRow("near-zero durations")
        << scenario(repeated(100, R"({"id": "j%1", "arrival_s": 0, "gpus": 8, )"
                                  R"("duration_s": 1e-300})"))
        << QString() << all;
    QTest::newRow("arrivals at the far end")
        << scenario(repeated(50, R"({"id": "j%1", "arrival_s": 1e9, "gpus": 3, )"
                                 R"("duration_s": 1e9})"))
        << QString() << all;
    QTest::newRow("arrival past the end")
        << scenario(R"({"id": "late", "arrival_s": 1e10, "gpus": 1, "duration_s": 1})")
        << QStringLiteral("jobs[0].arrival_s: must be") << fifo;
    QTest::newRow("makespan past the clock")
        << scenario(repeated(20000, R"({"id": "j%1", "arrival_s": 0, "gpus": 8, )"
                                    R"("duration_s": 1e9})"))
        << horizon << fifo;
    QTest::newRow("NaN literal") << scenario(R"({"id": "n", "arrival_s": NaN, "gpus": 1, )"
                                             R"("duration_s": 1})")
                                 << QStringLiteral("invalid JSON") << fifo;
    QTest::newRow("1e400 literal")
        << scenario(R"({"id": "n", "arrival_s": 0, "gpus": 1, )"
                    R"("duration_s": 1e400})")
        << QStringLiteral("jobs[0].duration_s: must be a finite number") << fifo;
    QTest::newRow("slowest GPU type")
        << scenario(R"({"id": "s", "arrival_s": 0, "gpus": 1, "duration_s": 1e9})",
                    R"({"racks": [{"name": "r0", "uplink_gbps": 100}], "servers": [)"
                    R"({"name": "s", "rack": "r0", "gpu_type": "Slow", "gpus": 1, )"
                    R"("intra_GBps": 1, "nic_gbps": 1}]})",
                    R"("gpu_types": [{"name": "Slow", "tflops": 1e-300, "memory_gb": 1, )"
                    R"("speed": 1e-300}], )")
        << horizon << all;
}

void TstLimits::absurdScenario()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, error);
    QFETCH(QStringList, policies);
    auto s = ScenarioReader::readJson(json, QStringLiteral("limits.json"));
    if (!s) {
        qInfo("%s", qPrintable(s.error().message.left(200)));
        QVERIFY2(!error.isEmpty(), qPrintable(s.error().message.left(500)));
        QCOMPARE(s.error().kind, ErrorKind::InvalidInput);
        QVERIFY2(s.error().message.startsWith(QLatin1String("limits.json")),
                 qPrintable(s.error().message.left(500)));
        QVERIFY2(s.error().message.contains(error), qPrintable(s.error().message.left(500)));
        return;
    }
    const Scenario& scenario = s.value();
    bool rejectedByRun = false;
    for (const QString& policy : policies) {
        RunConfig c;
        c.policy = policy;
        bool hung = false;
        auto r = guardedRun(scenario, c, &hung);
        QVERIFY2(!hung, qPrintable(policy + QStringLiteral(": still running after the watchdog")));
        if (!r) {
            // A run may refuse too, with a clear message.
            qInfo("%s: %s", qPrintable(policy), qPrintable(r.error().message.left(200)));
            QVERIFY2(!error.isEmpty(), qPrintable(policy + ": " + r.error().message));
            QCOMPARE(r.error().kind, ErrorKind::InvalidInput);
            QVERIFY2(r.error().message.contains(error), qPrintable(r.error().message));
            rejectedByRun = true;
            continue;
        }
        QVERIFY2(error.isEmpty(), qPrintable(policy + QStringLiteral(": ran, expected an error")));
        const RunResult& result = r.value();
        QCOMPARE(result.summary.jobs, int(scenario.jobs.size()));
        for (const JobRecord& j : result.jobs) {
            QVERIFY2(std::isfinite(j.finishS) && j.finishS >= j.startS && j.startS >= j.arrivalS,
                     qPrintable(QStringLiteral("%1 %2: %3 %4 %5")
                                    .arg(policy, j.id)
                                    .arg(j.arrivalS)
                                    .arg(j.startS)
                                    .arg(j.finishS)));
            QVERIFY(std::isfinite(j.gpuSeconds) && j.gpuSeconds >= 0);
        }
        QVERIFY(std::isfinite(result.summary.avgJctS));
        QVERIFY(std::isfinite(result.summary.gpuUtilization));
    }
    if (!error.isEmpty())
        QVERIFY2(rejectedByRun, "expected an error from the reader or the run");
}

QTEST_GUILESS_MAIN(TstLimits)
#include "tst_limits.moc"
