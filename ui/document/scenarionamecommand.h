#pragma once

#include <QString>
#include <QUndoCommand>

namespace gantry::ui {

class ProjectDocument;

/// Renames a scenario.
class ScenarioNameCommand : public QUndoCommand
{
public:
    /// Renames scenario from before to after.
    ScenarioNameCommand(ProjectDocument* document, int scenario, QString before, QString after,
                        QUndoCommand* parent = nullptr);

    void undo() override;
    void redo() override;

private:
    ProjectDocument* m_document;
    int m_scenario;
    QString m_before;
    QString m_after;
};

} // namespace gantry::ui
