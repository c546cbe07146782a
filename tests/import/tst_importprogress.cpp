// Progress and cancel of a trace import through Feedback, for every format's fixture: progress
// only grows and ends at exactly 1, the result is the one an import without Feedback gives, and
// a cancel during the parse or the assembly stops the import with the cancelled outcome and no
// scenario.
#include "importfixtures.h"
#include "io/import/importprogress.h"
#include "io/import/traceimporterregistry.h"
#include "util/feedback.h"

#include <QTest>

#include <vector>

using namespace gantry;

namespace {

QString data(const QString& rel)
{
    return QStringLiteral(GANTRY_TEST_DATA "/") + rel;
}

using importtest::sixteenGpus;

// One import of a test row: nodes (a path under tests/data, or empty) replaces the cluster.
Result<ImportedTrace> importRow(const QString& format, const QString& file, const QString& nodes,
                                Feedback* feedback)
{
    std::optional<Cluster> cluster = sixteenGpus();
    QMap<QString, QString> extras;
    if (!nodes.isEmpty()) {
        cluster.reset();
        extras.insert(QStringLiteral("nodes"), data(nodes));
    }
    return TraceImporterRegistry::import(format, data(file), cluster, ImportOptions{}, extras,
                                         feedback);
}

// Every report a Feedback forwarded.
struct Reports
{
    std::vector<double> fractions;
    QStringList steps;
};

} // namespace

class TestImportProgress : public QObject
{
    Q_OBJECT

private slots:
    void progressReachesOne_data();
    void progressReachesOne();
    void cancelStopsEarly_data();
    void cancelStopsEarly();
    void cancelledBeforeStart();
};

namespace {

// One fixture of each format.
struct Fixture
{
    const char* format;
    const char* file;
    const char* nodes; // the alibaba2023 node list, else empty
};

const Fixture kFixtures[] = {
    {"philly", "philly/basic.csv", ""},
    {"helios", "import/helios/cluster_log.csv", ""},
    {"acme", "import/acme/trace_seren.csv", ""},
    {"alibaba2023", "import/alibaba2023/openb_pod_list_default.csv",
     "import/alibaba2023/openb_node_list_all_node.csv"},
    {"gavel", "import/gavel/physical_cluster.trace", ""},
};

void fixtureColumns()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("nodes");
}

} // namespace

void TestImportProgress::progressReachesOne_data()
{
    fixtureColumns();
    for (const Fixture& f : kFixtures)
        QTest::newRow(f.format) << QString::fromLatin1(f.format) << QString::fromLatin1(f.file)
                                << QString::fromLatin1(f.nodes);
}

void TestImportProgress::progressReachesOne()
{
    QFETCH(QString, format);
    QFETCH(QString, file);
    QFETCH(QString, nodes);
    Reports seen;
    Feedback feedback([&](double fraction, const QString& step) {
        seen.fractions.push_back(fraction);
        if (!step.isEmpty())
            seen.steps << step;
    });
    auto withFeedback = importRow(format, file, nodes, &feedback);
    QVERIFY2(withFeedback.ok(),
             qPrintable(withFeedback.ok() ? QString() : withFeedback.error().message));
    // Through the parse and the assembly, never backwards, ending at exactly 1.
    QVERIFY(seen.fractions.size() >= 3);
    for (std::size_t i = 1; i < seen.fractions.size(); ++i)
        QVERIFY2(seen.fractions[i] >= seen.fractions[i - 1],
                 qPrintable(QStringLiteral("report %1 went back from %2 to %3")
                                .arg(i)
                                .arg(seen.fractions[i - 1])
                                .arg(seen.fractions[i])));
    QVERIFY(seen.fractions.front() < ImportProgress::ParseShare);
    QCOMPARE(seen.fractions.back(), 1.0);
    QCOMPARE(seen.steps.size(), 2);
    QVERIFY(seen.steps[0].startsWith(QLatin1String("Parsing ")));
    QVERIFY(seen.steps[1].startsWith(QLatin1String("Assembling ")));
    // Feedback changes nothing in what is imported.
    auto without = importRow(format, file, nodes, nullptr);
    QVERIFY(without.ok());
    QCOMPARE(withFeedback.value().scenario.jobs.size(), without.value().scenario.jobs.size());
    QCOMPARE(withFeedback.value().report.summaryLines(), without.value().report.summaryLines());
    QVERIFY(!withFeedback.value().scenario.jobs.empty());
    QCOMPARE(withFeedback.value().scenario.jobs.back().id, without.value().scenario.jobs.back().id);
}

void TestImportProgress::cancelStopsEarly_data()
{
    fixtureColumns();
    QTest::addColumn<QString>("phase"); // the step whose first report cancels
    for (const Fixture& f : kFixtures)
        for (const char* phase : {"Parsing", "Assembling"})
            QTest::addRow("%s while %s", f.format, phase)
                << QString::fromLatin1(f.format) << QString::fromLatin1(f.file)
                << QString::fromLatin1(f.nodes) << QString::fromLatin1(phase);
}

void TestImportProgress::cancelStopsEarly()
{
    QFETCH(QString, format);
    QFETCH(QString, file);
    QFETCH(QString, nodes);
    QFETCH(QString, phase);
    Feedback* self = nullptr;
    double atCancel = -1.0;
    int reportsAfter = 0;
    std::vector<double> fractions;
    Feedback feedback([&](double fraction, const QString& step) {
        fractions.push_back(fraction);
        if (atCancel >= 0.0)
            ++reportsAfter;
        else if (step.startsWith(phase)) {
            atCancel = fraction;
            self->cancel();
        }
    });
    self = &feedback;
    auto result = importRow(format, file, nodes, &feedback);
    QVERIFY2(atCancel >= 0.0, "the phase was never reported");
    QVERIFY(!result.ok());
    QCOMPARE(result.error().kind, ErrorKind::Cancelled);
    QCOMPARE(result.error().message, QStringLiteral("cancelled"));
    // It stopped at the next check: no more progress, and never the end.
    QCOMPARE(reportsAfter, 0);
    QVERIFY(fractions.back() < 1.0);
    if (phase == QLatin1String("Parsing"))
        QVERIFY(atCancel < ImportProgress::ParseShare);
}

void TestImportProgress::cancelledBeforeStart()
{
    int reports = 0;
    Feedback feedback([&](double, const QString&) { ++reports; });
    feedback.cancel();
    auto result = importRow(QStringLiteral("helios"),
                            QStringLiteral("import/helios/cluster_log.csv"), QString(), &feedback);
    QVERIFY(!result.ok());
    QCOMPARE(result.error().kind, ErrorKind::Cancelled);
    QCOMPARE(reports, 0);
}

QTEST_GUILESS_MAIN(TestImportProgress)
#include "tst_importprogress.moc"
