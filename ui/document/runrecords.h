#pragma once

#include "documentrun.h"
#include "scenarioentry.h"

#include "model/scenario.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <vector>

namespace gantry::ui {

/// The runs and capacity sweeps a ProjectDocument keeps of its scenarios until the next save:
/// a run equal to one already there is not listed or recorded twice, the same sweep again
/// replaces the one kept. It keeps the hashes of the last scenario checked against the stored
/// runs, so the runs of one comparison hash it once.
class RunRecords
{
public:
    /// Adds a finished run of e (see ProjectDocument::addRun); false when the project has
    /// recorded it already and nothing changed.
    bool addRun(ScenarioEntry& e, DocumentRun run);
    /// Keeps sweepJson planned on base for e's next save (see ProjectDocument::addSweep).
    static void addSweep(ScenarioEntry& e, const Scenario& base, const QByteArray& sweepJson);
    /// Runs not saved yet, over all entries.
    static int unsavedRunCount(const std::vector<ScenarioEntry>& entries);
    /// Sweeps not saved yet, over all entries.
    static int unsavedSweepCount(const std::vector<ScenarioEntry>& entries);

private:
    // The scenario of the last run checked against the stored runs, and its hashes.
    bool m_hashValid = false;
    std::shared_ptr<const Scenario> m_hashed;
    QString m_hashedContent;
    QString m_hashedFull;
};

} // namespace gantry::ui
