#pragma once

#include <QWidget>

class QAction;
class QSpinBox;

namespace gantry::ui {

class ClusterScene;
class ClusterView;
class GpuPalette;
class ProjectDocument;

/// The cluster editor tab: a toolbar (add rack, add server of the palette's GPU type, zoom),
/// the GPU palette and the editable view of racks, servers and GPU cells.
class ClusterEditor : public QWidget
{
    Q_OBJECT

public:
    /// An editor of document's current cluster.
    explicit ClusterEditor(ProjectDocument* document, QWidget* parent = nullptr);

    /// The scene of racks and servers.
    ClusterScene* scene() const { return m_scene; }
    /// The view showing it.
    ClusterView* view() const { return m_view; }
    /// The GPU palette.
    GpuPalette* palette() const { return m_palette; }

public slots:
    /// Adds a rack.
    void addRack();
    /// Adds a server of the palette's type to the selected rack (or the selected server's
    /// rack, else the last rack).
    void addServer();

private:
    ProjectDocument* m_document;
    ClusterScene* m_scene;
    ClusterView* m_view;
    GpuPalette* m_palette;
    QSpinBox* m_gpus;
};

} // namespace gantry::ui
