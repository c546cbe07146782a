#include "report/reportchartssection.h"

#include "report/reportcharts.h"
#include "report/reportlayout.h"

namespace gantry::ui {

void ReportChartsSection::write(const ReportContext& report)
{
    report.layout.newPage(tr("Charts"));
    report.layout.heading(tr("Charts"));
    const QStringList policies = ReportCharts::policiesOf(report.input.runs);
    const ReportCharts::Slots sizes =
        ReportCharts::slotsFor(report.options.pageSize, policies.size());
    ReportCharts::drawKey(report.layout, report.painter, policies);
    for (const QPicture* pic :
         {&report.charts.jctCdf, &report.charts.utilisation, &report.charts.policyBars}) {
        const QRectF r = report.layout.block(sizes.chart.height());
        ReportCharts::draw(report.painter, *pic, QRectF(r.topLeft(), sizes.chart));
        report.layout.skip(6.0);
    }
}

} // namespace gantry::ui
