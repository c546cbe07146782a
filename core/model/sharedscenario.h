#pragma once

#include "model/scenario.h"

#include <memory>

namespace gantry {

/// A scenario that the views of one run read together, shared instead of copied by each (a
/// million-job scenario is a few hundred megabytes), with its cluster finalized as they need.
class SharedScenario
{
public:
    /// scenario itself when its cluster is finalized, else a finalized copy; null stays null.
    static std::shared_ptr<const Scenario> finalized(std::shared_ptr<const Scenario> scenario);
    /// A finalized copy of scenario.
    static std::shared_ptr<const Scenario> copy(const Scenario& scenario);
};

} // namespace gantry
