#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class QMenu;

namespace gantry::ui {

/// The files opened or saved lately, newest first, kept in QSettings ("recentFiles", at most
/// MaxFiles) and listed in File > Open Recent.
class RecentFiles : public QObject
{
    Q_OBJECT

public:
    /// How many files the list keeps.
    static constexpr int MaxFiles = 8;

    /// Fills menu with the list; menu must outlive this.
    explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);

    /// The files, newest first.
    static QStringList files();
    /// Puts path (made absolute) first in the list and the menu.
    void add(const QString& path);
    /// Enables the menu when enabled and the list is not empty.
    void setEnabled(bool enabled);

signals:
    /// A file of the menu was chosen.
    void openRequested(const QString& path);

private:
    void rebuildMenu();

    QMenu* m_menu;
    bool m_enabled = true;
};

} // namespace gantry::ui
