#pragma once

#include "model/modelspec.h"

#include <QString>

#include <optional>
#include <vector>

namespace gantry {

/// The built-in model zoo (resources/model_zoo.json, compiled into core).
class ModelZoo
{
public:
    /// Every built-in model, in zoo order; loaded once, thread-safe.
    static const std::vector<ModelSpec>& builtin();
    /// The built-in model called name, if any. O(zoo size).
    static std::optional<ModelSpec> find(const QString& name);
};

} // namespace gantry
