#pragma once

#include "util/result.h"

#include <QString>

namespace gantry::storage {

/// The checks a file passes before a project store may open it for writing, none of which
/// writes to it: the SQLite header (magic, Gantry's application_id, no truncation, a schema
/// this build reads), then through a read-only connection the schema version, integrity and
/// the project metadata. Errors are ErrorKind::InvalidInput naming the file.
class ProjectInspector
{
public:
    /// Checks the existing file at path; any -wal or -shm companion the check itself made is
    /// removed again when the file is refused. O(file) (integrity check).
    static Status check(const QString& path);

private:
    static Status checkHeader(const QString& path);
    static Status inspect(const QString& path);
    static Status inspectReadOnly(const QString& path);
};

} // namespace gantry::storage
