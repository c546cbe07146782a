#pragma once

namespace gantry {

/// The bounds of the scenario format (docs/formats.md), in one place for every reader and
/// editor of it: the reference and fast readers, the trace importers, and the window's field
/// rules and validator. Times and iterations stay far inside the simulator's int64 microseconds
/// (2.9e5 years).
struct ScenarioLimits
{
    static constexpr double kMaxSeconds = 1e9;      ///< arrival, duration, restart overhead, spans
    static constexpr double kMaxIterations = 1e9;   ///< iterations of one job
    static constexpr int kMaxServerGpus = 1024;     ///< a server's gpus
    static constexpr int kMaxServerCount = 100'000; ///< a server entry's count
    static constexpr int kMaxJobGpus = 10'000'000;  ///< a duration job's gpus
    static constexpr int kMaxDegree = 10'000'000;   ///< dp, pp and tp of a model job
    static constexpr int kMaxExpertDegree = 1024;   ///< ep
    static constexpr int kMaxContextDegree = 1'000'000; ///< cp
    static constexpr int kMaxVirtualStages = 100'000;   ///< vp
};

} // namespace gantry
