#pragma once

#include <QString>

namespace gantry {

/// What happened to one job in a run; one row of jobs.csv. Times in seconds.
struct JobRecord
{
    QString id;                       ///< job id
    double arrivalS = 0.0;            ///< arrival
    double startS = 0.0;              ///< first start
    double finishS = 0.0;             ///< completion
    double jctS = 0.0;                ///< finish - arrival
    double queueDelayS = 0.0;         ///< first start - arrival
    int gpus = 0;                     ///< GPUs used
    int servers = 0;                  ///< distinct servers of the last mapping
    int preemptions = 0;              ///< times the job was preempted
    double predictedIterations = 0.0; ///< what the predictor said at arrival
    double iterations = 0.0;          ///< true iterations
    double gpuSeconds = 0.0;          ///< GPU-seconds the job held GPUs while running
    double crossServerBytes = 0.0;    ///< bytes its traffic sent between servers
};

} // namespace gantry
