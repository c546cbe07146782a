#include "projectsql.h"

#include <QSqlQuery>

namespace gantry::storage {

namespace {

bool isBusy(const QSqlError& e)
{
    const QString code = e.nativeErrorCode();
    return code == QLatin1String("5") || code == QLatin1String("6") ||
           e.text().contains(QLatin1String("locked"), Qt::CaseInsensitive);
}

} // namespace

Error ProjectSql::invalid(const QString& path, const QString& what)
{
    return Error::invalid(QStringLiteral("%1: %2").arg(path, what));
}

Error ProjectSql::error(const QString& path, const QString& step, const QSqlError& e)
{
    if (isBusy(e))
        return invalid(path, QStringLiteral("is locked by another writer (try again when it is "
                                            "done)"));
    const QString code = e.nativeErrorCode();
    if (code == QLatin1String("11") || code == QLatin1String("26") ||
        e.text().contains(QLatin1String("malformed")))
        return invalid(path, QStringLiteral("is corrupt (%1: %2)").arg(step, e.text()));
    // SQLITE_FULL, SQLITE_IOERR: a full disk or a file-size limit; the transaction rolls back.
    if (code == QLatin1String("13") || code == QLatin1String("10") ||
        e.text().contains(QLatin1String("disk I/O error")) ||
        e.text().contains(QLatin1String("disk is full")))
        return invalid(path, QStringLiteral("%1 failed: the disk is full or the file cannot grow "
                                            "(%2); the previous content is kept")
                                 .arg(step, e.text()));
    return Error::invalid(QStringLiteral("%1: %2 failed: %3").arg(path, step, e.text()));
}

Result<QVariant> ProjectSql::scalar(QSqlDatabase db, const QString& path, const QString& sql,
                                    const QVariantList& binds, const QString& step)
{
    QSqlQuery q(db);
    bool ran = false;
    if (binds.isEmpty()) {
        ran = q.exec(sql);
    } else if (q.prepare(sql)) {
        for (const QVariant& v : binds)
            q.addBindValue(v);
        ran = q.exec();
    }
    if (!ran)
        return error(path, step.isEmpty() ? sql : step, q.lastError());
    if (!q.next())
        return QVariant();
    return q.value(0);
}

} // namespace gantry::storage
