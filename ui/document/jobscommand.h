#pragma once

#include "model/job.h"
#include "selection.h"

#include <QUndoCommand>

#include <vector>

namespace gantry::ui {

class ProjectDocument;

/// Inserts, removes and replaces jobs of one scenario. Only the jobs touched are kept (a
/// trace scenario has tens of thousands), as a list of steps applied in order and reverted in
/// reverse order.
class JobsCommand : public QUndoCommand
{
public:
    /// One step of the command.
    struct Step
    {
        /// What the step does.
        enum class Kind
        {
            Insert,  ///< insert after at index
            Remove,  ///< remove the job at index (before holds it)
            Replace, ///< replace the job at index (before by after)
        };
        Kind kind = Kind::Replace; ///< what
        int index = 0;             ///< where, at the time the step applies
        Job before;                ///< Remove, Replace: the job as it was
        Job after;                 ///< Insert, Replace: the job as it becomes
    };

    /// Applies steps to scenario's jobs; selection after redo is selectAfter.
    JobsCommand(ProjectDocument* document, int scenario, const QString& text,
                std::vector<Step> steps, Selection selectBefore, Selection selectAfter,
                QUndoCommand* parent = nullptr);

    void undo() override;
    void redo() override;

private:
    ProjectDocument* m_document;
    int m_scenario;
    std::vector<Step> m_steps;
    Selection m_selectBefore;
    Selection m_selectAfter;
};

} // namespace gantry::ui
