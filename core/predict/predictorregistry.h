#pragma once

#include "util/result.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>

namespace gantry::predict {
class Predictor;
}

namespace gantry {

/// The named predictors (docs/architecture.md, "How to add a predictor"); parameterised ones
/// are written "name:value".
class PredictorRegistry
{
public:
    /// Every predictor name as a user types it (noisy shown as "noisy:0.5").
    static QStringList names();
    /// One-line description of a base name ("noisy" for "noisy:0.3").
    static QString description(const QString& name);
    /// A fresh predictor; InvalidInput for an unknown name or a bad parameter.
    static Result<std::shared_ptr<predict::Predictor>>
    create(const QString& name, std::uint64_t seed, double defaultIterations);
};

} // namespace gantry
