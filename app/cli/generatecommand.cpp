#include "generatecommand.h"
#include "clierror.h"

#include "cliargs.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "io/workloadgenerator.h"

#include <QTextStream>

namespace gantry::cli {

int GenerateCommand::run(const QStringList& args)
{
    auto a = CliArgs::parse(args,
                            {QStringLiteral("cluster"), QStringLiteral("jobs"),
                             QStringLiteral("load"), QStringLiteral("mix"), QStringLiteral("seed"),
                             QStringLiteral("o"), QStringLiteral("output")},
                            {});
    if (!a)
        return CliError::report(a.error());
    const CliArgs& v = a.value();
    if (!v.positional().isEmpty())
        return CliError::report(
            Error::invalid(QStringLiteral("generate takes no positional argument")));
    const auto clusterFile = v.value(QStringLiteral("cluster"));
    const auto output = v.value(QStringLiteral("o")) ? v.value(QStringLiteral("o"))
                                                     : v.value(QStringLiteral("output"));
    if (!clusterFile || !output)
        return CliError::report(
            Error::invalid(QStringLiteral("generate needs --cluster FILE and -o OUT")));
    WorkloadGenerator::Options o;
    bool ok = true;
    if (auto x = v.value(QStringLiteral("jobs")))
        o.jobs = x->toInt(&ok);
    if (!ok)
        return CliError::report(
            Error::invalid(QStringLiteral("--jobs: must be a positive integer")));
    if (auto x = v.value(QStringLiteral("load")))
        o.load = x->toDouble(&ok);
    if (!ok)
        return CliError::report(Error::invalid(QStringLiteral("--load: must be a number")));
    if (auto x = v.value(QStringLiteral("seed")))
        o.seed = x->toULongLong(&ok);
    if (!ok)
        return CliError::report(
            Error::invalid(QStringLiteral("--seed: must be a non-negative integer")));
    o.mix = v.value(QStringLiteral("mix")).value_or(o.mix);
    auto base = ScenarioReader::readFile(*clusterFile);
    if (!base)
        return CliError::report(base.error());
    auto s = WorkloadGenerator::generate(base.value().cluster, o);
    if (!s)
        return CliError::report(s.error());
    if (Status st = ScenarioWriter::writeFile(s.value(), *output); !st)
        return CliError::report(st.error());
    QTextStream(stderr) << "gantry-cli: wrote " << s.value().jobs.size() << " " << o.mix
                        << " jobs at load " << o.load << " to " << *output << Qt::endl;
    return ExitOk;
}

} // namespace gantry::cli
