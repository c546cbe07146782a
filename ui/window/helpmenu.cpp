#include "helpmenu.h"

#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QUrl>

namespace gantry::ui {

HelpMenu::HelpMenu(QMenu* menu, QWidget* window) : QObject(window), m_window(window)
{
    menu->addAction(tr("&Getting Started"), this, &HelpMenu::gettingStartedRequested)
        ->setObjectName(QStringLiteral("gettingStartedAction"));
    menu->addAction(tr("&Documentation"), this,
                    [this] {
                        const QString readme = documentationFile();
                        if (readme.isEmpty() ||
                            !QDesktopServices::openUrl(QUrl::fromLocalFile(readme)))
                            emit documentationMissing(
                                tr("The documentation is not installed with this Gantry: see "
                                   "the README and docs/ of its sources."));
                    })
        ->setObjectName(QStringLiteral("documentationAction"));
    menu->addSeparator();
    menu->addAction(tr("&About Gantry"), this, &HelpMenu::showAbout)
        ->setObjectName(QStringLiteral("aboutAction"));
}

QString HelpMenu::documentationFile()
{
    // Installed beside the program (share/doc/gantry), else the source tree it was built from.
    const QDir bin(QCoreApplication::applicationDirPath());
    for (const QString& candidate : {bin.filePath(QStringLiteral("../share/doc/gantry/README.md")),
                                     QStringLiteral(GANTRY_SOURCE_README)})
        if (QFileInfo::exists(candidate))
            return QFileInfo(candidate).canonicalFilePath();
    return {};
}

void HelpMenu::showAbout()
{
    QMessageBox::about(m_window, tr("About Gantry"),
                       tr("<b>Gantry %1</b><p>A planner for GPU clusters that train deep-learning "
                          "models: draw a cluster and its jobs, run A-SRPT and its competitors, "
                          "and compare them by eye.</p>"
                          "<p>Documentation: Help &gt; Documentation (%2); "
                          "<tt>gantry-cli --help</tt> for the command line.</p>"
                          "<p>Gantry ships parts under their own licences: Qt %3 (LGPL 3), "
                          "xgboost (Apache 2.0), SQLite (public domain), and the Microsoft "
                          "Philly trace in its sample data (CC BY 4.0; Jeon et al., USENIX ATC "
                          "2019).</p>")
                           .arg(QCoreApplication::applicationVersion(),
                                documentationFile().isEmpty()
                                    ? tr("the README and docs/ of the sources")
                                    : documentationFile().toHtmlEscaped(),
                                QString::fromLatin1(qVersion())));
}

} // namespace gantry::ui
