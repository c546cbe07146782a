#include "helpmenu.h"

#include "documentationdialog.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>

namespace gantry::ui {

HelpMenu::HelpMenu(QMenu* menu, QWidget* window) : QObject(window), m_window(window)
{
    menu->addAction(tr("&Getting Started"), this, &HelpMenu::gettingStartedRequested)
        ->setObjectName(QStringLiteral("gettingStartedAction"));
    menu->addAction(tr("&Documentation"), this,
                    [this] {
                        const QString readme = documentationFile();
                        if (readme.isEmpty()) {
                            emit documentationMissing(
                                tr("No documentation found: Gantry looked for %1. Read the "
                                   "README and docs/ of its sources.")
                                    .arg(documentationCandidates().join(tr(" and "))));
                            return;
                        }
                        // Shown inside Gantry: no other program is needed.
                        auto* dialog = new DocumentationDialog(readme, m_window);
                        dialog->setAttribute(Qt::WA_DeleteOnClose);
                        dialog->show();
                    })
        ->setObjectName(QStringLiteral("documentationAction"));
    menu->addSeparator();
    menu->addAction(tr("&About Gantry"), this, &HelpMenu::showAbout)
        ->setObjectName(QStringLiteral("aboutAction"));
}

QString HelpMenu::documentationFile()
{
    // Installed beside the program (share/doc/gantry), else the source tree it was built from.
    for (const QString& candidate : documentationCandidates())
        if (QFileInfo::exists(candidate))
            return QFileInfo(candidate).canonicalFilePath();
    return {};
}

QStringList HelpMenu::documentationCandidates()
{
    const QDir bin(QCoreApplication::applicationDirPath());
    return {QDir::cleanPath(bin.filePath(QStringLiteral("../share/doc/gantry/README.md"))),
            QStringLiteral(GANTRY_SOURCE_README)};
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
