#pragma once

#include "plan/sweeppoint.h"
#include "plan/sweepspec.h"
#include "util/result.h"

#include <cstddef>
#include <vector>

namespace gantry::plan {

/// The points of a sweep: the product of its axes, the first axis in the file the slowest
/// (the last changes from one row to the next).
class SweepPoints
{
public:
    /// Number of points: the product of the axes' lengths.
    static std::size_t count(const SweepSpec& spec);
    /// The axis value indices of point i (mixed radix, first axis most significant). O(axes).
    static std::vector<std::size_t> valueIndices(const SweepSpec& spec, std::size_t i);
    /// Point i: the scenario (server counts set, 0 removing the entry; arrivals divided by
    /// load_scale), its feasibility and its run configuration (axes override "run").
    /// O(size of the base scenario).
    static Result<SweepPoint> derive(const SweepSpec& spec, std::size_t i);
    /// Point i whose scenario is known to equal that of `same` (see scenarioAxes): copies it
    /// instead of building and reading it again, which on a trace-sized base costs seconds and
    /// a document tree per point. O(jobs) for the copy.
    static Result<SweepPoint> derive(const SweepSpec& spec, std::size_t i, const SweepPoint& same);
    /// The value indices of point i on the axes that shape its scenario (server counts,
    /// load_scale): points with equal indices have equal scenarios. O(axes).
    static std::vector<std::size_t> scenarioAxes(const SweepSpec& spec, std::size_t i);

private:
    static Result<SweepPoint> derive(const SweepSpec& spec, std::size_t i, bool withScenario);
};

} // namespace gantry::plan
