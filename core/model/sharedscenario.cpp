#include "model/sharedscenario.h"

namespace gantry {

std::shared_ptr<const Scenario> SharedScenario::finalized(std::shared_ptr<const Scenario> scenario)
{
    if (!scenario || scenario->cluster.finalized())
        return scenario;
    return copy(*scenario);
}

std::shared_ptr<const Scenario> SharedScenario::copy(const Scenario& scenario)
{
    auto own = std::make_shared<Scenario>(scenario);
    own->cluster.finalize();
    return own;
}

} // namespace gantry
