#include "helptexts.h"

#include "clicommands.h"
#include "io/import/traceimporterregistry.h"
#include "io/workloadgenerator.h"
#include "mapping/placementregistry.h"
#include "policies/policyregistry.h"
#include "runoptions.h"

#include <QList>

#include <algorithm>

namespace gantry::cli {

namespace {

struct Option
{
    QString name;
    QString text;
};

struct Command
{
    QString name;
    QString summary;
    QList<Option> options;
};

QString oneOf(const QStringList& names)
{
    return QStringLiteral("one of: ") + names.join(QStringLiteral(", "));
}

// The run options of groups (RunOptions), as the help lists them.
QList<Option> runOptions(RunOptions::Groups groups)
{
    QList<Option> list;
    for (const RunOptions::Option& o : RunOptions::options(groups))
        list.append({o.shown(), o.help});
    return list;
}

Option policiesOption()
{
    return {QStringLiteral("--policies P1,P2,..."),
            QStringLiteral("scheduling policies, comma-separated (%1)")
                .arg(oneOf(PolicyRegistry::names()))};
}

QList<Command> table()
{
    const Option json{QStringLiteral("--json"), QStringLiteral("print JSON instead of text")};
    return {
        {QStringLiteral("validate"),
         QStringLiteral("Checks a scenario file: prints its jobs, GPUs, servers and racks, or "
                        "the problem found (exit 2)."),
         {}},
        {QStringLiteral("run"),
         QStringLiteral("Simulates one scheduling policy on a scenario and prints its metrics."),
         runOptions(RunOptions::Policy | RunOptions::Engine | RunOptions::Project |
                    RunOptions::FirstJobs) +
             QList<Option>{
                 {QStringLiteral("--out DIR"),
                  QStringLiteral("write jobs.csv, summary.json and trace.json into DIR")},
                 {QStringLiteral("--json"), QStringLiteral("print the metrics as one JSON object")},
                 {QStringLiteral("--report-memory"),
                  QStringLiteral("add the peak memory (peak_rss_mb) to the JSON")}}},
        {QStringLiteral("compare"),
         QStringLiteral("Simulates several policies on one scenario and prints their metrics "
                        "side by side."),
         QList<Option>{policiesOption()} +
             runOptions(RunOptions::Engine | RunOptions::Project | RunOptions::FirstJobs) +
             QList<Option>{{QStringLiteral("--format table|csv|json"),
                            QStringLiteral("output format (default table)")},
                           {QStringLiteral("--json"),
                            QStringLiteral("the same as --format json: an array of metrics")},
                           {QStringLiteral("--threads N"),
                            QStringLiteral("run the policies on N threads at once (default 1); "
                                           "the output is the same on any N")}}},
        {QStringLiteral("report"),
         QStringLiteral("Simulates several policies and writes the schedule report (PDF); "
                        "gantry-report, installed beside gantry-cli, draws it."),
         QList<Option>{
             policiesOption(),
             {QStringLiteral("-o, --output OUT.pdf"), QStringLiteral("the report to write")},
             {QStringLiteral("--baseline P"),
              QStringLiteral("the policy the others are compared with (one of "
                             "--policies)")},
             {QStringLiteral("--page a4|letter"), QStringLiteral("page size (default a4)")},
             {QStringLiteral("--sensitivity"),
              QStringLiteral("add the prediction-sensitivity section (noisy:S, S = 0 to 2)")}} +
             runOptions(RunOptions::Engine | RunOptions::Project)},
        {QStringLiteral("animate"),
         QStringLiteral("Simulates one policy and writes its playback as an animated GIF for "
                        "slides: the Gantt chart at each decision step with the step's "
                        "explanation as a caption; gantry-report, installed beside gantry-cli, "
                        "draws it."),
         runOptions(RunOptions::Policy) +
             QList<Option>{
                 {QStringLiteral("-o, --output OUT.gif"), QStringLiteral("the animation to write")},
                 {QStringLiteral("--frames N"),
                  QStringLiteral("N evenly spaced frames from 0 to the end (default: one per "
                                 "decision step; at most 1000)")},
                 {QStringLiteral("--size WxH"),
                  QStringLiteral("pixels of each frame (default 1280x720)")},
                 {QStringLiteral("--delay-ms D"),
                  QStringLiteral("milliseconds each frame shows (default 1500; the last frame "
                                 "three times as long)")},
                 {QStringLiteral("--no-captions"),
                  QStringLiteral("leave out the explanation strip under the chart")},
                 {QStringLiteral("--dark"), QStringLiteral("dark title and caption strips")}} +
             runOptions(RunOptions::Engine)},
        {QStringLiteral("project"),
         QStringLiteral("Lists a project file's scenarios, recorded runs, job history, GPU "
                        "types and stored sweeps; --add adds scenarios to it."),
         {{QStringLiteral("--add SCENARIO.json,..."),
           QStringLiteral("add these scenarios (the project is created when missing)")},
          json}},
        {QStringLiteral("map"),
         QStringLiteral("Places one job on the cluster's free GPUs and prints its GPU mapping, "
                        "beside the consolidate placement's."),
         {{QStringLiteral("--job ID"), QStringLiteral("the job to place")},
          {QStringLiteral("--placement P"), QStringLiteral("GPU placement (default graph; %1)")
                                                .arg(oneOf(PlacementRegistry::names()))},
          {QStringLiteral("--free SERVER=N,..."),
           QStringLiteral("free GPUs per server (default: every GPU is free)")},
          {QStringLiteral("--seed N"), QStringLiteral("seeds the mapping search (default 0)")},
          {QStringLiteral("--mapping-backend cpu|cuda|auto"),
           QStringLiteral("back end of the mapping search (default auto)")},
          json}},
        {QStringLiteral("generate"),
         QStringLiteral("Writes a scenario with a synthetic recurring workload on a cluster."),
         {{QStringLiteral("--cluster FILE"),
           QStringLiteral("a scenario whose cluster the jobs run on")},
          {QStringLiteral("--jobs N"), QStringLiteral("number of jobs (default 1000)")},
          {QStringLiteral("--load L"),
           QStringLiteral("offered GPU-time over the cluster's capacity (default 0.8)")},
          {QStringLiteral("--mix M"),
           QStringLiteral("job mix (default paper; %1)").arg(oneOf(WorkloadGenerator::mixes()))},
          {QStringLiteral("--seed S"), QStringLiteral("seeds the generator (default 0)")},
          {QStringLiteral("-o, --output OUT"), QStringLiteral("the scenario to write")}}},
        {QStringLiteral("import"),
         QStringLiteral("Turns a public GPU-cluster trace into a scenario and prints what it "
                        "kept and dropped."),
         {{QStringLiteral("--format F"),
           QStringLiteral("trace format (%1)").arg(oneOf(TraceImporterRegistry::formats()))},
          {QStringLiteral("--cluster FILE"),
           QStringLiteral("a scenario whose cluster the jobs run on")},
          {QStringLiteral("-o, --output OUT"), QStringLiteral("the scenario to write")},
          {QStringLiteral("--nodes NODES.csv"),
           QStringLiteral("the trace's node list, instead of --cluster (formats that have one)")},
          {QStringLiteral("--limit N"), QStringLiteral("keep at most the N earliest jobs")},
          {QStringLiteral("--since S"),
           QStringLiteral("keep jobs submitted at or after S seconds into the trace")},
          {QStringLiteral("--until S"),
           QStringLiteral("keep jobs submitted before S seconds into the trace")},
          {QStringLiteral("--vc NAME"), QStringLiteral("keep only this virtual cluster")},
          {QStringLiteral("--min-gpus N"), QStringLiteral("keep jobs with at least N GPUs")},
          {QStringLiteral("--max-gpus N"), QStringLiteral("keep jobs with at most N GPUs")},
          {QStringLiteral("--strict"),
           QStringLiteral("fail on a malformed row instead of skipping it")}}},
        {QStringLiteral("sweep"),
         QStringLiteral("Runs a capacity-planning sweep over cluster designs, load growth and "
                        "policies; prints the cheapest cluster meeting the target "
                        "(docs/planning.md)."),
         {{QStringLiteral("--threads N"), QStringLiteral("worker threads (default: every core)")},
          {QStringLiteral("--out DIR"),
           QStringLiteral("write points.csv, sweep.json and the point cache into DIR")},
          {QStringLiteral("--resume"),
           QStringLiteral("reuse the points DIR's cache holds; run only the others")},
          {QStringLiteral("--project FILE"),
           QStringLiteral("store the sweep and its points in the project FILE.gantry (created "
                          "if missing; the same sweep again replaces it)")},
          {QStringLiteral("--json"), QStringLiteral("print sweep.json")},
          {QStringLiteral("--report OUT.pdf"),
           QStringLiteral("then write the capacity-plan report (through gantry-report, from the "
                          "point cache; nothing runs again)")},
          {QStringLiteral("--page a4|letter"),
           QStringLiteral("the report's page size (default a4)")}}},
        {QStringLiteral("bench"),
         QStringLiteral("Measures the engine: scheduling speed, GPU mapping, prediction "
                        "accuracy and the paper's comparison."),
         {{QStringLiteral("--suite S"),
           QStringLiteral("one suite of the usage line, or all of them (all, the default)")},
          {QStringLiteral("--scenario FILE"),
           QStringLiteral("the scenario measured (default: the installed philly-512.json)")},
          {QStringLiteral("--repeat N"),
           QStringLiteral("runs per measurement, the median is kept (default 3)")},
          {QStringLiteral("--policies P1,P2,..."),
           QStringLiteral("policies of the scheduling, parse and robustness suites (default: "
                          "all)")},
          {QStringLiteral("--predictor X"),
           QStringLiteral("predictor of the paper suite (default rf)")},
          {QStringLiteral("--paper-jobs N"),
           QStringLiteral("jobs per scenario of the paper suite (default 600; sensitivity: "
                          "300; robustness: 600)")},
          {QStringLiteral("--sweep FILE"),
           QStringLiteral("the sweep of the sweep suite (default: the installed "
                          "two-racks-sweep.json); all does not include that suite")},
          {QStringLiteral("--heavy-sweep FILE"),
           QStringLiteral("the trace-sized sweep of the sweep suite (default: the installed "
                          "philly-sweep.json; none skips it)")},
          {QStringLiteral("--paper-seeds N"),
           QStringLiteral("generator seeds of the paper suite (default 2; sensitivity and "
                          "robustness: 3)")},
          {QStringLiteral("--clusters N"),
           QStringLiteral("generated clusters of the robustness suite, even ones tuning and odd "
                          "ones held out (default 6); all does not include that suite")},
          {QStringLiteral("--write-scenarios DIR"),
           QStringLiteral("the robustness suite also writes each generated scenario there "
                          "(made when missing), named cluster-K-MIX-LOAD-sS.json, to study one "
                          "cell with run or compare")},
          {QStringLiteral("--jobs N"),
           QStringLiteral("jobs of the scale suite (--suite scale: generate, a Helios trace and "
                          "its import, run, the window through gantry-uibench), built in a "
                          "temporary folder (default 1000000, --repeat default 1); all does not "
                          "include that suite")},
          json}},
    };
}

// The lines of usage() that show `gantry-cli name`: its first line and the indented lines
// that continue it.
QString synopsis(const QString& name)
{
    const QString start = QStringLiteral("  gantry-cli ") + name;
    QString lines;
    bool inside = false;
    for (const QString& line : CliCommands::usage().split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("  gantry-cli ")))
            inside = line == start || line.startsWith(start + QLatin1Char(' '));
        else if (!line.startsWith(QLatin1String("   ")))
            inside = false;
        if (inside)
            lines += line + QLatin1Char('\n');
    }
    return lines;
}

const QString kExitStatus =
    QStringLiteral("\nexit status: 0 success, 2 invalid input, 1 internal error\n");

// prefix, then text in lines of at most 100 columns, each further line indented like the first's
// text.
QString wrapped(const QString& prefix, const QString& text)
{
    constexpr int kWidth = 100;
    const int indent = int(prefix.size());
    QString lines = prefix;
    int column = indent;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (column > indent && column + 1 + word.size() > kWidth) {
            lines += QLatin1Char('\n') + QString(indent, QLatin1Char(' '));
            column = indent;
        } else if (column > indent) {
            lines += QLatin1Char(' ');
            ++column;
        }
        lines += word;
        column += int(word.size());
    }
    return lines + QLatin1Char('\n');
}

} // namespace

QStringList HelpTexts::commands()
{
    QStringList names;
    for (const Command& c : table())
        names << c.name;
    return names;
}

QString HelpTexts::overview()
{
    QString text = QStringLiteral("gantry-cli: the Gantry scheduling simulator on the command "
                                  "line.\n\n") +
                   CliCommands::usage() + QStringLiteral("\ncommands:\n");
    for (const Command& c : table())
        text += wrapped(QStringLiteral("  %1 ").arg(c.name, -9), c.summary);
    text += QStringLiteral("\n'gantry-cli help COMMAND' or 'gantry-cli COMMAND --help' shows a "
                           "command's options;\n'gantry-cli --version' prints the version.\n");
    return text;
}

QString HelpTexts::command(const QString& name)
{
    for (const Command& c : table()) {
        if (c.name != name)
            continue;
        QString text = wrapped(QStringLiteral("gantry-cli %1: ").arg(c.name), c.summary) +
                       QStringLiteral("\nusage:\n") + synopsis(c.name);
        if (!c.options.isEmpty()) {
            int width = 0;
            for (const Option& o : c.options)
                width = std::max(width, int(o.name.size()));
            text += QStringLiteral("\noptions:\n");
            for (const Option& o : c.options)
                text += wrapped(QStringLiteral("  %1  ").arg(o.name, -width), o.text);
        }
        return text + kExitStatus;
    }
    return {};
}

} // namespace gantry::cli
