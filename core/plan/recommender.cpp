#include "plan/recommender.h"

#include "plan/sweeppoints.h"

#include <algorithm>
#include <map>

namespace gantry::plan {

namespace {
// One cluster within a group: its points (one per seed) and their means.
struct ClusterStats
{
    std::vector<std::size_t> idx; // value index per server count axis
    std::size_t firstPoint = 0;
    bool feasible = true;
    double cost = 0.0;
    double metric = 0.0;
    int seeds = 0;
};
} // namespace

std::vector<Recommendation>
Recommender::recommend(const SweepSpec& spec, const std::vector<std::optional<PointResult>>& results)
{
    const SweepTarget& target = spec.target;
    const std::size_t n = SweepPoints::count(spec);
    // group key -> cluster key -> stats; keys are the value indices, kept in point order.
    std::map<std::vector<std::size_t>, std::map<std::vector<std::size_t>, ClusterStats>> groups;
    std::vector<std::vector<std::size_t>> groupOrder;
    for (std::size_t i = 0; i < n; ++i) {
        const std::vector<std::size_t> idx = SweepPoints::valueIndices(spec, i);
        std::vector<std::size_t> g, c;
        for (std::size_t k = 0; k < spec.axes.size(); ++k) {
            if (spec.axes[k].changesCluster())
                c.push_back(idx[k]);
            else if (spec.axes[k].kind != SweepAxis::Kind::Seed)
                g.push_back(idx[k]);
        }
        auto [git, newGroup] = groups.try_emplace(g);
        if (newGroup)
            groupOrder.push_back(g);
        auto [cit, newCluster] = git->second.try_emplace(c);
        ClusterStats& st = cit->second;
        if (newCluster) {
            st.idx = c;
            st.firstPoint = i;
        }
        const PointResult& r = *results[i];
        if (!r.feasible) {
            st.feasible = false;
            continue;
        }
        st.cost += r.costUsd;
        st.metric += r.metric(target.metric);
        ++st.seeds;
    }
    std::vector<std::size_t> clusterAxes;
    for (std::size_t k = 0; k < spec.axes.size(); ++k)
        if (spec.axes[k].changesCluster())
            clusterAxes.push_back(k);

    std::vector<Recommendation> out;
    for (const auto& g : groupOrder) {
        auto& clusters = groups[g];
        Recommendation rec;
        {
            std::size_t j = 0;
            for (std::size_t k = 0; k < spec.axes.size(); ++k)
                if (!spec.axes[k].changesCluster() && spec.axes[k].kind != SweepAxis::Kind::Seed)
                    rec.group.emplace_back(spec.axes[k].name, spec.axes[k].values[g[j++]]);
        }
        std::vector<const ClusterStats*> feasible;
        for (auto& [key, st] : clusters) {
            if (st.feasible && st.seeds > 0) {
                st.cost /= st.seeds;
                st.metric /= st.seeds;
                feasible.push_back(&st);
            } else {
                st.feasible = false;
            }
        }
        std::sort(feasible.begin(), feasible.end(), [](const ClusterStats* a, const ClusterStats* b) {
            return a->cost != b->cost ? a->cost < b->cost : a->firstPoint < b->firstPoint;
        });
        const ClusterStats* best = nullptr;
        for (const ClusterStats* st : feasible)
            if (target.meets(st->metric)) {
                best = st;
                break;
            }
        // Pareto: walking from the cheapest, keep a cluster when its metric is strictly better
        // than every cheaper one's.
        const bool lowerIsBetter = target.max.has_value();
        std::optional<double> bestSoFar;
        for (const ClusterStats* st : feasible) {
            const bool better = !bestSoFar || (lowerIsBetter ? st->metric < *bestSoFar
                                                             : st->metric > *bestSoFar);
            if (better) {
                rec.pareto.push_back(st->firstPoint);
                bestSoFar = st->metric;
            }
        }
        if (best) {
            rec.point = best->firstPoint;
            rec.costUsd = best->cost;
            rec.metric = best->metric;
            for (std::size_t a = 0; a < clusterAxes.size(); ++a) {
                const SweepAxis& axis = spec.axes[clusterAxes[a]];
                const std::size_t from = best->idx[a];
                // The next larger count on the axis (values are in file order, not sorted).
                const double here = axis.values[from].toDouble();
                std::optional<std::size_t> next;
                for (std::size_t v = 0; v < axis.values.size(); ++v) {
                    const double d = axis.values[v].toDouble();
                    if (d > here && (!next || d < axis.values[*next].toDouble()))
                        next = v;
                }
                if (!next)
                    continue;
                std::vector<std::size_t> key = best->idx;
                key[a] = *next;
                const ClusterStats& other = clusters.at(key);
                MarginalGain m;
                m.axis = axis.name;
                m.from = int(here);
                m.to = axis.values[*next].toInt();
                m.point = other.firstPoint;
                m.feasible = other.feasible;
                if (other.feasible) {
                    m.deltaCostUsd = other.cost - best->cost;
                    m.deltaMetric = other.metric - best->metric;
                }
                rec.marginal.push_back(m);
            }
        }
        out.push_back(std::move(rec));
    }
    return out;
}

} // namespace gantry::plan
