#include "rackitem.h"

#include "clusterlayout.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace gantry::ui {

RackItem::RackItem(int index, const Rack& rack, const QRectF& rect, bool hasProblem)
    : m_index(index), m_rack(rack), m_rect(rect), m_problem(hasProblem)
{
    setFlag(ItemIsSelectable);
    setZValue(0);
    setToolTip(QObject::tr("Rack %1\nuplink %2 Gb/s").arg(rack.name).arg(rack.uplinkGbps));
}

QRectF RackItem::boundingRect() const
{
    return m_rect.adjusted(-2, -2, 2, 2);
}

void RackItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const bool selected = option->state & QStyle::State_Selected;
    painter->setBrush(m_dropTarget ? QColor(0xe3, 0xf2, 0xfd) : QColor(0xf5, 0xf5, 0xf5));
    QPen pen(m_problem ? QColor(0xd3, 0x2f, 0x2f) : QColor(0x75, 0x75, 0x75));
    pen.setWidthF(selected ? 3.0 : 1.2);
    if (selected)
        pen.setColor(QColor(0x15, 0x65, 0xc0));
    painter->setPen(pen);
    painter->drawRoundedRect(m_rect, 4, 4);
    painter->setPen(m_problem ? QColor(0xd3, 0x2f, 0x2f) : QColor(0x21, 0x21, 0x21));
    QFont f = painter->font();
    f.setBold(true);
    painter->setFont(f);
    const QRectF title(m_rect.left() + ClusterLayout::Pad, m_rect.top(),
                       m_rect.width() - 2 * ClusterLayout::Pad, ClusterLayout::RackTitle);
    painter->drawText(
        title, Qt::AlignVCenter | Qt::AlignLeft,
        painter->fontMetrics().elidedText(m_rack.name, Qt::ElideRight, int(title.width())));
}

void RackItem::setDropTarget(bool on)
{
    if (m_dropTarget == on)
        return;
    m_dropTarget = on;
    update();
}

} // namespace gantry::ui
