#pragma once

#include "plan/sweepspec.h"
#include "util/result.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

namespace gantry::ui {

/// A capacity sweep stored in a project file, made ready to run again in the Plan view: its
/// configuration on the base scenario as the file stores it (so later edits of the scenario in
/// the window do not change it), and its stored sweep.json to compare with.
class StoredPlan
{
    Q_DECLARE_TR_FUNCTIONS(StoredPlan)

public:
    plan::SweepSpec spec; ///< the sweep, validated as a sweep file is
    QJsonObject result;   ///< the stored sweep.json
    QString label;        ///< "NAME (saved ...)" for messages

    /// Reads sweep sweepId of the project at path; an error naming the file when the sweep,
    /// its base scenario or its configuration cannot be read.
    static Result<StoredPlan> load(const QString& path, qint64 sweepId);
};

} // namespace gantry::ui
