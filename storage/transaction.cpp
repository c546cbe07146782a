#include "transaction.h"

#include "projectsql.h"

#include <QSqlQuery>

namespace gantry::storage {

Transaction::Transaction(QSqlDatabase db) : m_db(std::move(db)) {}

Transaction::~Transaction()
{
    if (m_open) {
        QSqlQuery q(m_db);
        q.exec(QStringLiteral("ROLLBACK"));
    }
}

Status Transaction::begin(const QString& path)
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("BEGIN IMMEDIATE")))
        return ProjectSql::error(path, QStringLiteral("starting a save"), q.lastError());
    m_open = true;
    return {};
}

Status Transaction::commit(const QString& path)
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("COMMIT")))
        return ProjectSql::error(path, QStringLiteral("committing a save"), q.lastError());
    m_open = false;
    return {};
}

} // namespace gantry::storage
