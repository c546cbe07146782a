#pragma once

#include "model/modelspec.h"

#include <QJsonObject>
#include <QString>

namespace gantry {

/// JSON form of a ModelSpec, shared by the model zoo and a scenario's `models` array
/// (keys and units: resources/model_zoo.json "units", docs/models.md).
class ModelSpecJson
{
public:
    /// Reads one model object at path with strict checks; throws JsonPathError (like
    /// JsonFieldReader) naming the key. O(keys).
    static ModelSpec read(const QJsonObject& obj, const QString& path);
    /// The object read() turns back into an equal ModelSpec. O(keys).
    static QJsonObject write(const ModelSpec& m);
    /// The JSON name of a family: "transformer", "cnn" or "moe".
    static QString familyName(ModelFamily f);
};

} // namespace gantry
