#include "reportbuilder.h"

#include "pdffile.h"
#include "report/reportappendixsection.h"
#include "report/reportcharts.h"
#include "report/reportchartssection.h"
#include "report/reportclustersection.h"
#include "report/reportcomparisonsection.h"
#include "report/reportcontext.h"
#include "report/reportcoversection.h"
#include "report/reportlayout.h"
#include "report/reportnotessection.h"
#include "report/reportpolicysection.h"
#include "report/reportsensitivitysection.h"
#include "report/reportworkloadsection.h"
#include "run/batchrunner.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPdfWriter>
#include <QSet>

#include <algorithm>

namespace gantry::ui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("gantry::ui::ReportBuilder", text);
}

int baselineIndex(const ReportBuilder::Input& in, const ReportBuilder::Options& o)
{
    if (o.baseline.isEmpty())
        return 0;
    for (std::size_t i = 0; i < in.runs.size(); ++i)
        if (in.runs[i].summary.policy == o.baseline)
            return int(i);
    return -1;
}

void progress(const ReportContext& report, double f, const QString& step)
{
    if (report.feedback)
        report.feedback->progress(f, step);
}

// Writes the sections in their order, reporting progress as they go.
Status writeSections(const ReportContext& report)
{
    const ReportBuilder::Input& in = report.input;
    report.layout.begin();
    const std::vector<std::pair<double, void (*)(const ReportContext&)>> steps = {
        {0.02, &ReportCoverSection::write},    {0.05, &ReportClusterSection::write},
        {0.10, &ReportWorkloadSection::write}, {0.14, &ReportComparisonSection::write},
        {0.20, &ReportChartsSection::write},
    };
    for (const auto& [fraction, section] : steps) {
        if (report.cancelled())
            return Error::cancelled();
        section(report);
        progress(report, fraction, tr("writing the report"));
    }
    if (report.options.sensitivity && in.sensitivity)
        ReportSensitivitySection::write(report);
    const double perPolicy = 0.30 / std::max<std::size_t>(1, in.runs.size());
    for (std::size_t i = 0; i < in.runs.size(); ++i) {
        if (report.cancelled())
            return Error::cancelled();
        ReportPolicySection::write(report, i);
        progress(report, 0.20 + perPolicy * double(i + 1),
                 tr("Gantt chart of %1").arg(in.runs[i].summary.policy));
    }
    if (!ReportAppendixSection::write(report))
        return Error::cancelled();
    progress(report, 0.98, tr("method notes"));
    ReportNotesSection::write(report);
    return {};
}

} // namespace

Result<ReportBuilder::Input> ReportBuilder::run(const Scenario& scenario, const RunConfig& base,
                                                const QStringList& policies, Feedback* feedback)
{
    Input in;
    in.scenario = scenario;
    if (policies.isEmpty())
        return Error::invalid(QStringLiteral("a report needs at least one policy"));
    QSet<QString> seen;
    std::vector<RunConfig> configs;
    for (int i = 0; i < policies.size(); ++i) {
        const QString p = policies[i].trimmed();
        if (p.isEmpty())
            return Error::invalid(QStringLiteral("policy %1 of the list is empty").arg(i + 1));
        if (seen.contains(p))
            return Error::invalid(QStringLiteral("policy \"%1\" is listed twice").arg(p));
        seen.insert(p);
        RunConfig c = base;
        c.policy = p;
        configs.push_back(std::move(c));
    }
    // Every policy in one batch on all cores; the progress names the policy running.
    BatchRunner::Options options;
    options.threads = BatchRunner::hardwareThreads();
    options.schedules = true;
    auto batch = BatchRunner::run(BatchRunner::items(in.scenario, configs), options, feedback);
    if (!batch)
        return batch.error();
    in.runs.reserve(batch.value().size());
    in.schedules.reserve(batch.value().size());
    for (BatchRun& r : batch.value()) {
        in.runs.push_back(std::move(r.result));
        in.schedules.push_back(std::move(*r.schedule));
    }
    return in;
}

Result<std::vector<Schedule>> ReportBuilder::schedules(const Scenario& scenario,
                                                       const std::vector<RunResult>& runs,
                                                       Feedback* feedback)
{
    std::vector<RunConfig> configs;
    configs.reserve(runs.size());
    for (const RunResult& r : runs)
        configs.push_back(r.config);
    BatchRunner::Options options;
    options.threads = BatchRunner::hardwareThreads();
    options.schedules = true;
    auto batch = BatchRunner::run(BatchRunner::items(scenario, configs), options, feedback);
    if (!batch)
        return batch.error();
    std::vector<Schedule> out;
    out.reserve(batch.value().size());
    for (BatchRun& r : batch.value())
        out.push_back(std::move(*r.schedule));
    return out;
}

Status ReportBuilder::check(const Input& input, const Options& options)
{
    if (input.runs.empty())
        return Error::invalid(QStringLiteral("a report needs at least one run"));
    if (input.schedules.size() != input.runs.size())
        return Error::invalid(QStringLiteral("a report needs one schedule per run (%1 runs, %2 "
                                             "schedules)")
                                  .arg(input.runs.size())
                                  .arg(input.schedules.size()));
    if (options.sensitivity && !input.sensitivity)
        return Error::invalid(
            QStringLiteral("the prediction sensitivity section needs its figures (none given)"));
    if (baselineIndex(input, options) < 0) {
        QStringList names;
        for (const RunResult& r : input.runs)
            names << r.summary.policy;
        return Error::invalid(QStringLiteral("baseline \"%1\" is not one of the policies (%2)")
                                  .arg(options.baseline, names.join(QStringLiteral(", "))));
    }
    return {};
}

ReportBuilder::Charts ReportBuilder::charts(const Input& input, PageSize pageSize)
{
    return ReportCharts::render(input, pageSize);
}

PredictionSensitivity::Request ReportBuilder::sensitivityRequest(const Input& input)
{
    PredictionSensitivity::Request r;
    r.scenarios = {input.scenario};
    r.policies.clear();
    for (const RunResult& run : input.runs)
        r.policies << run.summary.policy;
    r.sigmas = PredictionSensitivity::defaultSigmas();
    r.seeds.clear();
    for (int s = 1; s <= kSensitivitySeeds; ++s)
        r.seeds.push_back(std::uint64_t(s));
    if (!input.runs.empty())
        r.placement = input.runs.front().config.placement;
    return r;
}

Result<int> ReportBuilder::write(const Input& input, const Charts& charts, const Options& options,
                                 const QString& path, Feedback* feedback)
{
    if (Status s = check(input, options); !s)
        return s.error();
    return PdfFile::write(
        path, options.pageSize,
        QStringLiteral("Gantry schedule report: %1").arg(input.scenario.name), feedback,
        [&](QPdfWriter& pdf, QPainter& painter) -> Result<int> {
            ReportLayout layout(pdf, painter,
                                tr("Gantry schedule report \u2014 %1")
                                    .arg(input.scenario.name.isEmpty() ? tr("unnamed scenario")
                                                                       : input.scenario.name));
            const ReportContext report{
                input, charts, options, painter, layout, feedback, baselineIndex(input, options)};
            if (const Status s = writeSections(report); !s)
                return s.error();
            return layout.pages();
        });
}

Result<int> ReportBuilder::build(const Input& input, const Options& options, const QString& path,
                                 Feedback* feedback)
{
    if (Status s = check(input, options); !s)
        return s.error();
    return write(input, charts(input, options.pageSize), options, path, feedback);
}

QString ReportBuilder::pageSizeName(PageSize size)
{
    return size == PageSize::Letter ? QStringLiteral("Letter") : QStringLiteral("A4");
}

Result<ReportBuilder::PageSize> ReportBuilder::pageSizeFromName(const QString& name)
{
    if (name.compare(QLatin1String("a4"), Qt::CaseInsensitive) == 0)
        return PageSize::A4;
    if (name.compare(QLatin1String("letter"), Qt::CaseInsensitive) == 0)
        return PageSize::Letter;
    return Error::invalid(QStringLiteral("page size must be a4 or letter, got \"%1\"").arg(name));
}

} // namespace gantry::ui
