#pragma once

#include "io/import/importreport.h"
#include "model/scenario.h"

namespace gantry {

/// What a trace import produced: a scenario ready to save or run, and the report of the rows.
struct ImportedTrace
{
    Scenario scenario;   ///< the cluster plus the kept jobs, arrivals from 0
    ImportReport report; ///< rows read, kept and dropped, malformed rows, notes
};

} // namespace gantry
