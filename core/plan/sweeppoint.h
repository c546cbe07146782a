#pragma once

#include "model/scenario.h"
#include "run/runconfig.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <cstddef>
#include <vector>

namespace gantry::plan {

/// One combination of the axes: the derived scenario and run configuration.
struct SweepPoint
{
    std::size_t index = 0;          ///< row in points.csv
    std::vector<QJsonValue> values; ///< one value per axis, axis order
    QJsonObject scenarioJson;       ///< the scenario the point describes, as a document
    Scenario scenario;              ///< that scenario read
    RunConfig config;               ///< what it runs under
    bool feasible = true;           ///< false when the cluster cannot hold some job
    QString infeasibleReason;       ///< the first job that does not fit, when infeasible
    QString key;                    ///< cache key: hex SHA-256 of scenario and configuration
    QString scenarioHash;           ///< ResultWriter::scenarioHash of scenario
};

} // namespace gantry::plan
