#pragma once

#include "model/job.h"

#include <QSet>
#include <QString>

#include <vector>

namespace gantry {

/// Job ids held by more than one job, found in one pass over a flat table of the ids seen (an
/// id's hash and its job, probed linearly): a million ids cost a few cache misses each.
class JobIds
{
public:
    /// The first job whose id an earlier job holds (the least second occurrence of any id), or
    /// -1 when every id is held once. O(jobs).
    static qsizetype firstRepeat(const std::vector<Job>& jobs);
    /// Every id held by more than one job (usually none). O(jobs).
    static QSet<QString> repeated(const std::vector<Job>& jobs);
};

} // namespace gantry
