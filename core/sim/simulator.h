#pragma once

#include "sim/decisions.h"
#include "sim/eventqueue.h"
#include "sim/networkmodel.h"
#include "sim/referencetimes.h"
#include "sim/simstate.h"
#include "util/feedback.h"
#include "util/result.h"

#include <map>
#include <vector>

namespace gantry {
class Placement;
namespace predict {
class Predictor;
}
} // namespace gantry

namespace gantry::sim {

class SchedulingPolicy;
class SimObserver;

/// The discrete-event engine (docs/architecture.md, "The engine"): integer time, (time, seq)
/// event order, rate-based progress, preemption with restart overhead. At each instant completions
/// are applied first, then arrivals in file order, then the policy decides once. An instance is
/// single-threaded; independent instances may run in parallel.
class Simulator
{
public:
    /// A simulator over scenario with the given components; all must outlive it.
    Simulator(const Scenario& scenario, SchedulingPolicy& policy, Placement& placement,
              predict::Predictor& predictor, SimTime restartOverhead,
              Contention contention = Contention::None);

    /// Adds an observer (not owned).
    void addObserver(SimObserver* observer);
    /// Processes the next decision point. Returns false when the run is over (all jobs done)
    /// or failed (see error()).
    bool step();
    /// Steps until the clock would pass t or the run ends.
    Status runUntil(SimTime t);
    /// Runs to the end; reports progress (finished / total jobs) and honours cancellation.
    /// A deadlock (jobs waiting that can never start) is an error, never a hang.
    /// O(events x (log n + policy decision cost)).
    Status run(Feedback* feedback = nullptr);

    /// Once run() has returned: forgets the predictor (the caller may free it, with its forest
    /// and training rows) and frees the jobs' predicted distributions, which only decisions
    /// read. The results (state(), events(), the busy GPU-seconds) stay; step() must not be
    /// called again.
    void releasePrediction();

    /// The state (clock, jobs, GPUs).
    const SimState& state() const { return m_state; }
    /// Events processed: arrivals, completions and policy wake-ups.
    long long events() const { return m_events; }
    /// Jobs finished so far.
    int finishedJobs() const { return m_finished; }
    /// Time of the next decision point, or kNever.
    SimTime nextTime() const;
    /// The network model (links and their capacities) used under `fair` contention.
    const NetworkModel& network() const { return m_network; }
    /// Links job j's traffic crosses now (empty unless running with cross-server traffic).
    const std::vector<int>& linksOf(int j) const
    {
        static const std::vector<int> none;
        return m_links.empty() ? none : m_links[std::size_t(j)];
    }
    /// GPU-seconds left idle while a waiting job could have used them, up to now: the integral
    /// over time of min(F, D), F the free GPUs and D the GPUs of the waiting (arrived,
    /// unfinished, not running) jobs that each need at most F GPUs. By GPU count only: memory,
    /// GPU types and placement are ignored. O(distinct GPU demands) per decision point.
    double idleWhileWaitingGpuS() const { return m_idleWhileWaitingGpuS; }
    /// GPU-seconds held by jobs in closed segments (preempted or finished), per GPU type index of
    /// the cluster: each segment adds, per GPU it held, its end minus its start in seconds, in the
    /// order segments close, so the sums equal a recorded Schedule's bit for bit. O(1) per event
    /// and GPU of the job.
    const std::vector<double>& busyGpuSecondsByType() const { return m_busyByType; }

private:
    void arrive(int j);
    void finish(int j);
    void startJob(int j, Mapping&& mapping);
    void preemptJob(int j);
    void closeSegment(JobState& st);
    void addBusy(const JobState& st);
    void removeRunning(int j);
    void scheduleCompletion(int j);
    Status apply(Decisions& d);
    void dropStaleEvents();
    void advanceProgress(JobState& st);
    void shareNetwork();
    void accountIdle(SimTime to);
    void setWaiting(int gpus, int delta);

    SimState m_state;
    SchedulingPolicy* m_policy;
    predict::Predictor* m_predictor;
    SimTime m_restartOverhead;
    Contention m_contention;
    NetworkModel m_network;
    std::vector<std::vector<int>> m_links; // per job under fair contention, else empty
    // Per job: bumps when its scheduled completion becomes stale (compact: read at every step).
    std::vector<unsigned> m_generation;
    bool m_networkDirty = false;
    std::vector<SimObserver*> m_observers;
    ReferenceTimes m_referenceTimes; // tau0 per job shape, for a pure placement
    EventQueue m_queue;
    std::vector<int> m_arrivalOrder;
    std::size_t m_nextArrival = 0;
    SimTime m_wakeup = kNever;
    long long m_events = 0;
    int m_finished = 0;
    Decisions m_decisions;
    std::vector<int> m_sortedGpus; // apply(): a start's GPUs, sorted to check they are distinct
    std::map<int, int> m_waitingByGpus; // GPU demand -> number of waiting jobs
    double m_idleWhileWaitingGpuS = 0.0;
    std::vector<int> m_typeOfGpu;     // GPU type index of each global GPU
    std::vector<double> m_busyByType; // see busyGpuSecondsByType()
    Error m_error;
    bool m_failed = false;
};

} // namespace gantry::sim
