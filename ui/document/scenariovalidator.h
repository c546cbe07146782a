#pragma once

#include "model/scenario.h"
#include "problem.h"

#include <vector>

namespace gantry::ui {

/// Checks a scenario being edited: field by field (every problem found, each tied to its rack,
/// server or job and field), and with the core's rules between items (ScenarioCheck: memory
/// fit, model limits, references, duplicates...), the rules the scenario reader applies. No
/// problems means the scenario is what the engine accepts.
class ScenarioValidator
{
public:
    /// Every problem of scenario: the field checks', then the core's on fields not already
    /// flagged; empty when it can run. O(jobs + servers).
    static std::vector<Problem> validate(const Scenario& scenario);
    /// Only the field-by-field checks. O(jobs + servers).
    static std::vector<Problem> checkFields(const Scenario& scenario);
    /// Only the core's rules between items, each problem mapped to its rack, server or job
    /// (Kind::None for the scenario, its GPU types and models). O(jobs + servers).
    static std::vector<Problem> checkBetweenItems(const Scenario& scenario);
};

} // namespace gantry::ui
