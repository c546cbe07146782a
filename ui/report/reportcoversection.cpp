#include "report/reportcoversection.h"

#include "report/reportformat.h"
#include "report/reportlayout.h"

#include <QDateTime>

namespace gantry::ui {

const RunResult* ReportCoverSection::winner(const ReportContext& report)
{
    const RunResult* best = nullptr;
    for (const RunResult& r : report.input.runs)
        if (!best || r.summary.avgJctS < best->summary.avgJctS)
            best = &r;
    return best;
}

QString ReportCoverSection::summaryParagraph(const ReportContext& report)
{
    const RunResult* best = winner(report);
    const RunResult& base = report.baselineRun();
    if (!best)
        return {};
    const RunSummary& w = best->summary;
    const RunSummary& b = base.summary;
    if (report.input.runs.size() == 1)
        return tr("One policy was run: %1 finished %2 jobs with an average JCT of %3 s "
                  "(%4), a p99 JCT of %5 s and a makespan of %6 s.")
            .arg(w.policy)
            .arg(w.jobs)
            .arg(ReportFormat::seconds(w.avgJctS), ReportFormat::humanDuration(w.avgJctS),
                 ReportFormat::seconds(w.p99JctS), ReportFormat::seconds(w.makespanS));
    if (best == &base) {
        // The baseline wins: say by how much it beats the next best policy.
        const RunResult* second = nullptr;
        for (const RunResult& r : report.input.runs)
            if (&r != best && (!second || r.summary.avgJctS < second->summary.avgJctS))
                second = &r;
        return tr("Of %1 policies, the baseline %2 gives the lowest average JCT, %3 s (%4). "
                  "The next best, %5, averages %6 s, %7 against the baseline. %2's p99 JCT "
                  "is %8 s and its makespan %9 s.")
            .arg(report.input.runs.size())
            .arg(w.policy, ReportFormat::seconds(w.avgJctS), ReportFormat::humanDuration(w.avgJctS),
                 second->summary.policy, ReportFormat::seconds(second->summary.avgJctS),
                 ReportFormat::percentChange(second->summary.avgJctS, w.avgJctS),
                 ReportFormat::seconds(w.p99JctS), ReportFormat::seconds(w.makespanS));
    }
    const double reduction = b.avgJctS > 0.0 ? (b.avgJctS - w.avgJctS) / b.avgJctS * 100.0 : 0.0;
    return tr("Of %1 policies, %2 gives the lowest average JCT: %3 s (%4), %5% lower than "
              "the baseline %6 (%7 s). Its p99 JCT is %8 s (%6: %9 s) and its makespan %10 s "
              "(%6: %11 s).")
        .arg(report.input.runs.size())
        .arg(w.policy, ReportFormat::seconds(w.avgJctS), ReportFormat::humanDuration(w.avgJctS),
             QString::number(reduction, 'f', 1), b.policy, ReportFormat::seconds(b.avgJctS),
             ReportFormat::seconds(w.p99JctS), ReportFormat::seconds(b.p99JctS))
        .arg(ReportFormat::seconds(w.makespanS), ReportFormat::seconds(b.makespanS));
}

void ReportCoverSection::write(const ReportContext& report)
{
    const Scenario& s = report.input.scenario;
    report.layout.skip(60.0);
    report.layout.paragraph(tr("Gantry schedule report"), 24.0, true);
    report.layout.paragraph(s.name.isEmpty() ? tr("unnamed scenario") : s.name, 16.0);
    report.layout.skip(20.0);
    const QDateTime date =
        report.options.date.isValid() ? report.options.date : QDateTime::currentDateTime();
    const RunConfig& c = report.input.runs.front().config;
    QStringList policies;
    for (const RunResult& r : report.input.runs)
        policies << r.summary.policy;
    const Contention contention = c.contention.value_or(s.options.contention);
    const double restart = c.restartOverheadS.value_or(s.options.restartOverheadS);
    report.layout.keyValues({
        {tr("Date"), date.toString(QStringLiteral("yyyy-MM-dd HH:mm"))},
        {tr("Gantry version"), QStringLiteral(GANTRY_VERSION)},
        {tr("Scenario"), tr("%1 jobs on %2 GPUs (%3 servers in %4 racks)")
                             .arg(s.jobs.size())
                             .arg(s.cluster.totalGpus())
                             .arg(s.cluster.servers.size())
                             .arg(s.cluster.racks.size())},
        {tr("Policies"), policies.join(QStringLiteral(", "))},
        {tr("Baseline"), report.baselineRun().summary.policy},
        {tr("Placement"), c.placement},
        {tr("Predictor"),
         c.predictor +
             (c.history.empty() ? QString() : tr(" (history of %1 jobs)").arg(c.history.size()))},
        {tr("Seed"), QString::number(c.seed)},
        {tr("Contention"), ReportFormat::contentionName(contention)},
        {tr("Restart overhead"), tr("%1 s").arg(restart)},
        {tr("Mapping back end"), c.mappingBackend},
    });
    report.layout.skip(10.0);
    report.layout.heading(tr("Summary"), 2);
    report.layout.paragraph(summaryParagraph(report), 10.0);
}

} // namespace gantry::ui
