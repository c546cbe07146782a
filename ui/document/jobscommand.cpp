#include "jobscommand.h"

#include "projectdocument.h"

namespace gantry::ui {

JobsCommand::JobsCommand(ProjectDocument* document, int scenario, const QString& text,
                         std::vector<Step> steps, Selection selectBefore, Selection selectAfter,
                         QUndoCommand* parent)
    : QUndoCommand(text, parent), m_document(document), m_scenario(scenario),
      m_steps(std::move(steps)), m_selectBefore(std::move(selectBefore)),
      m_selectAfter(std::move(selectAfter))
{}

void JobsCommand::undo()
{
    m_document->applyJobSteps(m_scenario, m_steps, true, m_selectBefore);
}

void JobsCommand::redo()
{
    m_document->applyJobSteps(m_scenario, m_steps, false, m_selectAfter);
}

} // namespace gantry::ui
