#pragma once

#include "clusteredits.h"
#include "documentchange.h"
#include "documentrun.h"
#include "jobedits.h"
#include "jobscommand.h"
#include "problem.h"
#include "projectfile.h"
#include "runrecords.h"
#include "scenarioentry.h"
#include "selection.h"

#include "model/scenario.h"
#include "util/result.h"

#include <QObject>
#include <QString>
#include <QVariant>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QMimeData;
class QUndoStack;

namespace gantry::ui {

/// The open project (docs/architecture.md, "The desktop application"): its scenarios and which
/// one is current, the runs made and recorded, the project file and its modified state, the
/// selection the views share, and the undo stack. Every edit goes through an undo command; views
/// listen to changed() and never own data. Edits act on the current scenario.
///
/// The document is the facade of its parts: ProjectFile reads and writes the project file,
/// ClusterEdits and JobEdits compute the edits it pushes as undo commands, RunRecords decides
/// which runs and sweeps are kept for the next save, and DocumentClipboard copies and reads back
/// racks, servers and jobs.
class ProjectDocument : public QObject
{
    Q_OBJECT

public:
    /// MIME type of copied racks, servers and jobs.
    static const QString ClipMimeType;

    /// An empty, untitled project.
    explicit ProjectDocument(QObject* parent = nullptr);
    ~ProjectDocument() override;

    // --- project -------------------------------------------------------------------------
    /// Forgets everything: an empty, untitled, unmodified project.
    void clear();
    /// How far a scenario handed to resetToScenario is known to be checked already.
    enum class Checked
    {
        No,       ///< not at all: every check runs when its problems are first asked for
        ByReader, ///< ScenarioReader accepted it, so the core's rules between items hold
                  ///< (ScenarioCheck: the reader applies the same rules); only the field
                  ///< checks run, at once
    };
    /// Replaces the project by an untitled one holding scenario (read from sourcePath);
    /// it counts as modified until saved.
    void resetToScenario(Scenario scenario, Checked checked = Checked::No);
    /// The same for a scenario the reader accepted (Checked::ByReader) whose field checks
    /// (ScenarioValidator::checkFields) the caller ran already, off the window's thread.
    void resetToScenario(Scenario scenario, std::vector<Problem> fieldProblems);
    /// Opens the project file at path; on error nothing changes.
    Status openProject(const QString& path);
    /// Saves scenarios (added or replaced) and unsaved runs to the project's file in one
    /// transaction; the project must have a file.
    Result<int> save();
    /// Writes the whole project to path (atomically replacing it) and makes it the file.
    Status saveAs(const QString& path);
    /// How openProject(), save() and saveAs() run their reading and writing of the file
    /// (ProjectFile::FileRunner; by default in place). The document must not change while it
    /// runs.
    void setFileRunner(ProjectFile::FileRunner run) { m_fileRunner = std::move(run); }
    /// The project's file, empty while untitled.
    QString path() const { return m_path; }
    /// True when the project's file could only be opened read-only (no write permission):
    /// save() then fails and Save As to another file is the way to keep changes.
    bool isReadOnly() const { return m_readOnly; }
    /// True when something is not saved (edits, runs, or a project that was never saved).
    bool isModified() const;
    /// The undo stack of every edit.
    QUndoStack* undoStack() const { return m_undo; }

    // --- scenarios and runs --------------------------------------------------------------
    /// Number of scenarios.
    int scenarioCount() const { return int(m_entries.size()); }
    /// Scenario i (in range).
    const Scenario& scenario(int i) const { return m_entries.at(std::size_t(i)).scenario(); }
    /// Every scenario, in order (a copy).
    std::vector<Scenario> scenarios() const;
    /// Index of the current scenario, -1 when there is none.
    int currentIndex() const { return m_current; }
    /// Makes scenario index current (-1 for none); clears the selection. False if out of range.
    bool setCurrentIndex(int index);
    /// True when there is a current scenario.
    bool hasCurrent() const { return m_current >= 0; }
    /// The current scenario (an empty one when there is none).
    const Scenario& current() const;
    /// Runs made in this session on scenario i.
    const std::vector<DocumentRun>& runs(int i) const { return m_entries.at(std::size_t(i)).runs; }
    /// Runs recorded in the project file for scenario i.
    const std::vector<storage::StoredRun>& storedRuns(int i) const
    {
        return m_entries.at(std::size_t(i)).storedRuns;
    }
    /// The hashes of scenario i (storage::ProjectStore::hashes): those found when the file was
    /// last opened or saved while it is not edited since, else computed now (a trace-sized
    /// scenario takes a while).
    storage::LastHashes::Hashes scenarioHashes(int i) const;
    /// Scenario i as it is now, shared with the document: no copy is made (a million-job
    /// scenario takes a while to copy and a quarter of a GB to hold); the document copies it
    /// before its next change while a run still holds it. O(1).
    std::shared_ptr<const Scenario> snapshot(int i) const;
    /// Adds a finished run of scenario i (kept for the next save). A run equal to one already
    /// there (same configuration on the same scenario content) replaces the unsaved one and
    /// is not added when the project has recorded it.
    void addRun(int i, DocumentRun run);
    /// Runs not saved yet, over all scenarios.
    int unsavedRunCount() const { return RunRecords::unsavedRunCount(m_entries); }
    /// Keeps a finished capacity sweep (plan::SweepSession::sweepJson()) planned on scenario i
    /// (its base, as it was then) for the next save, which stores it with its points; the
    /// same sweep again replaces the one kept (and, once saved, the stored one).
    void addSweep(int i, const Scenario& base, const QByteArray& sweepJson);
    /// Sweeps not saved yet, over all scenarios.
    int unsavedSweepCount() const { return RunRecords::unsavedSweepCount(m_entries); }
    /// Sweeps stored in the project file for scenario i (without their sweep.json).
    const std::vector<storage::StoredSweep>& storedSweeps(int i) const
    {
        return m_entries.at(std::size_t(i)).storedSweeps;
    }
    /// Adds scenario to the project and makes it current (undoable); returns its index.
    int addScenario(const Scenario& scenario, const QString& text);

    // --- selection and problems -------------------------------------------------------------
    /// What is selected in the current scenario.
    const Selection& selection() const { return m_selection; }
    /// Replaces the selection (indices are sorted and checked); emits selectionChanged().
    void setSelection(const Selection& selection);
    /// Selects every item of kind in the current scenario.
    void selectAll(Selection::Kind kind);
    /// Validation problems of the current scenario (cached until its next change).
    const std::vector<Problem>& problems() const;
    /// Problems of one item (kind, index) of the current scenario.
    std::vector<Problem> problemsOf(Selection::Kind kind, int index) const;

    // --- edits of the current scenario (each an undo command) ----------------------------
    /// Adds a rack (a scenario first if there is none); returns its index.
    int addRack();
    /// Adds a server of gpuType (catalogue or scenario type) with gpus GPUs to rack (a new rack
    /// when rack is out of range); returns its index, -1 for an unknown type.
    int addServer(int rack, const QString& gpuType, int gpus = 8);
    /// Removes racks and their servers.
    bool removeRacks(std::vector<int> racks);
    /// Removes servers.
    bool removeServers(std::vector<int> servers);
    /// Moves servers to rack, after its last server; false when nothing would change.
    bool moveServers(std::vector<int> servers, int rack);
    /// Sets "name" or "uplink_gbps" of a rack.
    bool setRackField(int rack, const QString& field, const QVariant& value);
    /// Sets "name", "gpu_type", "gpus", "intra_GBps", "nic_gbps" or "rack" of servers.
    bool setServerField(std::vector<int> servers, const QString& field, const QVariant& value);
    /// Indices of the replicas of server (same rack and properties, names base-0, base-1...).
    std::vector<int> replicasOf(int server) const;
    /// Makes server and its replicas count servers named base-0 .. base-(count-1), skipping
    /// names other servers hold (ClusterEdits::setServerCount).
    bool setServerCount(int server, int count);
    /// Appends job (its id made unique); returns its index.
    int addJob(Job job);
    /// Removes jobs.
    bool removeJobs(std::vector<int> jobs);
    /// Sets a field of a job: "id", "arrival_s", "gpus", "duration_s", "iterations", "model",
    /// "dp", "pp", "tp", "ep", "predicted_iterations" (invalid QVariant: none), "user", "weight".
    bool setJobField(int job, const QString& field, const QVariant& value);
    /// Sets the scenario's name.
    bool setScenarioName(const QString& name);

    /// The selected racks, servers or jobs as clipboard data (nullptr when nothing is selected).
    QMimeData* copySelection() const;
    /// True when data holds something paste() takes.
    static bool canPaste(const QMimeData* data);
    /// Pastes copied items into the current scenario (servers into the selected rack); the
    /// pasted items become the selection.
    Status paste(const QMimeData* data);
    /// Removes the selected items.
    bool deleteSelection();

signals:
    /// Something in the document changed.
    void changed(const gantry::ui::DocumentChange& change);
    /// The selection changed.
    void selectionChanged();
    /// The current scenario's problems may have changed.
    void problemsChanged();
    /// isModified() may have changed.
    void modifiedChanged(bool modified);
    /// The project file changed (open, save as, new).
    void pathChanged(const QString& path);

private:
    // Which runs and sweeps are kept, with the hashes of the last run's scenario.
    RunRecords m_runRecords;
    friend class ClusterCommand;
    friend class JobsCommand;
    friend class ScenarioListCommand;
    friend class ScenarioNameCommand;

    // Called by the commands.
    void applyCluster(int scenario, const Cluster& cluster, const Selection& select);
    void applyJobSteps(int scenario, const std::vector<JobsCommand::Step>& steps, bool reverse,
                       const Selection& select);
    void insertEntry(int index, ScenarioEntry entry);
    void applyScenarioName(int scenario, const QString& name);
    ScenarioEntry takeEntry(int index);

    // Push an edit as an undo command (nothing when there is none).
    void pushCluster(std::optional<ClusterEdits::Edit> edit);
    void pushJobs(std::optional<JobEdits::Edit> edit);
    void ensureScenario();
    void contentChanged(int scenario, DocumentChange::Kind kind);
    // Scenario was edited: not saved any more, its kept hashes and shared copy dropped.
    void edited(int scenario);
    // problems, when given, are the new current scenario's (kept until its next change).
    void reset(std::vector<ScenarioEntry> entries, const QString& path, bool modified,
               std::optional<std::vector<Problem>> problems = std::nullopt);
    // An untitled project holding scenario, modified; problems as reset()'s.
    void resetTo(Scenario scenario, std::optional<std::vector<Problem>> problems);
    void setBaseModified(bool modified);
    void emitModified();
    // After a save to path: the project's file, clean and not modified.
    void savedAs(const QString& path);

    std::vector<ScenarioEntry> m_entries;
    int m_current = -1;
    QString m_path;
    bool m_readOnly = false;
    ProjectFile::FileRunner m_fileRunner;
    bool m_baseModified = false;
    bool m_lastModified = false;
    QUndoStack* m_undo = nullptr;
    Selection m_selection;
    mutable std::vector<Problem> m_problems;
    mutable bool m_problemsValid = false;
};

} // namespace gantry::ui
