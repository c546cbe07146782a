#pragma once

#include <QString>

namespace gantry {

/// A rack: a group of servers behind one uplink to the spine.
struct Rack
{
    QString name;            ///< unique rack name
    double uplinkGbps = 0.0; ///< uplink bandwidth in gigabits per second

    bool operator==(const Rack&) const = default;
};

} // namespace gantry
