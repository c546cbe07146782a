#pragma once

#include "plan/marginalgain.h"

#include <QJsonValue>
#include <QString>

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace gantry::plan {

/// The answer for one combination of the axes that are neither server counts nor the seed:
/// the cheapest cluster meeting the target, the Pareto front and the marginal gains.
struct Recommendation
{
    std::vector<std::pair<QString, QJsonValue>> group; ///< the combination's axis values
    std::optional<std::size_t> point; ///< row of the recommended cluster's first seed, if any
    double costUsd = 0.0;             ///< its cost_usd averaged over seeds
    double metric = 0.0;              ///< its target metric averaged over seeds
    std::vector<std::size_t> pareto;  ///< first-seed rows of the clusters no other beats on
                                      ///< both cost and metric, cheapest first
    std::vector<MarginalGain> marginal; ///< one per server count axis with a next value

    bool operator==(const Recommendation&) const = default;
};

} // namespace gantry::plan
