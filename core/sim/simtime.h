#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace gantry {

/// Simulated time in integer microseconds; seconds (double) appear only at the I/O edge.
using SimTime = std::int64_t;

/// One simulated second.
inline constexpr SimTime kSecond = 1'000'000;
/// A time later than any event.
inline constexpr SimTime kNever = std::numeric_limits<SimTime>::max();

/// Seconds to SimTime, rounded to the nearest microsecond.
inline SimTime fromSeconds(double seconds)
{
    return SimTime(std::llround(seconds * 1e6));
}
/// SimTime to seconds.
inline double toSeconds(SimTime t)
{
    return double(t) / 1e6;
}

} // namespace gantry
