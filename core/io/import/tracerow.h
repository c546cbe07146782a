#pragma once

#include "io/import/importreport.h"
#include "model/job.h"

#include <QString>
#include <QVariantMap>

#include <memory>
#include <optional>

namespace gantry {

/// One parsed trace row on its way to the scenario: what the importer read of the job (size,
/// duration, user, features, weight; a whole Job only for a model job) plus what the shared
/// filters need. Kept small, about a quarter of a Job: a trace holds millions of rows, all
/// alive until they are sorted by submission.
struct TraceRow
{
    int line = 0;                   ///< line of the row in its file
    QString traceId;                ///< the trace's own job id, empty when it has none
    double submitS = 0.0;           ///< submission in the trace's clock, seconds
    QString vc;                     ///< virtual cluster, empty when the format has none
    std::optional<DropReason> drop; ///< set when the importer already knows it cannot be used
    int gpus = 0;                   ///< a duration job's GPUs
    double durationS = 0.0;         ///< a duration job's run time on GPUs of speed 1.0
    double weight = 1.0;            ///< the job's objective weight
    QString user;                   ///< the submitting user, empty when unknown
    QVariantMap features;           ///< free features for predictors
    /// A model job (kind, model, parallelism, iterations, graph) when the importer maps the row
    /// to one; null for a duration job.
    std::unique_ptr<Job> model;

    /// GPUs the job asks for.
    int gpuCount() const { return model ? model->gpuCount() : gpus; }

    /// The job with its id and arrival: the model job with the row's weight, user and
    /// features, or a duration job of gpus and durationS. Leaves the row's texts moved from.
    Job takeJob(const QString& id, double arrivalS)
    {
        Job j;
        if (model)
            j = std::move(*model);
        else {
            j.kind = JobKind::Duration;
            j.gpus = gpus;
            j.durationS = durationS;
        }
        j.id = id;
        j.arrivalS = arrivalS;
        j.weight = weight;
        j.user = std::move(user);
        j.features = std::move(features);
        return j;
    }
};

} // namespace gantry
