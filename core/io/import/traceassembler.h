#pragma once

#include "io/import/importoptions.h"
#include "io/import/importprogress.h"
#include "io/import/importreport.h"
#include "io/import/tracerow.h"
#include "model/scenario.h"
#include "util/error.h"

#include <optional>
#include <vector>

namespace gantry {

/// The part every importer shares: orders the parsed rows by submission, applies the drop
/// reasons and the ImportOptions filters, and turns the kept rows into scenario jobs.
class TraceAssembler
{
public:
    /// Sorts rows by submission (file order on ties, stable), then for each row in that order
    /// counts the first reason that drops it: the importer's own, the time window (seconds after
    /// the earliest row), the virtual cluster, the GPU bounds, the cluster size (that of
    /// scenario.cluster, which must be finalized) and the limit. Kept rows become
    /// scenario.jobs with arrivals measured from the first kept job and ids from the trace
    /// (made unique) or idPrefix + index. Updates report.kept, drops and clusterGpus, reports
    /// progress through the rows and the end; false when progress was cancelled (scenario.jobs
    /// is then incomplete and must not be used). O(n log n).
    [[nodiscard]] static bool assemble(std::vector<TraceRow> rows, const ImportOptions& options,
                                       const QString& idPrefix, Scenario& scenario,
                                       ImportReport& report, ImportProgress& progress);

    /// Handles a malformed row: in strict mode the error to fail with ("SOURCE: line N:
    /// MESSAGE"), else counts and lists it in report and returns nothing.
    static std::optional<Error> malformed(ImportReport& report, const ImportOptions& options,
                                          int line, const QString& message);
};

} // namespace gantry
