#pragma once

#include "model/rack.h"

#include <QGraphicsItem>

namespace gantry::ui {

/// A rack in the cluster editor: a frame with its name and uplink; its servers are drawn on
/// top by ServerItems. Selectable; a drop target for servers and palette GPU types.
class RackItem : public QGraphicsItem
{
public:
    /// QGraphicsItem::type() of rack items.
    static constexpr int Type = UserType + 1;

    /// Rack index of the document's cluster, drawn in rect (scene coordinates).
    RackItem(int index, const Rack& rack, const QRectF& rect, bool hasProblem);

    /// Index into Cluster::racks.
    int index() const { return m_index; }
    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

    /// Highlights the rack as the target of a drag.
    void setDropTarget(bool on);

private:
    int m_index;
    Rack m_rack;
    QRectF m_rect;
    bool m_problem;
    bool m_dropTarget = false;
};

} // namespace gantry::ui
