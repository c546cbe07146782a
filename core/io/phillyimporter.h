#pragma once

#include "model/scenario.h"
#include "util/result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace gantry {

/// Reads the Microsoft Philly job trace (CSV: timestamp, duration, num_gpus, gpu_time, cluster)
/// into duration jobs on a given cluster: arrivals in seconds since the first submission, jobs
/// sorted by submission time (file order on ties), the virtual cluster kept as feature "vc".
class PhillyImporter
{
public:
    /// Import options.
    struct Options
    {
        int limit = 0; ///< keep at most this many jobs (the earliest), 0 for all
    };
    /// What an import produced.
    struct Imported
    {
        Scenario scenario;    ///< the cluster given plus the trace's jobs
        QStringList warnings; ///< e.g. how many jobs were larger than the cluster and dropped
        int dropped = 0;      ///< rows dropped
    };

    /// Imports path onto cluster. A malformed row is an InvalidInput error naming the file and
    /// line. O(n log n).
    static Result<Imported> importFile(const QString& path, const Cluster& cluster,
                                       const Options& options);
    /// Imports CSV text; sourceName prefixes messages.
    static Result<Imported> importCsv(const QByteArray& csv, const QString& sourceName,
                                      const Cluster& cluster, const Options& options);
};

} // namespace gantry
