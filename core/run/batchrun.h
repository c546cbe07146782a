#pragma once

#include "run/runresult.h"
#include "sim/schedule.h"

#include <optional>

namespace gantry {

/// The outcome of one batch item: its result and, when the batch was asked to, its schedule.
struct BatchRun
{
    RunResult result;                 ///< metrics and per-job records
    std::optional<Schedule> schedule; ///< recorded when BatchRunner::Options::schedules is set
};

} // namespace gantry
