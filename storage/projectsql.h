#pragma once

#include "util/result.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QString>
#include <QVariant>

namespace gantry::storage {

/// What every part of a project store says to and about its database: errors that name the
/// project file, and one-value queries. Errors are ErrorKind::InvalidInput.
class ProjectSql
{
public:
    /// "path: what".
    static Error invalid(const QString& path, const QString& what);
    /// A database error of step on the file at path: a lock, corruption and a full disk get
    /// messages of their own, anything else names the step and the driver's text.
    static Error error(const QString& path, const QString& step, const QSqlError& e);
    /// Runs sql on db with binds bound to its placeholders in order and returns the first column
    /// of the first row (a null QVariant when there is none); errors name path and step, or the
    /// statement when step is empty.
    static Result<QVariant> scalar(QSqlDatabase db, const QString& path, const QString& sql,
                                   const QVariantList& binds = {}, const QString& step = {});
};

} // namespace gantry::storage
