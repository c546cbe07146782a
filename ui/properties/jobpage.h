#pragma once

#include "propertypage.h"

#include <QCoreApplication>

class QFontMetrics;

namespace gantry::ui {

class IterationBreakdownView;

/// The property page of selected jobs: a job's kind, id, arrival, size and length, its user
/// and weight; for a model job also the model, the parallel degrees, the training settings and
/// the time per iteration on each GPU type of the cluster (IterationBreakdownView). Only the
/// rows of the job's kind are shown; with several jobs selected the fields are disabled.
class JobPage : public PropertyPage
{
    Q_DECLARE_TR_FUNCTIONS(JobPage)

public:
    /// metrics (the panel's) size the parallel degrees' fields.
    explicit JobPage(const QFontMetrics& metrics);
    void fill(const ProjectDocument& document) override;
    /// The iteration breakdown (shown for a single model job).
    IterationBreakdownView* breakdown() const { return m_breakdown; }

private:
    IterationBreakdownView* m_breakdown;
};

} // namespace gantry::ui
