#pragma once

#include "mapping/gpupool.h"
#include "model/scenario.h"
#include "predict/iterationdistribution.h"
#include "sim/jobstate.h"

#include <vector>

namespace gantry {
class Placement;
}

namespace gantry::sim {

/// The read-only view a policy decides on: the clock, the jobs, the free GPUs and the
/// placement to map jobs with. Owned and updated by the Simulator.
class SimState
{
public:
    /// State over scenario (which must outlive it), using placement for mappings.
    SimState(const Scenario& scenario, Placement& placement);

    /// Current time.
    SimTime now() const { return m_now; }
    /// The scenario being run.
    const Scenario& scenario() const { return *m_scenario; }
    /// The cluster being run.
    const Cluster& cluster() const { return m_scenario->cluster; }
    /// Job j as the scenario describes it.
    const Job& job(int j) const { return m_scenario->jobs[std::size_t(j)]; }
    /// Live state of job j.
    const JobState& state(int j) const { return m_jobs[std::size_t(j)]; }
    /// Number of jobs.
    int jobCount() const { return int(m_jobs.size()); }
    /// GPUs free now.
    const GpuPool& pool() const { return m_pool; }
    /// The run's placement; policies call it to map jobs onto a pool.
    Placement& placement() const { return *m_placement; }
    /// Seconds a preempted job loses when it resumes (the run's restart overhead).
    SimTime restartOverhead() const { return m_restartOverhead; }
    /// Whether a running job's iteration time may change while it runs (the network's
    /// contention shares links): otherwise it is fixed from a segment's start to its end.
    bool ratesChange() const { return m_ratesChange; }
    /// Jobs currently running, in no particular order.
    const std::vector<int>& running() const { return m_running; }
    /// What the predictor believed about arrived job j's iterations, for a policy that
    /// wantsDistributions() (the point 0 before j arrived); null for the other policies.
    const predict::IterationDistribution* distribution(int j) const
    {
        return std::size_t(j) < m_distributions.size() ? &m_distributions[std::size_t(j)] : nullptr;
    }

private:
    friend class Simulator;

    const Scenario* m_scenario;
    Placement* m_placement;
    SimTime m_now = 0;
    SimTime m_restartOverhead = 0;
    bool m_ratesChange = false;
    std::vector<JobState> m_jobs;
    std::vector<predict::IterationDistribution> m_distributions; // per job, when wanted
    std::vector<int> m_running;
    std::vector<int> m_runningSlot; // position of a job in m_running, -1 if absent
    GpuPool m_pool;
};

} // namespace gantry::sim
