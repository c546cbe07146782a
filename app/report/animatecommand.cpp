#include "animatecommand.h"

#include "capacityplancommand.h"
#include "cliargs.h"
#include "clierror.h"
#include "export/playbackanimation.h"
#include "io/scenarioreader.h"
#include "run/productdefaults.h"
#include "run/runner.h"
#include "runoptions.h"
#include "sim/schedulerecorder.h"

#include <QRegularExpression>
#include <QTextStream>

namespace gantry::report {

using cli::CliArgs;
using cli::CliError;
using cli::RunOptions;
using ui::PlaybackAnimation;

namespace {

Result<int> integer(const CliArgs& a, const QString& name, int fallback)
{
    const auto v = a.value(name);
    if (!v)
        return fallback;
    bool ok = false;
    const int n = v->toInt(&ok);
    if (!ok)
        return Error::invalid(QStringLiteral("--%1: \"%2\" is not a whole number").arg(name, *v));
    return n;
}

} // namespace

QString AnimateCommand::usage()
{
    const QString synopsis = RunOptions::usageLines(
        QStringLiteral("       gantry-report --animate FILE"),
        QStringList{QStringLiteral("--policy P"), QStringLiteral("-o OUT.gif"),
                    QStringLiteral("[--frames N]"), QStringLiteral("[--size WxH]"),
                    QStringLiteral("[--delay-ms D]"), QStringLiteral("[--no-captions]"),
                    QStringLiteral("[--dark]")} +
            RunOptions::synopsis(RunOptions::Engine),
        21);
    const QString text = QStringLiteral(
        "--animate writes the run's playback as an animated GIF: one frame per decision step\n"
        "(or N evenly spaced), each with the step's explanation as a caption\n");
    return synopsis + text;
}

int AnimateCommand::run(const QStringList& all)
{
    QStringList args = all;
    args.removeAll(QStringLiteral("--animate"));
    auto parsed = CliArgs::parse(args,
                                 QStringList{QStringLiteral("o"), QStringLiteral("output"),
                                             QStringLiteral("frames"), QStringLiteral("size"),
                                             QStringLiteral("delay-ms")} +
                                     RunOptions::names(RunOptions::Policy | RunOptions::Engine),
                                 {QStringLiteral("no-captions"), QStringLiteral("dark")});
    if (!parsed)
        return CliError::report(parsed.error());
    const CliArgs& a = parsed.value();
    if (a.positional().size() != 1)
        return CliError::report(
            Error::invalid(QStringLiteral("animate needs exactly one scenario FILE")));
    const auto output = a.value(QStringLiteral("o")) ? a.value(QStringLiteral("o"))
                                                     : a.value(QStringLiteral("output"));
    if (!output || output->isEmpty())
        return CliError::report(Error::invalid(QStringLiteral("animate needs -o OUT.gif")));
    if (const Status s = CapacityPlanCommand::checkOutput(*output); !s)
        return CliError::report(s.error());

    PlaybackAnimation::Options options;
    if (const auto size = a.value(QStringLiteral("size"))) {
        static const QRegularExpression wxh(QStringLiteral("^(\\d{1,5})[xX](\\d{1,5})$"));
        const auto m = wxh.match(size->trimmed());
        if (!m.hasMatch())
            return CliError::report(Error::invalid(
                QStringLiteral("--size: \"%1\" is not WIDTHxHEIGHT (e.g. 1280x720)").arg(*size)));
        options.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
    }
    const auto frames = integer(a, QStringLiteral("frames"), options.frames);
    if (!frames)
        return CliError::report(frames.error());
    options.frames = frames.value();
    const auto delay = integer(a, QStringLiteral("delay-ms"), options.delayMs);
    if (!delay)
        return CliError::report(delay.error());
    options.delayMs = delay.value();
    options.captions = !a.flag(QStringLiteral("no-captions"));
    options.dark = a.flag(QStringLiteral("dark"));
    if (const Status s = PlaybackAnimation::check(options); !s) {
        // Name the option as the user typed it.
        const QString m = s.error().message;
        const QString option = m.startsWith(QLatin1String("size")) ? QStringLiteral("--size")
                               : m.startsWith(QLatin1String("frames"))
                                   ? QStringLiteral("--frames")
                                   : QStringLiteral("--delay-ms");
        return CliError::report(Error::invalid(option + QStringLiteral(": ") + m));
    }

    auto config = RunOptions::config(a, ProductDefaults::runConfig());
    if (!config)
        return CliError::report(config.error());
    auto scenario = ScenarioReader::readFile(a.positional().front());
    if (!scenario)
        return CliError::report(scenario.error());
    ScheduleRecorder recorder(scenario.value(), ScheduleRecorder::Notes::Record);
    auto result = Runner::run(scenario.value(), config.value(), nullptr, {&recorder});
    if (!result)
        return CliError::report(result.error());
    const Schedule schedule = recorder.take();
    const PlaybackAnimation animation(scenario.value(), schedule, result.value(), options);
    if (const Status s = animation.write(*output); !s)
        return CliError::report(s.error());
    QTextStream(stderr) << "gantry-report: wrote " << *output << " (" << animation.frameCount()
                        << " frames, " << options.size.width() << "x" << options.size.height()
                        << ")" << Qt::endl;
    return cli::ExitOk;
}

} // namespace gantry::report
