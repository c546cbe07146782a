// What the window asks its run session for (ui/window/runorder.h), made from the project without
// a window: the user's run of the current scenario, refused in words without a scenario, while
// it has problems or without a policy, and said in the status when it starts; saved runs shown
// again when the scenario has none to show.
#include "document/projectdocument.h"
#include "io/scenarioreader.h"
#include "window/runorder.h"

#include <QTest>

using gantry::RunConfig;
using gantry::ui::ProjectDocument;
using gantry::ui::RunOrder;
using gantry::ui::RunRequest;

namespace {

QString sample(const char* name)
{
    return QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + QLatin1String(name);
}

QList<RunConfig> configsOf(const QStringList& policies)
{
    QList<RunConfig> configs;
    for (const QString& p : policies) {
        RunConfig c;
        c.policy = p;
        configs << c;
    }
    return configs;
}

} // namespace

class TstRunOrder : public QObject
{
    Q_OBJECT

private slots:
    void userRun_data();
    void userRun();
    void noSavedRunsToShow();
};

void TstRunOrder::userRun_data()
{
    QTest::addColumn<QString>("scenario"); // "teaching", "none", or "problem" (teaching made bad)
    QTest::addColumn<QStringList>("policies");
    QTest::addColumn<QString>("refusal"); // how it starts; empty: it runs
    QTest::addColumn<QString>("status");

    const QStringList two{QStringLiteral("fifo"), QStringLiteral("srtf")};
    QTest::newRow("two policies") << "teaching" << two << QString()
                                  << QStringLiteral("Running 2 policy(ies)...");
    QTest::newRow("one policy") << "teaching" << QStringList{QStringLiteral("sjf")} << QString()
                                << QStringLiteral("Running 1 policy(ies)...");
    QTest::newRow("no scenario") << "none" << two
                                 << QStringLiteral("Open a scenario before running (File > Open).")
                                 << QString();
    QTest::newRow("a problem") << "problem" << two
                               << QStringLiteral("Cannot run: 1 problem(s) to fix first; ")
                               << QString();
    QTest::newRow("no policy") << "teaching" << QStringList()
                               << QStringLiteral("Check at least one policy to run.") << QString();
}

void TstRunOrder::userRun()
{
    QFETCH(QString, scenario);
    QFETCH(QStringList, policies);
    QFETCH(QString, refusal);
    QFETCH(QString, status);

    ProjectDocument document;
    if (scenario != QLatin1String("none")) {
        auto read = gantry::ScenarioReader::readFile(sample("teaching.json"));
        QVERIFY(read.ok());
        document.resetToScenario(read.value());
    }
    if (scenario == QLatin1String("problem"))
        QVERIFY(document.setJobField(0, QStringLiteral("gpus"), 100000));
    QCOMPARE(int(document.problems().size()), scenario == QLatin1String("problem") ? 1 : 0);

    const QList<RunConfig> configs = configsOf(policies);
    const auto order = RunOrder::userRun(document, configs);
    if (!refusal.isEmpty()) {
        QVERIFY(!order);
        QVERIFY2(order.error().message.startsWith(refusal), qPrintable(order.error().message));
        return;
    }
    if (!order)
        QFAIL(qPrintable(order.error().message));
    const RunOrder& o = order.value();
    QCOMPARE(o.status, status);
    QCOMPARE(o.request.origin, RunRequest::Origin::User);
    QCOMPARE(o.request.scenarioIndex, document.currentIndex());
    QVERIFY(o.request.scenario);
    QCOMPARE(o.request.scenario->jobs, document.current().jobs);
    QCOMPARE(o.request.scenario->cluster, document.current().cluster);
    QCOMPARE(o.request.configs, configs);
}

// A scenario without saved runs has none to show: the order runs nothing.
void TstRunOrder::noSavedRunsToShow()
{
    ProjectDocument document;
    auto read = gantry::ScenarioReader::readFile(sample("teaching.json"));
    QVERIFY(read.ok());
    document.resetToScenario(read.value());
    const RunOrder order = RunOrder::savedRuns(document, 0);
    QVERIFY(order.request.configs.isEmpty());
    QCOMPARE(order.request.origin, RunRequest::Origin::Replay);
    QCOMPARE(order.request.scenarioIndex, 0);
}

QTEST_MAIN(TstRunOrder)
#include "tst_runorder.moc"
