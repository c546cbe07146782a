#include "projectinspector.h"

#include "projectschema.h"
#include "projectsql.h"
#include "scopedconnection.h"

#include <QFile>
#include <QFileInfo>
#include <QList>
#include <QStringList>

namespace gantry::storage {

namespace {

constexpr int HeaderSize = 100;

quint32 bigEndian(const QByteArray& b, int offset, int bytes)
{
    quint32 v = 0;
    for (int i = 0; i < bytes; ++i)
        v = (v << 8) | quint8(b[offset + i]);
    return v;
}

} // namespace

Status ProjectInspector::check(const QString& path)
{
    if (Status s = checkHeader(path); !s)
        return s;
    return inspect(path);
}

// Checks the file's first bytes without opening it as a database: SQLite magic, Gantry's
// application_id, no truncation, and a schema version this build understands.
Status ProjectInspector::checkHeader(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return ProjectSql::invalid(path, QStringLiteral("cannot be read: %1").arg(f.errorString()));
    const qint64 size = f.size();
    const QByteArray h = f.read(HeaderSize);
    if (size == 0)
        return ProjectSql::invalid(path, QStringLiteral("is empty, not a Gantry project"));
    if (h.size() < HeaderSize || !h.startsWith(QByteArrayLiteral("SQLite format 3\0")))
        return ProjectSql::invalid(
            path, QStringLiteral("is not a Gantry project (not an SQLite database)"));
    if (qint32(bigEndian(h, 68, 4)) != ProjectSchema::ApplicationId)
        return ProjectSql::invalid(
            path, QStringLiteral("is an SQLite database but not a Gantry project"));
    quint32 pageSize = bigEndian(h, 16, 2);
    if (pageSize == 1)
        pageSize = 65536;
    const quint32 pages = bigEndian(h, 28, 4);
    const bool pagesValid = bigEndian(h, 24, 4) == bigEndian(h, 92, 4);
    // A writer killed during a checkpoint leaves the file shorter than its header says, with
    // the missing pages in the write-ahead log: SQLite restores them on opening, so that file
    // is not truncated (refusing it would lock the user out of a sound project).
    const bool walPending = QFileInfo(path + QStringLiteral("-wal")).size() > 0;
    if (pageSize < 512 || (pagesValid && !walPending && size < qint64(pageSize) * qint64(pages)))
        return ProjectSql::invalid(path, QStringLiteral("is corrupt: truncated to %1 bytes of %2")
                                             .arg(size)
                                             .arg(qint64(pageSize) * qint64(pages)));
    if (int(bigEndian(h, 60, 4)) > ProjectSchema::CurrentVersion)
        return ProjectSql::invalid(path,
                                   QStringLiteral("is from a newer Gantry (schema %1; this version "
                                                  "reads schema %2 and older)")
                                       .arg(bigEndian(h, 60, 4))
                                       .arg(ProjectSchema::CurrentVersion));
    return {};
}

// Read-only inspection. A read-only connection to a WAL file may create its -wal and -shm
// companions; on a file that is refused they are removed again, so nothing is left behind.
Status ProjectInspector::inspect(const QString& path)
{
    const QStringList companions = {path + QStringLiteral("-wal"), path + QStringLiteral("-shm")};
    QList<bool> existed;
    for (const QString& c : companions)
        existed << QFileInfo::exists(c);
    Status s = inspectReadOnly(path);
    if (!s)
        for (int i = 0; i < companions.size(); ++i)
            if (!existed[i])
                QFile::remove(companions[i]);
    return s;
}

// Version, integrity and the meta table, through a read-only connection.
Status ProjectInspector::inspectReadOnly(const QString& path)
{
    ScopedConnection c(path, true);
    QSqlDatabase db = c.db();
    auto version = c.openReadingVersion(path);
    if (!version)
        return version.error();
    const int v = version.value();
    if (v > ProjectSchema::CurrentVersion)
        return ProjectSql::invalid(path,
                                   QStringLiteral("is from a newer Gantry (schema %1; this version "
                                                  "reads schema %2 and older)")
                                       .arg(v)
                                       .arg(ProjectSchema::CurrentVersion));
    if (v < 1)
        return ProjectSql::invalid(path,
                                   QStringLiteral("is not a Gantry project (no schema version)"));
    auto check = ProjectSql::scalar(db, path, QStringLiteral("PRAGMA quick_check"));
    if (!check)
        return check.error();
    if (check.value().toString() != QLatin1String("ok"))
        return ProjectSql::invalid(
            path, QStringLiteral("is corrupt: %1")
                      .arg(check.value()
                               .toString()
                               .remove(QStringLiteral("*** in database main ***\n"))
                               .section(QLatin1Char('\n'), 0, 0)));
    auto app = ProjectSql::scalar(
        db, path, QStringLiteral("SELECT value FROM meta WHERE key = 'application'"));
    if (!app || app.value().toString() != QLatin1String("gantry-project"))
        return ProjectSql::invalid(path,
                                   QStringLiteral("is not a Gantry project (no project metadata)"));
    db = QSqlDatabase();
    return {};
}

} // namespace gantry::storage
