#pragma once

#include "run/runconfig.h"
#include "util/result.h"
#include "window/runrequest.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace gantry::ui {

class ProjectDocument;

/// What the window asks its RunSession for, made from the project: a RunRequest and the status
/// text that says it started, or the refusal in words. The window only starts it.
struct RunOrder
{
    Q_DECLARE_TR_FUNCTIONS(RunOrder)

public:
    RunRequest request; ///< what to run
    QString status;     ///< "Running 2 policies...", for the status bar

    /// The user's run of configs (the run panel's) on the current scenario of document; an
    /// error without a scenario, while it has validation problems or without a configuration.
    static Result<RunOrder> userRun(const ProjectDocument& document,
                                    const QList<RunConfig>& configs);
    /// Every saved run of scenario scenarioIndex (in range) that can be shown exactly, shown
    /// again as one comparison; no configuration when none can. The status counts those that
    /// cannot.
    static RunOrder savedRuns(const ProjectDocument& document, int scenarioIndex);
    /// Saved run stored of scenario scenarioIndex (both in range) shown again; an error when it
    /// cannot be shown exactly (RunRequest::savedRun).
    static Result<RunOrder> savedRun(const ProjectDocument& document, int scenarioIndex,
                                     int stored);
};

} // namespace gantry::ui
