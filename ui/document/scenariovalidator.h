#pragma once

#include "model/scenario.h"
#include "problem.h"

#include <vector>

namespace gantry::ui {

/// Checks a scenario being edited. First field by field (every problem found, each tied to its
/// rack, server or job and field), then, when those pass, the core's own check: the scenario is
/// written as a scenario file and read back with ScenarioReader, whose first error (memory fit,
/// model limits...) is mapped back to the item it names. No problems means the scenario is what
/// the engine accepts.
class ScenarioValidator
{
public:
    /// Every problem of scenario; empty when it can run. O(jobs + servers), plus one write and
    /// read of the scenario when the field checks pass.
    static std::vector<Problem> validate(const Scenario& scenario);
    /// Only the field-by-field checks (no round trip through the reader). O(jobs + servers).
    static std::vector<Problem> checkFields(const Scenario& scenario);
    /// The core reader's verdict on scenario, mapped to an item; nullopt-like empty vector when
    /// it accepts it.
    static std::vector<Problem> checkWithReader(const Scenario& scenario);
};

} // namespace gantry::ui
