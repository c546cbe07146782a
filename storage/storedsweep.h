#pragma once

#include <QJsonObject>
#include <QString>

namespace gantry::storage {

/// One stored sweep as ProjectStore::sweeps() lists it (its points: ProjectStore::sweepPoints()).
struct StoredSweep
{
    qint64 id = 0;         ///< row id, kept when the same sweep is stored again
    QString name;          ///< the sweep's name
    QString hash;          ///< sweep_sha256 of its sweep.json (the sweep's configuration)
    qint64 scenarioId = 0; ///< the project's row of the base scenario (0: none)
    QString scenarioName;  ///< that scenario's name
    int points = 0;        ///< number of points stored
    QString version;       ///< Gantry version that ran it
    QString createdAt;     ///< UTC time of storing, ISO 8601
    QJsonObject config;    ///< the sweep as read (sweep.json's config)
    QJsonObject result;    ///< the whole sweep.json (filled by ProjectStore::sweep() only)
};

} // namespace gantry::storage
