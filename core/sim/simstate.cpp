#include "sim/simstate.h"

#include "util/hugepages.h"

namespace gantry::sim {

SimState::SimState(const Scenario& scenario, Placement& placement)
    : m_scenario(&scenario), m_placement(&placement), m_runningSlot(scenario.jobs.size(), -1),
      m_pool(scenario.cluster)
{
    // The largest table of a run (about 180 bytes per job): advised before it is written.
    m_jobs.reserve(scenario.jobs.size());
    HugePages::advise(m_jobs.data(), scenario.jobs.size() * sizeof(JobState));
    m_jobs.resize(scenario.jobs.size());
}

} // namespace gantry::sim
