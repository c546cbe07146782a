#pragma once

#include "io/import/traceimporter.h"

namespace gantry {

/// SenseTime Helios cluster_log.csv (job_id, user, vc, gpu_num, cpu_num, node_num, state,
/// submit_time, start_time, end_time, duration, queue) as duration jobs on a given cluster; user
/// as the job's user, vc, cpu_num and node_num as features "vc", "cpus", "nodes".
class HeliosImporter : public TraceImporter
{
public:
    /// "helios".
    QString format() const override { return QStringLiteral("helios"); }
    /// Menu title.
    QString title() const override { return QStringLiteral("SenseTime Helios cluster_log.csv"); }
    /// Helios rows carry a virtual cluster.
    bool hasVirtualClusters() const override { return true; }
    /// See TraceImporter::importData; needs a cluster.
    Result<ImportedTrace> importData(const Input& main, const std::optional<Cluster>& cluster,
                                     const ImportOptions& options,
                                     const QMap<QString, Input>& extras,
                                     Feedback* feedback = nullptr) const override;
};

} // namespace gantry
