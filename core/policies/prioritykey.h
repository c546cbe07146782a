#pragma once

#include "sim/simtime.h"

#include <tuple>

namespace gantry::sim {

/// A policy's ordering key: its own two components, then arrival time, then file position
/// (the tie rules of docs/architecture.md, "Engine semantics"). Smaller is served first.
struct PriorityKey
{
    double primary = 0.0;   ///< the policy's key (size, remaining time, queue index, ...)
    double secondary = 0.0; ///< a second policy component, 0 when unused
    SimTime arrival = 0;    ///< arrival time
    int order = 0;          ///< position in the scenario file

    bool operator<(const PriorityKey& o) const
    {
        return std::tie(primary, secondary, arrival, order) <
               std::tie(o.primary, o.secondary, o.arrival, o.order);
    }
    bool operator==(const PriorityKey& o) const = default;
};

} // namespace gantry::sim
