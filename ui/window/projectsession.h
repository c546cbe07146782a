#pragma once

#include <QObject>
#include <QString>

#include <functional>

class QWidget;

namespace gantry::ui {

class ProjectDocument;
class RecentFiles;

/// The project's file life cycle, without the window: New, Open (a project or a scenario), Save
/// and Save As, the question whether to save a modified project before it is replaced or closed,
/// the file the current scenario came from, the window title and the recent files. What it did
/// goes to status(), what failed to failed(); the document keeps what was open on a failure.
/// Opening and saving a project read and write the file on a thread of its own while the window
/// stays live (LiveWait). A test drives it without a window (not interactive: no question, no
/// file dialog).
class ProjectSession : public QObject
{
    Q_OBJECT

public:
    /// What the window is busy with, in words ("a run", "an import"); empty when it is free.
    using BusyCheck = std::function<QString()>;

    /// Works on document; questions and file dialogs open over window; opened and saved files go
    /// to recent (may be null).
    ProjectSession(ProjectDocument* document, RecentFiles* recent, QWidget* window,
                   QObject* parent = nullptr);

    /// false: no question and no file dialog (for tests); a modified project is then replaced
    /// without asking, and Save of an untitled project fails.
    void setInteractive(bool interactive) { m_interactive = interactive; }
    /// New and Open are refused while busy says the window is busy (by default never).
    void setBusyCheck(BusyCheck busy) { m_busy = std::move(busy); }

    /// Starts an empty, untitled project.
    bool newProject();
    /// Opens path as a project when it ends in .gantry, else as a scenario.
    bool openFile(const QString& path);
    /// Opens the project at path.
    bool openProject(const QString& path);
    /// Reads and validates path and replaces the project by an untitled one holding it; a
    /// failure names the file.
    bool openScenario(const QString& path);
    /// Saves to the project's file; an untitled or read-only project asks for a file
    /// (interactive) or fails.
    bool saveProject();
    /// Saves the whole project to path and makes it the project's file.
    bool saveProjectAs(const QString& path);
    /// File > Save As: asks for a file (over the window) and saves there.
    void askSaveAs();
    /// Asks whether to save a modified project before it is replaced or closed (interactive
    /// only): true to go on (saved or discarded), false when the user cancels or the save fails.
    bool maySaveChanges();

    /// True while an open or a save reads or writes the file (the window stays live; it must
    /// not close or change the project meanwhile).
    bool isBusyWithFile() const { return m_fileBusy; }

    /// File the current scenario came from (the scenario file or the project), empty if none.
    QString scenarioPath() const { return m_scenarioPath; }
    /// The window title: the project's file name (or "untitled"), the current scenario, read-only
    /// and a star while modified.
    QString windowTitle() const;

signals:
    /// The project is about to be replaced (the user agreed, or was not asked): whatever shows
    /// the old one gives way now.
    void replacing();
    /// A project or scenario was opened, or a new project started; status() came first.
    void opened();
    /// What was done, for the status bar.
    void status(const QString& message);
    /// What failed and why; the project is as it was.
    void failed(const QString& message);

private:
    // Runs work (reading or writing a file) under LiveWait with label, busy with a file meanwhile.
    void runFileWork(const QString& label, const std::function<void()>& work);
    // What the window is busy with, empty when it is free.
    QString busyWith() const;
    // Whether the project may be replaced by action ("open FILE"): refused in words while the
    // window is busy, and when the user keeps unsaved changes; emits replacing() when it may.
    bool mayReplace(const QString& action);
    void addRecent(const QString& path);

    ProjectDocument* m_document;
    RecentFiles* m_recent;
    QWidget* m_window;
    bool m_interactive = true;
    bool m_fileBusy = false;
    QString m_fileLabel; // what the busy dialog says during the file work in hand
    BusyCheck m_busy;
    QString m_scenarioPath;
};

} // namespace gantry::ui
