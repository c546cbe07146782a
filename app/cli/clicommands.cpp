#include "clicommands.h"

#include "cliargs.h"
#include "io/phillyimporter.h"
#include "io/resultwriter.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "sim/runner.h"

#include <QJsonDocument>
#include <QTextStream>

#include <sys/resource.h>

namespace gantry::cli {

namespace {

QTextStream& out()
{
    static QTextStream s(stdout);
    return s;
}

QTextStream& err()
{
    static QTextStream s(stderr);
    return s;
}

int fail(const Error& e)
{
    err() << "gantry-cli: " << e.message << Qt::endl;
    return e.kind == ErrorKind::InvalidInput ? ExitInvalid : ExitInternal;
}

const QStringList kRunOptions = {QStringLiteral("policy"),     QStringLiteral("placement"),
                                 QStringLiteral("predictor"),  QStringLiteral("seed"),
                                 QStringLiteral("contention"), QStringLiteral("restart-overhead"),
                                 QStringLiteral("first-jobs")};

Result<Scenario> loadScenario(const CliArgs& a, const QString& command)
{
    if (a.positional().size() != 1)
        return Error::invalid(
            QStringLiteral("%1 needs exactly one scenario FILE (see gantry-cli --help)")
                .arg(command));
    auto s = ScenarioReader::readFile(a.positional().front());
    if (!s)
        return s;
    if (auto n = a.value(QStringLiteral("first-jobs"))) {
        // Keep the first N jobs by arrival (file order on ties): the benchmark's trace prefixes.
        bool ok = false;
        const int keep = n->toInt(&ok);
        if (!ok || keep < 0)
            return Error::invalid(QStringLiteral("--first-jobs: must be a non-negative integer"));
        Scenario sc = std::move(s).value();
        std::stable_sort(sc.jobs.begin(), sc.jobs.end(),
                         [](const Job& x, const Job& y) { return x.arrivalS < y.arrivalS; });
        if (keep < int(sc.jobs.size()))
            sc.jobs.resize(std::size_t(keep));
        return sc;
    }
    return s;
}

RunConfig cliDefaults()
{
    RunConfig c;
    c.policy = QStringLiteral("asrpt");
    c.placement = QStringLiteral("consolidate");
    c.predictor = QStringLiteral("oracle");
    return c;
}

QString fmt(double v, int prec = 1)
{
    return QString::number(v, 'f', prec);
}

void printTable(const std::vector<RunResult>& results)
{
    const QStringList head = {"policy",  "avg JCT s", "p50 JCT s", "p99 JCT s", "makespan s",
                              "sum C s", "queue s",   "util",      "preempt",   "wall s"};
    QList<QStringList> rows;
    for (const RunResult& r : results) {
        const RunSummary& s = r.summary;
        rows.append({s.policy, fmt(s.avgJctS), fmt(s.p50JctS), fmt(s.p99JctS), fmt(s.makespanS),
                     fmt(s.sumCompletionS), fmt(s.avgQueueDelayS), fmt(s.gpuUtilization, 3),
                     QString::number(s.preemptions), fmt(s.wallS, 3)});
    }
    QList<int> width;
    for (int c = 0; c < head.size(); ++c) {
        int w = int(head[c].size());
        for (const QStringList& row : rows)
            w = std::max(w, int(row[c].size()));
        width << w;
    }
    auto line = [&](const QStringList& cells) {
        QString l;
        for (int c = 0; c < cells.size(); ++c)
            l +=
                (c == 0 ? cells[c].leftJustified(width[c]) : cells[c].rightJustified(width[c] + 2));
        out() << l << '\n';
    };
    line(head);
    for (const QStringList& row : rows)
        line(row);
    out().flush();
}

QJsonObject withMemory(QJsonObject o, bool memory)
{
    if (memory) {
        rusage ru{};
        getrusage(RUSAGE_SELF, &ru);
        o.insert("peak_rss_mb", double(ru.ru_maxrss) / 1024.0);
    }
    return o;
}

} // namespace

QString CliCommands::usage()
{
    return QStringLiteral(
        "usage:\n"
        "  gantry-cli validate FILE\n"
        "  gantry-cli run FILE [--policy P] [--placement M] [--predictor X] [--seed N]\n"
        "                      [--contention none|fair] [--restart-overhead S] [--out DIR] "
        "[--json]\n"
        "  gantry-cli compare FILE --policies P1,P2,... [same options] [--json]\n"
        "  gantry-cli import --format philly INPUT --cluster FILE -o OUT [--limit N]\n"
        "  gantry-cli bench [--json] [--scenario FILE] [--repeat N]\n"
        "exit status: 0 success, 2 invalid input, 1 internal error\n");
}

int CliCommands::validate(const QStringList& args)
{
    auto a = CliArgs::parse(args, {}, {});
    if (!a)
        return fail(a.error());
    if (a.value().positional().size() != 1)
        return fail(Error::invalid(QStringLiteral("validate needs exactly one FILE")));
    auto s = ScenarioReader::readFile(a.value().positional().front());
    if (!s)
        return fail(s.error());
    const Cluster& c = s.value().cluster;
    out() << a.value().positional().front() << ": valid: " << s.value().jobs.size() << " jobs, "
          << c.totalGpus() << " GPUs on " << c.servers.size() << " servers in " << c.racks.size()
          << " racks" << Qt::endl;
    return ExitOk;
}

int CliCommands::run(const QStringList& args)
{
    auto a = CliArgs::parse(args, kRunOptions + QStringList{QStringLiteral("out")},
                            {QStringLiteral("json"), QStringLiteral("report-memory")});
    if (!a)
        return fail(a.error());
    auto config = a.value().runConfig(cliDefaults());
    if (!config)
        return fail(config.error());
    auto scenario = loadScenario(a.value(), QStringLiteral("run"));
    if (!scenario)
        return fail(scenario.error());
    auto result = Runner::run(scenario.value(), config.value());
    if (!result)
        return fail(result.error());
    if (auto dir = a.value().value(QStringLiteral("out")))
        if (Status s = ResultWriter::writeDirectory(result.value(), *dir); !s)
            return fail(s.error());
    if (a.value().flag(QStringLiteral("json"))) {
        const QJsonObject o = withMemory(ResultWriter::summaryJson(result.value()),
                                         a.value().flag(QStringLiteral("report-memory")));
        out() << QJsonDocument(o).toJson(QJsonDocument::Compact) << Qt::endl;
    } else {
        printTable({result.value()});
    }
    return ExitOk;
}

int CliCommands::compare(const QStringList& args)
{
    auto a = CliArgs::parse(args, kRunOptions + QStringList{QStringLiteral("policies")},
                            {QStringLiteral("json")});
    if (!a)
        return fail(a.error());
    const auto list = a.value().value(QStringLiteral("policies"));
    if (!list || list->trimmed().isEmpty())
        return fail(Error::invalid(QStringLiteral("compare needs --policies P1,P2,...")));
    auto base = a.value().runConfig(cliDefaults());
    if (!base)
        return fail(base.error());
    auto scenario = loadScenario(a.value(), QStringLiteral("compare"));
    if (!scenario)
        return fail(scenario.error());
    std::vector<RunResult> results;
    for (const QString& p : list->split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        RunConfig c = base.value();
        c.policy = p.trimmed();
        auto r = Runner::run(scenario.value(), c);
        if (!r)
            return fail(r.error());
        results.push_back(std::move(r).value());
    }
    if (a.value().flag(QStringLiteral("json")))
        out() << QJsonDocument(ResultWriter::comparisonJson(results)).toJson(QJsonDocument::Compact)
              << Qt::endl;
    else
        printTable(results);
    return ExitOk;
}

int CliCommands::import(const QStringList& args)
{
    auto a =
        CliArgs::parse(args,
                       {QStringLiteral("format"), QStringLiteral("cluster"), QStringLiteral("o"),
                        QStringLiteral("output"), QStringLiteral("limit")},
                       {});
    if (!a)
        return fail(a.error());
    const CliArgs& v = a.value();
    const QString format = v.value(QStringLiteral("format")).value_or(QString());
    if (format != QLatin1String("philly"))
        return fail(Error::invalid(
            format.isEmpty()
                ? QStringLiteral("import needs --format philly")
                : QStringLiteral("import format \"%1\" is not available yet (available: philly)")
                      .arg(format)));
    if (v.positional().size() != 1)
        return fail(Error::invalid(QStringLiteral("import needs exactly one INPUT file")));
    const auto output = v.value(QStringLiteral("o")) ? v.value(QStringLiteral("o"))
                                                     : v.value(QStringLiteral("output"));
    if (!output)
        return fail(Error::invalid(QStringLiteral("import needs -o OUT")));
    const auto clusterFile = v.value(QStringLiteral("cluster"));
    if (!clusterFile)
        return fail(Error::invalid(QStringLiteral(
            "import --format philly needs --cluster FILE (a scenario whose cluster is used)")));
    auto clusterScenario = ScenarioReader::readFile(*clusterFile);
    if (!clusterScenario)
        return fail(clusterScenario.error());
    PhillyImporter::Options opt;
    if (auto l = v.value(QStringLiteral("limit"))) {
        bool ok = false;
        opt.limit = l->toInt(&ok);
        if (!ok || opt.limit < 0)
            return fail(Error::invalid(QStringLiteral("--limit: must be a non-negative integer")));
    }
    auto imported =
        PhillyImporter::importFile(v.positional().front(), clusterScenario.value().cluster, opt);
    if (!imported)
        return fail(imported.error());
    for (const QString& w : imported.value().warnings)
        err() << "gantry-cli: warning: " << w << Qt::endl;
    if (Status s = ScenarioWriter::writeFile(imported.value().scenario, *output); !s)
        return fail(s.error());
    err() << "gantry-cli: wrote " << imported.value().scenario.jobs.size() << " jobs to " << *output
          << Qt::endl;
    return ExitOk;
}

int CliCommands::report(const QStringList&)
{
    return fail(
        Error::invalid(QStringLiteral("report (PDF) is not available yet; use compare --json")));
}

} // namespace gantry::cli
