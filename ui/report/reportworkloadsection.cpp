#include "report/reportworkloadsection.h"

#include "report/reportcharts.h"
#include "report/reportformat.h"
#include "report/reportlayout.h"
#include "report/reportmodeljobtables.h"

#include <QMap>

#include <algorithm>

namespace gantry::ui {

void ReportWorkloadSection::write(const ReportContext& report)
{
    const Scenario& s = report.input.scenario;
    report.layout.newPage(tr("Workload"));
    report.layout.heading(tr("Workload"));
    int duration = 0, model = 0, graph = 0;
    long long gpus = 0;
    double first = 0.0, last = 0.0;
    QMap<QString, std::pair<int, long long>> models;
    for (std::size_t i = 0; i < s.jobs.size(); ++i) {
        const Job& j = s.jobs[i];
        gpus += j.gpuCount();
        first = i == 0 ? j.arrivalS : std::min(first, j.arrivalS);
        last = i == 0 ? j.arrivalS : std::max(last, j.arrivalS);
        switch (j.kind) {
        case JobKind::Duration:
            ++duration;
            break;
        case JobKind::Model:
            ++model;
            ++models[j.model].first;
            models[j.model].second += j.gpuCount();
            break;
        case JobKind::Graph:
            ++graph;
            break;
        }
    }
    report.layout.keyValues({
        {tr("Jobs"), tr("%1 (%2 duration, %3 model, %4 graph jobs)")
                         .arg(s.jobs.size())
                         .arg(duration)
                         .arg(model)
                         .arg(graph)},
        {tr("GPUs requested"),
         tr("%1 in all, %2 per job on average")
             .arg(gpus)
             .arg(s.jobs.empty() ? 0.0 : double(gpus) / double(s.jobs.size()), 0, 'f', 2)},
        {tr("Arrivals"), tr("from %1 s to %2 s (%3)")
                             .arg(ReportFormat::seconds(first), ReportFormat::seconds(last),
                                  ReportFormat::humanDuration(last - first))},
    });
    const ReportCharts::Slots sizes = ReportCharts::slotsFor(report.options.pageSize, 0);
    const QRectF row = report.layout.block(sizes.half.height());
    ReportCharts::draw(report.painter, report.charts.gpusPerJob, QRectF(row.topLeft(), sizes.half));
    ReportCharts::draw(report.painter, report.charts.durations,
                       QRectF(QPointF(row.right() - sizes.half.width(), row.top()), sizes.half));
    report.layout.skip(8.0);
    ReportCharts::draw(report.painter, report.charts.arrivals,
                       QRectF(report.layout.block(sizes.wide.height()).topLeft(), sizes.wide));
    report.layout.skip(8.0);
    report.layout.heading(tr("Models used"), 2);
    if (models.isEmpty()) {
        report.layout.paragraph(tr("No job names a model: every job is a duration or graph job."));
        return;
    }
    ReportLayout::Table t;
    t.header = {tr("model"), tr("jobs"), tr("GPUs in all")};
    t.widths = {3, 1, 1};
    t.continued = tr("Models used (continued)");
    for (auto it = models.cbegin(); it != models.cend(); ++it)
        t.rows.push_back(
            {it.key(), QString::number(it.value().first), QString::number(it.value().second)});
    report.layout.table(t);
    ReportModelJobTables::write(report);
}

} // namespace gantry::ui
