#include "io/import/heliosimporter.h"

#include "io/import/slurmtraceparser.h"

namespace gantry {

Result<ImportedTrace> HeliosImporter::importData(const Input& main,
                                                 const std::optional<Cluster>& cluster,
                                                 const ImportOptions& options,
                                                 const QMap<QString, Input>& extras,
                                                 Feedback* feedback) const
{
    Q_UNUSED(extras);
    if (!cluster)
        return Error::invalid(QStringLiteral("%1: the helios format needs a cluster to import "
                                             "onto")
                                  .arg(main.source));
    SlurmTraceParser::Layout layout;
    layout.format = format();
    layout.columns = QStringLiteral("job_id, user, vc, gpu_num, cpu_num, node_num, state, "
                                    "submit_time, start_time, end_time, duration, queue");
    layout.idColumn = QStringLiteral("job_id");
    layout.userColumn = QStringLiteral("user");
    layout.vcColumn = QStringLiteral("vc");
    layout.textFeatures = {{QStringLiteral("vc"), QStringLiteral("vc")}};
    layout.numberFeatures = {{QStringLiteral("cpu_num"), QStringLiteral("cpus")},
                             {QStringLiteral("node_num"), QStringLiteral("nodes")}};
    layout.idPrefix = QStringLiteral("h");
    return SlurmTraceParser::import(layout, main, *cluster, options, feedback);
}

} // namespace gantry
