#pragma once

#include "io/import/traceimporter.h"

#include <QString>

#include <optional>

namespace gantry {

/// Gavel's job traces: tab-separated lines without a header in one of Gavel's two formats, told
/// apart by the field count: the current 10 fields (job_type, command, working_dir,
/// num_steps_arg, needs_data_dir, total_steps, scale_factor, priority_weight, SLO,
/// arrival_time) or the earlier 7 (job_type, command, num_steps_arg, needs_data_dir,
/// total_steps, arrival_time, scale_factor; weight 1, no SLO). The first line sets the format;
/// a line in the other one is malformed, named by its line. scale_factor is the GPU count,
/// total_steps the iterations, arrival_time seconds, priority_weight the job's weight.
/// ResNet-50 becomes a model job of the zoo's resnet50 (data parallel over scale_factor GPUs)
/// when the cluster can hold it; the other job types become duration jobs of total_steps times
/// a per-type step time (stepSeconds).
class GavelImporter : public TraceImporter
{
public:
    /// One Gavel job family.
    struct JobType
    {
        QString family;     ///< e.g. "ResNet-18"
        QString zooModel;   ///< model of the zoo it maps to, or empty
        double stepSeconds; ///< rough seconds per step on GPUs of speed 1.0
    };

    /// The job families of Gavel's traces, in a fixed order.
    static const std::vector<JobType>& jobTypes();
    /// The family of a job_type such as "ResNet-18 (batch size 32)", and its batch size (0 when
    /// the type names none); nothing when the family is not one of jobTypes().
    static std::optional<JobType> jobTypeOf(const QString& jobType, int* batchSize);

    /// "gavel".
    QString format() const override { return QStringLiteral("gavel"); }
    /// Menu title.
    QString title() const override { return QStringLiteral("Gavel job trace (.trace, TSV)"); }
    /// See TraceImporter::importData; needs a cluster.
    Result<ImportedTrace> importData(const Input& main, const std::optional<Cluster>& cluster,
                                     const ImportOptions& options,
                                     const QMap<QString, Input>& extras,
                                     Feedback* feedback = nullptr) const override;
};

} // namespace gantry
