#include "filemenu.h"

#include "recentfiles.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QMenu>
#include <QWidget>

namespace gantry::ui {

FileMenu::FileMenu(QMenu* menu, QWidget* window) : QObject(window)
{
    m_new = menu->addAction(tr("&New Project"), this, &FileMenu::newRequested);
    m_new->setShortcut(QKeySequence::New);
    m_new->setObjectName(QStringLiteral("newAction"));
    m_open = menu->addAction(tr("&Open..."), this, &FileMenu::openRequested);
    m_open->setShortcut(QKeySequence::Open);
    m_open->setObjectName(QStringLiteral("openAction"));
    m_recent = new RecentFiles(menu->addMenu(tr("Open &Recent")), this);
    connect(m_recent, &RecentFiles::openRequested, this, &FileMenu::openRecentRequested);
    m_save = menu->addAction(tr("&Save"), this, &FileMenu::saveRequested);
    m_save->setShortcut(QKeySequence::Save);
    m_save->setObjectName(QStringLiteral("saveAction"));
    m_saveAs = menu->addAction(tr("Save &As..."), this, &FileMenu::saveAsRequested);
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    m_saveAs->setObjectName(QStringLiteral("saveAsAction"));
    menu->addSeparator();
    m_import = menu->addAction(tr("&Import Trace..."), this, &FileMenu::importRequested);
    m_import->setObjectName(QStringLiteral("importAction"));
    m_exportReport =
        menu->addAction(tr("&Export Report..."), this, &FileMenu::exportReportRequested);
    m_exportReport->setObjectName(QStringLiteral("exportReportAction"));
    m_exportImage = menu->addAction(tr("Export I&mage..."), this, &FileMenu::exportImageRequested);
    m_exportImage->setObjectName(QStringLiteral("exportImageAction"));
    m_exportAnimation =
        menu->addAction(tr("Export Anima&tion..."), this, &FileMenu::exportAnimationRequested);
    m_exportAnimation->setObjectName(QStringLiteral("exportAnimationAction"));
    menu->addSeparator();
    QAction* quit = menu->addAction(tr("&Quit"), window, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

bool FileMenu::isProjectFile(const QString& path)
{
    return path.endsWith(QLatin1String(".gantry"), Qt::CaseInsensitive);
}

QString FileMenu::askOpenPath(QWidget* parent, const QString& near)
{
    const QString dir = near.isEmpty() ? QString() : QFileInfo(near).path();
    return QFileDialog::getOpenFileName(
        parent, tr("Open project or scenario"), dir,
        tr("Projects and scenarios (*.gantry *.json);;Projects (*.gantry);;Scenarios (*.json);;"
           "All files (*)"));
}

QString FileMenu::askSaveAsPath(QWidget* parent, const QString& current)
{
    QString path = QFileDialog::getSaveFileName(parent, tr("Save project as"), current,
                                                tr("Projects (*.gantry)"));
    if (!path.isEmpty() && !isProjectFile(path))
        path += QStringLiteral(".gantry");
    return path;
}

void FileMenu::setStates(bool idle, bool hasRuns)
{
    m_open->setEnabled(idle);
    m_new->setEnabled(idle);
    m_recent->setEnabled(idle);
    m_save->setEnabled(idle);
    m_saveAs->setEnabled(idle);
    m_import->setEnabled(idle);
    m_exportReport->setEnabled(idle && hasRuns);
    m_exportImage->setEnabled(idle && hasRuns);
    m_exportAnimation->setEnabled(idle && hasRuns);
}

} // namespace gantry::ui
