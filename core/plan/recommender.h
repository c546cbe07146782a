#pragma once

#include "plan/pointresult.h"
#include "plan/recommendation.h"
#include "plan/sweepspec.h"

#include <optional>
#include <vector>

namespace gantry::plan {

/// Turns finished points into answers (docs/planning.md, "Recommendation"). A cluster is one
/// combination of the server count axes; within a group (the other axes but seed) its cost and
/// metric are the means over the seed axis, and it is feasible when every seed's point is.
class Recommender
{
public:
    /// One recommendation per group, groups in point order. results[i] must hold point i.
    /// O(points x axes).
    static std::vector<Recommendation> recommend(const SweepSpec& spec,
                                                 const std::vector<std::optional<PointResult>>& results);
};

} // namespace gantry::plan
