#pragma once

#include "model/gputype.h"

#include <QString>

#include <optional>
#include <vector>

namespace gantry {

/// The built-in GPU catalogue (resources/gpu_catalogue.json, compiled into core).
class GpuCatalogue
{
public:
    /// Every built-in GPU type, in catalogue order; loaded once, thread-safe.
    static const std::vector<GpuType>& builtin();
    /// The built-in type called name, if any.
    static std::optional<GpuType> find(const QString& name);
};

} // namespace gantry
