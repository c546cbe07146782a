// What the window asks its run session for (ui/window/runorder.h), made from the project without
// a window: the user's run of the current scenario, refused in words without a scenario, while
// it has problems or without a policy, and said in the status when it starts; saved runs shown
// again when the scenario has none to show; a project saved and opened again lists its runs, and
// shows them again, in the order they were made; the scenario's hashes the document keeps from
// the file's open or save are those of the scenario as it is after every step.
#include "document/projectdocument.h"
#include "io/scenarioreader.h"
#include "run/productdefaults.h"
#include "run/runner.h"
#include "storage/projectstore.h"
#include "window/runorder.h"

#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

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
    void savedRunsKeepTheirOrder_data();
    void savedRunsKeepTheirOrder();
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

    // Runs of the scenario as it is share one copy of it; an edit (or its undo) gives the next
    // run a copy of the scenario as it is then, and leaves the earlier copy as it was.
    const auto again = RunOrder::userRun(document, configs);
    QVERIFY(again);
    QCOMPARE(again.value().request.scenario.get(), o.request.scenario.get());
    const gantry::Scenario before = *o.request.scenario;
    QVERIFY(document.setScenarioName(QStringLiteral("renamed")));
    const auto renamed = RunOrder::userRun(document, configs);
    QVERIFY(renamed);
    QVERIFY(renamed.value().request.scenario.get() != o.request.scenario.get());
    QCOMPARE(*renamed.value().request.scenario, document.current());
    QCOMPARE(*o.request.scenario, before);
    const double arrival = document.current().jobs.front().arrivalS;
    QVERIFY(document.setJobField(0, QStringLiteral("arrival_s"), arrival + 1.0));
    const auto edited = RunOrder::userRun(document, configs);
    QVERIFY(edited);
    QCOMPARE(*edited.value().request.scenario, document.current());
    document.undoStack()->undo();
    const auto undone = RunOrder::userRun(document, configs);
    QVERIFY(undone);
    QCOMPARE(*undone.value().request.scenario, document.current());
    QCOMPARE(undone.value().request.scenario->jobs.front().arrivalS, arrival);
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

void TstRunOrder::savedRunsKeepTheirOrder_data()
{
    // What is done, in order: "p,q" runs policies p and q as one batch (on the scenario as it
    // is then), "edit" changes a job's arrival, "undo" takes the last edit back, "save" saves.
    QTest::addColumn<QStringList>("steps");
    QTest::addColumn<QStringList>("listed"); // the runs the reopened project lists, by policy
    QTest::addColumn<QStringList>("shown");  // the saved runs shown again (current version)
    const QStringList all{QStringLiteral("srtf"), QStringLiteral("fifo"), QStringLiteral("sjf")};
    QTest::newRow("one batch") << QStringList{QStringLiteral("srtf,fifo,sjf")} << all << all;
    QTest::newRow("batches") << QStringList{QStringLiteral("srtf"), QStringLiteral("fifo,sjf")}
                             << all << all;
    QTest::newRow("one run each") << QStringList{QStringLiteral("srtf"), QStringLiteral("fifo"),
                                                 QStringLiteral("sjf")}
                                  << all << all;
    QTest::newRow("saved between")
        << QStringList{QStringLiteral("srtf"), QStringLiteral("save"), QStringLiteral("fifo"),
                       QStringLiteral("save"), QStringLiteral("sjf")}
        << all << all;
    QTest::newRow("edited between")
        << QStringList{QStringLiteral("srtf"), QStringLiteral("edit"), QStringLiteral("fifo"),
                       QStringLiteral("sjf")}
        << all << QStringList{QStringLiteral("fifo"), QStringLiteral("sjf")};
    QTest::newRow("saved, then edited")
        << QStringList{QStringLiteral("srtf"), QStringLiteral("save"), QStringLiteral("edit"),
                       QStringLiteral("fifo"), QStringLiteral("sjf")}
        << all << QStringList{QStringLiteral("fifo"), QStringLiteral("sjf")};
    QTest::newRow("edited and undone")
        << QStringList{QStringLiteral("srtf"), QStringLiteral("edit"), QStringLiteral("fifo"),
                       QStringLiteral("undo"), QStringLiteral("sjf")}
        << all << QStringList{QStringLiteral("srtf"), QStringLiteral("sjf")};
}

void TstRunOrder::savedRunsKeepTheirOrder()
{
    QFETCH(QStringList, steps);
    QFETCH(QStringList, listed);
    QFETCH(QStringList, shown);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("order.gantry"));
    ProjectDocument document;
    auto read = gantry::ScenarioReader::readFile(sample("teaching.json"));
    QVERIFY(read.ok());
    document.resetToScenario(read.value());
    const auto save = [&] {
        if (document.path().isEmpty())
            return bool(document.saveAs(path));
        return bool(document.save());
    };
    // The document's hashes of its scenario (kept from the last open or save while unedited)
    // are those of the scenario as it is.
    const auto hashesHold = [](const ProjectDocument& d) {
        const auto kept = d.scenarioHashes(0);
        const auto now = gantry::storage::ProjectStore::hashes(d.scenario(0));
        return kept.hash == now.hash && kept.contentHash == now.contentHash;
    };
    for (const QString& step : steps) {
        if (step == QLatin1String("edit")) {
            const double arrival = document.current().jobs.front().arrivalS;
            QVERIFY(document.setJobField(0, QStringLiteral("arrival_s"), arrival + 1.0));
        } else if (step == QLatin1String("undo")) {
            document.undoStack()->undo();
        } else if (step == QLatin1String("save")) {
            QVERIFY(save());
        } else { // a batch of runs on the scenario as it is now, as the window makes them
            const auto ranOn = std::make_shared<const gantry::Scenario>(document.current());
            for (const QString& policy : step.split(QLatin1Char(','))) {
                RunConfig c = gantry::ProductDefaults::runConfig();
                c.policy = policy;
                auto result = gantry::Runner::run(*ranOn, c);
                QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
                document.addRun(document.currentIndex(),
                                {std::make_shared<const gantry::RunResult>(result.value()),
                                 std::make_shared<const gantry::Schedule>(), ranOn, false});
            }
        }
        QVERIFY2(hashesHold(document), qPrintable(step));
    }
    QVERIFY(save());
    QVERIFY(hashesHold(document));

    ProjectDocument reopened;
    const auto opened = reopened.openProject(path);
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    QCOMPARE(reopened.scenarioCount(), 1);
    QVERIFY(hashesHold(reopened));
    QStringList stored;
    for (const gantry::storage::StoredRun& r : reopened.storedRuns(0))
        stored << r.policy;
    QCOMPARE(stored, listed);
    QStringList again;
    for (const RunConfig& c : RunOrder::savedRuns(reopened, 0).request.configs)
        again << c.policy;
    QCOMPARE(again, shown);
}

QTEST_MAIN(TstRunOrder)
#include "tst_runorder.moc"
