#pragma once

#include <cstdint>

namespace gantry {

/// Why a policy made one decision, stated by the policy as it made it during the run (teaching
/// mode). It holds the policy's own figures; the policy turns it into words later
/// (sim::Policy::explain), so a run records a few numbers per decision, not sentences.
struct DecisionNote
{
    /// What the note is about.
    enum class Kind : std::uint8_t
    {
        Arrived,   ///< the job arrived (what the policy does with an arrival)
        Started,   ///< the policy started or resumed the job
        Preempted, ///< the policy preempted the running job
        Waits,     ///< the job waits after the decision (only the first few in the policy's order)
    };
    double timeS = 0.0;      ///< the decision's instant, seconds
    Kind kind = Kind::Waits; ///< what it is about
    std::uint8_t reason = 0; ///< the policy's own reason code (0: its usual reason)
    int job = -1;            ///< the job concerned (index in the scenario)
    int other = -1;          ///< a job the reason names (one passed, one ahead), -1 for none
    double value = 0.0;      ///< the figure the reason quotes, in the policy's own unit
    double value2 = 0.0;     ///< a second figure, in the policy's own unit
};

} // namespace gantry
