#include "scenarionamecommand.h"

#include "projectdocument.h"

namespace gantry::ui {

ScenarioNameCommand::ScenarioNameCommand(ProjectDocument* document, int scenario, QString before,
                                         QString after, QUndoCommand* parent)
    : QUndoCommand(QObject::tr("Rename scenario to %1").arg(after), parent), m_document(document),
      m_scenario(scenario), m_before(std::move(before)), m_after(std::move(after))
{}

void ScenarioNameCommand::undo()
{
    m_document->applyScenarioName(m_scenario, m_before);
}

void ScenarioNameCommand::redo()
{
    m_document->applyScenarioName(m_scenario, m_after);
}

} // namespace gantry::ui
