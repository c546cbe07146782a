// gantry-report: runs policies on a scenario and writes the schedule report (docs/report.md)
// without a display; with --capacity-plan, writes the capacity-plan report of a sweep
// (docs/planning.md); with --animate, the playback of a run as an animated GIF (docs/teaching.md).
// gantry-cli report starts this program with the same arguments, gantry-cli sweep --report with
// --capacity-plan, gantry-cli animate with --animate.
#include "animatecommand.h"
#include "capacityplancommand.h"
#include "cliargs.h"
#include "clierror.h"
#include "io/scenarioreader.h"
#include "projectcommand.h"
#include "projectrecording.h"
#include "report/reportbuilder.h"
#include "run/productdefaults.h"
#include "runoptions.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QTextStream>
#include <QThread>

using namespace gantry;
using namespace gantry::cli;
using gantry::ui::ReportBuilder;

namespace {

QTextStream& err()
{
    static QTextStream s(stderr);
    return s;
}

QString usage()
{
    const QString synopsis = RunOptions::usageLines(
        QStringLiteral("usage: gantry-report FILE"),
        QStringList{QStringLiteral("--policies P1,P2,..."), QStringLiteral("-o OUT.pdf"),
                    QStringLiteral("[--baseline P]"), QStringLiteral("[--page a4|letter]")} +
            RunOptions::synopsis(RunOptions::Engine | RunOptions::Project) +
            QStringList{QStringLiteral("[--sensitivity]")},
        21);
    const QString text =
        QStringLiteral(
            "--sensitivity adds the prediction-sensitivity section: total and p99 JCT of each\n"
            "policy with the noisy:S predictor for S = 0, 0.25, 0.5, 1 and 2, mean of seeds 1 "
            "to 3\n"
            "(15 more runs per policy)\n"
            "%1"
            "%2"
            "exit status: 0 success, 2 invalid input, 1 internal error\n")
            .arg(gantry::report::CapacityPlanCommand::usage(),
                 gantry::report::AnimateCommand::usage());
    return synopsis + text;
}

int run(const QStringList& args)
{
    // --policy is known so that it is refused with a pointer to --policies.
    auto parsed = CliArgs::parse(
        args,
        QStringList{QStringLiteral("policies"), QStringLiteral("o"), QStringLiteral("output"),
                    QStringLiteral("baseline"), QStringLiteral("page")} +
            RunOptions::names(RunOptions::Policy | RunOptions::Engine | RunOptions::Project),
        {QStringLiteral("sensitivity")});
    if (!parsed)
        return CliError::report(parsed.error());
    const CliArgs& a = parsed.value();
    if (a.value(QStringLiteral("policy")))
        return CliError::report(
            Error::invalid(QStringLiteral("report takes --policies P1,P2,..., not --policy")));
    if (a.positional().size() != 1)
        return CliError::report(
            Error::invalid(QStringLiteral("report needs exactly one scenario FILE")));
    const auto list = a.value(QStringLiteral("policies"));
    if (!list || list->trimmed().isEmpty())
        return CliError::report(
            Error::invalid(QStringLiteral("report needs --policies P1,P2,...")));
    const QStringList policies = list->split(QLatin1Char(','), Qt::SkipEmptyParts);
    const auto output = a.value(QStringLiteral("o")) ? a.value(QStringLiteral("o"))
                                                     : a.value(QStringLiteral("output"));
    if (!output || output->isEmpty())
        return CliError::report(Error::invalid(QStringLiteral("report needs -o OUT.pdf")));
    if (!QFileInfo(*output).absoluteDir().exists())
        return CliError::report(Error::invalid(
            QStringLiteral("%1: cannot write: the directory does not exist").arg(*output)));

    ReportBuilder::Options options;
    if (auto page = a.value(QStringLiteral("page"))) {
        auto size = ReportBuilder::pageSizeFromName(*page);
        if (!size)
            return CliError::report(
                Error::invalid(QStringLiteral("--page: ") + size.error().message));
        options.pageSize = size.value();
    }
    if (auto b = a.value(QStringLiteral("baseline"))) {
        options.baseline = b->trimmed();
        bool known = false;
        for (const QString& p : policies)
            known = known || p.trimmed() == options.baseline;
        if (!known)
            return CliError::report(
                Error::invalid(QStringLiteral("--baseline: \"%1\" is not one of --policies (%2)")
                                   .arg(options.baseline, *list)));
    }

    auto config = RunOptions::config(a, ProductDefaults::runConfig());
    if (!config)
        return CliError::report(config.error());
    auto scenario = ScenarioReader::readFile(a.positional().front());
    if (!scenario)
        return CliError::report(scenario.error());
    if (Status s = ProjectCommand::applyHistory(a, config.value()); !s)
        return CliError::report(s.error());
    auto started = ProjectRecording::fromOptions(a, scenario.value());
    if (!started)
        return CliError::report(started.error());
    const std::unique_ptr<ProjectRecording> recording = std::move(started).value();

    auto input = ReportBuilder::run(scenario.value(), config.value(), policies);
    if (!input)
        return CliError::report(input.error());
    if (recording)
        if (Status s = recording->record(input.value().runs); !s)
            return CliError::report(s.error());
    if (a.flag(QStringLiteral("sensitivity"))) {
        options.sensitivity = true;
        auto figures = PredictionSensitivity::run(ReportBuilder::sensitivityRequest(input.value()),
                                                  QThread::idealThreadCount());
        if (!figures)
            return CliError::report(figures.error());
        input.value().sensitivity = std::move(figures).value();
    }
    auto pages = ReportBuilder::build(input.value(), options, *output);
    if (!pages)
        return CliError::report(pages.error());
    err() << "gantry-report: wrote " << *output << " (" << pages.value() << " pages, "
          << ReportBuilder::pageSizeName(options.pageSize) << ")" << Qt::endl;
    return ExitOk;
}

// The offscreen platform warns about a missing runtime directory, which a report never needs;
// everything else goes to stderr as usual.
void messages(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (message.startsWith(QLatin1String("QStandardPaths: ")))
        return;
    err() << qFormatLogMessage(type, context, message) << Qt::endl;
}

} // namespace

int main(int argc, char** argv)
{
    // The report needs no display; the offscreen platform works everywhere.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    qInstallMessageHandler(messages);
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gantry-report"));
    gantry::cli::CliError::setProgram(QStringLiteral("gantry-report"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GANTRY_VERSION));
    const QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty()) {
        err() << usage();
        return ExitInvalid;
    }
    if (args.front() == QLatin1String("--help") || args.front() == QLatin1String("-h")) {
        QTextStream(stdout) << usage();
        return ExitOk;
    }
    if (args.front() == QLatin1String("--version")) {
        QTextStream(stdout) << "gantry-report " << GANTRY_VERSION << Qt::endl;
        return ExitOk;
    }
    // The capacity-plan report, wherever --capacity-plan stands; the animation likewise.
    for (const QString& a : args)
        if (a == QLatin1String("--capacity-plan") ||
            a.startsWith(QLatin1String("--capacity-plan=")))
            return gantry::report::CapacityPlanCommand::run(args);
    if (args.contains(QLatin1String("--animate")))
        return gantry::report::AnimateCommand::run(args);
    return run(args);
}
