// The figures that sampledata/README.md quotes are generated, not typed: each block between
// "<!-- generated: NAME -->" and "<!-- end generated -->" is what the engine gives now, with the
// command line's defaults (ProductDefaults: graph placement, rf-fast predictor, seed 0). The test
// fails when a block differs; scripts/sample-figures.sh rewrites the blocks
// (GANTRY_UPDATE_SAMPLE_FIGURES=1).
#include "io/scenarioreader.h"
#include "policies/policyregistry.h"
#include "run/productdefaults.h"
#include "run/runconfig.h"
#include "run/runner.h"

#include <QFile>
#include <QLocale>
#include <QRegularExpression>
#include <QTest>

#include <map>

using namespace gantry;

namespace {

const QString Readme = QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/README.md");

QString number(double v, int decimals)
{
    return QLocale(QLocale::English).toString(v, 'f', decimals);
}

// The run of policy on sampledata/file with the command line's defaults.
RunResult runSample(const QString& file, const QString& policy)
{
    static std::map<QString, Scenario> scenarios;
    if (!scenarios.count(file)) {
        auto read =
            ScenarioReader::readFile(QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + file);
        if (!read)
            qFatal("%s", qPrintable(read.error().message));
        scenarios.emplace(file, read.value());
    }
    RunConfig config = ProductDefaults::runConfig();
    config.policy = policy;
    auto result = Runner::run(scenarios.at(file), config);
    if (!result)
        qFatal("%s", qPrintable(result.error().message));
    return result.value();
}

QString row(const QStringList& cells)
{
    return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
}

QString header(const QStringList& cells)
{
    QString rule;
    for (int i = 0; i < cells.size(); ++i)
        rule += i == 0 ? QStringLiteral("|---|") : QStringLiteral("---:|");
    return row(cells) + rule + QLatin1Char('\n');
}

// One row per policy: the metrics a reader compares.
QString policyTable(const QString& file, const QStringList& policies)
{
    QString out = QStringLiteral("`gantry-cli compare sampledata/%1 --policies %2`:\n\n")
                      .arg(file, policies.join(QLatin1Char(',')));
    out += header({QStringLiteral("policy"), QStringLiteral("avg JCT s"),
                   QStringLiteral("p99 JCT s"), QStringLiteral("makespan s"),
                   QStringLiteral("GPU utilisation"), QStringLiteral("preemptions")});
    for (const QString& p : policies) {
        const RunSummary s = runSample(file, p).summary;
        out += row({QStringLiteral("`%1`").arg(p), number(s.avgJctS, 1), number(s.p99JctS, 1),
                    number(s.makespanS, 1), number(s.gpuUtilization, 2),
                    QString::number(s.preemptions)});
    }
    return out;
}

// One row per named job (all jobs when none is named) of each policy's run.
QString jobTable(const QString& file, const QStringList& policies, const QStringList& jobs)
{
    QString out = QStringLiteral("`gantry-cli run sampledata/%1 --policy P --out DIR`, from "
                                 "`jobs.csv`:\n\n")
                      .arg(file);
    out += header({QStringLiteral("policy"), QStringLiteral("job"), QStringLiteral("GPUs"),
                   QStringLiteral("servers"), QStringLiteral("arrival s"),
                   QStringLiteral("start s"), QStringLiteral("finish s"), QStringLiteral("JCT s")});
    for (const QString& p : policies)
        for (const JobRecord& j : runSample(file, p).jobs) {
            if (!jobs.isEmpty() && !jobs.contains(j.id))
                continue;
            out += row({QStringLiteral("`%1`").arg(p), QStringLiteral("`%1`").arg(j.id),
                        QString::number(j.gpus), QString::number(j.servers), number(j.arrivalS, 1),
                        number(j.startS, 1), number(j.finishS, 1), number(j.jctS, 1)});
        }
    return out;
}

QString generate(const QString& name)
{
    // Every registered policy: a new one appears in the documented tables by itself.
    const QStringList all = PolicyRegistry::names();
    if (name == QLatin1String("teaching-policies"))
        return policyTable(QStringLiteral("teaching.json"), all);
    if (name == QLatin1String("teaching-asrpt-jobs"))
        return jobTable(QStringLiteral("teaching.json"), {QStringLiteral("asrpt")}, {});
    if (name == QLatin1String("two-racks-policies"))
        return policyTable(QStringLiteral("two-racks.json"), all);
    if (name == QLatin1String("two-racks-jobs"))
        return jobTable(
            QStringLiteral("two-racks.json"),
            {QStringLiteral("fifo"), QStringLiteral("sjf"), QStringLiteral("asrpt-backfill")},
            {QStringLiteral("3d-d2p2t4-gpt-30b"), QStringLiteral("trace-1g-b")});
    return {};
}

const QRegularExpression& blockPattern()
{
    static const QRegularExpression re(
        QStringLiteral("<!-- generated: ([a-z0-9-]+) -->\\n(.*?)<!-- end generated -->"),
        QRegularExpression::DotMatchesEverythingOption);
    return re;
}

QString readReadme()
{
    QFile f(Readme);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

class TstSampleFigures : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void blocks_data();
    void blocks();
};

void TstSampleFigures::initTestCase()
{
    if (qEnvironmentVariableIsEmpty("GANTRY_UPDATE_SAMPLE_FIGURES"))
        return;
    QString text = readReadme();
    QString out;
    qsizetype last = 0;
    auto it = blockPattern().globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        out += text.mid(last, m.capturedStart(2) - last) + generate(m.captured(1));
        last = m.capturedStart(2) + m.capturedLength(2);
    }
    out += text.mid(last);
    QFile f(Readme);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(out.toUtf8());
}

void TstSampleFigures::blocks_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("documented");
    int n = 0;
    auto it = blockPattern().globalMatch(readReadme());
    while (it.hasNext()) {
        const auto m = it.next();
        QTest::newRow(qPrintable(m.captured(1))) << m.captured(1) << m.captured(2);
        ++n;
    }
    QVERIFY2(n >= 4, "sampledata/README.md lost its generated figures");
}

// A documented block equals what the engine gives; run scripts/sample-figures.sh after a change
// that moves a figure, and read the prose around it again.
void TstSampleFigures::blocks()
{
    QFETCH(QString, name);
    QFETCH(QString, documented);
    const QString now = generate(name);
    QVERIFY2(!now.isEmpty(), qPrintable(QStringLiteral("unknown block %1").arg(name)));
    QCOMPARE(documented, now);
}

QTEST_MAIN(TstSampleFigures)
#include "tst_samplefigures.moc"
