#pragma once

#include "lasthashes.h"
#include "model/gputype.h"
#include "model/scenario.h"
#include "run/runresult.h"

#include <QByteArray>

#include <optional>
#include <utility>
#include <vector>

namespace gantry::storage {

/// Runs of one scenario to record in a save. Like every part of ProjectChanges it borrows what
/// it records (a save copies neither a scenario nor a run's results, which a million-job
/// scenario would make the larger part of the save): the scenario and results must outlive
/// the save.
struct RecordedRuns
{
    const Scenario* scenario = nullptr;    ///< what ran (its content hash marks the runs)
    std::vector<const RunResult*> results; ///< one per run, each with its configuration
    bool addHistory = true;                ///< append the scenario's finished jobs to the history
    /// The scenario row the runs belong to, when the project has one for them (a run of an
    /// earlier version of a scenario belongs to that scenario, not to a new row). 0: the row
    /// of an identical stored scenario, added when there is none.
    qint64 scenarioId = 0;
    /// Or, when >= 0, the row of addScenarios[addedIndex] of the same save.
    int addedIndex = -1;
};

/// A finished sweep to store in a save: its sweep.json and the base scenario it ran on.
struct RecordedSweep
{
    Scenario base;         ///< the sweep's base scenario (stored as a scenario row, or found)
    QByteArray sweepJson;  ///< plan::SweepSession::sweepJson() of the finished sweep
    qint64 scenarioId = 0; ///< the base's row when known; 0: an identical row, added if none
    int addedIndex = -1;   ///< when >= 0: the row of addScenarios[addedIndex] of the same save
};

/// Everything one save writes; ProjectStore::save applies it in one transaction. The scenarios
/// and results it points to are borrowed: they must outlive the save.
struct ProjectChanges
{
    std::vector<const Scenario*> addScenarios; ///< added unless identical stored
    std::vector<std::pair<qint64, const Scenario*>> replaceScenarios; ///< row id, new content
    std::vector<RecordedRuns> runs;                                   ///< runs to record
    std::optional<std::vector<GpuType>> gpuTypes; ///< replaces the overrides when set
    std::vector<RecordedSweep> sweeps; ///< sweeps to store (the same sweep again replaces it)
};

/// What a save did.
struct SaveReport
{
    std::vector<qint64> scenarioIds; ///< ids of addScenarios, in order (existing ones reused)
    std::vector<qint64> runIds;      ///< ids of the recorded runs, in order
    int historyAdded = 0;            ///< history jobs added (identical ones are kept once)
    std::vector<qint64> sweepIds;    ///< ids of the stored sweeps, in order
    /// The hashes of each scenario added or replaced, by its pointer in the changes (what
    /// ProjectStore::hashes gives, found while it was serialised for its row).
    std::vector<std::pair<const Scenario*, LastHashes::Hashes>> hashes;
};

} // namespace gantry::storage
