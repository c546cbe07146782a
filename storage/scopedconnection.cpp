#include "scopedconnection.h"

#include "projectsql.h"

#include <QAtomicInteger>

#include <utility>

#include <unistd.h>

namespace gantry::storage {

namespace {

constexpr int BusyTimeoutMs = 200;

QString newConnectionName()
{
    static QAtomicInteger<quint64> counter;
    return QStringLiteral("gantry-project-%1-%2").arg(qint64(::getpid())).arg(++counter);
}

} // namespace

ScopedConnection::ScopedConnection(const QString& path, bool readOnly) : m_name(newConnectionName())
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1%2")
                             .arg(BusyTimeoutMs)
                             .arg(readOnly ? QStringLiteral(";QSQLITE_OPEN_READONLY") : QString()));
}

ScopedConnection::~ScopedConnection()
{
    if (!m_name.isEmpty())
        release();
}

QSqlDatabase ScopedConnection::db() const
{
    return QSqlDatabase::database(m_name, false);
}

Result<int> ScopedConnection::openReadingVersion(const QString& path)
{
    QSqlDatabase d = db();
    if (!d.open())
        return ProjectSql::error(path, QStringLiteral("opening"), d.lastError());
    auto version = ProjectSql::scalar(d, path, QStringLiteral("PRAGMA user_version"));
    if (!version)
        return version.error();
    return version.value().toInt();
}

QString ScopedConnection::take()
{
    return std::exchange(m_name, QString());
}

void ScopedConnection::release()
{
    {
        QSqlDatabase d = db();
        d.close();
    }
    QSqlDatabase::removeDatabase(m_name);
}

} // namespace gantry::storage
