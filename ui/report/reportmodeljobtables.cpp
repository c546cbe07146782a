#include "report/reportmodeljobtables.h"

#include "document/iterationbreakdown.h"
#include "report/reportlayout.h"

namespace gantry::ui {

void ReportModelJobTables::write(const ReportContext& report)
{
    const Scenario& s = report.input.scenario;
    std::vector<std::pair<const Job*, IterationBreakdown>> jobs;
    for (const Job& j : s.jobs)
        if (auto b = IterationBreakdown::of(s.cluster, j))
            jobs.emplace_back(&j, std::move(*b));
    if (jobs.empty())
        return;
    report.layout.skip(8.0);
    report.layout.heading(tr("Model jobs: time per iteration"), 2);
    report.layout.paragraph(
        tr("Each model job alone on GPUs of each type of the cluster, its groups laid out on "
           "that type's largest server as a consolidating placement would: seconds per "
           "iteration and their parts (compute: forward, backward and optimizer; recompute: "
           "forward work done again; bubble: pipeline fill and drain; data, tensor, "
           "pipeline, context and expert: communication of each kind that compute does not "
           "hide). Memory is per GPU (weights + gradients + optimizer + activations) against "
           "the type's memory; \"no\" marks a type the job does not fit."),
        8.0);
    ReportLayout::Table t;
    t.header = {tr("job"), tr("GPU type"), tr("iteration s")};
    t.widths = {2.4, 1.1, 0.85};
    for (int i = 0; i < IterationBreakdown::kParts; ++i) {
        // "recompute" is wider than its column's numbers: abbreviated.
        t.header << (i == 1 ? tr("recomp.") : IterationBreakdown::partName(i));
        t.widths.push_back(0.85);
    }
    t.header << tr("mem. GB") << tr("GPU GB") << tr("fits");
    t.widths.insert(t.widths.end(), {0.8, 0.65, 0.5});
    t.fontPt = 6.0; // fourteen columns
    t.continued = tr("Model jobs: time per iteration (continued)");
    for (const auto& [job, b] : jobs)
        for (const IterationBreakdown::OnType& on : b.types()) {
            QStringList row{job->id, on.name, IterationBreakdown::number(on.time.iterationS)};
            for (int i = 0; i < IterationBreakdown::kParts; ++i)
                row << IterationBreakdown::number(IterationBreakdown::part(on.time, i));
            row << QString::number(b.memoryGb(), 'f', 1) << QString::number(on.memoryGb, 'g', 4)
                << (on.fits ? tr("yes") : tr("no"));
            t.rows.push_back(std::move(row));
        }
    report.layout.table(t);
    ReportLayout::Table memory;
    memory.header = {tr("job"), tr("model")};
    memory.widths = {2.4, 1.6};
    for (int i = 0; i < IterationBreakdown::kMemoryParts; ++i) {
        memory.header << tr("%1 GB").arg(IterationBreakdown::memoryPartName(i));
        memory.widths.push_back(1.0);
    }
    memory.header << tr("per GPU GB") << tr("does not fit");
    memory.widths.insert(memory.widths.end(), {1.0, 2.0});
    memory.fontPt = 6.5;
    memory.continued = tr("Model jobs: memory per GPU (continued)");
    for (const auto& [job, b] : jobs) {
        QStringList row{job->id, job->model};
        for (int i = 0; i < IterationBreakdown::kMemoryParts; ++i)
            row << QString::number(IterationBreakdown::memoryPart(b.cost(), i), 'f', 2);
        row << QString::number(b.memoryGb(), 'f', 2);
        QStringList no;
        for (const IterationBreakdown::OnType& on : b.types())
            if (!on.fits)
                no << QStringLiteral("%1 (%2 GB)").arg(on.name).arg(on.memoryGb, 0, 'g', 4);
        row << (no.isEmpty() ? QStringLiteral("-") : no.join(QStringLiteral(", ")));
        memory.rows.push_back(std::move(row));
    }
    report.layout.heading(tr("Model jobs: memory per GPU"), 2);
    report.layout.table(memory);
}

} // namespace gantry::ui
