#pragma once

#include "io/import/traceimporter.h"
#include "model/scenario.h"
#include "util/result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace gantry {

/// Reads the Microsoft Philly job trace (CSV: timestamp, duration, num_gpus, gpu_time, cluster)
/// into duration jobs on a given cluster: arrivals in seconds since the first kept submission,
/// jobs sorted by submission time (file order on ties), ids p0, p1, ..., the virtual cluster kept
/// as feature "vc".
class PhillyImporter : public TraceImporter
{
public:
    /// Import options of the original interface.
    struct Options
    {
        int limit = 0; ///< keep at most this many jobs (the earliest), 0 for all
    };
    /// What an import through the original interface produced.
    struct Imported
    {
        Scenario scenario;    ///< the cluster given plus the trace's jobs
        QStringList warnings; ///< e.g. how many jobs were larger than the cluster and dropped
        int dropped = 0;      ///< rows dropped
    };

    /// Imports path onto cluster. A malformed row is an InvalidInput error naming the file and
    /// line (strict). O(n log n).
    static Result<Imported> importFile(const QString& path, const Cluster& cluster,
                                       const Options& options);
    /// Imports CSV text; sourceName prefixes messages.
    static Result<Imported> importCsv(const QByteArray& csv, const QString& sourceName,
                                      const Cluster& cluster, const Options& options);

    /// "philly".
    QString format() const override { return QStringLiteral("philly"); }
    /// Menu title.
    QString title() const override { return QStringLiteral("Microsoft Philly job trace"); }
    /// Philly rows carry a virtual cluster (column "cluster").
    bool hasVirtualClusters() const override { return true; }
    /// See TraceImporter::importData; needs a cluster.
    Result<ImportedTrace> importData(const Input& main, const std::optional<Cluster>& cluster,
                                     const ImportOptions& options,
                                     const QMap<QString, Input>& extras,
                                     Feedback* feedback = nullptr) const override;
};

} // namespace gantry
