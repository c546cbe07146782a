#include "scenariolistcommand.h"

#include "projectdocument.h"

namespace gantry::ui {

ScenarioListCommand::ScenarioListCommand(ProjectDocument* document, int index, ScenarioEntry entry,
                                         const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent), m_document(document), m_index(index), m_entry(std::move(entry))
{}

void ScenarioListCommand::undo()
{
    m_entry = m_document->takeEntry(m_index);
    m_document->setCurrentIndex(m_previousCurrent);
}

void ScenarioListCommand::redo()
{
    m_previousCurrent = m_document->currentIndex();
    m_document->insertEntry(m_index, m_entry);
    m_document->setCurrentIndex(m_index);
}

} // namespace gantry::ui
