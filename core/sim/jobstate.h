#pragma once

#include "mapping/mapping.h"
#include "sim/simtime.h"

namespace gantry::sim {

/// Where a job is in its life.
enum class JobPhase
{
    Pending,
    Waiting,
    Running,
    Finished
};

/// The simulator's live state of one job; policies read it through SimState.
struct JobState
{
    JobPhase phase = JobPhase::Pending;  ///< life-cycle phase
    SimTime arrival = 0;                 ///< arrival time
    int order = 0;                       ///< position in the scenario file (the last tie-break)
    int gpus = 0;                        ///< GPUs needed
    double predictedIterations = 0.0;    ///< K-hat from the predictor at arrival
    double referenceIterationS = 0.0;    ///< tau0: iteration seconds on an empty cluster
    SimTime predictedProcessing = 0;     ///< p-hat = K-hat x tau0 (duration jobs: K-hat seconds)
    SimTime ranBefore = 0;               ///< wall time run in finished segments
    SimTime segmentStart = 0;            ///< start of the current running segment
    SimTime overhead = 0;                ///< restart overhead at the head of this segment
    SimTime progressSince = 0;           ///< remainingIterations is counted up to this time
    double remainingIterations = 0.0;    ///< true iterations still to run (at segmentStart)
    double iterationsDone = 0.0;         ///< iterations run up to progressSince (observable)
    double iterationS = 0.0;             ///< current seconds per iteration
    double bandwidthShare = 1.0;         ///< fraction of link bandwidth it gets (contention fair)
    Mapping mapping;                     ///< GPUs while running (last mapping after)
    int preemptions = 0;                 ///< preemptions so far
    SimTime firstStart = -1;             ///< first start, -1 before
    SimTime finish = -1;                 ///< completion, -1 before
    double gpuSeconds = 0.0;             ///< GPU-seconds held while running
    double crossBytesPerIteration = 0.0; ///< W_cross of the current mapping
    double crossBytes = 0.0;             ///< bytes sent between servers so far

    /// Iterations run up to now, the current segment included: the job's progress, which a
    /// real cluster observes (unlike its remaining iterations).
    double iterationsDoneAt(SimTime now) const
    {
        if (phase != JobPhase::Running || now <= progressSince || iterationS <= 0.0)
            return iterationsDone;
        return iterationsDone + double(now - progressSince) / (iterationS * 1e6);
    }
    /// Wall time run up to now, the current segment included.
    SimTime ranTime(SimTime now) const
    {
        return phase == JobPhase::Running ? ranBefore + (now - segmentStart) : ranBefore;
    }
};

} // namespace gantry::sim
