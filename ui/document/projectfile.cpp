#include "projectfile.h"

#include "scenariovalidator.h"

#include "storage/projectstore.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cstdio>
#include <optional>

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
            changes.addScenarios.push_back(&e.scenario());
            added->push_back(int(i));
        } else if (e.dirty) {
            changes.replaceScenarios.emplace_back(e.storedId, &e.scenario());
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
            const Scenario* ran = r.ranOn ? r.ranOn.get() : &e.scenario();
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

Result<ProjectFile::Opened> ProjectFile::open(const QString& path, const FileRunner& run)
{
    Result<Opened> result = Opened{};
    const auto read = [&] {
        // Keeps the first error in result.
        const auto failed = [&](const auto& step) {
            if (!step)
                result = step.error();
            return !step;
        };
        auto store = storage::ProjectStore::open(path);
        if (failed(store))
            return;
        auto stored = store.value()->scenarios();
        if (failed(stored))
            return;
        auto runs = store.value()->runs();
        if (failed(runs))
            return;
        auto sweeps = store.value()->sweeps();
        if (failed(sweeps))
            return;
        Opened opened;
        for (auto& s : stored.value()) {
            ScenarioEntry e;
            e.setScenario(std::move(s.scenario));
            e.storedId = s.id;
            // The hashes the row was saved with (schema 5 on): not serialised again to find them.
            if (!s.hash.isEmpty() && !s.contentHash.isEmpty())
                e.hashes = storage::LastHashes::Hashes{s.hash, s.contentHash};
            for (const auto& r : runs.value())
                if (r.scenarioId == s.id)
                    e.storedRuns.push_back(r);
            for (const auto& w : sweeps.value())
                if (w.scenarioId == s.id)
                    e.storedSweeps.push_back(w);
            opened.entries.push_back(std::move(e));
        }
        auto hashes = hashesOf(opened.entries);
        setHashes(hashes, opened.entries);
        opened.readOnly = store.value()->readOnly();
        // The window shows the first scenario's problems at once: found here, off its thread.
        // One the reader accepted (not a draft) keeps the core's rules between items, so only
        // its fields are checked, as for a scenario file (ProjectDocument::Checked::ByReader).
        if (!opened.entries.empty()) {
            const Scenario& first = opened.entries.front().scenario();
            opened.problems = stored.value().front().problem.isEmpty()
                                  ? ScenarioValidator::checkFields(first)
                                  : ScenarioValidator::validate(first);
        }
        result = std::move(opened);
    };
    runThrough(run, read);
    return result;
}

std::vector<std::optional<storage::LastHashes::Hashes>>
ProjectFile::hashesOf(const std::vector<ScenarioEntry>& entries, const storage::SaveReport* saved)
{
    std::vector<std::optional<storage::LastHashes::Hashes>> out(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const ScenarioEntry& e = entries[i];
        if (!e.dirty && e.hashes) {
            out[i] = e.hashes; // not edited since they were found
            continue;
        }
        if (saved) // serialised for its row by the save
            for (const auto& [scenario, hashes] : saved->hashes)
                if (scenario == &e.scenario())
                    out[i] = hashes;
        if (!out[i] && (!e.storedRuns.empty() || !e.runs.empty()))
            out[i] = storage::ProjectStore::hashes(e.scenario());
    }
    return out;
}

void ProjectFile::setHashes(std::vector<std::optional<storage::LastHashes::Hashes>>& hashes,
                            std::vector<ScenarioEntry>& entries)
{
    for (std::size_t i = 0; i < entries.size() && i < hashes.size(); ++i)
        entries[i].hashes = std::move(hashes[i]);
}

struct ProjectFile::Stored
{
    std::optional<std::vector<storage::StoredRun>> runs;
    std::optional<std::vector<storage::StoredSweep>> sweeps;
};

struct ProjectFile::Written
{
    Stored stored;
    std::vector<std::optional<storage::LastHashes::Hashes>> hashes;
};

ProjectFile::Stored ProjectFile::readStored(const QString& path)
{
    Stored stored;
    auto store = storage::ProjectStore::open(path);
    if (!store)
        return stored;
    if (auto runs = store.value()->runs())
        stored.runs = std::move(runs).value();
    else
        return stored;
    if (auto sweeps = store.value()->sweeps())
        stored.sweeps = std::move(sweeps).value();
    return stored;
}

void ProjectFile::setStored(const Stored& stored, std::vector<ScenarioEntry>& entries)
{
    if (!stored.runs)
        return;
    for (ScenarioEntry& e : entries) {
        e.storedRuns.clear();
        for (const auto& r : *stored.runs)
            if (r.scenarioId == e.storedId)
                e.storedRuns.push_back(r);
        if (!stored.sweeps)
            continue;
        e.storedSweeps.clear();
        for (const auto& w : *stored.sweeps)
            if (w.scenarioId == e.storedId)
                e.storedSweeps.push_back(w);
    }
}

void ProjectFile::runThrough(const FileRunner& run, const std::function<void()>& work)
{
    if (run)
        run(work);
    else
        work();
}

ProjectFile::Written ProjectFile::readBack(const QString& path,
                                           const std::vector<ScenarioEntry>& entries,
                                           const storage::SaveReport& saved)
{
    return {readStored(path), hashesOf(entries, &saved)};
}

void ProjectFile::applySaved(const storage::SaveReport& report, const std::vector<int>& added,
                             Written& written, std::vector<ScenarioEntry>& entries)
{
    for (std::size_t k = 0; k < added.size() && k < report.scenarioIds.size(); ++k)
        entries[std::size_t(added[k])].storedId = report.scenarioIds[k];
    markSaved(entries);
    setStored(written.stored, entries);
    setHashes(written.hashes, entries);
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

Result<int> ProjectFile::save(const QString& path, std::vector<ScenarioEntry>& entries,
                              const FileRunner& run)
{
    std::vector<int> added;
    const storage::ProjectChanges changes = changesOf(entries, &added);
    Result<storage::SaveReport> saved = storage::SaveReport{};
    Written written;
    const auto write = [&] {
        {
            auto store =
                storage::ProjectStore::open(path, storage::ProjectStore::OpenMode::CreateIfMissing);
            saved =
                store ? store.value()->save(changes) : Result<storage::SaveReport>(store.error());
        }
        if (saved)
            written = readBack(path, entries, saved.value());
    };
    runThrough(run, write);
    if (!saved)
        return saved.error();
    applySaved(saved.value(), added, written, entries);
    return int(saved.value().runIds.size());
}

Status ProjectFile::saveAs(const QString& from, const QString& path,
                           std::vector<ScenarioEntry>& current, const FileRunner& run)
{
    // Written under a temporary name and renamed over path: a failure leaves path as it was.
    const QString tmp = path + QStringLiteral(".saving");
    const bool fromFile = !from.isEmpty() && QFileInfo::exists(from);
    std::vector<int> added;
    const storage::ProjectChanges changes = changesOf(current, &added, !fromFile);
    Status status;
    Result<storage::SaveReport> report = storage::SaveReport{};
    Written written;
    const auto write = [&] {
        for (const QString& f : {tmp, tmp + QStringLiteral("-wal"), tmp + QStringLiteral("-shm")})
            QFile::remove(f);
        if (fromFile) {
            auto source = storage::ProjectStore::open(from);
            status = source ? source.value()->copyTo(tmp) : Status(source.error());
        }
        if (status) {
            auto store =
                storage::ProjectStore::open(tmp, storage::ProjectStore::OpenMode::CreateIfMissing);
            if (!store) {
                status = store.error();
            } else {
                report = store.value()->save(changes);
                if (!report)
                    status = report.error();
            }
        }
        if (status) {
            QFile::remove(path + QStringLiteral("-wal"));
            QFile::remove(path + QStringLiteral("-shm"));
            if (std::rename(QFile::encodeName(tmp).constData(),
                            QFile::encodeName(path).constData()) != 0)
                status = Error::invalid(tr("%1: cannot be written").arg(path));
        }
        if (!status)
            QFile::remove(tmp);
        else
            written = readBack(path, current, report.value());
    };
    runThrough(run, write);
    if (!status)
        return Error{status.error().kind, QString(status.error().message).replace(tmp, path)};
    applySaved(report.value(), added, written, current);
    return {};
}

} // namespace gantry::ui
