#include "projectopener.h"

#include "projectinspector.h"
#include "projectschema.h"
#include "projectsql.h"
#include "scopedconnection.h"
#include "transaction.h"

#include <QFile>
#include <QFileInfo>
#include <QSqlError>

#include <unistd.h>

namespace gantry::storage {

Result<ProjectOpener::Opened> ProjectOpener::open(const QString& path, ProjectStore::OpenMode mode)
{
    if (!QFileInfo::exists(path)) {
        if (mode != ProjectStore::OpenMode::CreateIfMissing)
            return ProjectSql::invalid(path, QStringLiteral("no such project file"));
        if (Status s = create(path); !s)
            return s.error();
    }
    if (!QFileInfo(path).isFile())
        return ProjectSql::invalid(path, QStringLiteral("is not a file"));
    if (Status s = ProjectInspector::check(path); !s)
        return s.error();

    // A file nobody may write (mode 0444, even for root) or that this process cannot write is
    // opened read-only rather than refused; it is then never written, not even migrated.
    const QFileInfo info(path);
    const bool readOnly =
        mode == ProjectStore::OpenMode::ReadOnly || !info.isWritable() ||
        !(info.permissions() & (QFile::WriteOwner | QFile::WriteGroup | QFile::WriteOther));
    return readOnly ? openReadOnly(path) : openWritable(path);
}

// Creates a new project at path without ever exposing a half-made file: it is built under a
// temporary name and linked into place (which fails if path appeared meanwhile).
Status ProjectOpener::create(const QString& path)
{
    const QString tmp = QStringLiteral("%1.new-%2").arg(path).arg(qint64(::getpid()));
    QFile::remove(tmp);
    {
        ScopedConnection c(tmp, false);
        QSqlDatabase db = c.db();
        if (!db.open())
            return ProjectSql::invalid(
                path, QStringLiteral("cannot be created: %1").arg(db.lastError().text()));
        Transaction t(db);
        Status s = t.begin(path);
        if (s)
            s = ProjectSchema::migrate(db, 0, ProjectSchema::CurrentVersion, path);
        if (s)
            s = t.commit(path);
        db = QSqlDatabase();
        if (!s) {
            c.release();
            QFile::remove(tmp);
            return s;
        }
    }
    const QByteArray from = QFile::encodeName(tmp), to = QFile::encodeName(path);
    const bool linked = ::link(from.constData(), to.constData()) == 0;
    QFile::remove(tmp);
    if (!linked)
        return ProjectSql::invalid(path, QStringLiteral("cannot be created (it appeared meanwhile, "
                                                        "or the folder is not writable)"));
    return {};
}

// Only a file of the current schema opens read-only: an older one would need migrating.
Result<ProjectOpener::Opened> ProjectOpener::openReadOnly(const QString& path)
{
    ScopedConnection c(path, true);
    auto version = c.openReadingVersion(path);
    if (!version)
        return version.error();
    if (version.value() != ProjectSchema::CurrentVersion)
        return ProjectSql::invalid(path,
                                   QStringLiteral("is read-only and from an older Gantry (schema "
                                                  "%1): make it writable so that it can be "
                                                  "upgraded to schema %2")
                                       .arg(version.value())
                                       .arg(ProjectSchema::CurrentVersion));
    return Opened{c.take(), true};
}

Result<ProjectOpener::Opened> ProjectOpener::openWritable(const QString& path)
{
    ScopedConnection c(path, false);
    QSqlDatabase db = c.db();
    if (!db.open())
        return ProjectSql::error(path, QStringLiteral("opening"), db.lastError());
    auto fk = ProjectSql::scalar(db, path, QStringLiteral("PRAGMA foreign_keys = ON"));
    if (!fk)
        return fk.error();
    auto mode = ProjectSql::scalar(db, path, QStringLiteral("PRAGMA journal_mode"));
    if (!mode)
        return mode.error();
    if (mode.value().toString().compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0) {
        auto wal = ProjectSql::scalar(db, path, QStringLiteral("PRAGMA journal_mode = WAL"));
        if (!wal)
            return wal.error();
        if (wal.value().toString().compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
            return ProjectSql::invalid(path, QStringLiteral("is locked by another writer (try "
                                                            "again when it is done)"));
    }
    {
        // Checked again under the write lock: another process may have migrated meanwhile.
        Transaction t(db);
        if (Status s = t.begin(path); !s)
            return s.error();
        auto version = ProjectSql::scalar(db, path, QStringLiteral("PRAGMA user_version"));
        if (!version)
            return version.error();
        const int v = version.value().toInt();
        if (v > ProjectSchema::CurrentVersion || v < 1)
            return ProjectSql::invalid(path,
                                       QStringLiteral("changed schema to %1 while opening").arg(v));
        if (v < ProjectSchema::CurrentVersion) {
            // A file whose tables do not match the schema it claims cannot be migrated: that is
            // the file's fault, and the transaction rolls back, leaving its content as it was.
            if (Status s = ProjectSchema::migrate(db, v, ProjectSchema::CurrentVersion, path); !s)
                return ProjectSql::invalid(
                    path, QStringLiteral("is not a consistent schema-%1 project (%2)")
                              .arg(v)
                              .arg(s.error().message));
            if (Status s = t.commit(path); !s)
                return s.error();
        }
    }
    db = QSqlDatabase();
    return Opened{c.take(), false};
}

} // namespace gantry::storage
