#include "projectsave.h"

#include "gputypetable.h"
#include "historytable.h"
#include "recordsahead.h"
#include "runtable.h"
#include "saveprogress.h"
#include "scenariotable.h"
#include "sweeptable.h"
#include "transaction.h"

#include <optional>

namespace gantry::storage {

// The rows a save writes, which its progress counts.
qint64 ProjectSave::rowCount(const ProjectChanges& changes, const std::vector<Runs>& runs)
{
    qint64 rows = qint64(changes.addScenarios.size() + changes.replaceScenarios.size()) + 1;
    for (const Runs& r : runs) {
        rows += 1 + (r.addHistory ? qint64(r.scenario->jobs.size()) : 0);
        for (const RunResult* x : *r.results)
            rows += qint64(x->jobs.size());
    }
    for (const RecordedSweep& sw : changes.sweeps) // every point has a "feasible" (so do gains)
        rows += 1 + qint64(sw.sweepJson.count("\"feasible\""));
    return rows;
}

Result<SaveReport> ProjectSave::apply(QSqlDatabase db, const QString& path,
                                      const ProjectChanges& changes, const std::vector<Runs>& runs,
                                      Feedback* feedback)
{
    const qint64 rows = rowCount(changes, runs);
    // The runs' job records are encoded on another thread while this one writes.
    std::vector<const std::vector<JobRecord>*> records;
    for (const Runs& r : runs)
        for (const RunResult* x : *r.results)
            records.push_back(&x->jobs);
    RecordsAhead encoded(std::move(records));
    std::size_t nextRecords = 0;
    Transaction t(db);
    if (Status s = t.begin(path); !s)
        return s.error();
    SaveProgress progress(feedback, rows);
    ScenarioTable scenarios(db, path);
    RunTable runTable(db, path);
    HistoryTable history(db, path);
    GpuTypeTable gpuTypes(db, path);
    SweepTable sweeps(db, path);
    SaveReport report;
    // The forms of the added scenarios that runs of this save belong to, kept for those runs.
    std::vector<std::optional<ScenarioForms>> addedForms(changes.addScenarios.size());
    for (const Runs& r : runs)
        if (!r.forms && r.addedIndex >= 0 && std::size_t(r.addedIndex) < addedForms.size())
            addedForms[std::size_t(r.addedIndex)].emplace();
    for (std::size_t i = 0; i < changes.addScenarios.size(); ++i) {
        const Scenario& s = *changes.addScenarios[i];
        ScenarioForms f = ScenarioForms::of(s);
        auto id = scenarios.findOrAdd(s, f, progress);
        if (!id)
            return id.error();
        report.scenarioIds.push_back(id.value());
        report.hashes.emplace_back(&s, LastHashes::Hashes{f.hash, f.contentHash});
        if (addedForms[i])
            addedForms[i] = std::move(f);
    }
    for (const auto& [id, s] : changes.replaceScenarios) {
        // History batches that refer to the row's document keep its jobs as they were.
        if (Status st = history.detach(id); !st)
            return st.error();
        const ScenarioForms f = ScenarioForms::of(*s);
        if (Status st = scenarios.replace(id, *s, f, progress); !st)
            return st.error();
        report.hashes.emplace_back(s, LastHashes::Hashes{f.hash, f.contentHash});
    }
    for (const Runs& r : runs) {
        // The scenario is serialised once for its row, its content hash and its history: runs
        // of a scenario added in this save, unchanged since they ran, take its row's forms.
        const ScenarioForms* given = r.forms;
        if (!given && r.addedIndex >= 0 && std::size_t(r.addedIndex) < addedForms.size() &&
            (r.scenario == changes.addScenarios[std::size_t(r.addedIndex)] ||
             *r.scenario == *changes.addScenarios[std::size_t(r.addedIndex)]))
            given = &*addedForms[std::size_t(r.addedIndex)];
        const ScenarioForms own = given ? ScenarioForms() : ScenarioForms::of(*r.scenario);
        const ScenarioForms& forms = given ? *given : own;
        Result<qint64> sid = r.scenarioId;
        if (r.addedIndex >= 0 && std::size_t(r.addedIndex) < report.scenarioIds.size())
            sid = report.scenarioIds[std::size_t(r.addedIndex)];
        else if (r.scenarioId == 0)
            sid = scenarios.findOrAdd(*r.scenario, forms, progress);
        if (!sid)
            return sid.error();
        const QString& hash = forms.contentHash;
        std::optional<qint64> firstRun;
        for (const RunResult* x : *r.results) {
            auto rid =
                runTable.record(sid.value(), hash, *x, encoded.take(nextRecords++), progress);
            if (!rid)
                return rid.error();
            report.runIds.push_back(rid.value());
            if (!firstRun)
                firstRun = rid.value();
        }
        if (r.addHistory) {
            auto added = history.append(*r.scenario, r.scenario->jobs, firstRun, progress, &forms,
                                        sid.value());
            if (!added)
                return added.error();
            report.historyAdded += added.value();
        }
    }
    if (changes.gpuTypes)
        if (Status st = gpuTypes.replace(*changes.gpuTypes, progress); !st)
            return st.error();
    for (const RecordedSweep& sw : changes.sweeps) {
        Result<qint64> sid = sw.scenarioId;
        if (sw.addedIndex >= 0 && std::size_t(sw.addedIndex) < report.scenarioIds.size())
            sid = report.scenarioIds[std::size_t(sw.addedIndex)];
        else if (sw.scenarioId == 0)
            sid = scenarios.findOrAdd(sw.base, ScenarioForms::of(sw.base), progress);
        if (!sid)
            return sid.error();
        auto id = sweeps.store(sid.value(), sw.sweepJson, progress);
        if (!id)
            return id.error();
        report.sweepIds.push_back(id.value());
    }
    if (feedback && feedback->cancelled())
        return Error::cancelled();
    if (Status s = t.commit(path); !s)
        return s.error();
    return report;
}

} // namespace gantry::storage
