#pragma once

#include "io/import/importreport.h"
#include "model/job.h"

#include <QString>

#include <optional>

namespace gantry {

/// One parsed trace row on its way to the scenario: the job as the importer built it (kind,
/// size, duration or iterations, features, user, weight) plus what the shared filters need.
struct TraceRow
{
    int line = 0;                   ///< line of the row in its file
    QString traceId;                ///< the trace's own job id, empty when it has none
    double submitS = 0.0;           ///< submission in the trace's clock, seconds
    QString vc;                     ///< virtual cluster, empty when the format has none
    std::optional<DropReason> drop; ///< set when the importer already knows it cannot be used
    Job job;                        ///< the job; id and arrival are set on assembly
};

} // namespace gantry
