#include "serveritem.h"

#include "clusterlayout.h"
#include "gpucolors.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace gantry::ui {

namespace {
constexpr int MaxCells = 1024;
}

ServerItem::ServerItem(int index, const Server& server, const QString& gpuType, const QRectF& rect,
                       bool hasProblem)
    : m_index(index), m_server(server), m_gpuType(gpuType), m_color(GpuColors::of(gpuType)),
      m_home(rect), m_problem(hasProblem)
{
    setFlags(ItemIsSelectable | ItemIsMovable);
    setPos(rect.topLeft());
    setZValue(1);
    setToolTip(QObject::tr("Server %1\n%2 x %3\nintra %4 GB/s, NIC %5 Gb/s")
                   .arg(server.name)
                   .arg(server.gpus)
                   .arg(gpuType)
                   .arg(server.intraGBps)
                   .arg(server.nicGbps));
}

int ServerItem::cellCount() const
{
    return std::clamp(m_server.gpus, 0, MaxCells);
}

QRectF ServerItem::boundingRect() const
{
    return QRectF(QPointF(0, 0), m_home.size()).adjusted(-2, -2, 2, 2);
}

void ServerItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const QRectF box(QPointF(0, 0), m_home.size());
    const bool selected = option->state & QStyle::State_Selected;
    painter->setBrush(Qt::white);
    QPen pen(m_problem ? QColor(0xd3, 0x2f, 0x2f) : QColor(0x9e, 0x9e, 0x9e));
    pen.setWidthF(m_problem ? 2.0 : 1.0);
    if (selected) {
        pen.setColor(QColor(0x15, 0x65, 0xc0));
        pen.setWidthF(2.5);
    }
    painter->setPen(pen);
    painter->drawRect(box);
    painter->setPen(m_problem ? QColor(0xd3, 0x2f, 0x2f) : QColor(0x21, 0x21, 0x21));
    QFont f = painter->font();
    f.setPointSizeF(std::max(6.0, f.pointSizeF() * 0.85));
    painter->setFont(f);
    const QRectF title(ClusterLayout::Pad, 0, box.width() - 2 * ClusterLayout::Pad,
                       ClusterLayout::ServerTitle);
    const QString label =
        QStringLiteral("%1  %2x%3").arg(m_server.name).arg(m_server.gpus).arg(m_gpuType);
    painter->drawText(title, Qt::AlignVCenter | Qt::AlignLeft,
                      painter->fontMetrics().elidedText(label, Qt::ElideRight, int(title.width())));
    painter->setPen(m_color.darker(140));
    painter->setBrush(m_color);
    const int n = cellCount();
    for (int k = 0; k < n; ++k)
        painter->drawRect(ClusterLayout::cell(k));
}

} // namespace gantry::ui
