#include "scenariotable.h"

#include "io/scenarioreader.h"
#include "projectsql.h"

#include <QSqlQuery>

namespace gantry::storage {

namespace {

// A row's JSON: compressed in json_z (schema 4 on), or as text in json (files before).
QByteArray storedJson(const QVariant& json, const QVariant& jsonZ)
{
    return jsonZ.isNull() ? json.toString().toUtf8() : qUncompress(jsonZ.toByteArray());
}

} // namespace

ScenarioTable::ScenarioTable(QSqlDatabase db, QString path)
    : m_db(std::move(db)), m_path(std::move(path))
{}

Result<qint64> ScenarioTable::findOrAdd(const Scenario& s, const ScenarioForms& f,
                                        SaveProgress& progress)
{
    QSqlQuery find(m_db);
    find.prepare(QStringLiteral("SELECT id FROM scenarios WHERE hash = ? ORDER BY id LIMIT 1"));
    find.addBindValue(f.hash);
    if (!find.exec())
        return ProjectSql::error(m_path, QStringLiteral("finding a scenario"), find.lastError());
    if (find.next())
        return find.value(0).toLongLong();
    QSqlQuery q(m_db);
    q.prepare(
        QStringLiteral("INSERT INTO scenarios (name, hash, content_hash, json, json_z) VALUES (?, "
                       "?, ?, '', ?)"));
    q.addBindValue(s.name);
    q.addBindValue(f.hash);
    q.addBindValue(f.contentHash);
    q.addBindValue(f.compressedCompact());
    if (!q.exec())
        return ProjectSql::error(m_path, QStringLiteral("adding a scenario"), q.lastError());
    if (Status st = progress.step(); !st)
        return st.error();
    return q.lastInsertId().toLongLong();
}

Status ScenarioTable::replace(qint64 id, const Scenario& s, const ScenarioForms& f,
                              SaveProgress& progress)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral(
        "UPDATE scenarios SET name = ?, hash = ?, content_hash = ?, json = '', json_z = ? WHERE id "
        "= ?"));
    q.addBindValue(s.name);
    q.addBindValue(f.hash);
    q.addBindValue(f.contentHash);
    q.addBindValue(f.compressedCompact());
    q.addBindValue(id);
    if (!q.exec())
        return ProjectSql::error(m_path, QStringLiteral("replacing a scenario"), q.lastError());
    if (q.numRowsAffected() != 1)
        return ProjectSql::invalid(m_path, QStringLiteral("has no scenario %1").arg(id));
    return progress.step();
}

Result<std::vector<StoredScenario>> ScenarioTable::list() const
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral(
            "SELECT id, name, hash, json, json_z, content_hash FROM scenarios ORDER BY id")))
        return ProjectSql::error(m_path, QStringLiteral("listing scenarios"), q.lastError());
    std::vector<StoredScenario> out;
    while (q.next()) {
        StoredScenario s;
        s.id = q.value(0).toLongLong();
        s.name = q.value(1).toString();
        s.hash = q.value(2).toString();
        s.contentHash = q.value(5).toString();
        const QString source = QStringLiteral("%1: scenario %2").arg(m_path).arg(s.id);
        const QByteArray json = storedJson(q.value(3), q.value(4));
        if (json.isEmpty())
            return Error::invalid(QStringLiteral("%1: is damaged").arg(source));
        auto read = ScenarioReader::readJson(json, source);
        if (!read) {
            // Saved while it had problems (the window saves work in progress): it opens as a
            // draft, and the editor shows its problems again.
            auto draft = ScenarioReader::readJson(json, source, ScenarioReader::Mode::Draft);
            if (!draft)
                return Error::invalid(read.error().message);
            s.problem = read.error().message;
            read = std::move(draft);
        }
        s.scenario = std::move(read).value();
        out.push_back(std::move(s));
    }
    return out;
}

Result<QByteArray> ScenarioTable::document(qint64 id) const
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT json, json_z FROM scenarios WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return ProjectSql::error(m_path, QStringLiteral("reading a scenario"), q.lastError());
    if (!q.next())
        return ProjectSql::invalid(m_path, QStringLiteral("has no scenario %1").arg(id));
    QByteArray json = storedJson(q.value(0), q.value(1));
    if (json.isEmpty())
        return ProjectSql::invalid(m_path, QStringLiteral("scenario %1 is damaged").arg(id));
    return json;
}

Result<QString> ScenarioTable::hashOf(qint64 id) const
{
    auto hash =
        ProjectSql::scalar(m_db, m_path, QStringLiteral("SELECT hash FROM scenarios WHERE id = ?"),
                           {id}, QStringLiteral("reading a scenario"));
    if (!hash)
        return hash.error();
    return hash.value().toString(); // empty when there is no such row
}

} // namespace gantry::storage
