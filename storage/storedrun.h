#pragma once

#include <QJsonObject>
#include <QString>

#include <cstdint>

namespace gantry::storage {

/// One recorded run as ProjectStore::runs() lists it (per-job rows: ProjectStore::runJobs()).
struct StoredRun
{
    qint64 id = 0;          ///< row id
    qint64 scenarioId = 0;  ///< the scenario it ran
    QString scenarioName;   ///< that scenario's name
    QString scenarioHash;   ///< ProjectStore::contentHash of the scenario as it was run
    QString policy;         ///< policy name
    QString placement;      ///< placement name
    QString predictor;      ///< predictor name
    std::uint64_t seed = 0; ///< seed of the run
    QString version;        ///< Gantry version that ran it
    QString createdAt;      ///< UTC time of recording, ISO 8601
    int jobs = 0;           ///< per-job rows stored
    QJsonObject config;     ///< the whole RunConfig (history as a job count)
    QJsonObject summary;    ///< ResultWriter::summaryJson of the run
};

} // namespace gantry::storage
