#pragma once

#include "run/runconfig.h"

namespace gantry {

/// The one place that holds what a run uses when the user names nothing: the command line
/// (README.md, "The command line"), the window's run panel and the report all start from it.
class ProductDefaults
{
public:
    /// Policy asrpt-gittins (with gittins-progress the best of every policy on the robustness
    /// suite's tuning clusters, and guarded against starvation: docs/policies.md), placement
    /// graph, predictor rf-fast (Gantry's own forest), seed 0, contention and restart overhead
    /// as the scenario says.
    static RunConfig runConfig();
};

} // namespace gantry
