#pragma once

#include "model/gpucost.h"
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
    /// Every built-in type's prices and power with their sources, in catalogue order.
    static const std::vector<GpuCost>& costs();
    /// The prices and power of the built-in type called name, if any.
    static std::optional<GpuCost> findCost(const QString& name);
    /// The catalogue's note on where its figures come from and what is assumed.
    static QString sources();
};

} // namespace gantry
