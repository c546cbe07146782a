#pragma once

#include "plan/recommendation.h"
#include "plan/sweepsession.h"

#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace gantry::ui {

/// What the Plan view draws, read off a finished sweep: per group (a combination of the axes
/// that are neither server counts nor the seed) the clusters with their cost and target metric
/// averaged over seeds, as the recommendation sees them, and the heatmap grid of two axes.
class PlanDigest
{
public:
    /// One cluster of a group: its seed-averaged cost and metric.
    struct Cluster
    {
        std::size_t row = 0;  ///< the first seed's point
        double costUsd = 0.0; ///< mean cost_usd over seeds
        double metric = 0.0;  ///< mean target metric over seeds
        bool feasible = true; ///< every seed's point could run
        bool meets = false;   ///< feasible and the mean meets the target
    };
    /// One cell of a heatmap.
    struct Cell
    {
        std::optional<std::size_t> row; ///< first point of the cell (none: not in the sweep)
        bool feasible = false;          ///< every point of the cell ran
        double metric = 0.0;            ///< mean target metric of the cell's points
        bool meets = false;             ///< feasible and the mean meets the target
    };
    /// A heatmap of two axes: cells[x][y] for axis values x of xAxis and y of yAxis.
    struct Grid
    {
        int xAxis = -1;                                 ///< axis index across
        int yAxis = -1;                                 ///< axis index down
        std::vector<std::vector<Cell>> cells;           ///< [x][y]
        std::optional<std::pair<int, int>> recommended; ///< the recommendation's cell
        QString caption;                                ///< what the other axes are held at
    };

    /// A digest of session (finished: every point has a result).
    explicit PlanDigest(std::shared_ptr<const plan::SweepSession> session);

    /// The sweep.
    const plan::SweepSession& session() const { return *m_session; }
    /// Number of groups (recommendations).
    int groupCount() const { return int(m_session->recommendations().size()); }
    /// Group g's recommendation.
    const plan::Recommendation& recommendation(int g) const;
    /// Group g's axis values in words, e.g. "load_scale 1, policy fifo" ("all points" if none).
    QString groupLabel(int g) const;
    /// Group g's clusters in point order (feasible or not).
    std::vector<Cluster> clusters(int g) const;
    /// The cluster of point row in words, e.g. "2 × h100, 4 × a100" ("no servers" when empty).
    QString clusterLabel(std::size_t row) const;
    /// Point row in words: its row, cluster, policy, load growth (when the sweep has that
    /// axis) and seed (when it has several), e.g. "3: 2 × h100, 4 × a100, fifo, load × 4".
    QString pointLabel(std::size_t row) const;
    /// Point row's scenario (derived cluster, scaled arrivals) named for the point, e.g.
    /// "two-racks — plan point 3: 2 × h100, fifo, load × 4", so that a run of it, shown or
    /// exported, is not titled as the base scenario. The sweep's own copy keeps the base's name
    /// (its hash and cache key depend on it). O(size of the scenario).
    Scenario pointScenario(std::size_t row) const;
    /// The target in words, e.g. "p99 queue delay ≤ 3600 s".
    QString targetText() const;
    /// The one-line answer of group g: "Recommended: 2 × h100 — $X, metric Y (target ≤ Z)",
    /// or why there is none: when other groups have an answer, which and what, e.g. "No
    /// cluster meets the target (...) with policy fifo; with policy srtf: 2 × h100 — $X."; else
    /// that no group has one.
    QString summary(int g) const;
    /// The marginal gains of group g's recommendation, one line per server type.
    QStringList marginalLines(int g) const;
    /// The axes a heatmap can use: every axis but seed, in order.
    std::vector<int> heatmapAxes() const;
    /// The grid of axes x and y for group g: the other axes at the recommendation's values
    /// (the group's first point when it has none), seeds averaged.
    Grid grid(int g, int x, int y) const;
    /// A metric name in words, e.g. "p99 queue delay" for "p99_queue_delay_s".
    static QString metricLabel(const QString& metric);
    /// A metric value with its unit, e.g. "1.2 h", "85 %".
    static QString metricValue(const QString& metric, double value);
    /// A unit that keeps a metric's numbers short: scale multiplies a value, name is the unit
    /// ("h", "min", "s", "%", or empty).
    struct Unit
    {
        double scale = 1.0; ///< value x scale is in this unit
        QString name;       ///< the unit's symbol
    };
    /// The unit for values of metric up to largest: hours from 3 h, minutes from 3 min, else
    /// seconds; % for utilisation.
    static Unit unitFor(const QString& metric, double largest);
    /// A number with three significant digits and no exponent, e.g. "32.5", "128", "0.42".
    static QString shortNumber(double v);
    /// A dollar figure, e.g. "$1.24M", "$960k".
    static QString dollars(double usd);
    /// An axis value in words (numbers without trailing zeros).
    static QString valueText(const QJsonValue& v);

private:
    bool matchesGroup(std::size_t row, int g) const;
    // The group axes whose value is not the same in every group, in group order.
    std::vector<QString> varyingGroupAxes() const;
    // Group g's values on the varying group axes ("load × 4, policy srtf"); with from >= 0, only
    // those that differ from group from's.
    QString groupWords(int g, int from) const;
    // summary() of group g, which has no answer.
    QString noAnswer(int g) const;

    std::shared_ptr<const plan::SweepSession> m_session;
    std::vector<int> m_groupOf; // per point
};

} // namespace gantry::ui
