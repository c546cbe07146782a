#pragma once

#include "scenarioentry.h"

#include <QUndoCommand>

namespace gantry::ui {

class ProjectDocument;

/// Adds a scenario to the project (a new one, an imported trace) and makes it current; undo
/// removes it again.
class ScenarioListCommand : public QUndoCommand
{
public:
    /// Inserts entry at index.
    ScenarioListCommand(ProjectDocument* document, int index, ScenarioEntry entry,
                        const QString& text, QUndoCommand* parent = nullptr);

    void undo() override;
    void redo() override;

private:
    ProjectDocument* m_document;
    int m_index;
    int m_previousCurrent = -1;
    ScenarioEntry m_entry;
};

} // namespace gantry::ui
