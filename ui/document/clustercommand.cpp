#include "clustercommand.h"

#include "projectdocument.h"

namespace gantry::ui {

ClusterCommand::ClusterCommand(ProjectDocument* document, int scenario, const QString& text,
                               Cluster before, Cluster after, Selection selectBefore,
                               Selection selectAfter, QUndoCommand* parent)
    : QUndoCommand(text, parent), m_document(document), m_scenario(scenario),
      m_before(std::move(before)), m_after(std::move(after)),
      m_selectBefore(std::move(selectBefore)), m_selectAfter(std::move(selectAfter))
{}

void ClusterCommand::undo()
{
    m_document->applyCluster(m_scenario, m_before, m_selectBefore);
}

void ClusterCommand::redo()
{
    m_document->applyCluster(m_scenario, m_after, m_selectAfter);
}

} // namespace gantry::ui
