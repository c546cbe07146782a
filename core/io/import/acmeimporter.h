#pragma once

#include "io/import/traceimporter.h"

namespace gantry {

/// Shanghai AI Lab Acme trace_seren.csv / trace_kalos.csv (job_id, user, node_num, gpu_num,
/// cpu_num, type, state, submit_time, start_time, end_time, duration, queue, gpu_time; Kalos
/// adds mem_per_pod_GB, shared_mem_per_pod, fail_time, stop_time) as duration jobs on a given
/// cluster; user as the job's user, type, cpu_num, node_num, mem_per_pod_GB as features "type",
/// "cpus", "nodes", "memory_gb_per_pod". A Kalos row without end_time ends at stop_time, else
/// fail_time.
class AcmeImporter : public TraceImporter
{
public:
    /// "acme".
    QString format() const override { return QStringLiteral("acme"); }
    /// Menu title.
    QString title() const override
    {
        return QStringLiteral("Shanghai AI Lab Acme trace_seren.csv / trace_kalos.csv");
    }
    /// See TraceImporter::importData; needs a cluster.
    Result<ImportedTrace> importData(const Input& main, const std::optional<Cluster>& cluster,
                                     const ImportOptions& options,
                                     const QMap<QString, Input>& extras,
                                     Feedback* feedback = nullptr) const override;
};

} // namespace gantry
