#include "io/import/acmeimporter.h"

#include "io/import/slurmtraceparser.h"

namespace gantry {

Result<ImportedTrace> AcmeImporter::importData(const Input& main,
                                               const std::optional<Cluster>& cluster,
                                               const ImportOptions& options,
                                               const QMap<QString, Input>& extras,
                                               Feedback* feedback) const
{
    Q_UNUSED(extras);
    if (!cluster)
        return Error::invalid(
            QStringLiteral("%1: the acme format needs a cluster to import onto").arg(main.source));
    SlurmTraceParser::Layout layout;
    layout.format = format();
    layout.columns = QStringLiteral("job_id, user, node_num, gpu_num, cpu_num, type, state, "
                                    "submit_time, start_time, end_time, duration, queue, gpu_time "
                                    "(Kalos also mem_per_pod_GB, shared_mem_per_pod, fail_time, "
                                    "stop_time)");
    layout.idColumn = QStringLiteral("job_id");
    layout.userColumn = QStringLiteral("user");
    layout.textFeatures = {{QStringLiteral("type"), QStringLiteral("type")}};
    layout.numberFeatures = {
        {QStringLiteral("cpu_num"), QStringLiteral("cpus")},
        {QStringLiteral("node_num"), QStringLiteral("nodes")},
        {QStringLiteral("mem_per_pod_GB"), QStringLiteral("memory_gb_per_pod")}};
    layout.endFallbacks = {QStringLiteral("stop_time"), QStringLiteral("fail_time")};
    layout.idPrefix = QStringLiteral("a");
    return SlurmTraceParser::import(layout, main, *cluster, options, feedback);
}

} // namespace gantry
