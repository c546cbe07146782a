// The capacity-plan report (ui/planreport, gantry-report --capacity-plan, gantry-cli sweep
// --report) checked with real PDF tools: pages and page sizes, the recommendations' clusters
// and costs against what gantry-cli sweep --json prints, the heatmap's cell colours read back
// through pdftoppm, bad report paths (exit 2, nothing written, nothing run), atomic writes,
// progress and cancel.
#include "../common/childprocess.h"
#include "../common/pdftools.h"
#include "plan/sweepsession.h"
#include "planreport/capacityplanreport.h"
#include "planreport/nicescale.h"
#include "planreport/plangroup.h"
#include "planreport/planheatmapfigure.h"
#include "planreport/plantext.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <cmath>
#include <optional>

using namespace gantry;
using namespace gantry::ui;

namespace {

using Outcome = gantry::test::ChildProcess;
using gantry::test::havePdfTools;
using gantry::test::pageTexts;
using gantry::test::pdfInfo;

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

Outcome report(const QStringList& args)
{
    return exec(QStringLiteral(GANTRY_REPORT_PATH), args);
}

QString sweepFile()
{
    return QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/two-racks-sweep.json");
}

// 1-based index of the first page whose running header ends with section.
int pageOf(const QStringList& pages, const QString& section)
{
    for (int i = 0; i < pages.size(); ++i)
        if (pages[i].section(QLatin1Char('\n'), 0, 0).trimmed().endsWith(section))
            return i + 1;
    return -1;
}

QImage renderPage(const QString& pdf, int page, int dpi, const QString& prefix)
{
    exec(QStringLiteral("pdftoppm"),
         {QStringLiteral("-r"), QString::number(dpi), QStringLiteral("-png"),
          QStringLiteral("-singlefile"), QStringLiteral("-f"), QString::number(page),
          QStringLiteral("-l"), QString::number(page), pdf, prefix});
    return QImage(prefix + QStringLiteral(".png"));
}

int colourDistance(const QColor& a, const QColor& b)
{
    return std::max({std::abs(a.red() - b.red()), std::abs(a.green() - b.green()),
                     std::abs(a.blue() - b.blue())});
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Whole US dollars as the report prints them, written here independently of the report code.
QString dollars(double v)
{
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(qint64(std::llround(v)));
}

// The text, without line breaks and runs of spaces (a paragraph may wrap anywhere).
QString flat(const QString& text)
{
    QString s = text;
    return s.replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" "));
}

} // namespace

class TestCapacityPlan : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cliReport();
    void recommendationsInText();
    void pagesAndSizes_data();
    void pagesAndSizes();
    void groupsMatchRecommendations();
    void heatmapCellColours();
    void heatmapColourInReport();
    void badReportPath_data();
    void badReportPath();
    void failureLeavesExistingFile();
    void progressAndCancel();
    void help();
    void text_data();
    void text();
    void niceScale();

private:
    // The sample sweep, finished, read back from the cache gantry-cli sweep left.
    std::optional<plan::SweepSession> session();

    QTemporaryDir m_dir;
    QString m_out;      // gantry-cli sweep's --out
    QString m_pdf;      // its --report
    QJsonObject m_json; // what it printed with --json
    Outcome m_run;
};

void TestCapacityPlan::initTestCase()
{
    if (!havePdfTools())
        QSKIP("poppler-utils (pdfinfo, pdftotext, pdftoppm) are not installed");
    QVERIFY(m_dir.isValid());
    m_out = m_dir.filePath(QStringLiteral("sweep-out"));
    m_pdf = m_dir.filePath(QStringLiteral("plan.pdf"));
    m_run = cli({QStringLiteral("sweep"), sweepFile(), QStringLiteral("--out"), m_out,
                 QStringLiteral("--threads"), QStringLiteral("2"), QStringLiteral("--json"),
                 QStringLiteral("--report"), m_pdf});
    QVERIFY2(m_run.exitCode == 0, qPrintable(m_run.explain()));
    m_json = QJsonDocument::fromJson(m_run.out).object();
    QCOMPARE(m_json.value("format").toString(), QStringLiteral("gantry-sweep-result"));
}

std::optional<plan::SweepSession> TestCapacityPlan::session()
{
    auto s = plan::SweepSession::open(sweepFile(), m_out, true);
    if (!s || !s.value().pending().empty() || !s.value().finish())
        return std::nullopt;
    return std::move(s).value();
}

// gantry-cli sweep --report writes the PDF through gantry-report from the cache: no point runs
// twice, stdout stays the sweep's JSON, the sweep's files are as without --report.
void TestCapacityPlan::cliReport()
{
    QVERIFY(QFileInfo(m_pdf).size() > 10000);
    QVERIFY2(m_run.err.contains("96 points: 96 from the cache, 0 run"), m_run.err.constData());
    QCOMPARE(readAll(QDir(m_out).filePath(QStringLiteral("sweep.json"))).trimmed(),
             m_run.out.trimmed());
    const QString again = m_dir.filePath(QStringLiteral("plain"));
    const Outcome plain = cli({QStringLiteral("sweep"), sweepFile(), QStringLiteral("--out"), again,
                               QStringLiteral("--resume")});
    QCOMPARE(plain.exitCode, 0);
    QCOMPARE(readAll(QDir(again).filePath(QStringLiteral("sweep.json"))),
             readAll(QDir(m_out).filePath(QStringLiteral("sweep.json"))));
    QCOMPARE(readAll(QDir(again).filePath(QStringLiteral("points.csv"))),
             readAll(QDir(m_out).filePath(QStringLiteral("points.csv"))));
    // Without --out the report still needs no second run (a temporary cache).
    const QString noOut = m_dir.filePath(QStringLiteral("no-out.pdf"));
    const Outcome o = cli({QStringLiteral("sweep"), sweepFile(), QStringLiteral("--threads"),
                           QStringLiteral("2"), QStringLiteral("--report"), noOut});
    QVERIFY2(o.exitCode == 0, qPrintable(o.explain()));
    QVERIFY2(o.err.contains("0 run"), o.err.constData());
    QVERIFY(o.out.contains("cost"));
    QVERIFY(!o.out.contains("wrote"));
    QCOMPARE(pdfInfo(noOut, QStringLiteral("Pages")), pdfInfo(m_pdf, QStringLiteral("Pages")));
}

// Every recommendation's server counts and cost, as gantry-cli sweep --json gives them, are in
// the report's text: in the answer table and on its group's page.
void TestCapacityPlan::recommendationsInText()
{
    const QStringList pages = pageTexts(m_pdf);
    QVERIFY(pages.size() >= 3);
    const QJsonArray points = m_json.value("points").toArray();
    const QJsonArray recs = m_json.value("recommendations").toArray();
    QCOMPARE(recs.size(), 4);
    const QString first = flat(pages[0] + pages[1]);
    for (const QJsonValue& v : recs) {
        const QJsonObject rec = v.toObject();
        QVERIFY(rec.value("point").isDouble());
        const QJsonObject p = points.at(rec.value("point").toInt()).toObject();
        const QString cluster = QStringLiteral("h100 \u00d7 %1, a100 \u00d7 %2")
                                    .arg(p.value("servers.h100.count").toInt())
                                    .arg(p.value("servers.a100.count").toInt());
        const QString cost = dollars(rec.value("cost_usd").toDouble());
        const QString group = QStringLiteral("load_scale %1, policy %2")
                                  .arg(rec.value("load_scale").toDouble())
                                  .arg(rec.value("policy").toString());
        // The answer table: one line with the group, the cluster and the cost.
        bool row = false;
        for (const QString& line : (pages[0] + pages[1]).split(QLatin1Char('\n')))
            row = row || (line.contains(cluster) && line.contains(cost) &&
                          line.contains(QStringLiteral(" ") + rec.value("policy").toString()));
        QVERIFY2(row,
                 qPrintable(cluster + QStringLiteral(" / ") + cost + QStringLiteral("\n") + first));
        // The group's page says it in words.
        const int page = pageOf(pages, group);
        QVERIFY2(page > 0, qPrintable(group));
        const QString words = flat(pages[page - 1]);
        QVERIFY2(words.contains(QStringLiteral("Recommended: %1 (row %2). It costs %3 USD")
                                    .arg(cluster)
                                    .arg(rec.value("point").toInt())
                                    .arg(cost)),
                 qPrintable(words));
    }
    // The question in words, with the target and the cost parameters.
    QVERIFY2(first.contains(QStringLiteral("p99_queue_delay_s \u2264 3600 s")), qPrintable(first));
    QVERIFY(
        first.contains(QStringLiteral("horizon 3 years, electricity 0.12 USD per kWh, PUE 1.3")));
    QVERIFY(first.contains(QStringLiteral("0, 1, 2, 4")));
    // The table of points: every row, the header again on each of its pages.
    const int table = pageOf(pages, QStringLiteral("Points"));
    QVERIFY(table > 0);
    int tablePages = 0;
    QString rows;
    for (int i = table - 1; i < pages.size(); ++i) {
        if (!pages[i].section(QLatin1Char('\n'), 0, 0).trimmed().endsWith(QStringLiteral("Points")))
            break;
        ++tablePages;
        QVERIFY2(pages[i].contains(QStringLiteral("feasible")), qPrintable(pages[i]));
        rows += pages[i];
    }
    QVERIFY(tablePages >= 2);
    QCOMPARE(rows.count(QRegularExpression(QStringLiteral("(?m)^\\s*\\d+\\s+\\d+\\s+\\d+\\s+"))),
             96);
}

void TestCapacityPlan::pagesAndSizes_data()
{
    QTest::addColumn<QString>("page");
    QTest::addColumn<QString>("size");
    QTest::newRow("a4") << "a4"
                        << "595 x 842 pts (A4)";
    QTest::newRow("letter") << "letter"
                            << "612 x 792 pts (letter)";
}

// gantry-report --capacity-plan directly, from the cache: the page size asked for and a page
// count in the expected range (the question and answer, one page per group, the table).
void TestCapacityPlan::pagesAndSizes()
{
    QFETCH(QString, page);
    QFETCH(QString, size);
    const QString pdf = m_dir.filePath(QStringLiteral("size-%1.pdf").arg(page));
    const Outcome o =
        report({QStringLiteral("--capacity-plan"), sweepFile(), QStringLiteral("--out-dir"), m_out,
                QStringLiteral("-o"), pdf, QStringLiteral("--page"), page});
    QVERIFY2(o.exitCode == 0, qPrintable(o.explain()));
    QVERIFY2(o.err.contains("0 run"), o.err.constData());
    QVERIFY2(pdfInfo(pdf, QStringLiteral("Page size")) == size,
             qPrintable(pdfInfo(pdf, QStringLiteral("Page size"))));
    const int pages = pdfInfo(pdf, QStringLiteral("Pages")).toInt();
    QVERIFY2(pages >= 7 && pages <= 12, qPrintable(QString::number(pages)));
}

// The report's groups agree with the recommender: the recommended cluster's mean cost and
// metric, the Pareto front, and the recommendation is the cheapest cluster meeting the target.
void TestCapacityPlan::groupsMatchRecommendations()
{
    std::optional<plan::SweepSession> s = session();
    QVERIFY(s);
    QCOMPARE(s->evaluatedCount(), std::size_t(0));
    for (std::size_t g = 0; g < s->recommendations().size(); ++g) {
        const plan::Recommendation& rec = s->recommendations()[g];
        const PlanGroup group = PlanGroup::collect(*s, g);
        QCOMPARE(group.clusters().size(), std::size_t(12));
        QVERIFY(group.recommended());
        const PlanCluster& c = group.clusters()[*group.recommended()];
        QCOMPARE(c.rows.front(), *rec.point);
        QCOMPARE(c.rows.size(), std::size_t(2));
        QVERIFY(std::abs(c.costUsd - rec.costUsd) <= 1e-9 * rec.costUsd);
        QVERIFY(std::abs(c.metric - rec.metric) <= 1e-9 * std::max(1.0, rec.metric));
        QCOMPARE(c.costUsd, c.capitalUsd + c.energyUsd);
        for (const PlanCluster& other : group.clusters())
            if (other.feasible && other.meetsTarget)
                QVERIFY(other.costUsd >= c.costUsd);
        QCOMPARE(group.front().size(), rec.pareto.size());
        for (std::size_t k = 0; k < rec.pareto.size(); ++k)
            QCOMPARE(group.clusters()[group.front()[k]].rows.front(), rec.pareto[k]);
        QCOMPARE(group.title(), QStringLiteral("load_scale %1, policy %2")
                                    .arg(rec.group[0].second.toDouble())
                                    .arg(rec.group[1].second.toString()));
    }
}

// Painted into a PDF page and read back with pdftoppm, every heatmap cell has its scale's
// colour (infeasible ones grey) and the recommended cell its outline.
void TestCapacityPlan::heatmapCellColours()
{
    std::optional<plan::SweepSession> s = session();
    QVERIFY(s);
    const PlanGroup group = PlanGroup::collect(*s, 0);
    const PlanHeatmapFigure heat(s->spec(), group);
    QVERIFY(heat.valid());
    QCOMPARE(heat.columns(), 4);
    QCOMPARE(heat.rows(), 3);
    const QString pdf = m_dir.filePath(QStringLiteral("heat.pdf"));
    const QRectF area(30, 30, 520, 320);
    std::vector<QRectF> cells(std::size_t(heat.columns() * heat.rows()));
    {
        QPdfWriter writer(pdf);
        writer.setResolution(72);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter p(&writer);
        heat.paint(p, area);
        for (int c = 0; c < heat.columns(); ++c)
            for (int r = 0; r < heat.rows(); ++r)
                cells[std::size_t(c * heat.rows() + r)] = heat.cellRect(p, area, c, r);
    }
    const QImage image = renderPage(pdf, 1, 72, m_dir.filePath(QStringLiteral("heat")));
    QVERIFY(!image.isNull());
    int infeasible = 0, outlined = 0;
    for (int c = 0; c < heat.columns(); ++c)
        for (int r = 0; r < heat.rows(); ++r) {
            const QRectF cell = cells[std::size_t(c * heat.rows() + r)];
            QVERIFY(cell.width() > 20 && cell.height() > 20);
            // Above the centred label, below the outline.
            const QPoint probe(int(cell.center().x()), int(cell.top() + cell.height() * 0.22));
            const std::optional<double> v = heat.value(c, r);
            // The cell against sweep.json: the cluster's points of the first group (load_scale
            // 1, fifo), infeasible when one is, else the mean of their metric.
            const int h100 = std::array{0, 1, 2, 4}[std::size_t(c)];
            const int a100 = std::array{0, 2, 4}[std::size_t(r)];
            int seeds = 0;
            bool feasible = true;
            double sum = 0.0;
            for (const QJsonValue& pv : m_json.value("points").toArray()) {
                const QJsonObject p = pv.toObject();
                if (p.value("servers.h100.count").toInt() != h100 ||
                    p.value("servers.a100.count").toInt() != a100 ||
                    p.value("load_scale").toDouble() != 1.0 ||
                    p.value("policy").toString() != QLatin1String("fifo"))
                    continue;
                ++seeds;
                feasible = feasible && p.value("feasible").toBool();
                sum += p.value("p99_queue_delay_s").toDouble();
            }
            QCOMPARE(seeds, 2);
            QCOMPARE(v.has_value(), feasible);
            if (v)
                QVERIFY(std::abs(*v - sum / 2.0) <= 1e-9 * std::max(1.0, sum));
            const QColor want = v ? heat.colourFor(*v) : QColor(0xd4, 0xd4, 0xd4);
            infeasible += v ? 0 : 1;
            const QColor got = image.pixelColor(probe);
            QVERIFY2(colourDistance(got, want) <= 6,
                     qPrintable(QStringLiteral("cell %1,%2: %3 instead of %4")
                                    .arg(c)
                                    .arg(r)
                                    .arg(got.name(), want.name())));
            const QColor edge =
                image.pixelColor(QPoint(int(cell.center().x()), int(cell.top()) + 1));
            if (heat.cluster(c, r) == group.recommended()) {
                ++outlined;
                QVERIFY2(colourDistance(edge, QColor(0xc0, 0x39, 0x2b)) <= 12,
                         qPrintable(edge.name()));
            } else {
                QVERIFY2(colourDistance(edge, QColor(0xc0, 0x39, 0x2b)) > 40,
                         qPrintable(edge.name()));
            }
        }
    QCOMPARE(infeasible, 5);
    QCOMPARE(outlined, 1);
    // The scale is ordered: the lowest value pale, the highest dark.
    QVERIFY(heat.colourFor(0.0).lightness() > heat.colourFor(1e9).lightness());
}

// In the written report, the recommended cell's colour is on its group's page as a solid block
// (vector rectangles: no compression blends it).
void TestCapacityPlan::heatmapColourInReport()
{
    std::optional<plan::SweepSession> s = session();
    QVERIFY(s);
    const QStringList pages = pageTexts(m_pdf);
    for (std::size_t g = 0; g < s->recommendations().size(); ++g) {
        const PlanGroup group = PlanGroup::collect(*s, g);
        const PlanHeatmapFigure heat(s->spec(), group);
        const QColor want = heat.colourFor(group.clusters()[*group.recommended()].metric);
        const int page = pageOf(pages, group.title());
        QVERIFY(page > 0);
        const QImage image =
            renderPage(m_pdf, page, 72, m_dir.filePath(QStringLiteral("group%1").arg(g)));
        QVERIFY(!image.isNull());
        int same = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                same += colourDistance(image.pixelColor(x, y), want) <= 4 ? 1 : 0;
        // A cell is about an inch square: thousands of pixels at 72 dpi.
        QVERIFY2(
            same >= 1500,
            qPrintable(
                QStringLiteral("%1 pixels of %2 on page %3").arg(same).arg(want.name()).arg(page)));
    }
}

void TestCapacityPlan::badReportPath_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QString>("message");
    QTest::newRow("no directory") << "/nonexistent/dir/plan.pdf" << QStringList{}
                                  << "/nonexistent/dir/plan.pdf: cannot write: the directory "
                                     "does not exist";
    QTest::newRow("a directory") << "DIR" << QStringList{} << "it is a directory";
    QTest::newRow("under a file") << "FILE/plan.pdf" << QStringList{}
                                  << "the directory does not exist";
    QTest::newRow("bad page") << "DIR/p.pdf" << QStringList{"--page", "a3"}
                              << "page size must be a4 or letter";
    QTest::newRow("empty") << "" << QStringList{} << "--report";
}

// A report that cannot be written is exit 2 before any point runs: no --out folder, no file.
void TestCapacityPlan::badReportPath()
{
    QFETCH(QString, path);
    QFETCH(QStringList, extra);
    QFETCH(QString, message);
    const QString dir = m_dir.filePath(QStringLiteral("bad-%1").arg(QTest::currentDataTag()));
    QVERIFY(QDir().mkpath(dir));
    const QString file = QDir(dir).filePath(QStringLiteral("FILE"));
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x");
    }
    path.replace(QStringLiteral("DIR"), dir).replace(QStringLiteral("FILE"), file);
    const QString out = QDir(dir).filePath(QStringLiteral("out"));
    const Outcome o = cli(QStringList{QStringLiteral("sweep"), sweepFile(), QStringLiteral("--out"),
                                      out, QStringLiteral("--report"), path} +
                          extra);
    QVERIFY2(o.exitCode == 2, qPrintable(o.explain()));
    QVERIFY2(o.err.contains(message.toUtf8()), o.err.constData());
    QVERIFY(o.out.isEmpty());
    QVERIFY2(!QFileInfo::exists(out), "the sweep ran");
    QCOMPARE(QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
             QStringList{QStringLiteral("FILE")});
    // gantry-report itself says the same.
    if (extra.isEmpty() && !path.isEmpty()) {
        const Outcome r = report({QStringLiteral("--capacity-plan"), sweepFile(),
                                  QStringLiteral("--out-dir"), m_out, QStringLiteral("-o"), path});
        QVERIFY2(r.exitCode == 2, qPrintable(r.explain()));
        QVERIFY2(r.err.startsWith("gantry-report: "), r.err.constData());
    }
}

// A failing sweep or a cancelled write leaves an existing file as it was and no temporary
// file beside it; an unfinished sweep makes no report.
void TestCapacityPlan::failureLeavesExistingFile()
{
    const QString dir = m_dir.filePath(QStringLiteral("keep"));
    QVERIFY(QDir().mkpath(dir));
    const QString pdf = QDir(dir).filePath(QStringLiteral("keep.pdf"));
    {
        QFile f(pdf);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("previous content");
    }
    const QString bad = QDir(dir).filePath(QStringLiteral("bad-sweep.json"));
    {
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "gantry-sweep", "version": 1, "base": "none.json", "axes": {}})");
    }
    const Outcome o = cli({QStringLiteral("sweep"), bad, QStringLiteral("--report"), pdf});
    QCOMPARE(o.exitCode, 2);
    QCOMPARE(readAll(pdf), QByteArray("previous content"));

    std::optional<plan::SweepSession> s = session();
    QVERIFY(s);
    Feedback fb;
    fb.cancel();
    auto r = CapacityPlanReport::write(*s, {}, pdf, &fb);
    QVERIFY(!r);
    QCOMPARE(r.error().kind, ErrorKind::Cancelled);
    QCOMPARE(readAll(pdf), QByteArray("previous content"));

    auto open = plan::SweepSession::open(sweepFile(), QString(), false);
    QVERIFY(open);
    r = CapacityPlanReport::write(open.value(), {}, pdf);
    QVERIFY(!r);
    QCOMPARE(r.error().kind, ErrorKind::InvalidInput);
    QVERIFY2(r.error().message.contains(QStringLiteral("96 unfinished points")),
             qPrintable(r.error().message));
    QCOMPARE(readAll(pdf), QByteArray("previous content"));
    QCOMPARE(QDir(dir).entryList({QStringLiteral("keep.pdf*")}, QDir::Files),
             QStringList{QStringLiteral("keep.pdf")});
}

// Progress rises from 0 to 1 over the sections; a cancel in the middle stops the write and
// leaves no file.
void TestCapacityPlan::progressAndCancel()
{
    std::optional<plan::SweepSession> s = session();
    QVERIFY(s);
    const QString pdf = m_dir.filePath(QStringLiteral("progress.pdf"));
    std::vector<double> seen;
    QStringList steps;
    {
        Feedback fb([&](double f, const QString& step) {
            seen.push_back(f);
            steps << step;
        });
        auto r = CapacityPlanReport::write(*s, {}, pdf, &fb);
        QVERIFY2(r, r ? "" : qPrintable(r.error().message));
        QVERIFY(r.value() >= 7);
    }
    QVERIFY(seen.size() >= 6);
    QVERIFY(std::is_sorted(seen.begin(), seen.end()));
    QCOMPARE(seen.back(), 1.0);
    QVERIFY(steps.contains(QStringLiteral("table of points")));
    QVERIFY(QFileInfo(pdf).size() > 10000);

    const QString cancelled = m_dir.filePath(QStringLiteral("cancelled.pdf"));
    Feedback* self = nullptr;
    double last = 0.0;
    Feedback fb([&](double f, const QString&) {
        last = f;
        if (f >= 0.3)
            self->cancel();
    });
    self = &fb;
    auto r = CapacityPlanReport::write(*s, {}, cancelled, &fb);
    QVERIFY(!r);
    QCOMPARE(r.error().kind, ErrorKind::Cancelled);
    QVERIFY(last < 0.7);
    QVERIFY(!QFileInfo::exists(cancelled));
}

// gantry-cli help sweep shows --report and --page in the usage and describes each; gantry-report
// --help shows --capacity-plan.
void TestCapacityPlan::help()
{
    const Outcome o = cli({QStringLiteral("help"), QStringLiteral("sweep")});
    QVERIFY2(o.exitCode == 0, qPrintable(o.explain()));
    const QString text = QString::fromUtf8(o.out);
    QVERIFY2(text.contains(QStringLiteral("[--report OUT.pdf] [--page a4|letter]")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("\n  --report OUT.pdf ")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("\n  --page a4|letter ")), qPrintable(text));
    const Outcome r = report({QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("gantry-report --capacity-plan SWEEP.json -o OUT.pdf [--out-dir DIR]"),
             r.out.constData());
}

void TestCapacityPlan::text_data()
{
    QTest::addColumn<QString>("got");
    QTest::addColumn<QString>("want");
    QTest::newRow("usd") << PlanText::usd(1171234.4) << "1,171,234";
    QTest::newRow("usd small") << PlanText::usd(999.5) << "1,000";
    QTest::newRow("usd negative") << PlanText::usd(-60000) << "-60,000";
    QTest::newRow("signed usd") << PlanText::signedUsd(60000) << "+60,000";
    QTest::newRow("signed zero") << PlanText::signedUsd(0.2) << "0";
    QTest::newRow("metric large") << PlanText::metric(12345.6) << "12,346";
    QTest::newRow("metric small") << PlanText::metric(0.123456) << "0.123";
    QTest::newRow("signed metric") << PlanText::signedMetric(-2.5) << "-2.5";
    QTest::newRow("unit s") << PlanText::unit(QStringLiteral("p99_queue_delay_s")) << "s";
    QTest::newRow("unit util") << PlanText::unit(QStringLiteral("gpu_utilization")) << "fraction";
    QTest::newRow("unit none") << PlanText::unit(QStringLiteral("preemptions")) << "";
    QTest::newRow("value") << PlanText::value(QJsonValue(1.5)) << "1.5";
    plan::SweepTarget max{QStringLiteral("p99_queue_delay_s"), 3600.0, std::nullopt};
    plan::SweepTarget min{QStringLiteral("gpu_utilization"), std::nullopt, 0.6};
    QTest::newRow("target max") << PlanText::target(max) << "p99_queue_delay_s \u2264 3600 s";
    QTest::newRow("target min") << PlanText::target(min) << "gpu_utilization \u2265 0.6";
}

void TestCapacityPlan::text()
{
    QFETCH(QString, got);
    QFETCH(QString, want);
    QCOMPARE(got, want);
}

void TestCapacityPlan::niceScale()
{
    const NiceScale::Range r = NiceScale::of(1.12e6, 1.53e6, 6);
    QCOMPARE(r.step, 1e5);
    QCOMPARE(r.lo, 1.1e6);
    QCOMPARE(r.hi, 1.6e6);
    QCOMPARE(r.ticks.size(), std::size_t(6));
    QCOMPARE(NiceScale::label(1.2e6, 1e5), QStringLiteral("1,200,000"));
    QCOMPARE(NiceScale::label(1.2, 0.1), QStringLiteral("1.2"));
    const NiceScale::Range flatRange = NiceScale::of(5.0, 5.0);
    QVERIFY(flatRange.lo < 5.0 && flatRange.hi > 5.0);
}

QTEST_MAIN(TestCapacityPlan)
#include "tst_capacityplan.moc"
