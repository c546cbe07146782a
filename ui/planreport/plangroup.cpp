#include "planreport/plangroup.h"

#include "plan/sweepsession.h"
#include "planreport/plantext.h"

#include <QStringList>

#include <algorithm>

namespace gantry::ui {

PlanGroup PlanGroup::collect(const plan::SweepSession& session, std::size_t index)
{
    const plan::SweepSpec& spec = session.spec();
    const plan::Recommendation& rec = session.recommendations().at(index);
    PlanGroup g;
    g.m_values = rec.group;
    g.m_policy = spec.run.policy;

    // The axis index of each of the group's values.
    std::vector<std::pair<std::size_t, QJsonValue>> fixed;
    for (const auto& [name, value] : rec.group)
        for (std::size_t k = 0; k < spec.axes.size(); ++k)
            if (spec.axes[k].name == name) {
                fixed.emplace_back(k, value);
                if (spec.axes[k].kind == plan::SweepAxis::Kind::Policy)
                    g.m_policy = value.toString();
            }
    for (std::size_t k = 0; k < spec.axes.size(); ++k)
        if (spec.axes[k].changesCluster())
            g.m_serverAxes.push_back(k);

    // Sums over the seeds, then means.
    struct Sums
    {
        double cost = 0, capital = 0, energy = 0, cloud = 0, metric = 0;
    };
    std::vector<Sums> sums;
    for (std::size_t i = 0; i < session.pointCount(); ++i) {
        const plan::SweepPoint& p = session.point(i);
        const bool inGroup = std::all_of(fixed.begin(), fixed.end(), [&](const auto& f) {
            return p.values[f.first] == f.second;
        });
        if (!inGroup)
            continue;
        std::vector<int> counts;
        for (std::size_t k : g.m_serverAxes)
            counts.push_back(p.values[k].toInt());
        std::optional<std::size_t> c = g.find(counts);
        if (!c) {
            PlanCluster cluster;
            cluster.counts = counts;
            cluster.feasible = true;
            QStringList parts;
            for (std::size_t a = 0; a < g.m_serverAxes.size(); ++a)
                parts << QStringLiteral("%1 \u00d7 %2")
                             .arg(spec.axes[g.m_serverAxes[a]].server)
                             .arg(counts[a]);
            cluster.label = parts.isEmpty() ? QStringLiteral("the base cluster")
                                            : parts.join(QStringLiteral(", "));
            g.m_clusters.push_back(std::move(cluster));
            sums.emplace_back();
            c = g.m_clusters.size() - 1;
        }
        PlanCluster& cluster = g.m_clusters[*c];
        cluster.rows.push_back(i);
        const std::optional<plan::PointResult>& r = session.result(i);
        if (!r || !r->feasible) {
            cluster.feasible = false;
            continue;
        }
        Sums& s = sums[*c];
        s.cost += r->costUsd;
        s.capital += r->capitalUsd;
        s.energy += r->energyUsd;
        s.cloud += r->cloudCostUsd;
        s.metric += r->metric(spec.target.metric);
    }
    for (std::size_t c = 0; c < g.m_clusters.size(); ++c) {
        PlanCluster& cluster = g.m_clusters[c];
        if (!cluster.feasible)
            continue;
        const double n = double(cluster.rows.size());
        cluster.costUsd = sums[c].cost / n;
        cluster.capitalUsd = sums[c].capital / n;
        cluster.energyUsd = sums[c].energy / n;
        cluster.cloudCostUsd = sums[c].cloud / n;
        cluster.metric = sums[c].metric / n;
        cluster.meetsTarget = spec.target.meets(cluster.metric);
        if (rec.point && cluster.rows.front() == *rec.point)
            g.m_recommended = c;
    }
    for (std::size_t row : rec.pareto)
        for (std::size_t c = 0; c < g.m_clusters.size(); ++c)
            if (g.m_clusters[c].rows.front() == row)
                g.m_front.push_back(c);
    return g;
}

QString PlanGroup::title() const
{
    if (m_values.empty())
        return QStringLiteral("all points");
    QStringList parts;
    for (const auto& [name, value] : m_values)
        parts << name + QLatin1Char(' ') + PlanText::value(value);
    return parts.join(QStringLiteral(", "));
}

std::optional<std::size_t> PlanGroup::find(const std::vector<int>& counts) const
{
    for (std::size_t c = 0; c < m_clusters.size(); ++c)
        if (m_clusters[c].counts == counts)
            return c;
    return std::nullopt;
}

} // namespace gantry::ui
