#pragma once

#include "planreport/plancluster.h"

#include <QJsonValue>
#include <QString>

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace gantry::plan {
class SweepSession;
}

namespace gantry::ui {

/// The clusters of one recommendation's group (one combination of the axes that are neither
/// server counts nor the seed), with the recommended cluster and the Pareto front among them:
/// what the capacity-plan report (and a plan view) draws for that group.
class PlanGroup
{
public:
    /// The group of the session's recommendation number index; the session is finished.
    /// O(points x axes).
    static PlanGroup collect(const plan::SweepSession& session, std::size_t index);

    /// The group's axis values, e.g. {"load_scale", 4}, {"policy", "srtf"}.
    const std::vector<std::pair<QString, QJsonValue>>& values() const { return m_values; }
    /// The group in words ("load_scale 4, policy srtf"; "all points" when the sweep has no
    /// other axes).
    QString title() const;
    /// The policy every point of the group runs.
    const QString& policy() const { return m_policy; }
    /// Indices of the server count axes in the sweep's axis order.
    const std::vector<std::size_t>& serverAxes() const { return m_serverAxes; }
    /// The clusters, in point order of their first point.
    const std::vector<PlanCluster>& clusters() const { return m_clusters; }
    /// Index in clusters() of the recommended cluster, if one meets the target.
    std::optional<std::size_t> recommended() const { return m_recommended; }
    /// Indices in clusters() of the Pareto front, cheapest first.
    const std::vector<std::size_t>& front() const { return m_front; }
    /// Index in clusters() of the cluster with exactly these counts, if the sweep has it.
    std::optional<std::size_t> find(const std::vector<int>& counts) const;

private:
    std::vector<std::pair<QString, QJsonValue>> m_values;
    QString m_policy;
    std::vector<std::size_t> m_serverAxes;
    std::vector<PlanCluster> m_clusters;
    std::optional<std::size_t> m_recommended;
    std::vector<std::size_t> m_front;
};

} // namespace gantry::ui
