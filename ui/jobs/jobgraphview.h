#pragma once

#include "model/job.h"

#include <QGraphicsView>

class QGraphicsTextItem;

namespace gantry::ui {

/// The graph of one job: a node per worker, laid out in columns by pipeline stage and in
/// bands by data-parallel replica (tensor ranks stacked inside a band) for model jobs, on a
/// grid for graph jobs; an edge per traffic pair, its width growing with the bytes it carries.
/// Duration jobs have no graph and show a note instead.
class JobGraphView : public QGraphicsView
{
    Q_OBJECT

public:
    /// Largest graph drawn node by node; bigger ones show a summary.
    static constexpr int MaxNodes = 2048;

    /// An empty view.
    explicit JobGraphView(QWidget* parent = nullptr);

    /// Shows job's graph (nullptr: nothing).
    void setJob(const Job* job);
    /// Nodes drawn.
    int nodeCount() const { return m_nodes; }
    /// Edges drawn.
    int edgeCount() const { return m_edges; }
    /// Pen width of the edge of the given worker pair (a < b or b < a), 0 if none is drawn.
    double edgeWidth(int a, int b) const;
    /// Scene position of worker w's node centre (null point if not drawn).
    QPointF nodePos(int w) const;
    /// The note shown instead of a graph (a duration job, no graph, too many workers); empty
    /// while a graph is drawn.
    QString note() const;
    /// Where the note lies in the viewport: it wraps to the view's width, never cut.
    QRect noteRect() const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    void showNote(const QString& text);
    void fitNote();

    QGraphicsTextItem* m_note = nullptr;
    int m_nodes = 0;
    int m_edges = 0;
    std::vector<QPointF> m_pos;
    std::vector<JobGraph::Edge> m_drawn;
    std::vector<double> m_widths;
};

} // namespace gantry::ui
