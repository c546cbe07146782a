#pragma once

#include <QString>

namespace gantry {

/// Aggregate metrics of one run (docs/architecture.md, "Engine semantics"). Times in seconds.
struct RunSummary
{
    QString policy;                    ///< policy name
    QString placement;                 ///< placement name
    QString predictor;                 ///< predictor name
    int jobs = 0;                      ///< jobs finished
    double totalJctS = 0.0;            ///< sum of finish - arrival
    double avgJctS = 0.0;              ///< mean JCT
    double p50JctS = 0.0;              ///< median JCT (linear interpolation)
    double p99JctS = 0.0;              ///< 99th percentile JCT
    double sumCompletionS = 0.0;       ///< sum of finish times from time 0
    double makespanS = 0.0;            ///< last finish - first arrival
    double avgQueueDelayS = 0.0;       ///< mean first start - arrival
    double p99QueueDelayS = 0.0;       ///< 99th percentile of first start - arrival
    double gpuUtilization = 0.0;       ///< GPU-seconds used / (GPUs x makespan)
    double crossServerBytes = 0.0;     ///< total bytes sent between servers
    long long preemptions = 0;         ///< total preemptions
    double idleWhileWaitingGpuS = 0.0; ///< GPU-seconds free while a waiting job fit by count
    double virtualWaitS = 0.0;         ///< A-SRPT: seconds from arrival to release, summed (else 0)
    long long events = 0;              ///< simulator events processed
    double wallS = 0.0;                ///< wall-clock seconds the run took
    double predictionMae = 0.0;        ///< mean |predicted - true| iterations (at arrival)
    double predictionMape = 0.0;       ///< mean |predicted - true| / true over jobs with true > 0
    double predictionR2 = 0.0;         ///< 1 - SSE / SST of predicted against true (0 if SST = 0)
};

} // namespace gantry
