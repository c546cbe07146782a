#pragma once

#include "model/scenario.h"

#include <QString>

namespace gantry::storage {

/// A scenario as a project holds it.
struct StoredScenario
{
    qint64 id = 0; ///< row id, stable for the life of the project
    QString name;  ///< the scenario's name
    QString hash;  ///< SHA-256 of its canonical JSON (ProjectStore::scenarioHash)
    /// ProjectStore::contentHash as saved (schema 5 on), empty for rows of older files.
    QString contentHash;
    Scenario scenario; ///< the scenario itself
    QString problem;   ///< why it is only a draft (saved with problems), empty when valid
};

} // namespace gantry::storage
