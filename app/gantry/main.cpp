// gantry [FILE]: the desktop application. Opens FILE (a scenario, *.json) when given.

#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QStringList>
#include <QTimer>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Gantry"));
    QApplication::setApplicationVersion(QStringLiteral(GANTRY_VERSION));
    QApplication::setOrganizationName(QStringLiteral("Gantry"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "GPU-cluster scheduling planner."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QApplication::translate("main", "Scenario to open (*.json)."),
                                 QStringLiteral("[FILE]"));
    parser.process(app);

    gantry::ui::MainWindow window;
    window.show();
    const QStringList files = parser.positionalArguments();
    if (!files.isEmpty()) {
        // Once the event loop runs, so that an error box appears over the shown window.
        const QString file = files.first();
        QTimer::singleShot(0, &window, [&window, file] { window.openScenario(file); });
    }
    return QApplication::exec();
}
