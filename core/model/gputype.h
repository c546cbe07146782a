#pragma once

#include <QString>

namespace gantry {

/// A kind of GPU: peak throughput, memory and relative training speed.
struct GpuType
{
    QString name;          ///< catalogue name, e.g. "A100-80G"
    double tflops = 0.0;   ///< peak dense half-precision tensor TFLOPS
    double memoryGb = 0.0; ///< device memory in GB
    double speed = 1.0; ///< training speed relative to an A100 (compute time = reference / speed)

    bool operator==(const GpuType&) const = default;
};

} // namespace gantry
