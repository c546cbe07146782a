#pragma once

#include "report/reportcontext.h"

#include <QColor>
#include <QCoreApplication>
#include <QPointF>

namespace gantry::ui {

/// The drawing of the cluster in the schedule report: racks as rows of server boxes, each
/// server a grid of GPU cells coloured by GPU type, with a key of the types. Its cells are the
/// largest that fit what is left of the page, else it takes a page of its own.
class ReportClusterFigure
{
    Q_DECLARE_TR_FUNCTIONS(gantry::ui::ReportBuilder)

public:
    /// Draws the figure at the layout's position.
    static void draw(const ReportContext& report);

private:
    static QColor typeColour(int t);
    // Racks as rows of server boxes, each server a grid of GPU cells (rows of at most 8)
    // coloured by GPU type. Returns the height used; draws only with a painter.
    static double figure(const ReportContext& report, QPainter* p, const QPointF& origin,
                         double cell);
};

} // namespace gantry::ui
