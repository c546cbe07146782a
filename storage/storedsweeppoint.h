#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace gantry::storage {

/// One point of a stored sweep: a row of its points.csv (docs/planning.md).
struct StoredSweepPoint
{
    int index = 0;                      ///< row in points.csv
    QJsonArray values;                  ///< one value per axis, in the sweep's axis order
    QJsonObject metrics;                ///< metric name to value; empty when infeasible
    std::optional<double> costUsd;      ///< capital plus energy; none when infeasible
    std::optional<double> cloudCostUsd; ///< renting instead; none when infeasible
    bool feasible = false;              ///< false: the cluster cannot hold some job, not run
    bool meetsTarget = false;           ///< the point's own metric against the target
    QString infeasibleReason;           ///< why it was not run, when infeasible

    bool operator==(const StoredSweepPoint&) const = default;
};

} // namespace gantry::storage
