#pragma once

#include <QObject>
#include <QString>

class QMenu;
class QWidget;

namespace gantry::ui {

/// The Help menu: Getting Started (brings the first-run guide back), Documentation (opens the
/// installed or source README) and About (version and the licences of what Gantry ships).
class HelpMenu : public QObject
{
    Q_OBJECT

public:
    /// Fills menu; dialogs open over window.
    HelpMenu(QMenu* menu, QWidget* window);

    /// The README of the documentation: installed (share/doc/gantry) or of the source tree;
    /// empty when neither is there.
    static QString documentationFile();

signals:
    /// Help > Getting Started.
    void gettingStartedRequested();
    /// The documentation could not be opened; message says where else to look.
    void documentationMissing(const QString& message);

private:
    void showAbout();

    QWidget* m_window;
};

} // namespace gantry::ui
