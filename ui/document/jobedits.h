#pragma once

#include "jobscommand.h"
#include "selection.h"

#include "model/scenario.h"

#include <QCoreApplication>
#include <QString>
#include <QVariant>

#include <optional>
#include <vector>

namespace gantry::ui {

/// The job edits of ProjectDocument as plain functions: each takes the scenario as it is and
/// returns the steps of a JobsCommand, the undo text and what to select, or nothing when the
/// edit is refused or would change nothing.
class JobEdits
{
    Q_DECLARE_TR_FUNCTIONS(JobEdits)

public:
    /// One edit of the jobs.
    struct Edit
    {
        std::vector<JobsCommand::Step> steps; ///< applied in order
        QString text;                         ///< the undo text ("Add job j4")
        Selection select;                     ///< what is selected afterwards
    };

    /// job appended (its id made unique, a fresh one when empty), selected.
    static Edit addJob(const Scenario& s, Job job);
    /// jobs appended after the last one (ids made unique, graphs built for s), selected.
    static Edit insertJobs(const Scenario& s, const std::vector<Job>& jobs);
    /// Without jobs.
    static std::optional<Edit> removeJobs(const Scenario& s, std::vector<int> jobs);
    /// With field of job index set to a value FieldRules accepted (see
    /// ProjectDocument::setJobField); keeps keep selected.
    static std::optional<Edit> setJobField(const Scenario& s, int index, const QString& field,
                                           const QVariant& value, const Selection& keep);
};

} // namespace gantry::ui
