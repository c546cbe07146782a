#pragma once

#include "model/job.h"
#include "predict/iterationdistribution.h"

#include <QString>

namespace gantry::predict {

/// What the scheduler believes a job's iteration count is (docs/architecture.md, "Policies,
/// placements and predictors"). A predictor sees a job at its arrival and learns from jobs as they
/// finish; it never sees the future.
class Predictor
{
public:
    virtual ~Predictor() = default;
    /// Registry name, with parameters (e.g. "noisy:0.5").
    virtual QString name() const = 0;
    /// Predicted iterations (> 0) of job, the index-th job of the scenario, at its arrival.
    virtual double predict(const Job& job, int index) = 0;
    /// What the predictor believes about job's iterations as a distribution, in place of
    /// predict() (the same side effects, such as training): spread() around predict().
    IterationDistribution distribution(const Job& job, int index)
    {
        return spread(job, index, predict(job, index));
    }
    /// The distribution around predicted, what predict() has just returned for job, without
    /// side effects. By default the point predicted.
    virtual IterationDistribution spread(const Job& job, int index, double predicted)
    {
        (void)job;
        (void)index;
        return IterationDistribution::point(predicted);
    }
    /// A job finished with trueIterations; predictors that learn add it to their history.
    virtual void observe(const Job& job, double trueIterations) {}

    /// Whether observe() keeps what spread() reads besides what predict() needs (true by
    /// default). A run whose policy reads no distribution turns it off, so that its
    /// predictions cost no more than they did before distributions: spread() then answers
    /// from what was kept while it was on.
    void setKeepsSpread(bool keep) { m_keepsSpread = keep; }
    bool keepsSpread() const { return m_keepsSpread; }

private:
    bool m_keepsSpread = true;
};

} // namespace gantry::predict
