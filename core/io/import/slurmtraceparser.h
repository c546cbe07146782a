#pragma once

#include "io/import/importedtrace.h"
#include "io/import/importoptions.h"
#include "io/import/traceimporter.h"
#include "model/cluster.h"
#include "util/result.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace gantry {

/// Reads the Slurm-style job logs that Helios and Acme publish: one row per job with gpu_num,
/// submit_time, start_time, end_time, duration and a state, times as "YYYY-MM-DD HH:MM:SS"
/// (with or without a zone). Columns are found by name, so their order does not matter.
class SlurmTraceParser
{
public:
    /// What differs between the formats.
    struct Layout
    {
        QString format;                                ///< importer name for messages
        QString columns;                               ///< the real header, for messages
        QString idColumn;                              ///< column of the job id
        QString userColumn;                            ///< column of the user (Job::user)
        QString vcColumn;                              ///< virtual cluster column, or empty
        QList<QPair<QString, QString>> textFeatures;   ///< column -> feature key (strings)
        QList<QPair<QString, QString>> numberFeatures; ///< column -> feature key (numbers)
        QStringList endFallbacks; ///< columns read, in order, when end_time is empty
        QString idPrefix;         ///< ids of rows without a job id: prefix + index
    };

    /// Imports input onto cluster (finalized). Drops: gpu_num 0 (zero GPUs), no start_time
    /// (failed or cancelled before starting), no end time and no duration (no end time), a
    /// duration of 0 (no duration); duration is the duration column, else end - start.
    /// Progress and cancel as in TraceImporter::importData.
    static Result<ImportedTrace> import(const Layout& layout, const TraceImporter::Input& input,
                                        const Cluster& cluster, const ImportOptions& options,
                                        Feedback* feedback = nullptr);
};

} // namespace gantry
