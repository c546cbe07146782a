#pragma once

#include <QGraphicsView>

namespace gantry::ui {

/// The cluster editor's view: rubber-band selection with the left button, zoom with the wheel
/// (around the mouse), pan with the middle button (or the left button with Space held).
class ClusterView : public QGraphicsView
{
    Q_OBJECT

public:
    /// Smallest and largest zoom factor.
    static constexpr double MinZoom = 0.1;
    static constexpr double MaxZoom = 8.0;

    /// A view of scene.
    explicit ClusterView(QGraphicsScene* scene, QWidget* parent = nullptr);

    /// Current zoom factor (1 = one scene unit per pixel).
    double zoom() const;

public slots:
    /// Zooms by factor (clamped to [MinZoom, MaxZoom]).
    void zoomBy(double factor);
    /// Zooms in one step.
    void zoomIn() { zoomBy(1.25); }
    /// Zooms out one step.
    void zoomOut() { zoomBy(1.0 / 1.25); }
    /// Shows the whole cluster.
    void zoomToFit();

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;

private:
    bool m_panning = false;
    bool m_space = false;
    QPoint m_panFrom;
};

} // namespace gantry::ui
