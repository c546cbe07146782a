#pragma once

#include "model/jobgraph.h"
#include "model/parallelism.h"
#include "model/training.h"

#include <QString>
#include <QVariantMap>

#include <optional>

namespace gantry {

/// Which of the scenario format's job forms a job has.
enum class JobKind
{
    Duration, ///< gpus + duration_s: what traces give, no communication
    Graph,    ///< an explicit worker graph + iterations
    Model,    ///< a model of the zoo + parallelism + iterations (graph derived from them)
};

/// One training job as the scenario describes it (the truth the simulator knows).
struct Job
{
    QString id;                                ///< unique job id
    double arrivalS = 0.0;                     ///< submission time in seconds
    JobKind kind = JobKind::Duration;          ///< form of the job
    int gpus = 0;                              ///< duration jobs: GPUs needed
    double durationS = 0.0;                    ///< duration jobs: run time on GPUs of speed 1.0
    double iterations = 0.0;                   ///< graph/model jobs: true number of iterations
    JobGraph graph;                            ///< graph jobs: the workers and their traffic;
                                               ///< model jobs: the derived expansion
    QString model;                             ///< model jobs: name of the model
    Parallelism parallelism;                   ///< model jobs: parallel degrees
    TrainingSettings training;                 ///< model jobs: precision, recomputation, ...
    QVariantMap features;                      ///< free features for predictors
    QString user;                              ///< optional submitting user
    double weight = 1.0;                       ///< objective weight
    std::optional<double> predictedIterations; ///< read by the `given` predictor

    /// A duration job (what a trace gives): gpus GPUs for durationS seconds on GPUs of speed 1,
    /// submitted at arrivalS.
    static Job duration(const QString& id, double arrivalS, int gpus, double durationS)
    {
        Job j;
        j.id = id;
        j.arrivalS = arrivalS;
        j.gpus = gpus;
        j.durationS = durationS;
        return j;
    }

    /// GPUs the job needs at once (gang scheduled).
    int gpuCount() const { return kind == JobKind::Duration ? gpus : int(graph.workers.size()); }
    /// True number of iterations (for a duration job: its seconds).
    double trueIterations() const { return kind == JobKind::Duration ? durationS : iterations; }
    /// Memory a GPU must have for every worker of the job (0 for duration jobs).
    double memoryPerGpuGb() const
    {
        return kind == JobKind::Duration ? 0.0 : graph.maxWorkerMemoryGb();
    }

    bool operator==(const Job&) const = default;
};

} // namespace gantry
