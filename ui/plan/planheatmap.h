#pragma once

#include "plandigest.h"

#include <QWidget>

#include <cstddef>
#include <utility>

namespace gantry::ui {

/// The Plan view's two-axis heatmap (PlanDigest::Grid): one cell per pair of axis values,
/// coloured by the target metric (a colour key beside it), the value written in the cell, the
/// cells that meet the target ticked, the recommendation's cell outlined and the cells that
/// cannot run every job grey. Draws on paper of its own, like the other result views.
/// Double-clicking a cell asks for its first point's run.
class PlanHeatmap : public QWidget
{
    Q_OBJECT

public:
    /// An empty heatmap.
    explicit PlanHeatmap(QWidget* parent = nullptr);

    /// Shows grid of digest (the metric and target come from its sweep); digest may be null.
    void setGrid(const PlanDigest* digest, PlanDigest::Grid grid);
    /// The grid shown.
    const PlanDigest::Grid& grid() const { return m_grid; }
    /// The cell under pos (widget coordinates) as (x, y), or (-1, -1).
    std::pair<int, int> cellAt(const QPoint& pos) const;
    /// The centre of cell (x, y) in widget coordinates.
    QPoint cellCentre(int x, int y) const;

    QSize sizeHint() const override { return {520, 380}; }

signals:
    /// A cell was double-clicked: row is its first point.
    void pointActivated(std::size_t row);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    struct Layout
    {
        QRectF cells; // the grid's area
        double cellW = 0, cellH = 0;
        QRectF key; // the colour key's bar
    };
    Layout layout() const;
    QString axisTitle(int axis) const;

    const PlanDigest* m_digest = nullptr;
    PlanDigest::Grid m_grid;
};

} // namespace gantry::ui
