// gantry [FILE]: the desktop application. Opens FILE (a project, *.gantry, or a scenario, *.json)
// when given.

#include "mainwindow.h"

#include <QApplication>
#include <QByteArray>
#include <QCommandLineParser>
#include <QStringList>
#include <QTimer>

namespace {

void describeApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("Gantry"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GANTRY_VERSION));
    QCoreApplication::setOrganizationName(QStringLiteral("Gantry"));
}

void addOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "GPU-cluster scheduling planner."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("file"),
        QCoreApplication::translate("main", "Project (*.gantry) or scenario (*.json) to open."),
        QStringLiteral("[FILE]"));
}

bool wantsInformationOnly(int argc, char* argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "-h" || arg == "--help" || arg == "--help-all" || arg == "-?" || arg == "-v" ||
            arg == "--version")
            return true;
    }
    return false;
}

} // namespace

int main(int argc, char* argv[])
{
    // --help and --version must work without a display, so they are answered before a
    // QApplication tries to connect to one. process() prints and exits.
    if (wantsInformationOnly(argc, argv)) {
        QCoreApplication core(argc, argv);
        describeApplication();
        QCommandLineParser parser;
        addOptions(parser);
        parser.process(core);
    }

    QApplication app(argc, argv);
    describeApplication();
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app);

    gantry::ui::MainWindow window;
    window.show();
    const QStringList files = parser.positionalArguments();
    if (!files.isEmpty()) {
        // Once the event loop runs, so that an error box appears over the shown window.
        const QString file = files.first();
        QTimer::singleShot(0, &window, [&window, file] { window.openFile(file); });
    }
    return QApplication::exec();
}
