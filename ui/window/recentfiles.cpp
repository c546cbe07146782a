#include "recentfiles.h"

#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace gantry::ui {

namespace {

const QString RecentFilesKey = QStringLiteral("recentFiles");

} // namespace

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), m_menu(menu)
{
    m_menu->setObjectName(QStringLiteral("recentMenu"));
    rebuildMenu();
}

QStringList RecentFiles::files()
{
    return QSettings().value(RecentFilesKey).toStringList();
}

void RecentFiles::add(const QString& path)
{
    QStringList list = files();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > MaxFiles)
        list.removeLast();
    QSettings().setValue(RecentFilesKey, list);
    rebuildMenu();
}

void RecentFiles::setEnabled(bool enabled)
{
    m_enabled = enabled;
    m_menu->setEnabled(enabled && !files().isEmpty());
}

void RecentFiles::rebuildMenu()
{
    m_menu->clear();
    const QStringList list = files();
    for (const QString& f : list)
        m_menu->addAction(QFileInfo(f).fileName(), this, [this, f] { emit openRequested(f); })
            ->setToolTip(f);
    m_menu->setEnabled(m_enabled && !list.isEmpty());
}

} // namespace gantry::ui
