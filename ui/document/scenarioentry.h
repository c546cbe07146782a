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
    /// The content being edited.
    const Scenario& scenario() const { return *m_scenario; }
    /// The content, to change it: copied first while anyone else holds it (a run made of it),
    /// so that what they hold never changes. O(1) when nobody does, O(scenario) otherwise.
    Scenario& edit();
    /// Replaces the content.
    void setScenario(Scenario s) { m_scenario = std::make_shared<Scenario>(std::move(s)); }
    /// The content as it is, shared with whoever keeps it (the runs made of it): no copy, and
    /// edit() copies before changing it while it is shared.
    std::shared_ptr<const Scenario> shared() const { return m_scenario; }

    qint64 storedId = 0; ///< row id in the project file, 0 if not saved yet
    bool dirty = false;  ///< edited since it was loaded or saved
    /// The scenario's hashes as it was last opened or saved (computed where the file was read
    /// or written, off the window's thread), while not dirty.
    std::optional<storage::LastHashes::Hashes> hashes;
    std::vector<DocumentRun> runs;                  ///< runs made in this session
    std::vector<storage::StoredRun> storedRuns;     ///< runs recorded in the project file
    std::vector<storage::RecordedSweep> sweeps;     ///< capacity sweeps of this session, not saved
    std::vector<storage::StoredSweep> storedSweeps; ///< sweeps stored in the project file

private:
    std::shared_ptr<Scenario> m_scenario = std::make_shared<Scenario>();
};

} // namespace gantry::ui
