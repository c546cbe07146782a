#pragma once

#include "model/scenario.h"
#include "saveprogress.h"
#include "scenarioforms.h"
#include "storedscenario.h"
#include "util/result.h"

#include <QSqlDatabase>
#include <QString>

#include <vector>

namespace gantry::storage {

/// The scenarios table of an open project: scenarios stored as their compressed canonical
/// JSON, found by hash. Writes go inside the caller's transaction and count their rows in its
/// SaveProgress; errors name the project file.
class ScenarioTable
{
public:
    /// The table of the project open on db, whose file is path.
    ScenarioTable(QSqlDatabase db, QString path);

    /// The row of s (whose forms are f): an identical stored one, else a new one.
    Result<qint64> findOrAdd(const Scenario& s, const ScenarioForms& f, SaveProgress& progress);
    /// Replaces the content of row id with s (whose forms are f).
    Status replace(qint64 id, const Scenario& s, const ScenarioForms& f, SaveProgress& progress);
    /// Every scenario, by id; one saved while it had problems is read as a draft with them.
    Result<std::vector<StoredScenario>> list() const;
    /// The canonical JSON row id stores (uncompressed), or an error naming the file when there is
    /// no such row or its JSON is damaged.
    Result<QByteArray> document(qint64 id) const;
    /// The hash of row id (empty when there is no such row).
    Result<QString> hashOf(qint64 id) const;

private:
    QSqlDatabase m_db;
    QString m_path;
};

} // namespace gantry::storage
