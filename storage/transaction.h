#pragma once

#include "util/result.h"

#include <QSqlDatabase>
#include <QString>

namespace gantry::storage {

/// One write transaction (`BEGIN IMMEDIATE`) on a project's connection; rolls back unless
/// committed. Errors name the project file.
class Transaction
{
public:
    /// A transaction on db, not yet begun.
    explicit Transaction(QSqlDatabase db);
    /// Rolls back when begun and not committed.
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    /// Begins it, taking the write lock; path names the file in errors.
    Status begin(const QString& path);
    /// Commits it; path names the file in errors.
    Status commit(const QString& path);

private:
    QSqlDatabase m_db;
    bool m_open = false;
};

} // namespace gantry::storage
