#pragma once

#include "model/training.h"

#include <QString>

#include <array>

namespace gantry {

/// A kind of GPU: peak throughput by precision, memory size and bandwidth, relative speed.
struct GpuType
{
    QString name;          ///< catalogue name, e.g. "A100-80G"
    double tflops = 0.0;   ///< peak dense half-precision (fp16/bf16) tensor TFLOPS
    double memoryGb = 0.0; ///< device memory in GB
    double speed = 1.0; ///< training speed relative to an A100 (duration jobs: reference / speed)
    /// Peak dense TFLOPS by Precision (index = int(Precision)); 0 where the data sheet gives
    /// none (peakTflops() then falls back, see there).
    std::array<double, kPrecisionCount> tflopsBy{};
    double memoryGBps = 0.0; ///< device memory bandwidth in GB/s (0: unknown, see bandwidth())

    /// Peak dense TFLOPS in precision p: the data-sheet figure where there is one; else fp16 and
    /// bf16 take `tflops`, fp8 the 16-bit rate (no fp8 units: no gain), tf32 half and fp32 a
    /// sixteenth of the 16-bit rate (the ratios of the A100 and H100 data sheets).
    double peakTflops(Precision p) const
    {
        const double given = tflopsBy[std::size_t(p)];
        if (given > 0.0)
            return given;
        const double half =
            tflopsBy[std::size_t(Precision::Bf16)] > 0.0   ? tflopsBy[std::size_t(Precision::Bf16)]
            : tflopsBy[std::size_t(Precision::Fp16)] > 0.0 ? tflopsBy[std::size_t(Precision::Fp16)]
                                                           : tflops;
        switch (p) {
        case Precision::Fp32:
            return half / 16.0;
        case Precision::Tf32:
            return half / 2.0;
        case Precision::Fp16:
        case Precision::Bf16:
        case Precision::Fp8:
            break;
        }
        return half;
    }
    /// Memory bandwidth in bytes per second: memoryGBps, or where unknown one byte per 150
    /// 16-bit FLOPs (the A100's and V100's balance).
    double memoryBytesPerSecond() const
    {
        return memoryGBps > 0.0 ? memoryGBps * 1e9 : tflops * 1e12 / 150.0;
    }

    bool operator==(const GpuType&) const = default;
};

} // namespace gantry
