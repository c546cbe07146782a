#include "report/reportclusterfigure.h"

#include "report/reportlayout.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <iterator>

namespace gantry::ui {

QColor ReportClusterFigure::typeColour(int t)
{
    static const QColor colours[] = {QColor(0x3b, 0x7d, 0xd8), QColor(0x6a, 0xb0, 0x4c),
                                     QColor(0xe0, 0x8a, 0x1e), QColor(0x8e, 0x5c, 0xc9),
                                     QColor(0xc9, 0x4c, 0x4c), QColor(0x2a, 0x9d, 0x8f)};
    return colours[std::size_t(t) % std::size(colours)];
}

double ReportClusterFigure::figure(const ReportContext& report, QPainter* p, const QPointF& origin,
                                   double cell)
{
    const Cluster& c = report.input.scenario.cluster;
    const double width = report.layout.content().width();
    const double labelW = 70.0;
    const bool names = cell >= 8.0;
    const double nameH = names ? 10.0 : 0.0;
    double y = origin.y() + 4.0;
    for (std::size_t r = 0; r < c.racks.size(); ++r) {
        double x = 0.0, rowH = 0.0;
        const double top = y;
        bool any = false;
        for (const Server& sv : c.servers) {
            if (sv.rack != int(r))
                continue;
            any = true;
            const int cols = std::min(8, std::max(1, sv.gpus));
            const int rows = std::max(1, (sv.gpus + cols - 1) / cols);
            const double w = cols * cell + 4.0, h = rows * cell + 4.0;
            if (x + w > width - labelW - 8.0 && x > 0.0) {
                y += rowH + 4.0;
                x = 0.0;
                rowH = 0.0;
            }
            if (p) {
                const QRectF box(origin.x() + labelW + x, y, w, h);
                p->setPen(QPen(QColor(0x60, 0x60, 0x60), 0.6));
                p->setBrush(QColor(0xfa, 0xfa, 0xfa));
                p->drawRect(box);
                p->setPen(QPen(Qt::white, std::min(0.8, cell * 0.08)));
                p->setBrush(typeColour(sv.gpuType));
                for (int k = 0; k < sv.gpus; ++k)
                    p->drawRect(QRectF(box.left() + 2.0 + (k % cols) * cell,
                                       box.top() + 2.0 + (k / cols) * cell, cell, cell));
                if (names) {
                    p->setPen(QColor(0x40, 0x40, 0x40));
                    p->drawText(
                        QRectF(box.left() - 2.0, box.bottom() + 1.0, w + 4.0, nameH),
                        Qt::AlignHCenter | Qt::AlignTop,
                        QFontMetricsF(p->font()).elidedText(sv.name, Qt::ElideMiddle, w + 4.0));
                }
            }
            x += w + 4.0;
            rowH = std::max(rowH, h + nameH);
        }
        if (!any)
            continue;
        if (p) {
            const QRectF rackBox(origin.x(), top - 3.0, width, y + rowH - top + 6.0);
            p->setPen(QPen(QColor(0x90, 0x90, 0x90), 0.8, Qt::DashLine));
            p->setBrush(Qt::NoBrush);
            p->drawRect(rackBox);
            p->setPen(QColor(0x20, 0x20, 0x20));
            p->drawText(QRectF(origin.x() + 4.0, top, labelW - 8.0, 30.0),
                        Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                        tr("rack %1").arg(c.racks[r].name));
        }
        y += rowH + 12.0;
    }
    return y - origin.y();
}

void ReportClusterFigure::draw(const ReportContext& report)
{
    const Cluster& c = report.input.scenario.cluster;
    const double legendH = 18.0;
    // The largest cells that fit what is left of the page, else a page of its own.
    auto fit = [&](double room) {
        double cell = 24.0;
        while (cell > 1.0 && figure(report, nullptr, QPointF(), cell) > room)
            cell -= 0.5;
        return cell;
    };
    double cell = fit(report.layout.remaining() - legendH);
    if (cell < 4.0 && report.layout.remaining() < report.layout.content().height() * 0.6) {
        report.layout.newPage();
        cell = fit(report.layout.remaining() - legendH);
    }
    const double h = figure(report, nullptr, QPointF(), cell);
    const QRectF area =
        report.layout.block(std::min(h, report.layout.remaining() - legendH) + legendH);
    QPainter& p = report.painter;
    p.save();
    p.setClipRect(area.adjusted(-2, -2, 2, 2));
    p.setFont(ReportLayout::font(6.5));
    figure(report, &p, area.topLeft(), cell);
    // Legend: one swatch per GPU type.
    double lx = area.left();
    const double ly = area.bottom() - legendH + 5.0;
    for (std::size_t t = 0; t < c.gpuTypes.size(); ++t) {
        p.setPen(Qt::NoPen);
        p.setBrush(typeColour(int(t)));
        p.drawRect(QRectF(lx, ly, 9.0, 9.0));
        p.setPen(QColor(0x20, 0x20, 0x20));
        const QString label = c.gpuTypes[t].name;
        p.drawText(QPointF(lx + 12.0, ly + 8.0), label);
        lx += 24.0 + p.fontMetrics().horizontalAdvance(label);
    }
    p.restore();
}

} // namespace gantry::ui
