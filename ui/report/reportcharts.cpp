#include "report/reportcharts.h"

#include "charts/chartfactory.h"
#include "charts/policycolours.h"
#include "report/reportlayout.h"

#include <QChart>
#include <QFontMetricsF>
#include <QLegend>
#include <QPageSize>
#include <QPainter>

#include <cmath>
#include <memory>

namespace gantry::ui {

namespace {

// The charts that compare policies (one colour each) share one key above them: a legend per
// chart had room for eleven of thirteen policies. Its entries in columns, rows of this height.
constexpr int kKeyColumns = 4;
constexpr double kKeyRowHeight = 15.0;

// Page and content size in device units, as ReportLayout computes them.
QSizeF contentSize(ReportBuilder::PageSize size)
{
    const QPageSize page(size == ReportBuilder::PageSize::Letter ? QPageSize::Letter
                                                                 : QPageSize::A4);
    const QSizeF inches = page.size(QPageSize::Inch);
    const double dpi = ReportBuilder::kDpi;
    return QSizeF(inches.width() * dpi - 1.2 * dpi, inches.height() * dpi - (1.65 * dpi));
}

} // namespace

double ReportCharts::keyHeight(qsizetype entries)
{
    return entries <= 0 ? 0.0 : std::ceil(double(entries) / kKeyColumns) * kKeyRowHeight + 6.0;
}

QStringList ReportCharts::policiesOf(const std::vector<RunResult>& runs)
{
    QStringList policies;
    for (const RunResult& r : runs)
        if (!policies.contains(r.summary.policy))
            policies << r.summary.policy;
    return policies;
}

// A chart of the charts page, drawn without its legend (the key names its policies).
QChart* ReportCharts::keyed(QChart* chart)
{
    chart->legend()->hide();
    return chart;
}

ReportCharts::Slots ReportCharts::slotsFor(ReportBuilder::PageSize size, qsizetype keyEntries)
{
    const QSizeF c = contentSize(size);
    const double gap = 12.0;
    Slots s;
    s.half = QSizeF(std::floor((c.width() - gap) / 2.0), 220.0);
    s.wide = QSizeF(std::floor(c.width()), 220.0);
    s.chart = QSizeF(std::floor(c.width()),
                     std::floor((c.height() - 80.0 - keyHeight(keyEntries)) / 3.0));
    return s;
}

QPicture ReportCharts::picture(QChart* chart, const QSizeF& size)
{
    std::unique_ptr<QChart> owned(chart);
    QPicture pic;
    QPainter p(&pic);
    p.setRenderHint(QPainter::Antialiasing);
    ChartFactory::render(chart, p, QRectF(QPointF(0, 0), size));
    p.end();
    return pic;
}

ReportBuilder::Charts ReportCharts::render(const ReportBuilder::Input& input,
                                           ReportBuilder::PageSize pageSize)
{
    const Slots s = slotsFor(pageSize, policiesOf(input.runs).size());
    ReportBuilder::Charts c;
    c.jctCdf = picture(keyed(ChartFactory::jctCdf(input.runs)), s.chart);
    c.utilisation =
        picture(keyed(ChartFactory::utilisationOverTime(input.runs, input.schedules)), s.chart);
    c.policyBars = picture(keyed(ChartFactory::policyBars(input.runs)), s.chart);
    c.gpusPerJob = picture(ChartFactory::gpusPerJobHistogram(input.scenario), s.half);
    c.durations = picture(ChartFactory::durationHistogram(input.scenario), s.half);
    c.arrivals = picture(ChartFactory::arrivalRate(input.scenario), s.wide);
    if (input.sensitivity) {
        c.sensitivityTotal =
            picture(keyed(ChartFactory::sensitivityTotalJct(*input.sensitivity)), s.chart);
        c.sensitivityP99 =
            picture(keyed(ChartFactory::sensitivityP99Jct(*input.sensitivity)), s.chart);
    }
    return c;
}

void ReportCharts::draw(QPainter& p, const QPicture& pic, const QRectF& target)
{
    p.save();
    p.setClipRect(target);
    p.drawPicture(target.topLeft(), pic);
    p.restore();
}

void ReportCharts::drawKey(ReportLayout& layout, QPainter& p, const QStringList& policies)
{
    const QRectF area = layout.block(keyHeight(policies.size()));
    p.save();
    p.setFont(ReportLayout::font(8.0));
    const QFontMetricsF fm(p.font(), p.device());
    const double column = area.width() / kKeyColumns;
    for (qsizetype i = 0; i < policies.size(); ++i) {
        const double x = area.left() + double(i % kKeyColumns) * column;
        const double y = area.top() + double(i / kKeyColumns) * kKeyRowHeight;
        p.setPen(Qt::NoPen);
        p.setBrush(PolicyColours::of(policies[i]));
        p.drawRect(QRectF(x, y + (kKeyRowHeight - 9.0) / 2.0, 9.0, 9.0));
        p.setPen(QColor(0x20, 0x20, 0x20));
        const QRectF label(x + 13.0, y, column - 17.0, kKeyRowHeight);
        p.drawText(label, Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(policies[i], Qt::ElideMiddle, label.width()));
    }
    p.restore();
}

} // namespace gantry::ui
