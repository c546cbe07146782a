#include "report/reportsensitivitysection.h"

#include "report/reportcharts.h"
#include "report/reportformat.h"
#include "report/reportlayout.h"

namespace gantry::ui {

void ReportSensitivitySection::write(const ReportContext& report)
{
    const PredictionSensitivity::Outcome& o = *report.input.sensitivity;
    report.layout.newPage(tr("Prediction sensitivity"));
    report.layout.heading(tr("Prediction sensitivity"));
    report.layout.paragraph(
        tr("How each policy's total and p99 JCT change as the job-size predictions get "
           "worse. Every policy ran with the noisy:S predictor, the true size times a "
           "log-normal error exp(S x N(0,1)), for S = 0 (exact, the oracle) to %1, with "
           "placement %2; each point is the mean over %3 seeds (runs seeded 1 to %3). "
           "Policies whose lines stay flat do not use predictions; a steep line says the "
           "policy needs a good predictor.")
            .arg(o.sigmas.empty() ? 0.0 : o.sigmas.back())
            .arg(o.placement)
            .arg(o.seeds),
        8.5);
    const ReportCharts::Slots sizes = ReportCharts::slotsFor(
        report.options.pageSize, ReportCharts::policiesOf(report.input.runs).size());
    ReportCharts::drawKey(report.layout, report.painter, o.policies);
    for (const QPicture* pic : {&report.charts.sensitivityTotal, &report.charts.sensitivityP99}) {
        const QRectF r = report.layout.block(sizes.chart.height());
        ReportCharts::draw(report.painter, *pic, QRectF(r.topLeft(), sizes.chart));
        report.layout.skip(6.0);
    }
    ReportLayout::Table t;
    t.header = {tr("policy")};
    t.widths = {1.6};
    for (const double sigma : o.sigmas) {
        t.header << tr("S = %1").arg(sigma);
        t.widths.push_back(1.6);
    }
    for (const QString& policy : o.policies) {
        QStringList row{policy};
        for (const double sigma : o.sigmas) {
            const PredictionSensitivity::Point* p = o.find(policy, sigma);
            row << (p ? QStringLiteral("%1 / %2").arg(ReportFormat::humanDuration(p->totalJctS),
                                                      ReportFormat::humanDuration(p->p99JctS))
                      : QStringLiteral("-"));
        }
        t.rows.push_back(std::move(row));
    }
    t.continued = tr("Prediction sensitivity (continued)");
    report.layout.paragraph(tr("Mean total JCT / mean p99 JCT per policy and S."), 8.0, true);
    report.layout.table(t);
}

} // namespace gantry::ui
