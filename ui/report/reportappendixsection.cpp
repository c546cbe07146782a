#include "report/reportappendixsection.h"

#include "report/reportformat.h"
#include "report/reportlayout.h"

namespace gantry::ui {

bool ReportAppendixSection::write(const ReportContext& report)
{
    report.layout.newPage(tr("Appendix: jobs"));
    report.layout.heading(tr("Appendix: per-job results"));
    const std::size_t policies = report.input.runs.size();
    const bool withQueue = policies <= 4;
    report.layout.paragraph(
        tr("One row per job in scenario order: arrival, GPUs, size (duration s or "
           "iterations), then for each policy the JCT%1 in seconds.")
            .arg(withQueue ? tr(" and the queue delay") : QString()),
        8.5);
    ReportLayout::Table t;
    t.header = {tr("job id"), tr("arrival s"), tr("GPUs"), tr("size")};
    t.widths = {2.0, 1.2, 0.7, 1.1};
    for (const RunResult& r : report.input.runs) {
        t.header << tr("%1 JCT s").arg(r.summary.policy);
        t.widths.push_back(1.2);
        if (withQueue) {
            t.header << tr("%1 queue s").arg(r.summary.policy);
            t.widths.push_back(1.2);
        }
    }
    t.fontPt = 6.5;
    t.continued = tr("Appendix: per-job results (continued)");
    const Scenario& s = report.input.scenario;
    t.rows.reserve(s.jobs.size());
    for (std::size_t j = 0; j < s.jobs.size(); ++j) {
        QStringList row{s.jobs[j].id, ReportFormat::seconds(s.jobs[j].arrivalS),
                        QString::number(s.jobs[j].gpuCount()),
                        QString::number(s.jobs[j].trueIterations(), 'g', 6)};
        for (const RunResult& r : report.input.runs) {
            const bool has = j < r.jobs.size();
            row << (has ? ReportFormat::seconds(r.jobs[j].jctS) : QStringLiteral("-"));
            if (withQueue)
                row << (has ? ReportFormat::seconds(r.jobs[j].queueDelayS) : QStringLiteral("-"));
        }
        t.rows.push_back(std::move(row));
    }
    if (report.cancelled())
        return false;
    return report.layout.table(t, report.feedback, 0.5, 0.97);
}

} // namespace gantry::ui
