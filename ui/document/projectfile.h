#pragma once

#include "scenarioentry.h"

#include "util/result.h"

#include <QCoreApplication>
#include <QString>

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
    };

    /// Reads the project at path; an error naming the file when it cannot.
    static Result<Opened> open(const QString& path);
    /// Saves the added and edited scenarios and the unsaved runs of entries to path in one
    /// transaction; returns how many runs it recorded.
    static Result<int> save(const QString& path, std::vector<ScenarioEntry>& entries);
    /// Writes every entry to path, starting from a copy of the file from (when there is one),
    /// under a temporary name renamed over path: a failure leaves path as it was.
    static Status saveAs(const QString& from, const QString& path,
                         std::vector<ScenarioEntry>& entries);

private:
    static void reloadStoredRuns(const QString& path, std::vector<ScenarioEntry>& entries);
    static void markSaved(std::vector<ScenarioEntry>& entries);
};

} // namespace gantry::ui
