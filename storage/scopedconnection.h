#pragma once

#include "util/result.h"

#include <QSqlDatabase>
#include <QString>

namespace gantry::storage {

/// A named SQLite connection to a project file (with a short busy timeout, read-only when
/// asked), removed from Qt's registry when it goes unless taken.
class ScopedConnection
{
public:
    /// Registers a connection to path under a name of its own; it is not opened yet.
    ScopedConnection(const QString& path, bool readOnly);
    /// Closes and removes the connection unless taken.
    ~ScopedConnection();
    ScopedConnection(const ScopedConnection&) = delete;
    ScopedConnection& operator=(const ScopedConnection&) = delete;

    /// The connection's database handle.
    QSqlDatabase db() const;
    /// Opens the connection and reads its `PRAGMA user_version`; errors name path.
    Result<int> openReadingVersion(const QString& path);
    /// Gives up ownership and returns the connection's name (the store keeps the connection).
    QString take();
    /// Closes and removes the connection now.
    void release();

private:
    QString m_name;
};

} // namespace gantry::storage
