#pragma once

#include "model/scenario.h"
#include "run/runconfig.h"
#include "run/runresult.h"
#include "util/feedback.h"
#include "util/result.h"

#include <vector>

namespace gantry::sim {
class SimObserver;
}

namespace gantry {

/// Runs a scenario under a configuration: builds policy, placement and predictor from their
/// registries, simulates to the end and computes the metrics. Reentrant: runs may go on in
/// several threads at once.
class Runner
{
public:
    /// One complete run. Unknown names or an invalid scenario give ErrorKind::InvalidInput,
    /// cancellation through feedback gives ErrorKind::Cancelled. O(events x log jobs) for the
    /// built-in policies.
    static Result<RunResult> run(const Scenario& scenario, const RunConfig& config,
                                 Feedback* feedback = nullptr,
                                 const std::vector<sim::SimObserver*>& observers = {});
};

} // namespace gantry
