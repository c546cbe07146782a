#pragma once

#include "model/scenario.h"
#include "run/runresult.h"
#include "sim/schedule.h"

#include <memory>

namespace gantry::ui {

/// One run made in this session: its result, its schedule (for the views) and the scenario
/// exactly as it ran (shared between the runs of one comparison).
struct DocumentRun
{
    RunResult result;                         ///< configuration, per-job records, summary
    std::shared_ptr<const Schedule> schedule; ///< what happened over time (never null), shared
                                              ///< with the views
    std::shared_ptr<const Scenario> ranOn;    ///< the scenario as it was run
    bool saved = false;                       ///< recorded in the project file
};

} // namespace gantry::ui
