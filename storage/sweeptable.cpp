#include "sweeptable.h"

#include "projectsql.h"
#include "scenarioforms.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QVariant>

namespace gantry::storage {

namespace {

const QString SweepColumns = QStringLiteral(
    "SELECT w.id, w.name, w.hash, w.scenario_id, s.name, w.points, w.version, w.created_at, "
    "w.config_json%1 FROM sweeps w LEFT JOIN scenarios s ON s.id = w.scenario_id");

StoredSweep sweepOf(const QSqlQuery& q, bool withResult)
{
    StoredSweep w;
    w.id = q.value(0).toLongLong();
    w.name = q.value(1).toString();
    w.hash = q.value(2).toString();
    w.scenarioId = q.value(3).toLongLong();
    w.scenarioName = q.value(4).toString();
    w.points = q.value(5).toInt();
    w.version = q.value(6).toString();
    w.createdAt = q.value(7).toString();
    w.config = QJsonDocument::fromJson(q.value(8).toString().toUtf8()).object();
    if (withResult)
        w.result = QJsonDocument::fromJson(q.value(9).toString().toUtf8()).object();
    return w;
}

} // namespace

SweepTable::SweepTable(QSqlDatabase db, QString path) : m_db(std::move(db)), m_path(std::move(path))
{}

Result<qint64> SweepTable::store(qint64 scenarioId, const QByteArray& sweepJson,
                                 SaveProgress& progress)
{
    auto bad = [&](const QString& what) {
        return ProjectSql::invalid(
            m_path, QStringLiteral("cannot store the sweep: sweep.json %1").arg(what));
    };
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(sweepJson, &pe);
    if (!doc.isObject())
        return bad(QStringLiteral("is not a JSON object (%1)").arg(pe.errorString()));
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != QLatin1String("gantry-sweep-result") ||
        root.value(QStringLiteral("version")).toInt() != 1)
        return bad(QStringLiteral("is not a gantry-sweep-result of version 1"));
    const QString hash = root.value(QStringLiteral("sweep_sha256")).toString();
    if (hash.isEmpty())
        return bad(QStringLiteral("has no sweep_sha256"));
    const QJsonArray axes = root.value(QStringLiteral("axes")).toArray();
    const QJsonArray metrics = root.value(QStringLiteral("metrics")).toArray();
    const QJsonArray points = root.value(QStringLiteral("points")).toArray();

    QSqlQuery find(m_db);
    find.prepare(QStringLiteral("SELECT id FROM sweeps WHERE hash = ?"));
    find.addBindValue(hash);
    if (!find.exec())
        return ProjectSql::error(m_path, QStringLiteral("finding a sweep"), find.lastError());
    const qint64 existing = find.next() ? find.value(0).toLongLong() : 0; // 0: a new sweep
    find.finish();
    QSqlQuery q(m_db);
    q.prepare(existing ? QStringLiteral("UPDATE sweeps SET name = ?, hash = ?, scenario_id = ?, "
                                        "config_json = ?, result_json = ?, points = ?, "
                                        "version = ?, created_at = ? WHERE id = ?")
                       : QStringLiteral("INSERT INTO sweeps (name, hash, scenario_id, "
                                        "config_json, result_json, points, version, "
                                        "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(root.value(QStringLiteral("name")).toString());
    q.addBindValue(hash);
    q.addBindValue(scenarioId > 0 ? QVariant(scenarioId)
                                  : QVariant(QMetaType(QMetaType::LongLong)));
    q.addBindValue(QString::fromUtf8(
        ScenarioForms::canonical(root.value(QStringLiteral("config")).toObject())));
    q.addBindValue(QString::fromUtf8(sweepJson));
    q.addBindValue(int(points.size()));
    q.addBindValue(root.value(QStringLiteral("gantry_version")).toString());
    q.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    if (existing)
        q.addBindValue(existing);
    if (!q.exec())
        return ProjectSql::error(m_path, QStringLiteral("storing a sweep"), q.lastError());
    const qint64 id = existing ? existing : q.lastInsertId().toLongLong();
    if (existing) {
        QSqlQuery d(m_db);
        d.prepare(QStringLiteral("DELETE FROM sweep_points WHERE sweep_id = ?"));
        d.addBindValue(id);
        if (!d.exec())
            return ProjectSql::error(m_path, QStringLiteral("replacing a sweep"), d.lastError());
    }
    QSqlQuery p(m_db);
    p.prepare(QStringLiteral(
        "INSERT INTO sweep_points (sweep_id, position, values_json, metrics_json, cost_usd, "
        "cloud_cost_usd, feasible, meets_target, infeasible_reason) VALUES (?, ?, ?, ?, ?, ?, "
        "?, ?, ?)"));
    const QVariant null(QMetaType(QMetaType::Double));
    for (int i = 0; i < points.size(); ++i) {
        if (!points[i].isObject())
            return bad(QStringLiteral("points[%1] is not an object").arg(i));
        const QJsonObject o = points[i].toObject();
        QJsonArray values;
        for (const QJsonValue& a : axes)
            values.append(o.value(a.toString()));
        const bool feasible = o.value(QStringLiteral("feasible")).toBool();
        QJsonObject m;
        if (feasible)
            for (const QJsonValue& name : metrics)
                m.insert(name.toString(), o.value(name.toString()));
        const QJsonValue cost = o.value(QStringLiteral("cost_usd"));
        const QJsonValue cloud = o.value(QStringLiteral("cloud_cost_usd"));
        p.bindValue(0, id);
        p.bindValue(1, i);
        p.bindValue(2, QString::fromUtf8(QJsonDocument(values).toJson(QJsonDocument::Compact)));
        p.bindValue(3, QString::fromUtf8(ScenarioForms::canonical(m)));
        p.bindValue(4, cost.isDouble() ? QVariant(cost.toDouble()) : null);
        p.bindValue(5, cloud.isDouble() ? QVariant(cloud.toDouble()) : null);
        p.bindValue(6, feasible ? 1 : 0);
        p.bindValue(7, o.value(QStringLiteral("meets_target")).toBool() ? 1 : 0);
        const QString reason = o.value(QStringLiteral("infeasible_reason")).toString();
        p.bindValue(8, reason.isNull() ? QStringLiteral("") : reason); // '' for a feasible one
        if (!p.exec())
            return ProjectSql::error(m_path, QStringLiteral("storing a sweep's points"),
                                     p.lastError());
        if (Status st = progress.step(); !st)
            return st.error();
    }
    if (Status st = progress.step(); !st)
        return st.error();
    return id;
}

Result<std::vector<StoredSweep>> SweepTable::list() const
{
    QSqlQuery q(m_db);
    if (!q.exec(SweepColumns.arg(QString()) + QStringLiteral(" ORDER BY w.id")))
        return ProjectSql::error(m_path, QStringLiteral("listing sweeps"), q.lastError());
    std::vector<StoredSweep> out;
    while (q.next())
        out.push_back(sweepOf(q, false));
    return out;
}

Result<StoredSweep> SweepTable::one(qint64 id) const
{
    QSqlQuery q(m_db);
    q.prepare(SweepColumns.arg(QStringLiteral(", w.result_json")) +
              QStringLiteral(" WHERE w.id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return ProjectSql::error(m_path, QStringLiteral("reading a sweep"), q.lastError());
    if (!q.next())
        return ProjectSql::invalid(m_path, QStringLiteral("has no sweep %1").arg(id));
    return sweepOf(q, true);
}

Result<std::vector<StoredSweepPoint>> SweepTable::points(qint64 id) const
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT position, values_json, metrics_json, cost_usd, "
                             "cloud_cost_usd, feasible, meets_target, infeasible_reason FROM "
                             "sweep_points WHERE sweep_id = ? ORDER BY position"));
    q.addBindValue(id);
    if (!q.exec())
        return ProjectSql::error(m_path, QStringLiteral("reading a sweep's points"), q.lastError());
    std::vector<StoredSweepPoint> out;
    while (q.next()) {
        StoredSweepPoint p;
        p.index = q.value(0).toInt();
        p.values = QJsonDocument::fromJson(q.value(1).toString().toUtf8()).array();
        p.metrics = QJsonDocument::fromJson(q.value(2).toString().toUtf8()).object();
        if (!q.value(3).isNull())
            p.costUsd = q.value(3).toDouble();
        if (!q.value(4).isNull())
            p.cloudCostUsd = q.value(4).toDouble();
        p.feasible = q.value(5).toInt() != 0;
        p.meetsTarget = q.value(6).toInt() != 0;
        p.infeasibleReason = q.value(7).toString();
        out.push_back(std::move(p));
    }
    return out;
}

} // namespace gantry::storage
