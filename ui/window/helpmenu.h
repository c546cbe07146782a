#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class QMenu;
class QWidget;

namespace gantry::ui {

/// The Help menu: Getting Started (brings the first-run guide back), Documentation (the
/// installed or source README, shown inside Gantry) and About (version and the licences of what
/// Gantry ships).
class HelpMenu : public QObject
{
    Q_OBJECT

public:
    /// Fills menu; dialogs open over window.
    HelpMenu(QMenu* menu, QWidget* window);

    /// The README of the documentation: installed (share/doc/gantry) or of the source tree;
    /// empty when neither is there.
    static QString documentationFile();
    /// Where documentationFile() looks, in order.
    static QStringList documentationCandidates();

signals:
    /// Help > Getting Started.
    void gettingStartedRequested();
    /// No documentation was found; message says where Gantry looked and where else to look.
    void documentationMissing(const QString& message);

private:
    void showAbout();

    QWidget* m_window;
};

} // namespace gantry::ui
