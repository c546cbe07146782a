#include "gputypetable.h"

#include "projectsql.h"

#include <QSqlQuery>

namespace gantry::storage {

GpuTypeTable::GpuTypeTable(QSqlDatabase db, QString path)
    : m_db(std::move(db)), m_path(std::move(path))
{}

Status GpuTypeTable::replace(const std::vector<GpuType>& types, SaveProgress& progress)
{
    QSqlQuery d(m_db);
    if (!d.exec(QStringLiteral("DELETE FROM gpu_types")))
        return ProjectSql::error(m_path, QStringLiteral("saving GPU types"), d.lastError());
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral(
        "INSERT INTO gpu_types (name, tflops, memory_gb, speed) VALUES (?, ?, ?, ?)"));
    for (const GpuType& t : types) {
        q.bindValue(0, t.name);
        q.bindValue(1, t.tflops);
        q.bindValue(2, t.memoryGb);
        q.bindValue(3, t.speed);
        if (!q.exec())
            return ProjectSql::error(m_path, QStringLiteral("saving GPU type %1").arg(t.name),
                                     q.lastError());
    }
    return progress.step();
}

Result<std::vector<GpuType>> GpuTypeTable::list() const
{
    QSqlQuery q(m_db);
    if (!q.exec(
            QStringLiteral("SELECT name, tflops, memory_gb, speed FROM gpu_types ORDER BY name")))
        return ProjectSql::error(m_path, QStringLiteral("reading GPU types"), q.lastError());
    std::vector<GpuType> out;
    while (q.next())
        out.push_back({q.value(0).toString(), q.value(1).toDouble(), q.value(2).toDouble(),
                       q.value(3).toDouble()});
    return out;
}

} // namespace gantry::storage
