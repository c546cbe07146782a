#pragma once

#include "io/import/traceimporter.h"

namespace gantry {

/// Alibaba cluster-trace-gpu-v2023: the pod list (name, cpu_milli, memory_mib, num_gpu,
/// gpu_milli, gpu_spec, qos, pod_phase, creation_time, deletion_time, scheduled_time; times in
/// seconds) as duration jobs, on the heterogeneous cluster of the node list given as extra input
/// "nodes" (sn, cpu_milli, memory_mib, gpu, model) or on a given cluster. A pod runs from
/// scheduled_time to deletion_time; pods sharing a fraction of a GPU take one whole GPU.
class Alibaba2023Importer : public TraceImporter
{
public:
    /// "alibaba2023".
    QString format() const override { return QStringLiteral("alibaba2023"); }
    /// Menu title.
    QString title() const override
    {
        return QStringLiteral("Alibaba cluster-trace-gpu-v2023 pods (+ nodes)");
    }
    /// The node list brings the cluster.
    bool needsCluster() const override { return false; }
    /// {"nodes"}: the node list CSV.
    QStringList extraInputs() const override { return {QStringLiteral("nodes")}; }
    /// See TraceImporter::importData: exactly one of cluster and extras["nodes"].
    Result<ImportedTrace> importData(const Input& main, const std::optional<Cluster>& cluster,
                                     const ImportOptions& options,
                                     const QMap<QString, Input>& extras,
                                     Feedback* feedback = nullptr) const override;

    /// The cluster of a node list: one server per node with GPUs, all in one rack, node GPU
    /// models mapped onto the GPU catalogue (unknown models become new types); notes say what
    /// was mapped how. A malformed node row is an error naming its line. O(nodes).
    static Result<Cluster> clusterFromNodes(const Input& nodes, QStringList* notes);
    /// The GPU type for a node model of the trace: a catalogue type by name (any case), a
    /// catalogue type with the memory of an "M<GB>" suffix (V100M32 is the catalogue V100,
    /// V100M16 a V100 with 16 GB), else a new type named model with speed 1.0 and the
    /// A100-80G's TFLOPS and memory; *known is false then.
    static GpuType gpuTypeOf(const QString& model, bool* known);
};

} // namespace gantry
