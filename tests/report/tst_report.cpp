// The schedule report checked with real PDF tools (pdfinfo, pdftotext, pdffonts, pdftoppm):
// page count and size, the comparison table against summary.json, charts that are not blank,
// a 5,000-job appendix that paginates with repeated headers, gantry-cli report's exit statuses,
// the worker (progress, cancel, no half file) and the PNG/SVG export; the model jobs' time per
// iteration by part on each GPU type and memory per GPU, as the property panel gives them. With
// the thirteen policies, the comparison tables' headers and values fit their columns (no word
// drawn over another, none cut) and the charts page's key names every policy.
#include "../common/childprocess.h"
#include "../common/pdftools.h"
#include "charts/chartfactory.h"
#include "charts/policycolours.h"
#include "document/iterationbreakdown.h"
#include "export/imageexport.h"
#include "gantt/ganttpainter.h"
#include "heatmap/heatmappainter.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "policies/policyregistry.h"
#include "report/reportbuilder.h"
#include "report/reportdialog.h"
#include "report/reportworker.h"
#include "sim/trafficmatrix.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace gantry;
using namespace gantry::ui;

namespace {

using Outcome = gantry::test::ChildProcess;
using gantry::test::pageTexts;
using gantry::test::pdfInfo;

bool havePdfTools()
{
    return gantry::test::havePdfTools({QStringLiteral("pdfinfo"), QStringLiteral("pdftotext"),
                                       QStringLiteral("pdftoppm"), QStringLiteral("pdffonts")});
}

// A program run to its end; a program that did not end normally reads as exit status -1.
Outcome exec(const QString& program, const QStringList& args, int timeoutMs = 300000)
{
    Outcome o = Outcome::run(program, args, timeoutMs);
    if (!o.finished)
        o.exitCode = -1;
    return o;
}

Outcome cli(const QStringList& args)
{
    return exec(QStringLiteral(GANTRY_CLI_PATH), args);
}

QString sample(const QString& name)
{
    return QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + name;
}

// Pixels of page (1-based) that are clearly coloured (not white, grey or black).
int colouredPixels(const QString& pdf, int page, const QString& dir)
{
    const QString prefix = QDir(dir).filePath(QStringLiteral("page%1").arg(page));
    exec(QStringLiteral("pdftoppm"),
         {QStringLiteral("-r"), QStringLiteral("40"), QStringLiteral("-png"),
          QStringLiteral("-singlefile"), QStringLiteral("-f"), QString::number(page),
          QStringLiteral("-l"), QString::number(page), pdf, prefix});
    QImage image(prefix + QStringLiteral(".png"));
    if (image.isNull())
        return -1;
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.hsvSaturation() > 80 && c.value() > 40)
                ++n;
        }
    return n;
}

int colouredPixels(const QImage& image)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.hsvSaturation() > 80 && c.value() > 40)
                ++n;
        }
    return n;
}

// 1-based index of the first page whose running header names section.
int pageOf(const QStringList& pages, const QString& section)
{
    for (int i = 0; i < pages.size(); ++i) {
        const QString head = pages[i].section(QLatin1Char('\n'), 0, 0);
        if (head.trimmed().endsWith(section))
            return i + 1;
    }
    return -1;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

Scenario load(const QString& path)
{
    auto s = ScenarioReader::readFile(path);
    if (!s)
        qFatal("%s", qPrintable(s.error().message));
    return s.value();
}

ReportBuilder::Input runPolicies(const QString& file, const QStringList& policies)
{
    RunConfig base;
    base.placement = QStringLiteral("consolidate");
    base.predictor = QStringLiteral("oracle");
    auto in = ReportBuilder::run(load(file), base, policies);
    if (!in)
        qFatal("%s", qPrintable(in.error().message));
    return in.value();
}

// A word of a PDF page and its box, in points (pdftotext -bbox).
struct PdfWord
{
    QRectF box;
    QString text;
};

QList<PdfWord> pageWords(const QString& pdf, int page)
{
    const QString n = QString::number(page);
    const QString html = QString::fromUtf8(
        exec(QStringLiteral("pdftotext"), {QStringLiteral("-bbox"), QStringLiteral("-f"), n,
                                           QStringLiteral("-l"), n, pdf, QStringLiteral("-")})
            .out);
    static const QRegularExpression word(
        QStringLiteral("<word xMin=\"([0-9.]+)\" yMin=\"([0-9.]+)\" xMax=\"([0-9.]+)\" "
                       "yMax=\"([0-9.]+)\">([^<]*)</word>"));
    QList<PdfWord> words;
    for (auto it = word.globalMatch(html); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QString text = m.captured(5);
        text.replace(QStringLiteral("&lt;"), QStringLiteral("<"))
            .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
            .replace(QStringLiteral("&quot;"), QStringLiteral("\""))
            .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
        words.push_back({QRectF(QPointF(m.captured(1).toDouble(), m.captured(2).toDouble()),
                                QPointF(m.captured(3).toDouble(), m.captured(4).toDouble())),
                         text});
    }
    return words;
}

// Words of one line nearer each other than a space (1.5 pt: a space of the tables' 7-point
// font is 2.2 pt, two columns are two paddings apart), overlapping ones included: a header
// word wider than its column was drawn over its neighbour or cut at the column's edge.
QStringList crowdedWords(const QList<PdfWord>& words)
{
    constexpr double Gap = 1.5;
    QStringList crowded;
    for (qsizetype i = 0; i < words.size(); ++i)
        for (qsizetype k = i + 1; k < words.size(); ++k) {
            const QRectF& a = words[i].box;
            const QRectF& b = words[k].box;
            const double sameLine = std::min(a.bottom(), b.bottom()) - std::max(a.top(), b.top());
            if (sameLine < 0.5 * std::min(a.height(), b.height()))
                continue;
            const double apart = std::max(a.left(), b.left()) - std::min(a.right(), b.right());
            if (apart < Gap)
                crowded << QStringLiteral("%1|%2 (%3 pt)")
                               .arg(words[i].text, words[k].text)
                               .arg(apart, 0, 'f', 2);
        }
    return crowded;
}

// A report of the thirteen policies on teaching.json, made once per page size.
QString thirteenPolicyReport(const QString& dir, ReportBuilder::PageSize size)
{
    const QString pdf = QDir(dir).filePath(
        QStringLiteral("thirteen-%1.pdf").arg(ReportBuilder::pageSizeName(size)));
    if (QFileInfo::exists(pdf))
        return pdf;
    const ReportBuilder::Input in =
        runPolicies(sample(QStringLiteral("teaching.json")), PolicyRegistry::names());
    ReportBuilder::Options options;
    options.pageSize = size;
    const auto r = ReportBuilder::build(in, options, pdf);
    if (!r)
        qFatal("%s", qPrintable(r.error().message));
    return pdf;
}

} // namespace

class TestReport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void pages_data();
    void pages();
    void comparisonMatchesSummary_data();
    void comparisonMatchesSummary();
    void chartsNotBlank_data();
    void chartsNotBlank();
    void comparisonTableFits_data();
    void comparisonTableFits();
    void chartsKeyNamesEveryPolicy_data();
    void chartsKeyNamesEveryPolicy();
    void appendixPaginates();
    void modelJobBreakdowns_data();
    void modelJobBreakdowns();
    void cliExitCodes_data();
    void cliExitCodes();
    void cliWithoutReportProgram();
    void failureLeavesExistingFile();
    void workerWritesAndCancels();
    void dialogExports();
    void chartFactory();
    void heatmapColoursInPdf();
    void imageExport_data();
    void imageExport();

private:
    QTemporaryDir m_dir;
};

void TestReport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (!havePdfTools())
        QSKIP("poppler-utils (pdfinfo, pdftotext, pdftoppm, pdffonts) are not installed");
}

void TestReport::pages_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("policies");
    QTest::addColumn<QString>("page");
    QTest::addColumn<int>("pages");
    QTest::addColumn<QString>("size");
    // cover, cluster, workload, comparison, charts, one per policy, appendix, notes
    QTest::newRow("teaching a4") << "teaching.json"
                                 << "fifo,sjf,asrpt"
                                 << "a4" << 10 << "595 x 842 pts (A4)";
    QTest::newRow("teaching letter") << "teaching.json"
                                     << "fifo,sjf,asrpt"
                                     << "letter" << 10 << "612 x 792 pts (letter)";
    QTest::newRow("two-racks a4") << "two-racks.json"
                                  << "fifo,asrpt"
                                  << "a4" << 9 << "595 x 842 pts (A4)";
}

void TestReport::pages()
{
    QFETCH(QString, scenario);
    QFETCH(QString, policies);
    QFETCH(QString, page);
    QFETCH(int, pages);
    QFETCH(QString, size);
    const QString pdf = m_dir.filePath(QStringLiteral("pages-%1-%2.pdf").arg(scenario, page));
    const Outcome o = cli({QStringLiteral("report"), sample(scenario), QStringLiteral("--policies"),
                           policies, QStringLiteral("--page"), page, QStringLiteral("-o"), pdf});
    QVERIFY2(o.exitCode == 0, o.err.constData());
    QCOMPARE(pdfInfo(pdf, QStringLiteral("Pages")).toInt(), pages);
    QCOMPARE(pdfInfo(pdf, QStringLiteral("Page size")), size);
    // Every font is embedded.
    const QStringList fonts = QString::fromUtf8(exec(QStringLiteral("pdffonts"), {pdf}).out)
                                  .split(QLatin1Char('\n'), Qt::SkipEmptyParts)
                                  .mid(2);
    QVERIFY(!fonts.isEmpty());
    for (const QString& f : fonts)
        QVERIFY2(f.split(QLatin1Char(' '), Qt::SkipEmptyParts).value(4) == QLatin1String("yes"),
                 qPrintable(f));
    // Real, searchable text: cover, version, configuration, sections.
    const QString text = pageTexts(pdf).join(QLatin1Char('\n'));
    QVERIFY(text.contains(QStringLiteral("Gantry schedule report")));
    QVERIFY(text.contains(QStringLiteral(GANTRY_VERSION)));
    QVERIFY(text.contains(QFileInfo(scenario).completeBaseName()));
    for (const QString& p : policies.split(QLatin1Char(',')))
        QVERIFY2(text.contains(QStringLiteral("Policy ") + p), qPrintable(p));
    for (const char* s : {"Placement", "Predictor", "Seed", "Contention", "Cluster", "Workload",
                          "Comparison", "Appendix: per-job results", "Method notes", "lower than"})
        QVERIFY2(text.contains(QString::fromLatin1(s)), s);
}

void TestReport::comparisonMatchesSummary_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QStringList>("policies");
    QTest::addColumn<QStringList>("options");
    QTest::newRow("teaching oracle")
        << "teaching.json" << QStringList{"fifo", "sjf", "srtf", "asrpt"}
        << QStringList{"--predictor", "oracle"};
    QTest::newRow("two-racks defaults")
        << "two-racks.json" << QStringList{"fifo", "tiresias", "asrpt"} << QStringList{};
    QTest::newRow("two-racks consolidate seed 3")
        << "two-racks.json" << QStringList{"sjf", "asrpt-backfill"}
        << QStringList{"--placement", "consolidate", "--seed", "3", "--predictor", "noisy:0.5"};
}

void TestReport::comparisonMatchesSummary()
{
    QFETCH(QString, scenario);
    QFETCH(QStringList, policies);
    QFETCH(QStringList, options);
    const QString pdf = m_dir.filePath(QStringLiteral("cmp-%1.pdf").arg(QTest::currentDataTag()));
    Outcome o =
        cli(QStringList{QStringLiteral("report"), sample(scenario), QStringLiteral("--policies"),
                        policies.join(QLatin1Char(',')), QStringLiteral("-o"), pdf} +
            options);
    QVERIFY2(o.exitCode == 0, o.err.constData());
    const QStringList pages = pageTexts(pdf);
    const int page = pageOf(pages, QStringLiteral("Comparison"));
    QVERIFY(page > 0);
    const QStringList lines = pages[page - 1].split(QLatin1Char('\n'));
    // Columns and decimals of the table, as summary.json keys.
    const QList<QPair<QString, int>> columns = {
        {"avg_jct_s", 1},          {"p50_jct_s", 1},         {"p99_jct_s", 1},
        {"makespan_s", 1},         {"avg_queue_delay_s", 1}, {"gpu_utilization", 3},
        {"cross_server_bytes", 2}, {"preemptions", 0},       {"idle_while_waiting_gpu_s", 1},
        {"prediction_mae", 1},     {"prediction_mape", 3},   {"prediction_r2", 3}};
    for (const QString& policy : policies) {
        const QString dir =
            m_dir.filePath(QStringLiteral("cmp-%1-%2").arg(QTest::currentDataTag(), policy));
        o = cli(QStringList{QStringLiteral("run"), sample(scenario), QStringLiteral("--policy"),
                            policy, QStringLiteral("--out"), dir} +
                options);
        QVERIFY2(o.exitCode == 0, o.err.constData());
        const QJsonObject summary =
            QJsonDocument::fromJson(readAll(QDir(dir).filePath(QStringLiteral("summary.json"))))
                .object();
        QCOMPARE(summary.value("policy").toString(), policy);
        // The first row of the policy with numbers only (the change table has percentages).
        QStringList cells;
        for (const QString& line : lines) {
            const QStringList t = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            if (t.size() != columns.size() + 1 || t.front() != policy)
                continue;
            bool numeric = true;
            for (int i = 1; i < t.size() && numeric; ++i)
                t[i].toDouble(&numeric);
            if (numeric) {
                cells = t.mid(1);
                break;
            }
        }
        QVERIFY2(!cells.isEmpty(), qPrintable(policy + QStringLiteral(": no table row")));
        for (int c = 0; c < columns.size(); ++c) {
            double v = summary.value(columns[c].first).toDouble();
            if (columns[c].first == QLatin1String("cross_server_bytes"))
                v /= 1e9;
            const QString expected = QString::number(v, 'f', columns[c].second);
            QVERIFY2(cells[c] == expected,
                     qPrintable(QStringLiteral("%1 %2: report %3, summary.json %4")
                                    .arg(policy, columns[c].first, cells[c], expected)));
        }
    }
}

void TestReport::chartsNotBlank_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("policies");
    QTest::newRow("teaching") << "teaching.json"
                              << "fifo,asrpt";
    QTest::newRow("two-racks") << "two-racks.json"
                               << "sjf,asrpt";
}

void TestReport::chartsNotBlank()
{
    QFETCH(QString, scenario);
    QFETCH(QString, policies);
    const QString pdf = m_dir.filePath(QStringLiteral("charts-%1.pdf").arg(scenario));
    const Outcome o = cli({QStringLiteral("report"), sample(scenario), QStringLiteral("--policies"),
                           policies, QStringLiteral("-o"), pdf});
    QVERIFY2(o.exitCode == 0, o.err.constData());
    const QStringList pages = pageTexts(pdf);
    // A page at 40 dpi has about 330 x 470 pixels; a drawn chart colours thousands of them,
    // a page of text and tables (grey and black) none.
    const int text =
        colouredPixels(pdf, pageOf(pages, QStringLiteral("Method notes")), m_dir.path());
    QCOMPARE(text, 0);
    QVERIFY(colouredPixels(pdf, pageOf(pages, QStringLiteral("Workload")), m_dir.path()) > 1000);
    QVERIFY(colouredPixels(pdf, pageOf(pages, QStringLiteral("Charts")), m_dir.path()) > 4000);
    QVERIFY(colouredPixels(pdf, pageOf(pages, QStringLiteral("Cluster")), m_dir.path()) > 200);
    for (const QString& p : policies.split(QLatin1Char(','))) {
        const int page = pageOf(pages, QStringLiteral("Policy ") + p);
        QVERIFY(page > 0);
        QVERIFY2(colouredPixels(pdf, page, m_dir.path()) > 8000, qPrintable(p));
    }
    // two-racks has model traffic: its policy pages carry a heatmap.
    if (scenario == QLatin1String("two-racks.json")) {
        const QString page = pages[pageOf(pages, QStringLiteral("Policy asrpt")) - 1];
        QVERIFY(page.contains(QStringLiteral("Bytes exchanged between servers")));
        QVERIFY(page.contains(QStringLiteral("virtual machine")));
    }
}

void TestReport::comparisonTableFits_data()
{
    QTest::addColumn<int>("size");
    QTest::newRow("A4") << int(ReportBuilder::PageSize::A4);
    QTest::newRow("Letter") << int(ReportBuilder::PageSize::Letter);
}

// Thirteen columns of metrics: every header word and every value has its column's room. The
// headers "makespan s" and "preempt." were wider than their columns, drawn over "p99 JCT s" and
// cut to "akespan" and "reempt."; a change of +4897.5% was cut to "+4...5%".
void TestReport::comparisonTableFits()
{
    QFETCH(int, size);
    const QString pdf = thirteenPolicyReport(m_dir.path(), ReportBuilder::PageSize(size));
    const int page = pageOf(pageTexts(pdf), QStringLiteral("Comparison"));
    QVERIFY(page > 0);
    const QList<PdfWord> words = pageWords(pdf, page);
    QStringList texts;
    for (const PdfWord& w : words)
        texts << w.text;
    for (const char* header : {"makespan", "preempt.", "cross-server", "util.", "MAPE"})
        QVERIFY2(texts.count(QString::fromLatin1(header)) == 2, header); // both tables
    for (const QString& policy : PolicyRegistry::names())
        QVERIFY2(texts.count(policy) >= 2, qPrintable(policy));
    for (const QString& t : texts)
        QVERIFY2(!t.contains(QChar(0x2026)), qPrintable(t + QStringLiteral(" is cut")));
    const QStringList crowded = crowdedWords(words);
    QVERIFY2(crowded.isEmpty(), qPrintable(crowded.join(QStringLiteral(", "))));
}

void TestReport::chartsKeyNamesEveryPolicy_data()
{
    QTest::addColumn<int>("size");
    QTest::newRow("A4") << int(ReportBuilder::PageSize::A4);
    QTest::newRow("Letter") << int(ReportBuilder::PageSize::Letter);
}

// The charts page names every policy once, in one key for its three charts: each chart's own
// legend had room for eleven of thirteen.
void TestReport::chartsKeyNamesEveryPolicy()
{
    QFETCH(int, size);
    const QString pdf = thirteenPolicyReport(m_dir.path(), ReportBuilder::PageSize(size));
    const int page = pageOf(pageTexts(pdf), QStringLiteral("Charts"));
    QVERIFY(page > 0);
    const QList<PdfWord> words = pageWords(pdf, page);
    QStringList texts;
    for (const PdfWord& w : words)
        texts << w.text;
    for (const QString& policy : PolicyRegistry::names())
        QVERIFY2(texts.count(policy) == 1, qPrintable(policy));
    QVERIFY(colouredPixels(pdf, page, m_dir.path()) > 4000); // the three charts are drawn
    const QStringList crowded = crowdedWords(words);
    QVERIFY2(crowded.isEmpty(), qPrintable(crowded.join(QStringLiteral(", "))));
}

void TestReport::appendixPaginates()
{
    const QString scenario = m_dir.filePath(QStringLiteral("big.json"));
    Outcome o =
        cli({QStringLiteral("generate"), QStringLiteral("--cluster"),
             sample(QStringLiteral("cluster-512.json")), QStringLiteral("--jobs"),
             QStringLiteral("5000"), QStringLiteral("--load"), QStringLiteral("0.7"),
             QStringLiteral("--mix"), QStringLiteral("philly-like"), QStringLiteral("--seed"),
             QStringLiteral("1"), QStringLiteral("-o"), scenario});
    QVERIFY2(o.exitCode == 0, o.err.constData());
    const QString pdf = m_dir.filePath(QStringLiteral("big.pdf"));
    o = cli({QStringLiteral("report"), scenario, QStringLiteral("--policies"),
             QStringLiteral("fifo,sjf"), QStringLiteral("--placement"),
             QStringLiteral("consolidate"), QStringLiteral("--predictor"), QStringLiteral("oracle"),
             QStringLiteral("-o"), pdf});
    QVERIFY2(o.exitCode == 0, o.err.constData());
    const QStringList pages = pageTexts(pdf);
    QCOMPARE(pdfInfo(pdf, QStringLiteral("Pages")).toInt(), int(pages.size()));
    const QRegularExpression row(QStringLiteral("^j\\d+\\s+[0-9.]+\\s+\\d+\\s"));
    int appendixPages = 0, rows = 0;
    for (const QString& page : pages) {
        if (!page.section(QLatin1Char('\n'), 0, 0)
                 .trimmed()
                 .endsWith(QStringLiteral("Appendix: jobs")))
            continue;
        ++appendixPages;
        // The header repeats on every page.
        QVERIFY(page.contains(QStringLiteral("job id")));
        QVERIFY(page.contains(QStringLiteral("arrival s")));
        QVERIFY(page.contains(QStringLiteral("fifo JCT s")));
        QVERIFY(page.contains(QStringLiteral("sjf queue s")));
        if (appendixPages > 1)
            QVERIFY(page.contains(QStringLiteral("(continued)")));
        for (const QString& line : page.split(QLatin1Char('\n')))
            if (row.match(line.trimmed()).hasMatch())
                ++rows;
    }
    QCOMPARE(rows, 5000);
    QVERIFY2(appendixPages >= 50, qPrintable(QString::number(appendixPages)));
}

void TestReport::modelJobBreakdowns_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("page");
    QTest::addColumn<QVariantMap>("training"); // set on every model job (JSON keys)
    QTest::addColumn<QVariantMap>("parallelism");

    QTest::newRow("models a4") << "models.json"
                               << "a4" << QVariantMap{} << QVariantMap{};
    QTest::newRow("models letter") << "models.json"
                                   << "letter" << QVariantMap{} << QVariantMap{};
    QTest::newRow("models fp8, full recompute, zero3")
        << "models.json"
        << "a4"
        << QVariantMap{{"precision", "fp8"},
                       {"recompute", "full"},
                       {"optimizer_sharding", "zero3"},
                       {"overlap", "dp+tp"}}
        << QVariantMap{};
    QTest::newRow("models cp 2") << "models.json"
                                 << "a4" << QVariantMap{{"sequence_parallel", true}}
                                 << QVariantMap{{"cp", 2}};
    QTest::newRow("no model jobs") << "two-racks.json"
                                   << "a4" << QVariantMap{} << QVariantMap{};
}

// One table row per model job and GPU type of the cluster: the iteration's seconds and its
// eight parts, the memory per GPU against the type's and whether it fits; one row per model job
// with the memory by part. Figures equal IterationBreakdown's (what the window's panel shows).
void TestReport::modelJobBreakdowns()
{
    QFETCH(QString, scenario);
    QFETCH(QString, page);
    QFETCH(QVariantMap, training);
    QFETCH(QVariantMap, parallelism);
    // The sample's jobs with the row's settings; jobs the reader refuses on their own (a model
    // that does not fit the cluster's GPUs with these settings) are left out.
    QFile in(sample(scenario));
    QVERIFY(in.open(QIODevice::ReadOnly));
    QJsonObject root = QJsonDocument::fromJson(in.readAll()).object();
    const QJsonArray all = root.value(QStringLiteral("jobs")).toArray();
    QJsonArray jobs;
    for (const QJsonValue& v : all) {
        QJsonObject j = v.toObject();
        const QString model = j.value(QStringLiteral("model")).toString();
        const bool cnn =
            model.contains(QStringLiteral("vgg")) || model.contains(QStringLiteral("resnet"));
        if (!model.isEmpty() && !(cnn && !parallelism.isEmpty())) { // CNNs take no cp
            QJsonObject t = j.value(QStringLiteral("training")).toObject();
            for (auto it = training.cbegin(); it != training.cend(); ++it)
                t.insert(it.key(), QJsonValue::fromVariant(it.value()));
            if (!t.isEmpty())
                j.insert(QStringLiteral("training"), t);
            QJsonObject par = j.value(QStringLiteral("parallelism")).toObject();
            for (auto it = parallelism.cbegin(); it != parallelism.cend(); ++it)
                par.insert(it.key(), QJsonValue::fromVariant(it.value()));
            j.insert(QStringLiteral("parallelism"), par);
        }
        QJsonObject alone = root;
        alone.insert(QStringLiteral("jobs"), QJsonArray{j});
        if (ScenarioReader::readJson(QJsonDocument(alone).toJson(), QStringLiteral("t")).ok())
            jobs.append(j);
    }
    root.insert(QStringLiteral("jobs"), jobs);
    const QString file =
        m_dir.filePath(QStringLiteral("breakdown-%1.json").arg(QTest::currentDataTag()));
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(root).toJson());
    }
    const Scenario s = load(file); // the reader takes it
    const QString pdf =
        m_dir.filePath(QStringLiteral("breakdown-%1.pdf").arg(QTest::currentDataTag()));
    const Outcome o =
        cli({QStringLiteral("report"), file, QStringLiteral("--policies"), QStringLiteral("fifo"),
             QStringLiteral("--page"), page, QStringLiteral("-o"), pdf});
    QVERIFY2(o.exitCode == 0, o.err.constData());
    const QString text = pageTexts(pdf).join(QLatin1Char('\n'));
    QStringList lines;
    for (const QString& line : text.split(QLatin1Char('\n')))
        lines << line.simplified();

    int modelJobs = 0;
    for (const Job& j : s.jobs) {
        const auto b = IterationBreakdown::of(s.cluster, j);
        QCOMPARE(bool(b), j.kind == JobKind::Model);
        if (!b)
            continue;
        ++modelJobs;
        QCOMPARE(b->types().size(), s.cluster.gpuTypes.size());
        const auto number = [](double v) { return IterationBreakdown::number(v); };
        for (const IterationBreakdown::OnType& t : b->types()) {
            QStringList want{j.id, t.name, number(t.time.iterationS)};
            for (int i = 0; i < IterationBreakdown::kParts; ++i)
                want << number(IterationBreakdown::part(t.time, i));
            want << QString::number(b->memoryGb(), 'f', 1) << QString::number(t.memoryGb, 'g', 4)
                 << (t.fits ? QStringLiteral("yes") : QStringLiteral("no"));
            QVERIFY2(
                lines.contains(want.join(QLatin1Char(' '))),
                qPrintable(
                    QStringLiteral("no row \"%1\" in\n%2").arg(want.join(QLatin1Char(' ')), text)));
        }
        QStringList memory{j.id, j.model};
        for (int i = 0; i < IterationBreakdown::kMemoryParts; ++i)
            memory << QString::number(IterationBreakdown::memoryPart(b->cost(), i), 'f', 2);
        memory << QString::number(b->memoryGb(), 'f', 2);
        QStringList noFit;
        for (const IterationBreakdown::OnType& t : b->types())
            if (!t.fits)
                noFit << QStringLiteral("%1 (%2 GB)").arg(t.name).arg(t.memoryGb, 0, 'g', 4);
        memory << (noFit.isEmpty() ? QStringLiteral("-") : noFit.join(QStringLiteral(", ")));
        QVERIFY2(lines.contains(memory.join(QLatin1Char(' '))),
                 qPrintable(memory.join(QLatin1Char(' '))));
        // The settings reached the figures.
        for (auto it = training.cbegin(); it != training.cend(); ++it)
            if (it.key() == QLatin1String("precision"))
                QCOMPARE(b->cost().training.precision, gantry::Precision::Fp8);
    }
    const bool section = text.contains(QStringLiteral("Model jobs: time per iteration"));
    QCOMPARE(section, modelJobs > 0);
    QCOMPARE(modelJobs > 0, scenario == QLatin1String("models.json"));
    if (scenario == QLatin1String("models.json"))
        QVERIFY2(modelJobs >= 3, qPrintable(QString::number(modelJobs)));
    if (section) {
        // Header cells may wrap: single words.
        for (const char* h :
             {"iteration", "compute", "recomp.", "bubble", "data", "tensor", "pipeline", "context",
              "expert", "mem.", "fits", "Model jobs: memory per GPU", "weights", "gradients",
              "optimizer", "activations"})
            QVERIFY2(text.contains(QString::fromLatin1(h)), h);
    }
}

void TestReport::cliExitCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exit");
    QTest::addColumn<QString>("message");
    const QString teaching = sample(QStringLiteral("teaching.json"));
    const QString out = QDir::tempPath() + QStringLiteral("/gantry-report-test-never.pdf");
    QTest::newRow("no file") << QStringList{"report", "--policies", "fifo", "-o", out} << 2
                             << "exactly one scenario FILE";
    QTest::newRow("missing file") << QStringList{"report",     "/nonexistent/x.json",
                                                 "--policies", "fifo",
                                                 "-o",         out}
                                  << 2 << "/nonexistent/x.json";
    QTest::newRow("bad scenario") << QStringList{"report",
                                                 QStringLiteral(GANTRY_TEST_DATA "/malformed"),
                                                 "--policies",
                                                 "fifo",
                                                 "-o",
                                                 out}
                                  << 2 << "malformed";
    QTest::newRow("no policies") << QStringList{"report", teaching, "-o", out} << 2 << "--policies";
    QTest::newRow("unknown policy")
        << QStringList{"report", teaching, "--policies", "fifo,nope", "-o", out} << 2
        << "unknown policy \"nope\"";
    QTest::newRow("twice") << QStringList{"report", teaching, "--policies", "fifo,fifo", "-o", out}
                           << 2 << "listed twice";
    QTest::newRow("no output") << QStringList{"report", teaching, "--policies", "fifo"} << 2
                               << "-o OUT.pdf";
    QTest::newRow("bad page") << QStringList{"report", teaching, "--policies", "fifo",
                                             "--page", "a3",     "-o",         out}
                              << 2 << "--page";
    QTest::newRow("bad baseline") << QStringList{"report",     teaching, "--policies", "fifo,sjf",
                                                 "--baseline", "srtf",   "-o",         out}
                                  << 2 << "--baseline";
    QTest::newRow("bad seed") << QStringList{"report", teaching, "--policies", "fifo",
                                             "--seed", "x",      "-o",         out}
                              << 2 << "--seed";
    QTest::newRow("unknown option")
        << QStringList{"report", teaching, "--policies", "fifo", "--colour", "red", "-o", out} << 2
        << "unknown option --colour";
    QTest::newRow("no directory") << QStringList{"report", teaching, "--policies",
                                                 "fifo",   "-o",     "/nonexistent/dir/r.pdf"}
                                  << 2 << "/nonexistent/dir/r.pdf";
    QTest::newRow("ok") << QStringList{"report",     teaching, "--policies", "fifo,asrpt",
                                       "--baseline", "asrpt",  "-o",         "OUT"}
                        << 0 << "wrote";
}

void TestReport::cliExitCodes()
{
    QFETCH(QStringList, args);
    QFETCH(int, exit);
    QFETCH(QString, message);
    const QString out = m_dir.filePath(QStringLiteral("exit-%1.pdf").arg(QTest::currentDataTag()));
    args.replaceInStrings(QRegularExpression(QStringLiteral("^OUT$")), out);
    for (const QString& program :
         {QStringLiteral(GANTRY_CLI_PATH), QStringLiteral(GANTRY_REPORT_PATH)}) {
        QStringList a = args;
        if (program == QLatin1String(GANTRY_REPORT_PATH))
            a.removeFirst(); // gantry-report takes the arguments after "report"
        const Outcome o = exec(program, a);
        QVERIFY2(o.exitCode == exit, o.err.constData());
        QVERIFY2(QString::fromUtf8(o.err).contains(message), o.err.constData());
        // Never a stray platform warning; every line is the program's own.
        for (const QByteArray& line : o.err.split('\n'))
            QVERIFY2(line.isEmpty() || line.startsWith("gantry-report: "), line.constData());
        QCOMPARE(QFileInfo::exists(out), exit == 0);
        if (exit == 0) {
            QCOMPARE(pdfInfo(out, QStringLiteral("Pages")).toInt(), 9);
            QFile::remove(out);
        }
    }
    QVERIFY(!QFileInfo::exists(QDir::tempPath() + QStringLiteral("/gantry-report-test-never.pdf")));
}

void TestReport::cliWithoutReportProgram()
{
    // A gantry-cli with no gantry-report beside it says so (internal error, exit 1).
    const QString lonely = m_dir.filePath(QStringLiteral("lonely/bin"));
    QVERIFY(QDir().mkpath(lonely));
    const QString copy = QDir(lonely).filePath(QStringLiteral("gantry-cli"));
    QVERIFY(QFile::copy(QStringLiteral(GANTRY_CLI_PATH), copy));
    QFile(copy).setPermissions(QFile(copy).permissions() | QFileDevice::ExeOwner);
    const QString out = m_dir.filePath(QStringLiteral("lonely.pdf"));
    const Outcome o = exec(copy, {QStringLiteral("report"), sample(QStringLiteral("teaching.json")),
                                  QStringLiteral("--policies"), QStringLiteral("fifo"),
                                  QStringLiteral("-o"), out});
    QCOMPARE(o.exitCode, 1);
    QVERIFY2(o.err.contains("gantry-report is missing"), o.err.constData());
    QVERIFY(!QFileInfo::exists(out));
}

void TestReport::failureLeavesExistingFile()
{
    const QString pdf = m_dir.filePath(QStringLiteral("keep.pdf"));
    {
        QFile f(pdf);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("previous content");
    }
    // A failing command line leaves the old file as it was.
    const Outcome o =
        cli({QStringLiteral("report"), sample(QStringLiteral("teaching.json")),
             QStringLiteral("--policies"), QStringLiteral("fifo,nope"), QStringLiteral("-o"), pdf});
    QCOMPARE(o.exitCode, 2);
    QCOMPARE(readAll(pdf), QByteArray("previous content"));
    // So does a cancelled write, and no temporary file stays behind.
    const ReportBuilder::Input in =
        runPolicies(sample(QStringLiteral("teaching.json")), {QStringLiteral("fifo")});
    Feedback fb;
    fb.cancel();
    auto r = ReportBuilder::build(in, {}, pdf, &fb);
    QVERIFY(!r);
    QCOMPARE(r.error().kind, ErrorKind::Cancelled);
    QCOMPARE(readAll(pdf), QByteArray("previous content"));
    QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("keep.pdf*")}, QDir::Files),
             QStringList{QStringLiteral("keep.pdf")});
    // A baseline that did not run is invalid input.
    ReportBuilder::Options bad;
    bad.baseline = QStringLiteral("sjf");
    r = ReportBuilder::build(in, bad, pdf);
    QVERIFY(!r);
    QCOMPARE(r.error().kind, ErrorKind::InvalidInput);
    QVERIFY(r.error().message.contains(QStringLiteral("sjf")));
    QCOMPARE(readAll(pdf), QByteArray("previous content"));
}

void TestReport::workerWritesAndCancels()
{
    ReportBuilder::Input in =
        runPolicies(sample(QStringLiteral("two-racks.json")),
                    {QStringLiteral("fifo"), QStringLiteral("srtf"), QStringLiteral("asrpt")});
    in.schedules.clear(); // the worker rebuilds them by running again
    ReportWorker worker;
    QSignalSpy progress(&worker, &ReportWorker::progress);
    QSignalSpy finished(&worker, &ReportWorker::finished);
    QSignalSpy failed(&worker, &ReportWorker::failed);
    const QString pdf = m_dir.filePath(QStringLiteral("worker.pdf"));
    ReportBuilder::Options options;
    options.pageSize = ReportBuilder::PageSize::Letter;
    QVERIFY(worker.start(in, options, pdf));
    QVERIFY(worker.isRunning());
    QVERIFY(!worker.start(in, options, pdf)); // one at a time
    QVERIFY(finished.wait(120000));
    QVERIFY(!worker.isRunning());
    QCOMPARE(failed.count(), 0);
    QCOMPARE(finished.first().at(0).toString(), pdf);
    const int pages = finished.first().at(1).toInt();
    QCOMPARE(pages, 10);
    QCOMPARE(pdfInfo(pdf, QStringLiteral("Pages")).toInt(), pages);
    QCOMPARE(pdfInfo(pdf, QStringLiteral("Page size")), QStringLiteral("612 x 792 pts (letter)"));
    QVERIFY(progress.count() > 5);
    double last = -1.0;
    for (const QList<QVariant>& p : progress) {
        QVERIFY(p.at(0).toDouble() >= last - 1e-9);
        last = p.at(0).toDouble();
    }
    QCOMPARE(last, 1.0);

    // Cancel right after the start: no file, exactly one cancelled().
    const QString cancelledPdf = m_dir.filePath(QStringLiteral("cancelled.pdf"));
    QSignalSpy cancelled(&worker, &ReportWorker::cancelled);
    QVERIFY(worker.start(in, options, cancelledPdf));
    worker.cancel();
    QVERIFY(cancelled.wait(120000));
    QCOMPARE(finished.count(), 1);
    QVERIFY(!QFileInfo::exists(cancelledPdf));

    // Bad options fail asynchronously.
    options.baseline = QStringLiteral("sjf");
    QVERIFY(worker.start(in, options, cancelledPdf));
    QVERIFY(failed.wait(10000));
    QVERIFY(failed.first().at(0).toString().contains(QStringLiteral("sjf")));
    QVERIFY(!QFileInfo::exists(cancelledPdf));
}

void TestReport::dialogExports()
{
    const ReportBuilder::Input in = runPolicies(sample(QStringLiteral("teaching.json")),
                                                {QStringLiteral("fifo"), QStringLiteral("sjf")});
    ReportDialog dialog(in);
    const QString pdf = m_dir.filePath(QStringLiteral("dialog.pdf"));
    dialog.setPath(m_dir.filePath(QStringLiteral("dialog"))); // the suffix is added
    dialog.show();
    dialog.setPageSize(ReportBuilder::PageSize::Letter);
    QCOMPARE(dialog.pageSize(), ReportBuilder::PageSize::Letter);
    QCOMPARE(dialog.baseline(), QStringLiteral("fifo"));
    QSignalSpy written(&dialog, &ReportDialog::reportWritten);
    // The progress bar shows only while the report is written; once it is, the dialog closes.
    auto* bar = dialog.findChild<QProgressBar*>();
    auto* buttons = dialog.findChild<QDialogButtonBox*>();
    QVERIFY(bar && buttons);
    QVERIFY(bar->isHidden());
    dialog.exportReport();
    QVERIFY(!bar->isHidden());
    QCOMPARE(buttons->button(QDialogButtonBox::Cancel)->text(), QStringLiteral("Cancel"));
    QVERIFY(written.wait(60000));
    QVERIFY(bar->isHidden());
    QVERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(written.first().at(0).toString(), pdf);
    QCOMPARE(dialog.path(), pdf);
    QCOMPARE(pdfInfo(pdf, QStringLiteral("Page size")), QStringLiteral("612 x 792 pts (letter)"));
    QCOMPARE(pdfInfo(pdf, QStringLiteral("Pages")).toInt(), 9);
}

void TestReport::chartFactory()
{
    const ReportBuilder::Input in =
        runPolicies(sample(QStringLiteral("teaching.json")),
                    {QStringLiteral("fifo"), QStringLiteral("sjf"), QStringLiteral("asrpt")});
    std::unique_ptr<QChart> cdf(ChartFactory::jctCdf(in.runs));
    QCOMPARE(cdf->series().size(), 3);
    QCOMPARE(cdf->animationOptions(), QChart::NoAnimation);
    for (QAbstractSeries* s : cdf->series()) {
        const auto* line = qobject_cast<QLineSeries*>(s);
        QVERIFY(line);
        QCOMPARE(line->points().last().y(), 1.0); // every job finished
    }
    std::unique_ptr<QChart> util(ChartFactory::utilisationOverTime(in.runs, in.schedules));
    QCOMPARE(util->series().size(), 3);
    double peak = 0.0;
    for (QAbstractSeries* s : util->series())
        for (const QPointF& p : qobject_cast<QLineSeries*>(s)->points()) {
            QVERIFY(p.y() >= 0.0 && p.y() <= 100.0);
            peak = std::max(peak, p.y());
        }
    QCOMPARE(peak, 100.0); // "big" holds all 8 GPUs
    std::unique_ptr<QChart> gpus(ChartFactory::gpusPerJobHistogram(in.scenario));
    auto* axis = qobject_cast<QBarCategoryAxis*>(gpus->axes(Qt::Horizontal).value(0));
    QVERIFY(axis);
    QCOMPARE(axis->categories(), (QStringList{"1", "2", "3", "4", "8"}));
    std::unique_ptr<QChart> bars(ChartFactory::policyBars(in.runs));
    auto* barSeries = qobject_cast<QBarSeries*>(bars->series().value(0));
    QVERIFY(barSeries);
    QCOMPARE(barSeries->barSets().size(), 3); // one per policy: average and p99
    QCOMPARE(barSeries->barSets().first()->count(), 2);
    // Every chart names each policy in its legend and draws it in the policy's one colour.
    const QStringList policies{"fifo", "sjf", "asrpt"};
    for (int k = 0; k < 3; ++k) {
        const QColor colour = PolicyColours::of(policies[k]);
        QCOMPARE(barSeries->barSets()[k]->label(), policies[k]);
        QCOMPARE(barSeries->barSets()[k]->color(), colour);
        for (QChart* chart : {cdf.get(), util.get()}) {
            auto* line = qobject_cast<QLineSeries*>(chart->series()[k]);
            QCOMPARE(line->name(), policies[k]);
            QCOMPARE(line->pen().color(), colour);
        }
    }
    for (QChart* chart : {cdf.get(), util.get(), bars.get()}) {
        QVERIFY(chart->legend()->isVisible());
        QCOMPARE(chart->legend()->alignment(), Qt::AlignRight); // names whole, one per line
        QStringList names;
        for (QLegendMarker* m : chart->legend()->markers())
            names << m->label();
        QCOMPARE(names, policies);
    }
    QVERIFY(PolicyColours::of(QStringLiteral("asrpt")) != PolicyColours::of(QStringLiteral("sjf")));
    QCOMPARE(PolicyColours::of(QStringLiteral("my-policy")),
             PolicyColours::of(QStringLiteral("my-policy")));
    // Empty input gives a titled chart without series.
    std::unique_ptr<QChart> empty(ChartFactory::jctCdf(std::vector<RunResult>{}));
    QVERIFY(empty->series().isEmpty());
    QVERIFY(!empty->title().isEmpty());
}

void TestReport::imageExport_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("suffix");
    for (const char* what : {"cdf", "utilisation", "arrivals", "gantt"})
        for (const char* suffix : {"png", "svg"})
            QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(what, suffix)))
                << QString::fromLatin1(what) << QString::fromLatin1(suffix);
}

void TestReport::imageExport()
{
    QFETCH(QString, what);
    QFETCH(QString, suffix);
    const ReportBuilder::Input in = runPolicies(sample(QStringLiteral("two-racks.json")),
                                                {QStringLiteral("fifo"), QStringLiteral("asrpt")});
    const QString path = m_dir.filePath(QStringLiteral("export-%1.%2").arg(what, suffix));
    Status s;
    if (what == QLatin1String("gantt")) {
        const GanttPainter gantt(in.scenario, in.schedules.back());
        s = ImageExport::gantt(gantt, path);
    } else {
        std::unique_ptr<QChart> chart(what == QLatin1String("cdf") ? ChartFactory::jctCdf(in.runs)
                                      : what == QLatin1String("utilisation")
                                          ? ChartFactory::utilisationOverTime(in.runs, in.schedules)
                                          : ChartFactory::arrivalRate(in.scenario));
        s = ImageExport::chart(chart.get(), path);
    }
    QVERIFY2(s.ok(), s.ok() ? "" : qPrintable(s.error().message));
    const QByteArray bytes = readAll(path);
    QVERIFY(bytes.size() > 1000);
    if (suffix == QLatin1String("png")) {
        const QImage image = QImage::fromData(bytes, "PNG");
        QVERIFY(!image.isNull());
        QVERIFY2(colouredPixels(image) > 500, qPrintable(QString::number(colouredPixels(image))));
    } else {
        QVERIFY(bytes.contains("<svg"));
        QVERIFY(bytes.contains("<path") || bytes.contains("<polyline"));
        if (what == QLatin1String("cdf") || what == QLatin1String("utilisation"))
            QVERIFY(bytes.contains("fifo")); // the legend is text
    }
    // An unknown format is an error and writes nothing.
    const QString bad = m_dir.filePath(QStringLiteral("export.bmp"));
    std::unique_ptr<QChart> chart(ChartFactory::arrivalRate(in.scenario));
    const Status e = ImageExport::chart(chart.get(), bad);
    QVERIFY(!e.ok());
    QVERIFY(e.error().message.contains(QStringLiteral("export.bmp")));
    QVERIFY(!QFileInfo::exists(bad));
}

// The report's heatmap cells have the colours of its legend and of the window's heatmap: a
// checkerboard of strong and faint traffic, written to a PDF page and read back with
// pdftoppm, keeps each cell's colour (JPEG-compressed cell images blended them).
void TestReport::heatmapColoursInPdf()
{
    TrafficMatrix m;
    m.size = 6;
    m.bytes.resize(36);
    for (int r = 0; r < 6; ++r) {
        m.labels.push_back(QStringLiteral("s%1").arg(r));
        for (int c = 0; c < 6; ++c)
            m.bytes[std::size_t(r * 6 + c)] = (r + c) % 2 == 0 ? 1e12 : 1e9 * (1 + r);
    }
    const HeatmapPainter heat(m);
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("heat.pdf"));
    QRectF area;
    {
        QPdfWriter writer(pdf);
        writer.setResolution(72);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter p(&writer);
        area = QRectF(20, 20, 480, 400);
        heat.paint(p, area);
    }
    exec(QStringLiteral("pdftoppm"),
         {QStringLiteral("-r"), QStringLiteral("72"), QStringLiteral("-png"),
          QStringLiteral("-singlefile"), pdf, dir.filePath(QStringLiteral("heat"))});
    const QImage image(dir.filePath(QStringLiteral("heat.png")));
    QVERIFY(!image.isNull());
    for (int r = 0; r < 6; ++r)
        for (int c = 0; c < 6; ++c) {
            const QPointF centre = heat.cellRect(area, r, c).center();
            const QColor got = image.pixelColor(centre.toPoint());
            const QColor want = heat.colourFor(m.at(r, c));
            const int diff =
                std::max({std::abs(got.red() - want.red()), std::abs(got.green() - want.green()),
                          std::abs(got.blue() - want.blue())});
            QVERIFY2(diff <= 6, qPrintable(QStringLiteral("cell %1,%2: %3 instead of %4")
                                               .arg(r)
                                               .arg(c)
                                               .arg(got.name(), want.name())));
        }
}

QTEST_MAIN(TestReport)
#include "tst_report.moc"
