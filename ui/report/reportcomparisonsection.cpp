#include "report/reportcomparisonsection.h"

#include "report/reportformat.h"
#include "report/reportlayout.h"

namespace gantry::ui {

const std::vector<ReportComparisonSection::Metric>& ReportComparisonSection::metrics()
{
    static const std::vector<Metric> m = {
        {tr("avg JCT s"), [](const RunSummary& s) { return ReportFormat::seconds(s.avgJctS); },
         [](const RunSummary& s) { return s.avgJctS; }},
        {tr("p50 JCT s"), [](const RunSummary& s) { return ReportFormat::seconds(s.p50JctS); },
         [](const RunSummary& s) { return s.p50JctS; }},
        {tr("p99 JCT s"), [](const RunSummary& s) { return ReportFormat::seconds(s.p99JctS); },
         [](const RunSummary& s) { return s.p99JctS; }},
        {tr("makespan s"), [](const RunSummary& s) { return ReportFormat::seconds(s.makespanS); },
         [](const RunSummary& s) { return s.makespanS; }},
        {tr("queue delay s"),
         [](const RunSummary& s) { return ReportFormat::seconds(s.avgQueueDelayS); },
         [](const RunSummary& s) { return s.avgQueueDelayS; }},
        {tr("GPU util."),
         [](const RunSummary& s) { return QString::number(s.gpuUtilization, 'f', 3); },
         [](const RunSummary& s) { return s.gpuUtilization; }},
        {tr("cross-server GB"),
         [](const RunSummary& s) { return QString::number(s.crossServerBytes / 1e9, 'f', 2); },
         [](const RunSummary& s) { return s.crossServerBytes; }},
        {tr("preempt."), [](const RunSummary& s) { return QString::number(s.preemptions); },
         [](const RunSummary& s) { return double(s.preemptions); }},
        {tr("idle-wait GPU s"),
         [](const RunSummary& s) { return ReportFormat::seconds(s.idleWhileWaitingGpuS); },
         [](const RunSummary& s) { return s.idleWhileWaitingGpuS; }},
        {tr("pred. MAE"),
         [](const RunSummary& s) { return QString::number(s.predictionMae, 'f', 1); },
         [](const RunSummary& s) { return s.predictionMae; }},
        {tr("pred. MAPE"),
         [](const RunSummary& s) { return QString::number(s.predictionMape, 'f', 3); },
         [](const RunSummary& s) { return s.predictionMape; }},
        {tr("pred. R2"),
         [](const RunSummary& s) { return QString::number(s.predictionR2, 'f', 3); },
         [](const RunSummary& s) { return s.predictionR2; }},
    };
    return m;
}

void ReportComparisonSection::write(const ReportContext& report)
{
    report.layout.newPage(tr("Comparison"));
    report.layout.heading(tr("Comparison"));
    const RunSummary& base = report.baselineRun().summary;
    report.layout.paragraph(
        tr("One row per policy; JCT = finish - arrival, queue delay = first start - arrival, "
           "GPU utilisation = GPU-seconds of running jobs / (GPUs x makespan). Prediction "
           "error compares the predicted with the true iterations at arrival (MAPE as a "
           "fraction). The second table gives the change against the baseline %1 in percent "
           "(negative is lower).")
            .arg(base.policy),
        8.5);
    ReportLayout::Table values;
    values.header = {tr("policy")};
    values.widths = {1.7};
    for (const Metric& m : metrics()) {
        values.header << m.header;
        // Bytes run to many digits.
        values.widths.push_back(m.header == tr("cross-server GB") ? 1.45 : 1.0);
    }
    values.fontPt = 7.0;
    ReportLayout::Table change = values;
    change.header[0] = tr("change vs %1").arg(base.policy);
    for (const RunResult& r : report.input.runs) {
        QStringList row{r.summary.policy}, delta{r.summary.policy};
        for (const Metric& m : metrics()) {
            row << m.text(r.summary);
            delta << (&r == &report.baselineRun()
                          ? tr("baseline")
                          : ReportFormat::percentChange(m.value(r.summary), m.value(base)));
        }
        values.rows.push_back(row);
        change.rows.push_back(delta);
    }
    report.layout.heading(tr("Metrics"), 2);
    report.layout.table(values);
    report.layout.heading(tr("Change against the baseline"), 2);
    report.layout.table(change);
    report.layout.paragraph(
        tr("Jobs finished per run: %1. Events processed: %2.")
            .arg([&] {
                QStringList l;
                for (const RunResult& r : report.input.runs)
                    l << QStringLiteral("%1 %2").arg(r.summary.policy).arg(r.summary.jobs);
                return l.join(QStringLiteral(", "));
            }())
            .arg([&] {
                QStringList l;
                for (const RunResult& r : report.input.runs)
                    l << QStringLiteral("%1 %2").arg(r.summary.policy).arg(r.summary.events);
                return l.join(QStringLiteral(", "));
            }()),
        8.0);
}

} // namespace gantry::ui
