#pragma once

#include "projectstore.h"
#include "util/result.h"

#include <QString>

namespace gantry::storage {

/// Opens a project file for ProjectStore::open: creates a missing one when asked, checks it
/// (ProjectInspector), then connects read-only or for writing (foreign keys on, WAL) and
/// migrates an older schema forward under the write lock. Errors are ErrorKind::InvalidInput
/// naming the file.
class ProjectOpener
{
public:
    /// An open connection the store takes over.
    struct Opened
    {
        QString connection; ///< the connection's name in Qt's registry
        bool readOnly;      ///< opened read-only (asked for, or the file is not writable)
    };

    /// Opens (or creates) the project at path as ProjectStore::open describes.
    static Result<Opened> open(const QString& path, ProjectStore::OpenMode mode);

private:
    static Status create(const QString& path);
    static Result<Opened> openReadOnly(const QString& path);
    static Result<Opened> openWritable(const QString& path);
};

} // namespace gantry::storage
