#pragma once

#include "model/scenario.h"
#include "run/runconfig.h"

#include <memory>

namespace gantry {

/// One run of a batch: a scenario (shared, so many items may name one) and a configuration.
struct BatchItem
{
    std::shared_ptr<const Scenario> scenario; ///< never null in a batch
    RunConfig config;                         ///< what to run it under
};

} // namespace gantry
