#pragma once

#include "documentrun.h"
#include "model/scenario.h"
#include "storage/lasthashes.h"
#include "storage/projectchanges.h"
#include "storage/storedrun.h"
#include "storage/storedsweep.h"

#include <QtGlobal>

#include <memory>
#include <optional>
#include <vector>

namespace gantry::ui {

/// A scenario of the project with what the document knows about it besides its content.
struct ScenarioEntry
{
    Scenario scenario;   ///< the content being edited
    qint64 storedId = 0; ///< row id in the project file, 0 if not saved yet
    bool dirty = false;  ///< edited since it was loaded or saved
    /// The scenario's hashes as it was last opened or saved (computed where the file was read
    /// or written, off the window's thread), while not dirty.
    std::optional<storage::LastHashes::Hashes> hashes;
    /// A copy of the scenario as it is, shared by the runs made of it (ProjectDocument::
    /// snapshot makes it when first asked); dropped at every change of the scenario.
    mutable std::shared_ptr<const Scenario> snapshot;
    std::vector<DocumentRun> runs;                  ///< runs made in this session
    std::vector<storage::StoredRun> storedRuns;     ///< runs recorded in the project file
    std::vector<storage::RecordedSweep> sweeps;     ///< capacity sweeps of this session, not saved
    std::vector<storage::StoredSweep> storedSweeps; ///< sweeps stored in the project file
};

} // namespace gantry::ui
