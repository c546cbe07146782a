#pragma once

#include <QObject>
#include <QString>

class QAction;
class QMenu;
class QWidget;

namespace gantry::ui {

class RecentFiles;

/// The File menu: New Project, Open, Open Recent, Save, Save As, Import Trace, Export Report,
/// Export Image, Export Animation and Quit. It says what the user asked for, and the window does it
/// (with the file dialogs below).
class FileMenu : public QObject
{
    Q_OBJECT

public:
    /// Fills menu; dialogs open over window, which Quit closes.
    FileMenu(QMenu* menu, QWidget* window);

    /// True when path names a project (*.gantry) rather than a scenario.
    static bool isProjectFile(const QString& path);
    /// Asks for a project or scenario to open, starting in the folder of near; empty when the
    /// user cancels.
    static QString askOpenPath(QWidget* parent, const QString& near);
    /// Asks for the file to save the project as (.gantry added when missing), starting at
    /// current; empty when the user cancels.
    static QString askSaveAsPath(QWidget* parent, const QString& current);

    /// Enables what can be done: idle (no run or import of the user's in progress) and
    /// hasRuns (a comparison to export).
    void setStates(bool idle, bool hasRuns);
    /// The recent files of Open Recent.
    RecentFiles* recentFiles() const { return m_recent; }
    /// File > New Project (also on the toolbar).
    QAction* newAction() const { return m_new; }
    /// File > Open (also on the toolbar).
    QAction* openAction() const { return m_open; }
    /// File > Save (also on the toolbar).
    QAction* saveAction() const { return m_save; }

signals:
    /// New Project.
    void newRequested();
    /// Open.
    void openRequested();
    /// Open Recent: the file chosen.
    void openRecentRequested(const QString& path);
    /// Save.
    void saveRequested();
    /// Save As.
    void saveAsRequested();
    /// Import Trace.
    void importRequested();
    /// Export Report.
    void exportReportRequested();
    /// Export Image.
    void exportImageRequested();
    /// Export Animation.
    void exportAnimationRequested();

private:
    RecentFiles* m_recent = nullptr;
    QAction* m_new = nullptr;
    QAction* m_open = nullptr;
    QAction* m_save = nullptr;
    QAction* m_saveAs = nullptr;
    QAction* m_import = nullptr;
    QAction* m_exportReport = nullptr;
    QAction* m_exportImage = nullptr;
    QAction* m_exportAnimation = nullptr;
};

} // namespace gantry::ui
