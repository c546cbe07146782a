// The window's run session (ui/window/runsession.h) without a window: each run of a request
// arrives as runAdded() and the request ends with ending() then ended() and the status text of
// its origin (the user's run, saved runs shown again, a Plan point); cancel() ends it
// Cancelled, a failing policy Failed; abandon() and a later start() drop a request that is not
// the user's, and nothing it still sends is heard.
#include "viewfixtures.h"
#include "window/runsession.h"

#include <QSignalSpy>
#include <QStringList>
#include <QTest>

#include <memory>

using gantry::RunConfig;
using gantry::Scenario;
using gantry::ui::DocumentRun;
using gantry::ui::RunRequest;
using gantry::ui::RunSession;

Q_DECLARE_METATYPE(gantry::ui::RunRequest::Origin)

namespace {

// Generous: the runs are tiny, but sanitizer builds are slow.
constexpr int RunTimeoutMs = 120000;

RunRequest request(const QStringList& policies, RunRequest::Origin origin,
                   const QString& label = {})
{
    RunRequest r;
    r.scenario = std::make_shared<const Scenario>(gantry::test::classroom());
    r.scenarioIndex = origin == RunRequest::Origin::PlanPoint ? -1 : 0;
    for (const QString& p : policies) {
        RunConfig c;
        c.policy = p;
        r.configs << c;
    }
    r.origin = origin;
    r.label = label;
    return r;
}

// Appends what session says to log, in order: "run POLICY", "ending OUTCOME", "ended OUTCOME".
void record(RunSession& session, QStringList* log)
{
    QObject::connect(&session, &RunSession::runAdded, &session, [log](const DocumentRun& run) {
        *log << QStringLiteral("run %1").arg(run.result->config.policy);
    });
    QObject::connect(&session, &RunSession::ending, &session, [log](RunSession::Outcome o) {
        *log << QStringLiteral("ending %1").arg(int(o));
    });
    QObject::connect(&session, &RunSession::ended, &session,
                     [log](RunSession::Outcome o, const QString&) {
                         *log << QStringLiteral("ended %1").arg(int(o));
                     });
}

// The log of a request that completed after runs of policies.
QStringList completedAfter(const QStringList& policies)
{
    QStringList log;
    for (const QString& p : policies)
        log << QStringLiteral("run %1").arg(p);
    const int completed = int(RunSession::Outcome::Completed);
    return log << QStringLiteral("ending %1").arg(completed)
               << QStringLiteral("ended %1").arg(completed);
}

} // namespace

class TstRunSession : public QObject
{
    Q_OBJECT

private slots:
    void requestEndsWithItsStatus_data();
    void requestEndsWithItsStatus();
    void userRunRefusesAnother();
    void cancelEndsCancelled();
    void failingPolicyEndsFailed();
    void abandonDropsLateSignals();
    void startReplacesReplay();
};

void TstRunSession::requestEndsWithItsStatus_data()
{
    QTest::addColumn<RunRequest::Origin>("origin");
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("statusStart");
    QTest::addColumn<QString>("statusEnd");
    QTest::addColumn<bool>("saved");

    QTest::newRow("user") << RunRequest::Origin::User << QString()
                          << QStringLiteral("Finished 2 runs in ") << QStringLiteral(" s") << false;
    QTest::newRow("replay") << RunRequest::Origin::Replay << QString()
                            << QStringLiteral("Showing 2 saved runs again (")
                            << QStringLiteral(" s)") << true;
    // A Plan point's status names the point.
    QTest::newRow("plan point") << RunRequest::Origin::PlanPoint
                                << QStringLiteral("3: 2 x 4 t, fifo")
                                << QStringLiteral("Plan point 3: 2 x 4 t, fifo (")
                                << QStringLiteral(" s)") << true;
}

void TstRunSession::requestEndsWithItsStatus()
{
    QFETCH(RunRequest::Origin, origin);
    QFETCH(QString, label);
    QFETCH(QString, statusStart);
    QFETCH(QString, statusEnd);
    QFETCH(bool, saved);

    QStringList log;
    RunSession session;
    record(session, &log);
    QSignalSpy added(&session, &RunSession::runAdded);
    QSignalSpy ended(&session, &RunSession::ended);
    QCOMPARE(session.lastOutcome(), RunSession::Outcome::None);

    RunRequest r = request({QStringLiteral("fifo"), QStringLiteral("srtf")}, origin, label);
    const std::shared_ptr<const Scenario> scenario = r.scenario;
    QVERIFY(session.start(std::move(r)));
    QVERIFY(session.isRunning());
    QCOMPARE(session.isReplaying(), origin != RunRequest::Origin::User);
    QCOMPARE(session.origin(), origin);
    QCOMPARE(session.scenario(), scenario);

    QVERIFY(ended.wait(RunTimeoutMs));
    QCOMPARE(added.count(), 2);
    QCOMPARE(ended.count(), 1);
    QCOMPARE(ended.first().at(0).value<RunSession::Outcome>(), RunSession::Outcome::Completed);
    const QString status = ended.first().at(1).toString();
    QVERIFY2(status.startsWith(statusStart) && status.endsWith(statusEnd), qPrintable(status));
    // Each run before the end, in the order of the configurations.
    QCOMPARE(log, completedAfter({QStringLiteral("fifo"), QStringLiteral("srtf")}));

    QVERIFY(!session.isRunning());
    QVERIFY(!session.isReplaying());
    QCOMPARE(session.lastOutcome(), RunSession::Outcome::Completed);
    QCOMPARE(session.batch().size(), std::size_t(2));
    for (const DocumentRun& run : session.batch()) {
        QCOMPARE(run.saved, saved);
        QCOMPARE(run.ranOn, scenario);
        QVERIFY(run.schedule);
        QCOMPARE(run.result->jobs.size(), scenario->jobs.size());
    }

    session.clear();
    QVERIFY(session.batch().empty());
    QCOMPARE(session.lastOutcome(), RunSession::Outcome::None);
}

void TstRunSession::userRunRefusesAnother()
{
    RunSession session;
    QSignalSpy ended(&session, &RunSession::ended);
    QVERIFY(!session.start(RunRequest{}));                          // no scenario
    QVERIFY(!session.start(request({}, RunRequest::Origin::User))); // no configuration
    QVERIFY(session.start(request({QStringLiteral("fifo")}, RunRequest::Origin::User)));
    QVERIFY(!session.start(request({QStringLiteral("srtf")}, RunRequest::Origin::User)));
    QVERIFY(!session.start(request({QStringLiteral("srtf")}, RunRequest::Origin::Replay)));
    QVERIFY(ended.wait(RunTimeoutMs));
    QCOMPARE(session.batch().size(), std::size_t(1));
    QCOMPARE(session.batch().front().result->config.policy, QStringLiteral("fifo"));
}

void TstRunSession::cancelEndsCancelled()
{
    RunSession session;
    QSignalSpy added(&session, &RunSession::runAdded);
    QSignalSpy ended(&session, &RunSession::ended);
    QVERIFY(session.start(
        request({QStringLiteral("fifo"), QStringLiteral("srtf")}, RunRequest::Origin::User)));
    // Cancelled before the worker takes the request: it stops before its first result.
    session.cancel();
    QVERIFY(session.cancelRequested());
    QVERIFY(session.isRunning()); // until the worker says so
    QVERIFY(ended.wait(RunTimeoutMs));
    QCOMPARE(ended.first().at(0).value<RunSession::Outcome>(), RunSession::Outcome::Cancelled);
    QCOMPARE(ended.first().at(1).toString(), QStringLiteral("Cancelled"));
    QCOMPARE(added.count(), 0);
    QVERIFY(!session.isRunning());
    QCOMPARE(session.lastOutcome(), RunSession::Outcome::Cancelled);
}

void TstRunSession::failingPolicyEndsFailed()
{
    RunSession session;
    QSignalSpy ended(&session, &RunSession::ended);
    QVERIFY(session.start(request({QStringLiteral("no-such-policy")}, RunRequest::Origin::User)));
    QVERIFY(ended.wait(RunTimeoutMs));
    QCOMPARE(ended.first().at(0).value<RunSession::Outcome>(), RunSession::Outcome::Failed);
    const QString status = ended.first().at(1).toString();
    QVERIFY2(status.startsWith(QStringLiteral("Run failed: no-such-policy: ")), qPrintable(status));
    QCOMPARE(session.lastOutcome(), RunSession::Outcome::Failed);
}

void TstRunSession::abandonDropsLateSignals()
{
    QStringList log;
    RunSession session;
    record(session, &log);
    QSignalSpy ended(&session, &RunSession::ended);
    QVERIFY(session.start(
        request({QStringLiteral("fifo"), QStringLiteral("sjf")}, RunRequest::Origin::Replay)));
    session.abandon();
    QVERIFY(!session.isRunning());
    QVERIFY(!session.isReplaying());
    QVERIFY(session.batch().empty());
    QCOMPARE(session.lastOutcome(), RunSession::Outcome::Cancelled);

    // The worker takes requests in order and its signals come back in order: once the next
    // request has ended, anything the abandoned one sent has arrived and was dropped.
    QVERIFY(session.start(request({QStringLiteral("srtf")}, RunRequest::Origin::User)));
    QVERIFY(ended.wait(RunTimeoutMs));
    QCOMPARE(ended.count(), 1);
    QCOMPARE(log, completedAfter({QStringLiteral("srtf")}));
    QVERIFY2(ended.first().at(1).toString().startsWith(QStringLiteral("Finished 1 run in ")),
             qPrintable(ended.first().at(1).toString()));
}

void TstRunSession::startReplacesReplay()
{
    QStringList log;
    RunSession session;
    record(session, &log);
    QSignalSpy ended(&session, &RunSession::ended);
    QVERIFY(session.start(
        request({QStringLiteral("fifo"), QStringLiteral("sjf")}, RunRequest::Origin::Replay)));
    // Saved runs shown again give way to the user's run without ending.
    QVERIFY(session.start(request({QStringLiteral("srtf")}, RunRequest::Origin::User)));
    QVERIFY(session.isRunning());
    QVERIFY(!session.isReplaying());
    QVERIFY(ended.wait(RunTimeoutMs));
    QCOMPARE(ended.count(), 1);
    QCOMPARE(session.batch().size(), std::size_t(1));
    QCOMPARE(session.batch().front().result->config.policy, QStringLiteral("srtf"));
    QCOMPARE(log, completedAfter({QStringLiteral("srtf")}));
}

QTEST_GUILESS_MAIN(TstRunSession)

#include "tst_runsession.moc"
