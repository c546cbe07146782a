#include "planscatter.h"

#include "plandigest.h"

#include <QChart>
#include <QFont>
#include <QLegend>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace gantry::ui {

namespace {
QFont sized(QFont f, double points, bool bold = false)
{
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

using Unit = PlanDigest::Unit;

Unit costUnit(double largest)
{
    return largest >= 2e6 ? Unit{1e-6, QStringLiteral("$M")} : Unit{1e-3, QStringLiteral("$k")};
}
} // namespace

PlanScatter::PlanScatter(QWidget* parent) : QChartView(new QChart, parent)
{
    setRenderHint(QPainter::Antialiasing);
    chart()->setAnimationOptions(QChart::NoAnimation);
    chart()->setTheme(QChart::ChartThemeLight);
    setMinimumSize(360, 260);
    setGroup(nullptr, -1);
}

std::vector<std::size_t> PlanScatter::plottedRows() const
{
    std::vector<std::size_t> rows;
    for (const auto& [p, row] : m_points)
        rows.push_back(row);
    return rows;
}

std::optional<std::size_t> PlanScatter::rowNear(const QPointF& value) const
{
    std::optional<std::size_t> best;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (const auto& [p, row] : m_points) {
        const double d = std::hypot(p.x() - value.x(), p.y() - value.y());
        if (d < bestDistance) {
            bestDistance = d;
            best = row;
        }
    }
    return best;
}

void PlanScatter::connectSeries(QScatterSeries* series)
{
    connect(series, &QScatterSeries::doubleClicked, this, [this](const QPointF& p) {
        if (const auto row = rowNear(p))
            emit pointActivated(*row);
    });
}

void PlanScatter::setGroup(const PlanDigest* digest, int g)
{
    QChart* c = chart();
    c->removeAllSeries();
    for (QAbstractAxis* a : c->axes())
        c->removeAxis(a), delete a;
    m_points.clear();
    m_pareto.clear();
    m_marked.reset();
    m_legend.clear();
    c->setTitleFont(sized(c->titleFont(), 12.0, true));
    c->legend()->setFont(sized(c->legend()->font(), 10.5));
    c->setMargins(QMargins(4, 4, 4, 4));
    c->setBackgroundRoundness(0);
    c->legend()->hide(); // legendText() is the key, in a label that wraps
    if (!digest || g < 0 || g >= digest->groupCount()) {
        // No title to cut in a narrow window: the key below, which wraps, says what comes here.
        c->setTitle(QString());
        m_legend = tr("Cost against the target metric, one dot per cluster, once a sweep has run.");
        return;
    }
    const plan::SweepSpec& spec = digest->session().spec();
    const QString metric = spec.target.metric;
    const std::vector<PlanDigest::Cluster> clusters = digest->clusters(g);
    const double bound = spec.target.max ? *spec.target.max : spec.target.min.value_or(0.0);
    double maxCost = 0.0, maxMetric = bound, minCost = std::numeric_limits<double>::infinity();
    for (const PlanDigest::Cluster& k : clusters)
        if (k.feasible) {
            maxCost = std::max(maxCost, k.costUsd);
            minCost = std::min(minCost, k.costUsd);
            maxMetric = std::max(maxMetric, k.metric);
        }
    if (!std::isfinite(minCost))
        minCost = 0.0;
    const Unit xu = costUnit(maxCost);
    const Unit yu = PlanDigest::unitFor(metric, maxMetric);
    c->setTitle(QString()); // the axes say it; the answer is above the chart

    auto* meets = new QScatterSeries;
    meets->setName(tr("meets target"));
    meets->setColor(QColor(0x2e, 0x7d, 0x32));
    meets->setBorderColor(QColor(0x1b, 0x5e, 0x20));
    meets->setMarkerSize(11);
    auto* misses = new QScatterSeries;
    misses->setName(tr("misses it"));
    misses->setColor(QColor(0xef, 0x6c, 0x00));
    misses->setBorderColor(QColor(0xb3, 0x4a, 0x00));
    misses->setMarkerSize(11);
    auto* front = new QLineSeries;
    front->setName(tr("Pareto front"));
    front->setPen(QPen(QColor(0x15, 0x65, 0xc0), 2.5));
    auto* target = new QLineSeries;
    target->setName(tr("target"));
    target->setPen(QPen(QColor(0xc6, 0x28, 0x28), 2.0, Qt::DashLine));
    auto* rec = new QScatterSeries;
    rec->setName(tr("recommended"));
    rec->setMarkerShape(QScatterSeries::MarkerShapeStar);
    rec->setMarkerSize(26);
    rec->setColor(QColor(0xff, 0xc1, 0x07));
    rec->setBorderColor(QColor(0x21, 0x21, 0x21));

    std::vector<const PlanDigest::Cluster*> byRow(digest->session().pointCount(), nullptr);
    for (const PlanDigest::Cluster& k : clusters) {
        byRow[k.row] = &k;
        if (!k.feasible)
            continue; // not plotted: it cannot run every job
        const QPointF p(k.costUsd * xu.scale, k.metric * yu.scale);
        (k.meets ? meets : misses)->append(p);
        m_points.emplace_back(p, k.row);
    }
    const plan::Recommendation& r = digest->recommendation(g);
    for (std::size_t row : r.pareto)
        if (byRow[row] && byRow[row]->feasible) {
            front->append(byRow[row]->costUsd * xu.scale, byRow[row]->metric * yu.scale);
            m_pareto.push_back(row);
        }
    const double span = std::max(maxCost - minCost, maxCost * 0.1 + 1.0);
    const double x0 = std::max(0.0, minCost - 0.08 * span) * xu.scale;
    const double x1 = (maxCost + 0.08 * span) * xu.scale;
    target->append(x0, bound * yu.scale);
    target->append(x1, bound * yu.scale);
    if (r.point) {
        m_marked = *r.point;
        rec->append(r.costUsd * xu.scale, r.metric * yu.scale);
        // Named in the legend: a label beside the star would cross the Pareto line.
        rec->setName(tr("recommended: %1").arg(digest->clusterLabel(*r.point)));
    }
    for (QAbstractSeries* s :
         std::initializer_list<QAbstractSeries*>{front, target, misses, meets, rec})
        c->addSeries(s);

    auto* x = new QValueAxis;
    x->setTitleText(tr("Cost over %1 years (%2)").arg(spec.cost.horizonYears).arg(xu.name));
    x->setRange(x0, x1);
    x->setLabelFormat(QStringLiteral("%.0f"));
    if (x1 - x0 < 10.0)
        x->setLabelFormat(QStringLiteral("%.2f"));
    auto* y = new QValueAxis;
    y->setTitleText(yu.name.isEmpty()
                        ? PlanDigest::metricLabel(metric)
                        : tr("%1 (%2)").arg(PlanDigest::metricLabel(metric), yu.name));
    y->setRange(0.0, maxMetric * yu.scale * 1.1 + (maxMetric == 0.0 ? 1.0 : 0.0));
    y->setLabelFormat(QStringLiteral("%.3g"));
    for (QValueAxis* a : {x, y}) {
        a->setLabelsFont(sized(a->labelsFont(), 11.0));
        a->setTitleFont(sized(a->titleFont(), 11.0, true));
        a->setTickCount(6);
        a->applyNiceNumbers();
        a->setLabelFormat(a->max() - a->min() < 5.0 ? QStringLiteral("%.2f")
                                                    : QStringLiteral("%.0f"));
    }
    // The nice range is wider: the target line spans it.
    target->replace({QPointF(x->min(), bound * yu.scale), QPointF(x->max(), bound * yu.scale)});
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* s : c->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    for (QScatterSeries* s : {meets, misses, rec})
        connectSeries(s);
    // The key: drawn series only, each with its mark in its colour.
    QStringList key;
    for (QAbstractSeries* s : c->series()) {
        auto* xy = qobject_cast<QXYSeries*>(s);
        if (!xy || xy->count() == 0)
            continue;
        const bool line = qobject_cast<QScatterSeries*>(s) == nullptr;
        const QString mark = xy == rec              ? QStringLiteral("\u2605")
                             : line && xy == target ? QStringLiteral("- - -")
                             : line                 ? QStringLiteral("\u2014\u2014")
                                                    : QStringLiteral("\u25cf");
        const QColor colour = line ? xy->pen().color() : xy->color();
        key << QStringLiteral("<span style=\"white-space:nowrap\"><b><span style=\"color:%1\">"
                              "%2</span></b>&nbsp;%3</span>")
                   .arg(colour.name(), mark, xy->name().toHtmlEscaped());
    }
    m_legend = key.join(QStringLiteral(" &nbsp; "));
}

} // namespace gantry::ui
