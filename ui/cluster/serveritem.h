#pragma once

#include "model/server.h"

#include <QColor>
#include <QGraphicsItem>
#include <QString>

namespace gantry::ui {

/// A server in the cluster editor: its name and one cell per GPU, coloured by GPU type.
/// Selectable and movable (dropping it on another rack moves it there).
class ServerItem : public QGraphicsItem
{
public:
    /// QGraphicsItem::type() of server items.
    static constexpr int Type = UserType + 2;

    /// Server index of the cluster, drawn in rect (scene coordinates).
    ServerItem(int index, const Server& server, const QString& gpuType, const QRectF& rect,
               bool hasProblem);

    /// Index into Cluster::servers.
    int index() const { return m_index; }
    /// Number of GPU cells drawn.
    int cellCount() const;
    /// Colour of the GPU cells.
    QColor cellColor() const { return m_color; }
    /// Rectangle the item was laid out in (scene coordinates, before any drag).
    QRectF homeRect() const { return m_home; }
    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

private:
    int m_index;
    Server m_server;
    QString m_gpuType;
    QColor m_color;
    QRectF m_home;
    bool m_problem;
};

} // namespace gantry::ui
