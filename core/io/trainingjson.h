#pragma once

#include "model/training.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace gantry {

/// JSON form of a model job's `training` object and of the Precision names GPU types use
/// (keys and values: docs/models.md, "Training settings").
class TrainingJson
{
public:
    /// Reads a `training` object at path; every key optional. Throws JsonPathError naming the
    /// key and the values it takes. O(keys).
    static TrainingSettings read(const QJsonObject& obj, const QString& path);
    /// The keys that differ from the defaults (an empty object for the defaults).
    static QJsonObject write(const TrainingSettings& t);

    static QString precisionName(Precision p);
    static QString recomputeName(Recompute r);
    static QString shardingName(OptimizerSharding s);
    static QString overlapName(Overlap o);
    /// The names of each setting's values, in enum order (for editors and messages).
    static QStringList precisionNames();
    static QStringList recomputeNames();
    static QStringList shardingNames();
    static QStringList overlapNames();
    /// The value named name, or -1.
    static int indexOf(const QStringList& names, const QString& name)
    {
        return int(names.indexOf(name));
    }
};

} // namespace gantry
