#pragma once

#include "report/reportbuilder.h"

#include <QPicture>
#include <QRectF>
#include <QSizeF>
#include <QStringList>

#include <vector>

class QChart;
class QPainter;

namespace gantry::ui {

class ReportLayout;

/// The Qt Charts figures of the schedule report: the slots the pages give them, their
/// rendering into vector pictures of that size, drawing a picture into its slot and the key of
/// policy colours that the charts comparing policies share instead of a legend each.
class ReportCharts
{
public:
    /// Sizes of the chart slots on the pages (device units).
    struct Slots
    {
        QSizeF half;  ///< workload histograms, side by side
        QSizeF wide;  ///< arrivals
        QSizeF chart; ///< the charts page, three stacked
    };

    /// The slots of pages of size; keyEntries: the policies the charts page's key names (its
    /// rows come off the three charts).
    static Slots slotsFor(ReportBuilder::PageSize size, qsizetype keyEntries);
    /// Each policy of runs once, in run order.
    static QStringList policiesOf(const std::vector<RunResult>& runs);
    /// Renders every chart of input for pages of pageSize (thread of the application object).
    static ReportBuilder::Charts render(const ReportBuilder::Input& input,
                                        ReportBuilder::PageSize pageSize);
    /// Draws pic into target, clipped to it.
    static void draw(QPainter& p, const QPicture& pic, const QRectF& target);
    /// A block of layout with a square in each policy's colour and its name, in columns.
    static void drawKey(ReportLayout& layout, QPainter& p, const QStringList& policies);

private:
    static double keyHeight(qsizetype entries);
    static QChart* keyed(QChart* chart);
    static QPicture picture(QChart* chart, const QSizeF& size);
};

} // namespace gantry::ui
