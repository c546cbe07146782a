#pragma once

#include "plan/storedplan.h"
#include "run/runconfig.h"
#include "util/result.h"
#include "window/runorder.h"

#include <QList>
#include <QObject>

#include <cstddef>

namespace gantry::ui {

class PlanView;
class ProjectDocument;

/// The Plan view's ties to the project, without the window: the view plans for the current
/// scenario with the run panel's settings; a sweep of its form that completes is kept for the
/// project's next save with the scenario it planned for (a sweep file's own base is not a
/// scenario of the project), and shown only while that scenario is still the current one; a
/// stored sweep is read back from the project file; a feasible point of the sweep becomes a run.
class PlanLink : public QObject
{
    Q_OBJECT

public:
    /// Ties view to document.
    PlanLink(PlanView* view, ProjectDocument* document, QObject* parent = nullptr);

    /// Gives the view the current scenario and the first of configs (the run panel's), or the
    /// product's run without one; not while it sweeps, nor without a scenario.
    void updateBase(const QList<RunConfig>& configs);
    /// Reads sweep stored of scenario scenario (ProjectDocument::storedSweeps, in range) from
    /// the project file; an error in words while the view sweeps or writes a report, or when
    /// the sweep cannot be read.
    Result<StoredPlan> loadStoredSweep(int scenario, int stored) const;
    /// The run of point row of the view's sweep (its derived scenario and configuration,
    /// outside the project), named by the point; an error in words when there is no such
    /// feasible point.
    Result<RunOrder> pointRun(std::size_t row) const;

private:
    PlanView* m_view;
    ProjectDocument* m_document;
    int m_scenarioIndex = -1; // the scenario the running (or last) sweep is for
};

} // namespace gantry::ui
