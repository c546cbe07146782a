#include "clusterview.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace gantry::ui {

ClusterView::ClusterView(QGraphicsScene* scene, QWidget* parent) : QGraphicsView(scene, parent)
{
    setDragMode(RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    setRenderHint(QPainter::Antialiasing);
    setTransformationAnchor(AnchorUnderMouse);
    setAcceptDrops(true);
    setAlignment(Qt::AlignLeft | Qt::AlignTop);
}

double ClusterView::zoom() const
{
    return transform().m11();
}

void ClusterView::zoomBy(double factor)
{
    const double target = std::clamp(zoom() * factor, MinZoom, MaxZoom);
    const double f = target / zoom();
    if (std::abs(f - 1.0) > 1e-9)
        scale(f, f);
}

void ClusterView::zoomToFit()
{
    if (!scene())
        return;
    const QRectF r = scene()->itemsBoundingRect().adjusted(-10, -10, 10, 10);
    if (r.isEmpty())
        return;
    fitInView(r, Qt::KeepAspectRatio);
    const double z = zoom();
    if (z > MaxZoom || z < MinZoom)
        zoomBy(std::clamp(z, MinZoom, MaxZoom) / z);
}

void ClusterView::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    zoomBy(std::pow(1.15, steps));
    event->accept();
}

void ClusterView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::MiddleButton || (m_space && event->button() == Qt::LeftButton)) {
        m_panning = true;
        m_panFrom = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void ClusterView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_panning) {
        const QPoint p = event->position().toPoint();
        const QPoint d = p - m_panFrom;
        m_panFrom = p;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void ClusterView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_panning) {
        m_panning = false;
        viewport()->unsetCursor();
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void ClusterView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_space = true;
        viewport()->setCursor(Qt::OpenHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void ClusterView::keyReleaseEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_space = false;
        viewport()->unsetCursor();
        event->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

} // namespace gantry::ui
