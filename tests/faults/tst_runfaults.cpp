// Run faults: a run cancelled at random moments (at a random progress report, or from another
// thread after a random delay) returns ErrorKind::Cancelled and no result, and a new run after
// the cancel gives exactly the result of an uninterrupted run.
#include "io/scenarioreader.h"
#include "io/workloadgenerator.h"
#include "run/runner.h"

#include <QRandomGenerator>
#include <QTest>

#include <chrono>
#include <thread>

using namespace gantry;

namespace {

Scenario workload()
{
    auto cluster =
        ScenarioReader::readFile(QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/cluster-512.json"));
    if (!cluster)
        qFatal("%s", qPrintable(cluster.error().message));
    WorkloadGenerator::Options o;
    o.jobs = 1500; // enough for the forest to retrain several times; cheap under sanitizers
    o.load = 1.2;
    o.mix = QStringLiteral("philly-like");
    o.seed = 7;
    auto s = WorkloadGenerator::generate(cluster.value().cluster, o);
    if (!s)
        qFatal("%s", qPrintable(s.error().message));
    return s.value();
}

void compareRuns(const RunResult& a, const RunResult& b)
{
    QCOMPARE(a.jobs.size(), b.jobs.size());
    for (std::size_t i = 0; i < a.jobs.size(); ++i) {
        const JobRecord &x = a.jobs[i], &y = b.jobs[i];
        QCOMPARE(x.id, y.id);
        QCOMPARE(x.startS, y.startS);
        QCOMPARE(x.finishS, y.finishS);
        QCOMPARE(x.gpus, y.gpus);
        QCOMPARE(x.servers, y.servers);
        QCOMPARE(x.preemptions, y.preemptions);
        QCOMPARE(x.predictedIterations, y.predictedIterations);
        QCOMPARE(x.gpuSeconds, y.gpuSeconds);
        QCOMPARE(x.crossServerBytes, y.crossServerBytes);
    }
    QCOMPARE(a.summary.totalJctS, b.summary.totalJctS);
    QCOMPARE(a.summary.makespanS, b.summary.makespanS);
    QCOMPARE(a.summary.events, b.summary.events);
    QCOMPARE(a.summary.preemptions, b.summary.preemptions);
    QCOMPARE(a.summary.predictionMae, b.summary.predictionMae);
}

} // namespace

class TstRunFaults : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cancelAtProgress_data();
    void cancelAtProgress();
    void cancelFromThread_data();
    void cancelFromThread();

private:
    const RunResult& reference(const QString& policy, const QString& predictor);

    Scenario m_scenario;
    std::map<QString, std::pair<RunResult, int>> m_reference; // result, progress reports
};

void TstRunFaults::initTestCase()
{
    m_scenario = workload();
}

const RunResult& TstRunFaults::reference(const QString& policy, const QString& predictor)
{
    const QString key = policy + QLatin1Char('/') + predictor;
    auto it = m_reference.find(key);
    if (it == m_reference.end()) {
        RunConfig c;
        c.policy = policy;
        c.predictor = predictor;
        c.seed = 11;
        int reports = 0;
        Feedback counting([&](double, const QString&) { ++reports; });
        auto r = Runner::run(m_scenario, c, &counting);
        if (!r)
            qFatal("%s", qPrintable(r.error().message));
        it = m_reference.emplace(key, std::make_pair(std::move(r).value(), reports)).first;
    }
    return it->second.first;
}

void TstRunFaults::cancelAtProgress_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QString>("predictor");
    QTest::addColumn<double>("at"); // fraction of the run's progress reports
    QRandomGenerator rng(424242);
    for (const char* policy : {"fifo", "srtf", "asrpt"})
        for (int i = 0; i < 2; ++i) {
            const char* predictor = i % 2 ? "rf" : "noisy:0.3";
            QTest::newRow(qPrintable(QStringLiteral("%1-%2-%3").arg(policy).arg(predictor).arg(i)))
                << QString::fromLatin1(policy) << QString::fromLatin1(predictor)
                << rng.generateDouble();
        }
}

void TstRunFaults::cancelAtProgress()
{
    QFETCH(QString, policy);
    QFETCH(QString, predictor);
    QFETCH(double, at);
    const RunResult& ref = reference(policy, predictor);
    const int reports = m_reference[policy + QLatin1Char('/') + predictor].second;
    // The last report before the end may come after the simulator's last cancel poll, and the
    // final one after the loop: cancel at an earlier one, which a later poll always sees.
    QVERIFY(reports >= 3);
    const int cancelAt = 1 + int(at * double(reports - 2));
    RunConfig c = ref.config;
    int seen = 0;
    Feedback* self = nullptr;
    Feedback feedback([&](double, const QString&) {
        if (++seen == cancelAt)
            self->cancel(); // seen by the simulator's next cancelled() poll
    });
    self = &feedback;
    auto cancelled = Runner::run(m_scenario, c, &feedback);
    QVERIFY(!cancelled);
    QCOMPARE(cancelled.error().kind, ErrorKind::Cancelled);
    // A fresh run afterwards equals the uninterrupted one.
    auto again = Runner::run(m_scenario, c);
    QVERIFY(again);
    compareRuns(again.value(), ref);
}

void TstRunFaults::cancelFromThread_data()
{
    QTest::addColumn<int>("delayUs");
    QRandomGenerator rng(777);
    for (int i = 0; i < 6; ++i)
        QTest::newRow(qPrintable(QStringLiteral("cancel-%1").arg(i))) << int(rng.bounded(200000u));
}

void TstRunFaults::cancelFromThread()
{
    QFETCH(int, delayUs);
    const RunResult& ref = reference(QStringLiteral("srtf"), QStringLiteral("rf"));
    Feedback feedback;
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::microseconds(delayUs));
        feedback.cancel();
    });
    auto r = Runner::run(m_scenario, ref.config, &feedback);
    canceller.join();
    if (r) {
        qInfo("the run finished before the cancel");
        compareRuns(r.value(), ref); // finished first: it must be complete
    } else {
        QCOMPARE(r.error().kind, ErrorKind::Cancelled);
    }
    auto again = Runner::run(m_scenario, ref.config);
    QVERIFY(again);
    compareRuns(again.value(), ref);
}

QTEST_GUILESS_MAIN(TstRunFaults)
#include "tst_runfaults.moc"
