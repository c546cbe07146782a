#pragma once

#include "saveprogress.h"
#include "storedsweep.h"
#include "storedsweeppoint.h"
#include "util/result.h"

#include <QByteArray>
#include <QSqlDatabase>
#include <QString>

#include <vector>

namespace gantry::storage {

/// The stored sweeps of an open project: a row per sweep (its sweep.json whole) and a row per
/// point (sweep_points). Writes go inside the caller's transaction and count their rows in its
/// SaveProgress; errors name the project file.
class SweepTable
{
public:
    /// The tables of the project open on db, whose file is path.
    SweepTable(QSqlDatabase db, QString path);

    /// Stores a finished sweep from its sweep.json, run on scenario row scenarioId (0: none);
    /// a stored sweep of the same hash is replaced in place (it keeps its id). One progress
    /// step per point and one for the sweep. Returns its id. O(points).
    Result<qint64> store(qint64 scenarioId, const QByteArray& sweepJson, SaveProgress& progress);
    /// Every stored sweep, by id, without its sweep.json.
    Result<std::vector<StoredSweep>> list() const;
    /// Stored sweep id with its whole sweep.json.
    Result<StoredSweep> one(qint64 id) const;
    /// The points of sweep id, in point order. O(points).
    Result<std::vector<StoredSweepPoint>> points(qint64 id) const;

private:
    QSqlDatabase m_db;
    QString m_path;
};

} // namespace gantry::storage
