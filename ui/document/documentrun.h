#pragma once

#include "model/scenario.h"
#include "run/runresult.h"
#include "sim/schedule.h"

#include <memory>

namespace gantry::ui {

/// One run made in this session: its result, its schedule (for the views) and the scenario
/// exactly as it ran (shared between the runs of one comparison). The result is shared too, by
/// the run session, the document and the comparison table (a million-job run's records are
/// about 0.1 GB).
struct DocumentRun
{
    std::shared_ptr<const RunResult> result;  ///< configuration, per-job records, summary (never
                                              ///< null)
    std::shared_ptr<const Schedule> schedule; ///< what happened over time (never null), shared
                                              ///< with the views
    std::shared_ptr<const Scenario> ranOn;    ///< the scenario as it was run
    bool saved = false;                       ///< recorded in the project file
};

} // namespace gantry::ui
