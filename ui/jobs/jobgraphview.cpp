#include "jobgraphview.h"

#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QTextDocument>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace gantry::ui {

namespace {
constexpr double NodeR = 9.0;
constexpr double ColGap = 70.0;
constexpr double RowGap = 26.0;
constexpr double BandGap = 18.0;
constexpr double MinWidth = 0.6;
constexpr double MaxWidth = 7.0;
constexpr int NoteMargin = 8; // between the note and the view's edge, in pixels
} // namespace

JobGraphView::JobGraphView(QWidget* parent) : QGraphicsView(parent)
{
    setScene(new QGraphicsScene(this));
    setRenderHint(QPainter::Antialiasing);
    setDragMode(ScrollHandDrag);
    setTransformationAnchor(AnchorUnderMouse);
}

double JobGraphView::edgeWidth(int a, int b) const
{
    for (std::size_t i = 0; i < m_drawn.size(); ++i)
        if ((m_drawn[i].a == a && m_drawn[i].b == b) || (m_drawn[i].a == b && m_drawn[i].b == a))
            return m_widths[i];
    return 0.0;
}

QPointF JobGraphView::nodePos(int w) const
{
    return w >= 0 && w < int(m_pos.size()) ? m_pos[std::size_t(w)] : QPointF();
}

void JobGraphView::setJob(const Job* job)
{
    QGraphicsScene* s = scene();
    s->clear();
    m_note = nullptr;
    resetTransform();
    m_nodes = m_edges = 0;
    m_pos.clear();
    m_drawn.clear();
    m_widths.clear();
    if (!job)
        return;
    const JobGraph& g = job->graph;
    if (job->kind == JobKind::Duration || g.workers.empty()) {
        showNote(job->kind == JobKind::Duration
                     ? tr("%1: a duration job on %2 GPUs, no communication graph")
                           .arg(job->id)
                           .arg(job->gpus)
                     : tr("%1: no graph (its model and parallelism do not fit)").arg(job->id));
        return;
    }
    const int n = int(g.workers.size());
    if (n > MaxNodes) {
        showNote(tr("%1: %2 workers, %3 edges (too many to draw)")
                     .arg(job->id)
                     .arg(n)
                     .arg(g.edges.size()));
        return;
    }
    // Positions: model jobs by (replica a and context rank c, stage p, rank t); graph jobs on a
    // grid.
    m_pos.resize(std::size_t(n));
    const bool model = job->kind == JobKind::Model && job->parallelism.workers() == n;
    const int P = model ? job->parallelism.pp : 1;
    const int T = model ? job->parallelism.tp : 1;
    const int C = model ? std::max(1, job->parallelism.cp) : 1;
    const int cols = model ? P : std::max(1, int(std::ceil(std::sqrt(double(n)))));
    for (int w = 0; w < n; ++w) {
        if (model) {
            const int t = w % T;
            const int p = (w / T) % P;
            const int a = w / (T * P);
            m_pos[std::size_t(w)] = QPointF(p * ColGap, a * (T * RowGap + BandGap) + t * RowGap);
        } else {
            m_pos[std::size_t(w)] = QPointF((w % cols) * ColGap, (w / cols) * (RowGap + BandGap));
        }
    }
    double maxBytes = 0.0;
    for (const auto& e : g.edges)
        maxBytes = std::max(maxBytes, e.bytes);
    for (const auto& e : g.edges) {
        if (e.a < 0 || e.b < 0 || e.a >= n || e.b >= n)
            continue;
        const double f = maxBytes > 0.0 ? e.bytes / maxBytes : 0.0;
        const double width = MinWidth + (MaxWidth - MinWidth) * f;
        QPen pen(QColor(0x15, 0x65, 0xc0, 90 + int(150 * f)));
        pen.setWidthF(width);
        const QPointF pa = m_pos[std::size_t(e.a)], pb = m_pos[std::size_t(e.b)];
        QGraphicsItem* line;
        if (pa.x() == pb.x() && std::abs(pa.y() - pb.y()) > RowGap * 1.5) {
            // Same column, far apart (a DP ring): bow out so that it does not hide the nodes.
            QPainterPath path(pa);
            const double bow = 18.0 + 0.1 * std::abs(pa.y() - pb.y());
            path.quadTo(QPointF(pa.x() + bow, (pa.y() + pb.y()) / 2), pb);
            line = s->addPath(path, pen);
        } else {
            line = s->addLine(QLineF(pa, pb), pen);
        }
        line->setToolTip(tr("workers %1 - %2: %3 MB per iteration")
                             .arg(e.a)
                             .arg(e.b)
                             .arg(e.bytes / 1e6, 0, 'f', 1));
        m_drawn.push_back(e);
        m_widths.push_back(width);
        ++m_edges;
    }
    for (int w = 0; w < n; ++w) {
        const QPointF c = m_pos[std::size_t(w)];
        auto* node =
            s->addEllipse(QRectF(c.x() - NodeR, c.y() - NodeR, 2 * NodeR, 2 * NodeR),
                          QPen(QColor(0x42, 0x42, 0x42)), QBrush(QColor(0xff, 0xcc, 0x80)));
        node->setZValue(2);
        const auto& wk = g.workers[std::size_t(w)];
        QString tip = tr("worker %1").arg(w);
        if (model && C > 1) // a band per (replica, context rank): w = ((a C + c) P + p) T + t
            tip += tr(" (replica %1, context rank %2, stage %3, rank %4)")
                       .arg(w / (T * P * C))
                       .arg((w / (T * P)) % C)
                       .arg((w / T) % P)
                       .arg(w % T);
        else if (model)
            tip +=
                tr(" (replica %1, stage %2, rank %3)").arg(w / (T * P)).arg((w / T) % P).arg(w % T);
        tip += tr("\nmemory %1 GB").arg(wk.memoryGb, 0, 'f', 1);
        node->setToolTip(tip);
        auto* label = s->addSimpleText(QString::number(w));
        label->setBrush(Qt::black); // on the light node, whatever the palette
        label->setZValue(3);
        QFont f = label->font();
        f.setPointSizeF(7);
        label->setFont(f);
        label->setPos(
            c - QPointF(label->boundingRect().width() / 2, label->boundingRect().height() / 2));
        ++m_nodes;
    }
    if (model) {
        for (int p = 0; p < P; ++p) {
            auto* t = s->addSimpleText(tr("stage %1").arg(p));
            t->setBrush(palette().text());
            t->setPos(p * ColGap - 20, -NodeR - 22);
        }
        const int D = n / (T * P);
        for (int a = 0; a < D; ++a) {
            auto* t = s->addSimpleText(C > 1 ? tr("replica %1 cp %2").arg(a / C).arg(a % C)
                                             : tr("replica %1").arg(a));
            t->setBrush(palette().text());
            t->setPos(std::min(-NodeR - 80.0, -NodeR - 12.0 - t->boundingRect().width()),
                      a * (T * RowGap + BandGap) - 7);
        }
    }
    s->setSceneRect(s->itemsBoundingRect().adjusted(-20, -20, 20, 20));
    fitInView(s->sceneRect(), Qt::KeepAspectRatio);
    if (transform().m11() > 1.5)
        setTransform(QTransform::fromScale(1.5, 1.5));
}

QString JobGraphView::note() const
{
    return m_note ? m_note->toPlainText() : QString();
}

QRect JobGraphView::noteRect() const
{
    return m_note ? mapFromScene(m_note->sceneBoundingRect()).boundingRect() : QRect();
}

void JobGraphView::showNote(const QString& text)
{
    // Wrapped to the view's width (a one-line note was cut at the right edge); fitNote() follows
    // the view's size.
    m_note = scene()->addText(text);
    m_note->setDefaultTextColor(palette().color(QPalette::Text));
    fitNote();
}

void JobGraphView::fitNote()
{
    if (!m_note)
        return;
    m_note->setTextWidth(std::max(40, viewport()->width() - 2 * NoteMargin));
    const QRectF r = m_note->boundingRect();
    scene()->setSceneRect(r.adjusted(-NoteMargin, -NoteMargin, NoteMargin, NoteMargin));
    centerOn(r.center());
}

void JobGraphView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    fitNote();
    if (m_nodes > 0) {
        fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
        if (transform().m11() > 1.5)
            setTransform(QTransform::fromScale(1.5, 1.5));
    }
}

void JobGraphView::wheelEvent(QWheelEvent* event)
{
    const double f = std::pow(1.15, event->angleDelta().y() / 120.0);
    scale(f, f);
    event->accept();
}

} // namespace gantry::ui
