#include "chartfactory.h"

#include "charts/policycolours.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMap>
#include <QPainter>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace gantry::ui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("gantry::ui::ChartFactory", text);
}

// A chart that reads on paper: white, square, no animation, small fonts, legend at the bottom.
// Chart text without ligatures, so that a PDF's "fifo" is searchable as typed.
QFont plain(QFont f, double pointSize, bool bold = false)
{
    f.setStyleStrategy(QFont::PreferNoShaping);
    f.setPointSizeF(pointSize);
    f.setBold(bold);
    return f;
}

// Legends that name policies sit on the right, one per line, so that no name is cut short.
void legendRight(QChart* c)
{
    c->legend()->setAlignment(Qt::AlignRight);
    c->legend()->setShowToolTips(true);
}

QChart* newChart(const QString& title, bool legend)
{
    auto* c = new QChart;
    c->setAnimationOptions(QChart::NoAnimation);
    c->setTheme(QChart::ChartThemeLight);
    c->setBackgroundRoundness(0.0);
    c->setDropShadowEnabled(false);
    c->setMargins(QMargins(4, 4, 4, 4));
    c->setTitleFont(plain(c->titleFont(), 10.0, true));
    c->setTitle(title);
    c->legend()->setVisible(legend);
    c->legend()->setAlignment(Qt::AlignBottom);
    c->legend()->setFont(plain(c->legend()->font(), 8.0));
    return c;
}

void styleAxis(QAbstractAxis* axis, const QString& title)
{
    axis->setLabelsFont(plain(axis->labelsFont(), 7.5));
    axis->setTitleFont(plain(axis->titleFont(), 8.0));
    axis->setTitleText(title);
}

using TimeUnit = ChartFactory::TimeUnit;

// Most steps between the labels of a logarithmic axis (one label more than steps).
constexpr double MaxLogLabels = 4.0;

TimeUnit unitFor(double spanS)
{
    return ChartFactory::timeUnit(spanS);
}

QValueAxis* valueAxis(double lo, double hi, const QString& title)
{
    auto* a = new QValueAxis;
    a->setRange(lo, hi > lo ? hi : lo + 1.0);
    a->applyNiceNumbers();
    const double span = a->max() - a->min();
    a->setLabelFormat(span >= 20.0  ? QStringLiteral("%.0f")
                      : span >= 2.0 ? QStringLiteral("%.1f")
                                    : QStringLiteral("%.2f"));
    styleAxis(a, title);
    return a;
}

// Series colours from the light theme, in order, so that a policy keeps its colour across charts.
QColor seriesColour(int i)
{
    static const QColor colours[] = {QColor(0x20, 0x9f, 0xdf), QColor(0x99, 0xca, 0x53),
                                     QColor(0xf6, 0xa6, 0x25), QColor(0x6d, 0x5f, 0xd5),
                                     QColor(0xbf, 0x59, 0x3e), QColor(0x2b, 0x7a, 0x78),
                                     QColor(0xd6, 0x3e, 0x8f), QColor(0x55, 0x55, 0x55)};
    return colours[std::size_t(i) % (sizeof colours / sizeof colours[0])];
}

QLineSeries* lineSeries(const QString& name)
{
    auto* s = new QLineSeries;
    s->setName(name);
    return s;
}

// Adds s to c in colour; after addSeries, which applies the theme's colours.
void addLine(QChart* c, QLineSeries* s, const QColor& colour)
{
    c->addSeries(s);
    QPen pen(colour);
    pen.setWidthF(1.6);
    s->setPen(pen);
}

// Adds categories and one bar set per (name, values) pair; a y axis from 0 to the largest bar.
void fillBars(QChart* c, const QStringList& categories,
              const std::vector<std::pair<QString, std::vector<double>>>& sets,
              const QString& xTitle, const QString& yTitle)
{
    auto* series = new QBarSeries;
    double top = 0.0;
    for (const auto& [name, values] : sets) {
        auto* set = new QBarSet(name);
        for (double v : values) {
            *set << v;
            top = std::max(top, v);
        }
        series->append(set);
    }
    c->addSeries(series);
    int index = 0;
    for (QBarSet* set : series->barSets()) {
        set->setColor(seriesColour(index++));
        set->setBorderColor(Qt::transparent);
    }
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    styleAxis(x, xTitle);
    c->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    QValueAxis* y = valueAxis(0.0, top * 1.05, yTitle);
    c->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
}

// Time-weighted busy fraction per bin over [0, endS] from the counter samples.
std::vector<QPointF> busyCurve(const Schedule& schedule, double endS, int bins)
{
    std::vector<QPointF> out;
    if (schedule.totalGpus <= 0 || schedule.counters.empty() || endS <= 0.0)
        return out;
    const double total = schedule.totalGpus;
    const auto& cs = schedule.counters;
    if (int(cs.size()) <= bins) {
        // Few samples: the exact step curve.
        double prev = 0.0;
        out.emplace_back(0.0, 0.0);
        for (const CounterSample& s : cs) {
            const double busy = (total - s.freeGpus) / total;
            out.emplace_back(s.timeS, prev);
            out.emplace_back(s.timeS, busy);
            prev = busy;
        }
        out.emplace_back(endS, prev);
        return out;
    }
    const double width = endS / bins;
    std::vector<double> area(std::size_t(bins), 0.0);
    for (std::size_t i = 0; i < cs.size(); ++i) {
        const double from = cs[i].timeS;
        const double to = i + 1 < cs.size() ? cs[i + 1].timeS : endS;
        const double busy = (total - cs[i].freeGpus) / total;
        double t = from;
        while (t < to) {
            const int b = std::min(bins - 1, int(t / width));
            const double binEnd = std::min(to, (b + 1) * width);
            area[std::size_t(b)] += busy * (binEnd - t);
            if (binEnd <= t)
                break;
            t = binEnd;
        }
    }
    for (int b = 0; b < bins; ++b) {
        const double v = area[std::size_t(b)] / width;
        out.emplace_back(b * width, v);
        out.emplace_back((b + 1) * width, v);
    }
    return out;
}

// One line per policy of outcome: value(point) in seconds against S.
QChart* sensitivityChart(const PredictionSensitivity::Outcome& outcome, const QString& title,
                         const QString& yTitle,
                         double (*value)(const PredictionSensitivity::Point&))
{
    // Before any run there are no seeds to speak of.
    const QString seeds = outcome.seeds <= 0   ? tr("not run yet")
                          : outcome.seeds == 1 ? tr("one seed")
                                               : tr("mean of %1 seeds").arg(outcome.seeds);
    QChart* c = newChart(title.arg(seeds), true);
    if (outcome.points.empty())
        return c;
    double lo = value(outcome.points.front()), hi = lo, sigmaMax = 0.0;
    for (const PredictionSensitivity::Point& p : outcome.points) {
        lo = std::min(lo, value(p));
        hi = std::max(hi, value(p));
        sigmaMax = std::max(sigmaMax, p.sigma);
    }
    const TimeUnit unit = unitFor(hi);
    // The y range hugs the values (a policy's change with S is the point of the chart).
    const double pad = std::max((hi - lo) * 0.08, hi * 0.02);
    QValueAxis* y = valueAxis(std::max(0.0, lo - pad) / unit.seconds, (hi + pad) / unit.seconds,
                              yTitle.arg(unit.name));
    QValueAxis* x = valueAxis(0.0, sigmaMax, tr("prediction error S (log-normal sigma)"));
    x->setRange(0.0, sigmaMax > 0.0 ? sigmaMax : 1.0);
    x->setTickCount(int(std::round((sigmaMax > 0.0 ? sigmaMax : 1.0) / 0.25)) + 1);
    x->setLabelFormat(QStringLiteral("%.2f"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    for (const QString& policy : outcome.policies) {
        auto* s = lineSeries(policy);
        for (const PredictionSensitivity::Point& p : outcome.points)
            if (p.policy == policy)
                s->append(p.sigma, value(p) / unit.seconds);
        s->setPointsVisible(true);
        s->setMarkerSize(5.0);
        addLine(c, s, PolicyColours::of(policy));
        s->attachAxis(x);
        s->attachAxis(y);
    }
    legendRight(c);
    return c;
}

} // namespace

QChart* ChartFactory::sensitivityTotalJct(const PredictionSensitivity::Outcome& outcome)
{
    return sensitivityChart(outcome, tr("Total JCT against the prediction error (%1)"),
                            tr("total JCT (%1)"),
                            [](const PredictionSensitivity::Point& p) { return p.totalJctS; });
}

QChart* ChartFactory::sensitivityP99Jct(const PredictionSensitivity::Outcome& outcome)
{
    return sensitivityChart(outcome, tr("p99 JCT against the prediction error (%1)"),
                            tr("p99 JCT (%1)"),
                            [](const PredictionSensitivity::Point& p) { return p.p99JctS; });
}

ChartFactory::RunViews ChartFactory::viewsOf(const std::vector<RunResult>& runs)
{
    RunViews v;
    v.reserve(runs.size());
    for (const RunResult& r : runs)
        v.push_back(&r);
    return v;
}

QChart* ChartFactory::jctCdf(const RunViews& runs)
{
    QChart* c = newChart(tr("JCT distribution (CDF)"), true);
    double lo = 0.0, hi = 0.0;
    bool any = false;
    std::vector<std::vector<double>> sorted;
    for (const RunResult* r : runs) {
        std::vector<double> v;
        for (const JobRecord& j : r->jobs)
            v.push_back(j.jctS);
        std::sort(v.begin(), v.end());
        if (!v.empty()) {
            lo = any ? std::min(lo, v.front()) : v.front();
            hi = any ? std::max(hi, v.back()) : v.back();
            any = true;
        }
        sorted.push_back(std::move(v));
    }
    if (!any)
        return c;
    const TimeUnit unit = unitFor(hi);
    // Log scale when JCTs span more than two decades.
    const bool logScale = lo > 0.0 && hi / lo > 100.0;
    QAbstractAxis* x = nullptr;
    if (logScale) {
        // A label per decade, or per two or more when there are many: a trace's eight decades
        // were cut to "1e-... 0.0... 0.0..." in the Charts tab.
        const double first = std::floor(std::log10(lo / unit.seconds));
        const double last = std::ceil(std::log10(hi / unit.seconds));
        const double decadesPerLabel = std::max(1.0, std::ceil((last - first) / MaxLogLabels));
        const double steps = std::max(1.0, std::ceil((last - first) / decadesPerLabel));
        auto* lx = new QLogValueAxis;
        lx->setBase(std::pow(10.0, decadesPerLabel));
        lx->setRange(std::pow(10.0, first), std::pow(10.0, first + steps * decadesPerLabel));
        lx->setLabelFormat(QStringLiteral("%g"));
        lx->setMinorTickCount(decadesPerLabel > 1.0 ? 0 : -1); // -1: at 2, 3, ... 9 of a decade
        styleAxis(lx, tr("JCT (%1, log scale)").arg(unit.name));
        x = lx;
    } else {
        x = valueAxis(0.0, hi / unit.seconds, tr("JCT (%1)").arg(unit.name));
    }
    c->addAxis(x, Qt::AlignBottom);
    QValueAxis* y = valueAxis(0.0, 1.0, tr("fraction of jobs"));
    y->setRange(0.0, 1.0);
    y->setTickCount(6);
    y->setLabelFormat(QStringLiteral("%.1f"));
    c->addAxis(y, Qt::AlignLeft);
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const std::vector<double>& v = sorted[i];
        if (v.empty())
            continue;
        auto* s = lineSeries(runs[i]->summary.policy);
        // At most about 400 steps: quantiles of large runs.
        const std::size_t n = v.size();
        const std::size_t step = std::max<std::size_t>(1, n / 400);
        double prevY = 0.0;
        for (std::size_t k = 0; k < n; k += step) {
            const double xv = std::max(v[k], logScale ? lo : 0.0) / unit.seconds;
            s->append(xv, prevY);
            prevY = double(std::min(n, k + step)) / double(n);
            s->append(xv, prevY);
        }
        addLine(c, s, PolicyColours::of(runs[i]->summary.policy));
        s->attachAxis(x);
        s->attachAxis(y);
    }
    legendRight(c);
    return c;
}

QChart* ChartFactory::utilisationOverTime(const std::vector<RunResult>& runs,
                                          const std::vector<Schedule>& schedules)
{
    // Shared without owning: the schedules outlive the call.
    std::vector<std::shared_ptr<const Schedule>> shared;
    shared.reserve(schedules.size());
    for (const Schedule& s : schedules)
        shared.push_back(std::shared_ptr<const Schedule>(std::shared_ptr<const Schedule>(), &s));
    return utilisationOverTime(viewsOf(runs), shared);
}

QChart*
ChartFactory::utilisationOverTime(const RunViews& runs,
                                  const std::vector<std::shared_ptr<const Schedule>>& schedules)
{
    QChart* c = newChart(tr("GPU utilisation over time"), true);
    double endS = 0.0;
    for (std::size_t i = 0; i < runs.size() && i < schedules.size(); ++i) {
        for (const JobRecord& j : runs[i]->jobs)
            endS = std::max(endS, j.finishS);
        if (schedules[i] && !schedules[i]->counters.empty())
            endS = std::max(endS, schedules[i]->counters.back().timeS);
    }
    if (endS <= 0.0)
        return c;
    const TimeUnit unit = unitFor(endS);
    QValueAxis* x = valueAxis(0.0, endS / unit.seconds, tr("time (%1)").arg(unit.name));
    c->addAxis(x, Qt::AlignBottom);
    QValueAxis* y = valueAxis(0.0, 100.0, tr("busy GPUs (%)"));
    y->setRange(0.0, 100.0);
    y->setTickCount(6);
    y->setLabelFormat(QStringLiteral("%.0f"));
    c->addAxis(y, Qt::AlignLeft);
    for (std::size_t i = 0; i < runs.size() && i < schedules.size(); ++i) {
        if (!schedules[i])
            continue;
        const std::vector<QPointF> pts = busyCurve(*schedules[i], endS, 300);
        if (pts.empty())
            continue;
        auto* s = lineSeries(runs[i]->summary.policy);
        QList<QPointF> scaled;
        scaled.reserve(qsizetype(pts.size()));
        for (const QPointF& p : pts)
            scaled.append(QPointF(p.x() / unit.seconds, p.y() * 100.0));
        s->replace(scaled);
        addLine(c, s, PolicyColours::of(runs[i]->summary.policy));
        s->attachAxis(x);
        s->attachAxis(y);
    }
    legendRight(c);
    return c;
}

QChart* ChartFactory::policyBars(const RunViews& runs)
{
    QChart* c = newChart(tr("Average and p99 JCT per policy"), true);
    if (runs.empty())
        return c;
    double top = 0.0;
    for (const RunResult* r : runs)
        top = std::max(top, std::max(r->summary.avgJctS, r->summary.p99JctS));
    const TimeUnit unit = unitFor(top);
    // Two groups (average, p99) of one bar per policy in its colour; the legend names them.
    auto* series = new QBarSeries;
    for (const RunResult* r : runs) {
        auto* set = new QBarSet(r->summary.policy);
        *set << r->summary.avgJctS / unit.seconds << r->summary.p99JctS / unit.seconds;
        series->append(set);
    }
    c->addSeries(series);
    for (QBarSet* set : series->barSets()) {
        set->setColor(PolicyColours::of(set->label()));
        set->setBorderColor(Qt::transparent);
    }
    auto* x = new QBarCategoryAxis;
    x->append({tr("average"), tr("p99")});
    styleAxis(x, QString());
    c->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    QValueAxis* y = valueAxis(0.0, top / unit.seconds * 1.05, tr("JCT (%1)").arg(unit.name));
    c->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    legendRight(c);
    return c;
}

QChart* ChartFactory::gpusPerJobHistogram(const Scenario& scenario)
{
    QChart* c = newChart(tr("GPUs per job"), false);
    if (scenario.jobs.empty())
        return c;
    QMap<int, int> counts;
    for (const Job& j : scenario.jobs)
        ++counts[j.gpuCount()];
    QStringList categories;
    std::vector<double> values;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        categories << QString::number(it.key());
        values.push_back(it.value());
    }
    fillBars(c, categories, {{tr("jobs"), values}}, tr("GPUs"), tr("jobs"));
    return c;
}

QChart* ChartFactory::durationHistogram(const Scenario& scenario)
{
    QChart* c = newChart(tr("Job size (duration s or iterations)"), false);
    if (scenario.jobs.empty())
        return c;
    // Decade bins from the smallest to the largest size.
    QMap<int, int> counts;
    for (const Job& j : scenario.jobs) {
        const double v = std::max(1.0, j.trueIterations());
        ++counts[int(std::floor(std::log10(v)))];
    }
    auto label = [](int decade) {
        static const char* suffix[] = {"", "k", "M", "G", "T"};
        auto name = [](int d) {
            const int group = std::clamp(d / 3, 0, 4);
            return QString::number(std::pow(10.0, d - 3 * group), 'f', 0) + suffix[group];
        };
        return name(decade) + QStringLiteral("-") + name(decade + 1);
    };
    QStringList categories;
    std::vector<double> values;
    for (int d = counts.firstKey(); d <= counts.lastKey(); ++d) {
        categories << label(d);
        values.push_back(counts.value(d, 0));
    }
    fillBars(c, categories, {{tr("jobs"), values}}, tr("size"), tr("jobs"));
    return c;
}

QChart* ChartFactory::arrivalRate(const Scenario& scenario)
{
    QChart* c = newChart(tr("Arrivals over time"), false);
    if (scenario.jobs.empty())
        return c;
    double last = 0.0;
    for (const Job& j : scenario.jobs)
        last = std::max(last, j.arrivalS);
    // The smallest round bin that gives at most 60 bins.
    static const double binsS[] = {1, 10, 60, 300, 600, 1800, 3600, 6 * 3600, 86400, 7 * 86400};
    double bin = binsS[std::size(binsS) - 1];
    for (double b : binsS)
        if (last / b <= 60.0) {
            bin = b;
            break;
        }
    const int bins = std::max(1, int(std::floor(last / bin)) + 1);
    std::vector<int> counts(std::size_t(bins), 0);
    for (const Job& j : scenario.jobs)
        ++counts[std::size_t(std::min(bins - 1, int(j.arrivalS / bin)))];
    const TimeUnit unit = unitFor(bins * bin);
    const TimeUnit binUnit = unitFor(bin * 3.0);
    auto* s = lineSeries(tr("arrivals"));
    int top = 0;
    for (int b = 0; b < bins; ++b) {
        s->append(b * bin / unit.seconds, counts[std::size_t(b)]);
        s->append((b + 1) * bin / unit.seconds, counts[std::size_t(b)]);
        top = std::max(top, counts[std::size_t(b)]);
    }
    addLine(c, s, seriesColour(0));
    QValueAxis* x = valueAxis(0.0, bins * bin / unit.seconds, tr("time (%1)").arg(unit.name));
    c->addAxis(x, Qt::AlignBottom);
    s->attachAxis(x);
    QValueAxis* y = valueAxis(
        0.0, top * 1.1,
        tr("jobs per %1 %2").arg(QString::number(bin / binUnit.seconds, 'g', 3), binUnit.name));
    c->addAxis(y, Qt::AlignLeft);
    s->attachAxis(y);
    return c;
}

ChartFactory::TimeUnit ChartFactory::timeUnit(double spanS)
{
    if (spanS >= 3.0 * 86400.0)
        return {86400.0, tr("days")};
    if (spanS >= 3.0 * 3600.0)
        return {3600.0, tr("h")};
    if (spanS >= 3.0 * 60.0)
        return {60.0, tr("min")};
    return {1.0, tr("s")};
}

QString ChartFactory::policyKey(const std::vector<RunResult>& runs)
{
    QStringList policies;
    for (const RunResult& r : runs)
        policies << r.summary.policy;
    return policyKey(policies);
}

QString ChartFactory::policyKey(const QStringList& all)
{
    QStringList policies, entries;
    for (const QString& p : all)
        if (!policies.contains(p))
            policies << p;
    // An entry never breaks inside (its hyphens do not break: "asrpt-" / "backfill"); the
    // spaces between entries do.
    for (const QString& p : policies)
        entries << QStringLiteral("<span style=\"color:%1\">\u25a0</span>&nbsp;%2")
                       .arg(PolicyColours::of(p).name(),
                            p.toHtmlEscaped().replace(QLatin1Char('-'), QChar(0x2011)));
    return entries.join(QStringLiteral(" &nbsp; "));
}

void ChartFactory::render(QChart* chart, QPainter& painter, const QRectF& target)
{
    if (!chart || target.isEmpty())
        return;
    // A bare chart in a scene lays out at the size it is given (a never-shown QChartView
    // would render collapsed).
    QGraphicsScene* scene = chart->scene();
    QGraphicsScene own;
    if (!scene) {
        own.addItem(chart);
        scene = &own;
    }
    const QRectF source(QPointF(0, 0), target.size());
    chart->setGeometry(source);
    if (QGraphicsLayout* layout = chart->layout())
        layout->activate();
    scene->setSceneRect(source);
    scene->render(&painter, target, source, Qt::IgnoreAspectRatio);
    if (scene == &own)
        own.removeItem(chart); // the caller keeps the chart
}

} // namespace gantry::ui
