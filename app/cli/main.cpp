// gantry-cli: the Gantry engine on the command line (README.md, "The command line"). No GUI
// module is linked.
#include "benchcommand.h"
#include "cliargs.h"
#include "clicommands.h"
#include "generatecommand.h"
#include "helptexts.h"
#include "importcommand.h"
#include "projectcommand.h"
#include "sweepcommand.h"

#include <QCoreApplication>
#include <QTextStream>

using namespace gantry::cli;

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gantry-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GANTRY_VERSION));
    QStringList args = QCoreApplication::arguments().mid(1);
    QTextStream err(stderr), out(stdout);
    if (args.isEmpty()) {
        err << CliCommands::usage();
        return ExitInvalid;
    }
    const QString command = args.takeFirst();
    if (command == QLatin1String("--help") || command == QLatin1String("-h") ||
        (command == QLatin1String("help") && args.isEmpty())) {
        out << HelpTexts::overview();
        return ExitOk;
    }
    if (command == QLatin1String("--version")) {
        out << "gantry-cli " << GANTRY_VERSION << Qt::endl;
        return ExitOk;
    }
    // help COMMAND and COMMAND --help (or -h) print the command's help instead of running it.
    const QString asked = command == QLatin1String("help") ? args.front() : command;
    if (command == QLatin1String("help") || CliArgs::asksForHelp(args)) {
        const QString help = HelpTexts::command(asked);
        if (help.isEmpty()) {
            err << "gantry-cli: unknown command \"" << asked << "\"\n" << CliCommands::usage();
            return ExitInvalid;
        }
        out << help;
        return ExitOk;
    }
    if (command == QLatin1String("validate"))
        return CliCommands::validate(args);
    if (command == QLatin1String("run"))
        return CliCommands::run(args);
    if (command == QLatin1String("compare"))
        return CliCommands::compare(args);
    if (command == QLatin1String("import"))
        return ImportCommand::run(args);
    if (command == QLatin1String("generate"))
        return GenerateCommand::run(args);
    if (command == QLatin1String("map"))
        return CliCommands::map(args);
    if (command == QLatin1String("report"))
        return CliCommands::report(args);
    if (command == QLatin1String("animate"))
        return CliCommands::animate(args);
    if (command == QLatin1String("project"))
        return ProjectCommand::run(args);
    if (command == QLatin1String("sweep"))
        return SweepCommand::run(args);
    if (command == QLatin1String("bench"))
        return BenchCommand::run(args);
    err << "gantry-cli: unknown command \"" << command << "\"\n" << CliCommands::usage();
    return ExitInvalid;
}
