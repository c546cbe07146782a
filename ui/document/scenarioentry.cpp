#include "scenarioentry.h"

namespace gantry::ui {

Scenario& ScenarioEntry::edit()
{
    // Only this thread makes new holders (through shared()), so a count of one stays one.
    if (m_scenario.use_count() > 1)
        m_scenario = std::make_shared<Scenario>(*m_scenario);
    return *m_scenario;
}

} // namespace gantry::ui
