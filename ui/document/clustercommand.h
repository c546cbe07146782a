#pragma once

#include "model/cluster.h"
#include "selection.h"

#include <QUndoCommand>

namespace gantry::ui {

class ProjectDocument;

/// Replaces the cluster of one scenario (racks, servers, GPU types): every cluster edit of the
/// editor and the property panel (add, remove, move, edit, replicate, paste, delete). Clusters
/// are small, so the command keeps both states; undo also restores the selection.
class ClusterCommand : public QUndoCommand
{
public:
    /// Changes scenario's cluster from before to after; selection after redo is selectAfter.
    ClusterCommand(ProjectDocument* document, int scenario, const QString& text, Cluster before,
                   Cluster after, Selection selectBefore, Selection selectAfter,
                   QUndoCommand* parent = nullptr);

    void undo() override;
    void redo() override;

private:
    ProjectDocument* m_document;
    int m_scenario;
    Cluster m_before;
    Cluster m_after;
    Selection m_selectBefore;
    Selection m_selectAfter;
};

} // namespace gantry::ui
