#pragma once

#include "document/documentchange.h"

#include <QGraphicsScene>
#include <QPointer>

#include <vector>

namespace gantry::ui {

class ProjectDocument;
class RackItem;
class ServerItem;

/// The cluster editor's scene: one RackItem per rack, one ServerItem per server of the
/// document's current scenario, rebuilt whenever its cluster changes. The scene's selection
/// and the document's are kept equal; dragging servers onto another rack moves them there and
/// dropping a palette GPU type on a rack adds a server; both through the document's undo
/// commands.
class ClusterScene : public QGraphicsScene
{
    Q_OBJECT

public:
    /// MIME type the GPU palette drags: the GPU type's name as UTF-8.
    static const QString GpuTypeMimeType;

    /// A scene following document (not owned).
    explicit ClusterScene(ProjectDocument* document, QObject* parent = nullptr);
    /// Drops the items without telling the document.
    ~ClusterScene() override;

    /// Rack items, by rack index.
    const std::vector<RackItem*>& rackItems() const { return m_racks; }
    /// Server items, by server index.
    const std::vector<ServerItem*>& serverItems() const { return m_servers; }
    /// Index of the rack at scenePos (also between its servers), -1 if none.
    int rackAt(const QPointF& scenePos) const;
    /// Adds a server of gpuType to the rack at scenePos (a new rack when there is none there);
    /// what a drop from the palette does. Returns the new server's index, -1 on failure.
    int dropGpuType(const QPointF& scenePos, const QString& gpuType);
    /// GPUs a server added by a drop gets.
    void setGpusPerServer(int gpus) { m_gpusPerServer = gpus; }
    /// GPUs a server added by a drop gets (default 8).
    int gpusPerServer() const { return m_gpusPerServer; }
    /// Moves the selected servers to rack (what a drag onto that rack does); false if nothing
    /// moved.
    bool moveSelectionTo(int rack);

public slots:
    /// Throws the items away and builds them again from the document.
    void rebuild();

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
    void dragEnterEvent(QGraphicsSceneDragDropEvent* event) override;
    void dragMoveEvent(QGraphicsSceneDragDropEvent* event) override;
    void dragLeaveEvent(QGraphicsSceneDragDropEvent* event) override;
    void dropEvent(QGraphicsSceneDragDropEvent* event) override;

private:
    void onChanged(const gantry::ui::DocumentChange& change);
    void pushSelectionToDocument();
    void pullSelectionFromDocument();
    void highlightRack(int rack);

    QPointer<ProjectDocument> m_document;
    std::vector<RackItem*> m_racks;
    std::vector<ServerItem*> m_servers;
    bool m_syncing = false;
    bool m_pressOnServer = false;
    QPointF m_pressPos;
    int m_gpusPerServer = 8;
};

} // namespace gantry::ui
