#include "projectfile.h"

#include "storage/projectstore.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cstdio>

namespace gantry::ui {

namespace {

// What saving entries writes; added gets the indices of the entries added as new rows. For a
// new file (newFile) every entry is added: the ids of another file mean nothing in it.
storage::ProjectChanges changesOf(const std::vector<ScenarioEntry>& entries,
                                  std::vector<int>* added, bool newFile = false)
{
    const auto storedId = [&](const ScenarioEntry& e) { return newFile ? 0 : e.storedId; };
    storage::ProjectChanges changes;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const ScenarioEntry& e = entries[i];
        if (storedId(e) == 0) {
            changes.addScenarios.push_back(&e.scenario);
            added->push_back(int(i));
        } else if (e.dirty) {
            changes.replaceScenarios.emplace_back(e.storedId, &e.scenario);
        }
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const ScenarioEntry& e = entries[i];
        const Scenario* last = nullptr;
        // The runs belong to this entry's row, whatever version of it they ran.
        const auto addedAt = std::find(added->begin(), added->end(), int(i));
        for (const DocumentRun& r : e.runs) {
            if (r.saved)
                continue;
            const Scenario* ran = r.ranOn ? r.ranOn.get() : &e.scenario;
            if (changes.runs.empty() || last != ran) {
                storage::RecordedRuns runs{ran, {}, true};
                runs.results.reserve(e.runs.size()); // no result copied again as it grows
                runs.scenarioId = storedId(e);
                if (addedAt != added->end())
                    runs.addedIndex = int(addedAt - added->begin());
                changes.runs.push_back(std::move(runs));
            }
            last = ran;
            changes.runs.back().results.push_back(r.result.get());
        }
        // Sweeps belong to this entry's row too, whatever version of it they planned for.
        for (storage::RecordedSweep sweep : e.sweeps) {
            sweep.scenarioId = storedId(e);
            if (addedAt != added->end())
                sweep.addedIndex = int(addedAt - added->begin());
            changes.sweeps.push_back(std::move(sweep));
        }
    }
    return changes;
}

} // namespace

Result<ProjectFile::Opened> ProjectFile::open(const QString& path)
{
    auto store = storage::ProjectStore::open(path);
    if (!store)
        return store.error();
    auto stored = store.value()->scenarios();
    if (!stored)
        return stored.error();
    auto runs = store.value()->runs();
    if (!runs)
        return runs.error();
    auto sweeps = store.value()->sweeps();
    if (!sweeps)
        return sweeps.error();
    Opened opened;
    for (const auto& s : stored.value()) {
        ScenarioEntry e;
        e.scenario = s.scenario;
        e.storedId = s.id;
        for (const auto& r : runs.value())
            if (r.scenarioId == s.id)
                e.storedRuns.push_back(r);
        for (const auto& w : sweeps.value())
            if (w.scenarioId == s.id)
                e.storedSweeps.push_back(w);
        opened.entries.push_back(std::move(e));
    }
    opened.readOnly = store.value()->readOnly();
    return opened;
}

void ProjectFile::reloadStoredRuns(const QString& path, std::vector<ScenarioEntry>& entries)
{
    auto store = storage::ProjectStore::open(path);
    if (!store)
        return;
    auto runs = store.value()->runs();
    if (!runs)
        return;
    auto sweeps = store.value()->sweeps();
    for (ScenarioEntry& e : entries) {
        e.storedRuns.clear();
        for (const auto& r : runs.value())
            if (r.scenarioId == e.storedId)
                e.storedRuns.push_back(r);
        if (!sweeps)
            continue;
        e.storedSweeps.clear();
        for (const auto& w : sweeps.value())
            if (w.scenarioId == e.storedId)
                e.storedSweeps.push_back(w);
    }
}

void ProjectFile::markSaved(std::vector<ScenarioEntry>& entries)
{
    for (ScenarioEntry& e : entries) {
        e.dirty = false;
        for (DocumentRun& r : e.runs)
            r.saved = true;
        e.sweeps.clear();
    }
}

Result<int> ProjectFile::save(const QString& path, std::vector<ScenarioEntry>& entries)
{
    auto store =
        storage::ProjectStore::open(path, storage::ProjectStore::OpenMode::CreateIfMissing);
    if (!store)
        return store.error();
    std::vector<int> added;
    const storage::ProjectChanges changes = changesOf(entries, &added);
    auto saved = store.value()->save(changes);
    if (!saved)
        return saved.error();
    for (std::size_t k = 0; k < added.size() && k < saved.value().scenarioIds.size(); ++k)
        entries[std::size_t(added[k])].storedId = saved.value().scenarioIds[k];
    markSaved(entries);
    store.value().reset();
    reloadStoredRuns(path, entries);
    return int(saved.value().runIds.size());
}

Status ProjectFile::saveAs(const QString& from, const QString& path,
                           std::vector<ScenarioEntry>& current)
{
    // Written under a temporary name and renamed over path: a failure leaves path as it was.
    const QString tmp = path + QStringLiteral(".saving");
    for (const QString& f : {tmp, tmp + QStringLiteral("-wal"), tmp + QStringLiteral("-shm")})
        QFile::remove(f);
    Status status;
    const bool fromFile = !from.isEmpty() && QFileInfo::exists(from);
    if (fromFile) {
        auto source = storage::ProjectStore::open(from);
        status = source ? source.value()->copyTo(tmp) : Status(source.error());
    }
    std::vector<int> added;
    Result<storage::SaveReport> report = storage::SaveReport{};
    if (status) {
        auto store =
            storage::ProjectStore::open(tmp, storage::ProjectStore::OpenMode::CreateIfMissing);
        if (!store) {
            status = store.error();
        } else {
            report = store.value()->save(changesOf(current, &added, !fromFile));
            if (!report)
                status = report.error();
        }
    }
    if (status) {
        QFile::remove(path + QStringLiteral("-wal"));
        QFile::remove(path + QStringLiteral("-shm"));
        if (std::rename(QFile::encodeName(tmp).constData(), QFile::encodeName(path).constData()) !=
            0)
            status = Error::invalid(tr("%1: cannot be written").arg(path));
    }
    if (!status) {
        QFile::remove(tmp);
        return Error{status.error().kind, QString(status.error().message).replace(tmp, path)};
    }
    for (std::size_t k = 0; k < added.size() && k < report.value().scenarioIds.size(); ++k)
        current[std::size_t(added[k])].storedId = report.value().scenarioIds[k];
    markSaved(current);
    reloadStoredRuns(path, current);
    return {};
}

} // namespace gantry::ui
