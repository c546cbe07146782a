#include "plandigest.h"

#include "format/readabletext.h"
#include "plan/sweepaxis.h"
#include "plan/sweeppoints.h"

#include <QLocale>
#include <QObject>

#include <algorithm>
#include <cmath>
#include <map>

namespace gantry::ui {

using plan::SweepAxis;

PlanDigest::PlanDigest(std::shared_ptr<const plan::SweepSession> session)
    : m_session(std::move(session))
{
    m_groupOf.assign(m_session->pointCount(), -1);
    for (std::size_t i = 0; i < m_session->pointCount(); ++i)
        for (int g = 0; g < groupCount(); ++g)
            if (matchesGroup(i, g)) {
                m_groupOf[i] = g;
                break;
            }
}

const plan::Recommendation& PlanDigest::recommendation(int g) const
{
    return m_session->recommendations().at(std::size_t(g));
}

bool PlanDigest::matchesGroup(std::size_t row, int g) const
{
    const plan::SweepSpec& spec = m_session->spec();
    const plan::SweepPoint& p = m_session->point(row);
    for (const auto& [name, value] : recommendation(g).group)
        for (std::size_t a = 0; a < spec.axes.size(); ++a)
            if (spec.axes[a].name == name && p.values[a] != value)
                return false;
    return true;
}

QString PlanDigest::valueText(const QJsonValue& v)
{
    return v.isDouble() ? QString::number(v.toDouble(), 'g', 10) : v.toString();
}

QString PlanDigest::groupLabel(int g) const
{
    QStringList parts;
    for (const auto& [name, value] : recommendation(g).group)
        parts << QStringLiteral("%1 %2").arg(
            name == QLatin1String("load_scale") ? QStringLiteral("load ×") : name,
            valueText(value));
    return parts.isEmpty() ? QObject::tr("all points") : parts.join(QStringLiteral(", "));
}

std::vector<PlanDigest::Cluster> PlanDigest::clusters(int g) const
{
    const plan::SweepSpec& spec = m_session->spec();
    struct Sum
    {
        std::size_t row = 0;
        double cost = 0.0, metric = 0.0;
        int n = 0;
        bool feasible = true;
    };
    std::map<std::vector<QString>, std::size_t> index;
    std::vector<Sum> sums;
    for (std::size_t i = 0; i < m_session->pointCount(); ++i) {
        if (m_groupOf[i] != g)
            continue;
        std::vector<QString> key;
        for (std::size_t a = 0; a < spec.axes.size(); ++a)
            if (spec.axes[a].changesCluster())
                key.push_back(valueText(m_session->point(i).values[a]));
        auto [it, added] = index.emplace(key, sums.size());
        if (added)
            sums.push_back(Sum{i});
        Sum& s = sums[it->second];
        const auto& r = m_session->result(i);
        if (!r || !r->feasible) {
            s.feasible = false;
            continue;
        }
        s.cost += r->costUsd;
        s.metric += r->metric(spec.target.metric);
        ++s.n;
    }
    std::vector<Cluster> out;
    for (const Sum& s : sums) {
        Cluster c;
        c.row = s.row;
        c.feasible = s.feasible && s.n > 0;
        c.costUsd = s.n > 0 ? s.cost / s.n : 0.0;
        c.metric = s.n > 0 ? s.metric / s.n : 0.0;
        c.meets = c.feasible && spec.target.meets(c.metric);
        out.push_back(c);
    }
    return out;
}

QString PlanDigest::clusterLabel(std::size_t row) const
{
    const plan::SweepSpec& spec = m_session->spec();
    const plan::SweepPoint& p = m_session->point(row);
    QStringList parts;
    for (std::size_t a = 0; a < spec.axes.size(); ++a)
        if (spec.axes[a].changesCluster() && p.values[a].toDouble() > 0)
            parts << QStringLiteral("%1 × %2").arg(valueText(p.values[a]), spec.axes[a].server);
    return parts.isEmpty() ? QObject::tr("no servers") : parts.join(QStringLiteral(", "));
}

QString PlanDigest::pointLabel(std::size_t row) const
{
    const plan::SweepPoint& p = m_session->point(row);
    QString label = QObject::tr("%1: %2, %3").arg(row).arg(clusterLabel(row), p.config.policy);
    const auto& axes = m_session->spec().axes;
    for (std::size_t a = 0; a < axes.size(); ++a) {
        if (axes[a].kind == SweepAxis::Kind::LoadScale)
            label += QObject::tr(", load × %1").arg(valueText(p.values[a]));
        else if (axes[a].kind == SweepAxis::Kind::Seed && axes[a].values.size() > 1)
            label += QObject::tr(", seed %1").arg(valueText(p.values[a]));
    }
    return label;
}

Scenario PlanDigest::pointScenario(std::size_t row) const
{
    Scenario s = m_session->point(row).scenario;
    const QString base = m_session->spec().baseScenario.name;
    const QString point = QObject::tr("plan point %1").arg(pointLabel(row));
    s.name = base.isEmpty() ? point : QStringLiteral("%1 — %2").arg(base, point);
    return s;
}

QString PlanDigest::metricLabel(const QString& metric)
{
    QString m = metric;
    if (m.endsWith(QLatin1String("_s")))
        m.chop(2);
    m.replace(QLatin1Char('_'), QLatin1Char(' '));
    m.replace(QLatin1String("jct"), QLatin1String("JCT"));
    m.replace(QLatin1String("gpu"), QLatin1String("GPU"));
    return m;
}

QString PlanDigest::metricValue(const QString& metric, double value)
{
    if (metric.endsWith(QLatin1String("_s")))
        return ReadableText::duration(value);
    if (metric == QLatin1String("gpu_utilization"))
        return QStringLiteral("%1 %").arg(
            QLocale(QLocale::English).toString(value * 100.0, 'f', 1));
    return QLocale(QLocale::English).toString(value, 'g', 4);
}

PlanDigest::Unit PlanDigest::unitFor(const QString& metric, double largest)
{
    if (metric == QLatin1String("gpu_utilization"))
        return {100.0, QStringLiteral("%")};
    if (!metric.endsWith(QLatin1String("_s")))
        return {1.0, QString()};
    if (std::abs(largest) >= 3.0 * 3600.0)
        return {1.0 / 3600.0, QStringLiteral("h")};
    if (std::abs(largest) >= 180.0)
        return {1.0 / 60.0, QStringLiteral("min")};
    return {1.0, QStringLiteral("s")};
}

QString PlanDigest::shortNumber(double v)
{
    const double a = std::abs(v);
    const int decimals = a >= 100.0 || a == 0.0 ? 0 : a >= 10.0 ? 1 : 2;
    return QLocale(QLocale::English).toString(v, 'f', decimals).remove(QLatin1Char(','));
}

QString PlanDigest::dollars(double usd)
{
    const QLocale l(QLocale::English);
    const double a = std::abs(usd);
    const QString sign = usd < 0 ? QStringLiteral("−") : QString();
    if (a >= 1e6)
        return sign + QStringLiteral("$%1M").arg(l.toString(a / 1e6, 'f', 2));
    if (a >= 1e3)
        return sign + QStringLiteral("$%1k").arg(l.toString(a / 1e3, 'f', 0));
    return sign + QStringLiteral("$%1").arg(l.toString(a, 'f', 0));
}

QString PlanDigest::targetText() const
{
    const plan::SweepTarget& t = m_session->spec().target;
    return QStringLiteral("%1 %2 %3")
        .arg(metricLabel(t.metric), t.max ? QStringLiteral("≤") : QStringLiteral("≥"),
             metricValue(t.metric, t.max ? *t.max : t.min.value_or(0.0)));
}

QString PlanDigest::summary(int g) const
{
    if (g < 0 || g >= groupCount())
        return QObject::tr("No recommendation.");
    const plan::Recommendation& r = recommendation(g);
    const QString metric = m_session->spec().target.metric;
    if (!r.point)
        return noAnswer(g);
    return QObject::tr("Recommended: %1 — %2, %3 %4 (target %5)")
        .arg(clusterLabel(*r.point), dollars(r.costUsd), metricLabel(metric),
             metricValue(metric, r.metric), targetText());
}

std::vector<QString> PlanDigest::varyingGroupAxes() const
{
    std::vector<QString> out;
    if (groupCount() == 0)
        return out;
    for (const auto& [name, value] : recommendation(0).group)
        for (int h = 1; h < groupCount(); ++h) {
            const auto& other = recommendation(h).group;
            const auto it = std::find_if(other.begin(), other.end(),
                                         [&name](const auto& p) { return p.first == name; });
            if (it != other.end() && it->second != value) {
                out.push_back(name);
                break;
            }
        }
    return out;
}

QString PlanDigest::groupWords(int g, int from) const
{
    const std::vector<QString> varying = varyingGroupAxes();
    QStringList parts;
    for (const auto& [name, value] : recommendation(g).group) {
        if (std::find(varying.begin(), varying.end(), name) == varying.end())
            continue;
        if (from >= 0) {
            const auto& other = recommendation(from).group;
            const auto it = std::find_if(other.begin(), other.end(),
                                         [&name](const auto& p) { return p.first == name; });
            if (it != other.end() && it->second == value)
                continue;
        }
        parts << QStringLiteral("%1 %2").arg(
            name == QLatin1String("load_scale") ? QStringLiteral("load ×") : name,
            valueText(value));
    }
    return parts.join(QStringLiteral(", "));
}

QString PlanDigest::noAnswer(int g) const
{
    if (groupCount() < 2)
        return QObject::tr("No cluster in the sweep meets the target (%1).").arg(targetText());
    // Another group's answer is not this one's: say which groups have one, and with what.
    QStringList answered;
    for (int h = 0; h < groupCount(); ++h) {
        const plan::Recommendation& r = recommendation(h);
        if (h != g && r.point)
            answered << QObject::tr("with %1: %2 — %3")
                            .arg(groupWords(h, g), clusterLabel(*r.point), dollars(r.costUsd));
    }
    if (answered.isEmpty()) {
        QStringList axes;
        for (const QString& name : varyingGroupAxes())
            axes << (name == QLatin1String("load_scale") ? QObject::tr("load growth") : name);
        return QObject::tr("No cluster in the sweep meets the target (%1) with any %2.")
            .arg(targetText(), axes.join(QObject::tr(" or ")));
    }
    constexpr int Listed = 3; // the rest are under "Answer for"
    QString others = answered.mid(0, Listed).join(QStringLiteral("; "));
    if (answered.size() > Listed)
        others += QObject::tr("; and %n more under Answer for", "", int(answered.size()) - Listed);
    return QObject::tr("No cluster meets the target (%1) with %2; %3.")
        .arg(targetText(), groupWords(g, -1), others);
}

QStringList PlanDigest::marginalLines(int g) const
{
    QStringList out;
    if (g < 0 || g >= groupCount())
        return out;
    const QString metric = m_session->spec().target.metric;
    for (const plan::MarginalGain& m : recommendation(g).marginal) {
        QString server = m.axis;
        for (const SweepAxis& a : m_session->spec().axes)
            if (a.name == m.axis)
                server = a.server;
        if (!m.feasible) {
            out << QObject::tr("%1 %2 → %3: cannot run every job")
                       .arg(server)
                       .arg(m.from)
                       .arg(m.to);
            continue;
        }
        const QString delta = (m.deltaMetric < 0 ? QStringLiteral("−") : QStringLiteral("+")) +
                              metricValue(metric, std::abs(m.deltaMetric));
        out << QObject::tr("%1 %2 → %3: %4%5, %6 %7")
                   .arg(server)
                   .arg(m.from)
                   .arg(m.to)
                   .arg(m.deltaCostUsd < 0 ? QString() : QStringLiteral("+"),
                        dollars(m.deltaCostUsd), metricLabel(metric), delta);
    }
    return out;
}

std::vector<int> PlanDigest::heatmapAxes() const
{
    std::vector<int> out;
    const auto& axes = m_session->spec().axes;
    for (std::size_t a = 0; a < axes.size(); ++a)
        if (axes[a].kind != SweepAxis::Kind::Seed)
            out.push_back(int(a));
    return out;
}

PlanDigest::Grid PlanDigest::grid(int g, int x, int y) const
{
    const plan::SweepSpec& spec = m_session->spec();
    Grid grid;
    const int n = int(spec.axes.size());
    if (g < 0 || g >= groupCount() || x < 0 || y < 0 || x >= n || y >= n || x == y)
        return grid;
    grid.xAxis = x;
    grid.yAxis = y;
    const plan::Recommendation& rec = recommendation(g);
    // The other axes are held where the recommendation is (else at the group's first point).
    std::optional<std::size_t> anchor = rec.point;
    if (!anchor)
        for (std::size_t i = 0; i < m_session->pointCount() && !anchor; ++i)
            if (m_groupOf[i] == g)
                anchor = i;
    if (!anchor)
        return grid;
    const std::vector<std::size_t> fixed = plan::SweepPoints::valueIndices(spec, *anchor);
    const auto& xs = spec.axes[std::size_t(x)].values;
    const auto& ys = spec.axes[std::size_t(y)].values;
    grid.cells.assign(xs.size(), std::vector<Cell>(ys.size()));
    std::vector<std::vector<double>> sum(xs.size(), std::vector<double>(ys.size(), 0.0));
    std::vector<std::vector<int>> count(xs.size(), std::vector<int>(ys.size(), 0));
    std::vector<std::vector<bool>> allFeasible(xs.size(), std::vector<bool>(ys.size(), true));
    for (std::size_t i = 0; i < m_session->pointCount(); ++i) {
        const std::vector<std::size_t> v = plan::SweepPoints::valueIndices(spec, i);
        bool held = true;
        for (int a = 0; a < n && held; ++a)
            if (a != x && a != y && spec.axes[std::size_t(a)].kind != SweepAxis::Kind::Seed)
                held = v[std::size_t(a)] == fixed[std::size_t(a)];
        if (!held)
            continue;
        Cell& c = grid.cells[v[std::size_t(x)]][v[std::size_t(y)]];
        if (!c.row)
            c.row = i;
        const auto& r = m_session->result(i);
        if (!r || !r->feasible) {
            allFeasible[v[std::size_t(x)]][v[std::size_t(y)]] = false;
            continue;
        }
        sum[v[std::size_t(x)]][v[std::size_t(y)]] += r->metric(spec.target.metric);
        ++count[v[std::size_t(x)]][v[std::size_t(y)]];
    }
    for (std::size_t a = 0; a < xs.size(); ++a)
        for (std::size_t b = 0; b < ys.size(); ++b) {
            Cell& c = grid.cells[a][b];
            c.feasible = allFeasible[a][b] && count[a][b] > 0;
            c.metric = count[a][b] > 0 ? sum[a][b] / count[a][b] : 0.0;
            c.meets = c.feasible && spec.target.meets(c.metric);
        }
    if (rec.point)
        grid.recommended = std::make_pair(int(fixed[std::size_t(x)]), int(fixed[std::size_t(y)]));
    QStringList held;
    for (int a = 0; a < n; ++a) {
        const SweepAxis& axis = spec.axes[std::size_t(a)];
        if (a == x || a == y || axis.kind == SweepAxis::Kind::Seed || axis.values.size() < 2)
            continue;
        held << QStringLiteral("%1 = %2").arg(axis.name,
                                              valueText(axis.values[fixed[std::size_t(a)]]));
    }
    QString caption = QObject::tr("Mean %1 over seeds").arg(metricLabel(spec.target.metric));
    if (!held.isEmpty())
        caption += QObject::tr("; other axes held at the %1: %2")
                       .arg(rec.point ? QObject::tr("recommendation's values")
                                      : QObject::tr("group's first point"),
                            held.join(QStringLiteral(", ")));
    grid.caption =
        caption + QObject::tr(". Outlined: the recommendation; grey: cannot run every job.");
    return grid;
}

} // namespace gantry::ui
