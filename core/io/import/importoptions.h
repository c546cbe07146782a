#pragma once

#include <QString>

#include <optional>

namespace gantry {

/// Filters shared by every trace importer. Times are seconds after the first submission of the
/// trace (the earliest well-formed row), whatever clock the trace itself uses.
struct ImportOptions
{
    int limit = 0;                ///< keep at most this many jobs (the earliest), 0 for all
    std::optional<double> sinceS; ///< keep jobs submitted at or after this time
    std::optional<double> untilS; ///< keep jobs submitted before this time
    QString vc;                   ///< keep only this virtual cluster (empty: every one)
    int minGpus = 0;              ///< keep jobs with at least this many GPUs (0: no bound)
    int maxGpus = 0;              ///< keep jobs with at most this many GPUs (0: no bound)
    bool strict = false;          ///< a malformed row fails the import instead of being skipped

    bool operator==(const ImportOptions&) const = default;
};

} // namespace gantry
