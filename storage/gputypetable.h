#pragma once

#include "model/gputype.h"
#include "saveprogress.h"
#include "util/result.h"

#include <QSqlDatabase>
#include <QString>

#include <vector>

namespace gantry::storage {

/// The project-level GPU catalogue overrides of an open project (gpu_types). Writes go inside
/// the caller's transaction and count in its SaveProgress; errors name the project file.
class GpuTypeTable
{
public:
    /// The table of the project open on db, whose file is path.
    GpuTypeTable(QSqlDatabase db, QString path);

    /// Replaces the overrides with types; one progress step.
    Status replace(const std::vector<GpuType>& types, SaveProgress& progress);
    /// The overrides, by name.
    Result<std::vector<GpuType>> list() const;

private:
    QSqlDatabase m_db;
    QString m_path;
};

} // namespace gantry::storage
