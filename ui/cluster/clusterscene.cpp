#include "clusterscene.h"

#include "clusterlayout.h"
#include "document/projectdocument.h"
#include "rackitem.h"
#include "serveritem.h"

#include <QGraphicsSceneDragDropEvent>
#include <QGraphicsSceneMouseEvent>
#include <QMimeData>

#include <algorithm>

namespace gantry::ui {

const QString ClusterScene::GpuTypeMimeType = QStringLiteral("application/x-gantry-gpu-type");

ClusterScene::ClusterScene(ProjectDocument* document, QObject* parent)
    : QGraphicsScene(parent), m_document(document)
{
    setBackgroundBrush(Qt::white);
    connect(document, &ProjectDocument::changed, this, &ClusterScene::onChanged);
    connect(document, &ProjectDocument::selectionChanged, this,
            &ClusterScene::pullSelectionFromDocument);
    connect(document, &ProjectDocument::problemsChanged, this, &ClusterScene::rebuild);
    connect(this, &QGraphicsScene::selectionChanged, this, &ClusterScene::pushSelectionToDocument);
    rebuild();
}

ClusterScene::~ClusterScene()
{
    // QGraphicsScene's destructor clears the items and signals selectionChanged(), when this
    // part of the object is gone already.
    m_syncing = true;
    disconnect(this, nullptr, this, nullptr);
    clear();
}

void ClusterScene::onChanged(const DocumentChange& change)
{
    using K = DocumentChange::Kind;
    if (change.kind == K::Project || change.kind == K::Current || change.kind == K::Scenarios ||
        (change.kind == K::Cluster && change.scenario == m_document->currentIndex()))
        rebuild();
}

void ClusterScene::rebuild()
{
    if (!m_document)
        return;
    m_syncing = true;
    clear();
    m_racks.clear();
    m_servers.clear();
    const Cluster& c = m_document->current().cluster;
    const ClusterLayout layout = ClusterLayout::of(c);
    std::vector<bool> rackProblem(c.racks.size(), false);
    std::vector<bool> serverProblem(c.servers.size(), false);
    for (const Problem& p : m_document->problems()) {
        if (p.target == Selection::Kind::Rack && p.index >= 0 && p.index < int(c.racks.size()))
            rackProblem[std::size_t(p.index)] = true;
        if (p.target == Selection::Kind::Server && p.index >= 0 && p.index < int(c.servers.size()))
            serverProblem[std::size_t(p.index)] = true;
    }
    for (std::size_t r = 0; r < c.racks.size(); ++r) {
        auto* item = new RackItem(int(r), c.racks[r], layout.racks[r], rackProblem[r]);
        addItem(item);
        m_racks.push_back(item);
    }
    for (std::size_t i = 0; i < c.servers.size(); ++i) {
        const Server& s = c.servers[i];
        const QString type = s.gpuType >= 0 && s.gpuType < int(c.gpuTypes.size())
                                 ? c.gpuTypes[std::size_t(s.gpuType)].name
                                 : QString();
        auto* item = new ServerItem(int(i), s, type, layout.servers[i], serverProblem[i]);
        addItem(item);
        m_servers.push_back(item);
    }
    QRectF bounds = itemsBoundingRect();
    if (bounds.isEmpty())
        bounds = QRectF(0, 0, 400, 300);
    setSceneRect(bounds.adjusted(-40, -40, 200, 200));
    m_syncing = false;
    pullSelectionFromDocument();
}

int ClusterScene::rackAt(const QPointF& scenePos) const
{
    for (const RackItem* r : m_racks)
        if (r->boundingRect().contains(scenePos))
            return r->index();
    return -1;
}

int ClusterScene::dropGpuType(const QPointF& scenePos, const QString& gpuType)
{
    if (!m_document)
        return -1;
    return m_document->addServer(rackAt(scenePos), gpuType, m_gpusPerServer);
}

bool ClusterScene::moveSelectionTo(int rack)
{
    if (!m_document || m_document->selection().kind != Selection::Kind::Server)
        return false;
    return m_document->moveServers(m_document->selection().indices, rack);
}

void ClusterScene::pushSelectionToDocument()
{
    if (m_syncing || !m_document)
        return;
    Selection servers{Selection::Kind::Server, {}};
    Selection racks{Selection::Kind::Rack, {}};
    for (QGraphicsItem* item : selectedItems()) {
        if (item->type() == ServerItem::Type)
            servers.indices.push_back(static_cast<ServerItem*>(item)->index());
        else if (item->type() == RackItem::Type)
            racks.indices.push_back(static_cast<RackItem*>(item)->index());
    }
    m_syncing = true;
    // Servers win over racks: a rubber band over a rack catches both.
    m_document->setSelection(!servers.indices.empty() ? servers : racks);
    m_syncing = false;
}

void ClusterScene::pullSelectionFromDocument()
{
    if (m_syncing || !m_document)
        return;
    m_syncing = true;
    const Selection& s = m_document->selection();
    for (RackItem* r : m_racks)
        r->setSelected(s.contains(Selection::Kind::Rack, r->index()));
    for (ServerItem* item : m_servers)
        item->setSelected(s.contains(Selection::Kind::Server, item->index()));
    m_syncing = false;
}

void ClusterScene::mousePressEvent(QGraphicsSceneMouseEvent* event)
{
    QGraphicsScene::mousePressEvent(event);
    QGraphicsItem* item = itemAt(event->scenePos(), QTransform());
    m_pressOnServer = event->button() == Qt::LeftButton && item && item->type() == ServerItem::Type;
    m_pressPos = event->scenePos();
}

void ClusterScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* event)
{
    QGraphicsScene::mouseReleaseEvent(event);
    if (!m_pressOnServer || event->button() != Qt::LeftButton)
        return;
    m_pressOnServer = false;
    if ((event->scenePos() - m_pressPos).manhattanLength() < 4)
        return;
    // A drag of servers: onto another rack moves them; anywhere else they snap back. The
    // change rebuilds the items, so it runs once this event is done with them.
    const int rack = rackAt(event->scenePos());
    QMetaObject::invokeMethod(
        this,
        [this, rack] {
            if (rack < 0 || !moveSelectionTo(rack))
                rebuild();
        },
        Qt::QueuedConnection);
}

void ClusterScene::highlightRack(int rack)
{
    for (RackItem* r : m_racks)
        r->setDropTarget(r->index() == rack);
}

void ClusterScene::dragEnterEvent(QGraphicsSceneDragDropEvent* event)
{
    event->setAccepted(event->mimeData()->hasFormat(GpuTypeMimeType));
}

void ClusterScene::dragMoveEvent(QGraphicsSceneDragDropEvent* event)
{
    const bool ours = event->mimeData()->hasFormat(GpuTypeMimeType);
    event->setAccepted(ours);
    if (ours) {
        event->setDropAction(Qt::CopyAction);
        highlightRack(rackAt(event->scenePos()));
    }
}

void ClusterScene::dragLeaveEvent(QGraphicsSceneDragDropEvent* event)
{
    highlightRack(-1);
    event->accept();
}

void ClusterScene::dropEvent(QGraphicsSceneDragDropEvent* event)
{
    highlightRack(-1);
    if (!event->mimeData()->hasFormat(GpuTypeMimeType)) {
        event->ignore();
        return;
    }
    const QString type = QString::fromUtf8(event->mimeData()->data(GpuTypeMimeType));
    const QPointF pos = event->scenePos();
    event->setDropAction(Qt::CopyAction);
    event->accept();
    QMetaObject::invokeMethod(
        this, [this, pos, type] { dropGpuType(pos, type); }, Qt::QueuedConnection);
}

} // namespace gantry::ui
