#pragma once

#include "problem.h"
#include "scenarioentry.h"

#include "util/result.h"

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace gantry::ui {

/// The project file behind ProjectDocument (a storage::ProjectStore): reading its scenarios and
/// recorded runs, saving what changed in one transaction, and writing the whole project to a
/// new file. It updates the entries it saves (their ids, saved runs and recorded runs); the
/// document does the rest (undo stack, signals).
class ProjectFile
{
    Q_DECLARE_TR_FUNCTIONS(ProjectFile)

public:
    /// What open() read.
    struct Opened
    {
        std::vector<ScenarioEntry> entries; ///< the scenarios with their recorded runs
        bool readOnly = false;              ///< the file could only be opened read-only
        /// The problems of the first entry's scenario (ScenarioValidator::validate), found
        /// where the file was read; empty without entries.
        std::vector<Problem> problems;
    };

    /// Runs the part of an open or a save that reads or writes the file (work, a function of no
    /// argument that reads the entries and writes no member of them) and returns once it has
    /// returned. The window runs it on a thread of its own and stays live meanwhile (LiveWait);
    /// empty: called in place.
    using FileRunner = std::function<void(const std::function<void()>& work)>;

    /// Reads the project at path through run; an error naming the file when it cannot.
    static Result<Opened> open(const QString& path, const FileRunner& run = {});
    /// Saves the added and edited scenarios and the unsaved runs of entries to path in one
    /// transaction; returns how many runs it recorded. The file is written through run.
    static Result<int> save(const QString& path, std::vector<ScenarioEntry>& entries,
                            const FileRunner& run = {});
    /// Writes every entry to path, starting from a copy of the file from (when there is one),
    /// under a temporary name renamed over path: a failure leaves path as it was. The file is
    /// written through run.
    static Status saveAs(const QString& from, const QString& path,
                         std::vector<ScenarioEntry>& entries, const FileRunner& run = {});

private:
    struct Stored;
    // What a save reads back from the file it wrote: its recorded runs and sweeps, and the
    // entries' hashes.
    struct Written;
    // Calls work through run, or in place when run is empty.
    static void runThrough(const FileRunner& run, const std::function<void()>& work);
    // The recorded runs and sweeps of the project at path and the hashes of entries after the
    // save that reported saved (touches no entry).
    static Written readBack(const QString& path, const std::vector<ScenarioEntry>& entries,
                            const storage::SaveReport& saved);
    // After a save that reported report: the added entries' row ids, saved runs and sweeps
    // marked, what written holds given to the entries.
    static void applySaved(const storage::SaveReport& report, const std::vector<int>& added,
                           Written& written, std::vector<ScenarioEntry>& entries);
    // Reads the recorded runs and sweeps of the project at path (touches no entry).
    static Stored readStored(const QString& path);
    // Gives each entry the recorded runs and sweeps of its row.
    static void setStored(const Stored& stored, std::vector<ScenarioEntry>& entries);
    // The hashes of each entry's scenario that has or will have recorded runs (for the others
    // none: nothing compares with them): kept ones while unedited, those a save just found
    // (saved, may be null), else found now.
    static std::vector<std::optional<storage::LastHashes::Hashes>>
    hashesOf(const std::vector<ScenarioEntry>& entries, const storage::SaveReport* saved = nullptr);
    // Gives each entry its hashes (of hashesOf, same order).
    static void setHashes(std::vector<std::optional<storage::LastHashes::Hashes>>& hashes,
                          std::vector<ScenarioEntry>& entries);
    static void markSaved(std::vector<ScenarioEntry>& entries);
};

} // namespace gantry::ui
