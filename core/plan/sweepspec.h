#pragma once

#include "model/scenario.h"
#include "plan/costparams.h"
#include "plan/sweepaxis.h"
#include "plan/sweeptarget.h"
#include "run/runconfig.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace gantry::plan {

/// A validated sweep file (docs/planning.md): the base scenario, the axes, the run settings
/// the axes do not vary, the cost parameters and the target.
struct SweepSpec
{
    QString file;                 ///< path of the sweep file as given (messages)
    QString name;                 ///< display name
    QString base;                 ///< the base scenario's path as written in the file
    QJsonObject baseJson;         ///< the base scenario's document (points are derived from it)
    Scenario baseScenario;        ///< the base scenario, read strictly
    std::vector<SweepAxis> axes;  ///< in file order; the first is the slowest in point order
    RunConfig run;                ///< the run settings (product defaults plus "run")
    CostParams cost;              ///< the cost parameters
    SweepTarget target;           ///< what a cluster must achieve
    QJsonObject config;           ///< the sweep as read, canonical (base replaced by its hash)
    QString hash;                 ///< hex SHA-256 of config's compact JSON
};

} // namespace gantry::plan
