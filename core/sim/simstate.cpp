#include "sim/simstate.h"

namespace gantry::sim {

SimState::SimState(const Scenario& scenario, Placement& placement)
    : m_scenario(&scenario), m_placement(&placement), m_jobs(scenario.jobs.size()),
      m_runningSlot(scenario.jobs.size(), -1), m_pool(scenario.cluster)
{}

} // namespace gantry::sim
