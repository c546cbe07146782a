#pragma once

#include "sim/jobrecord.h"

#include <QByteArray>

#include <optional>
#include <vector>

namespace gantry::storage {

/// The per-job results of one run as one compressed, column-oriented blob (the run_results
/// table): every field of every JobRecord, bit for bit, in run order. Writes GRJ2 (schema 5);
/// reads GRJ2 and the GRJ1 of schema-4 files.
class JobRecordCodec
{
public:
    /// Encodes jobs as GRJ2 (zlib level 1 over the columns). O(jobs).
    static QByteArray encode(const std::vector<JobRecord>& jobs);
    /// Decodes a blob of encode(); none when it is damaged (never reads out of bounds). O(jobs).
    static std::optional<std::vector<JobRecord>> decode(const QByteArray& blob);
};

} // namespace gantry::storage
